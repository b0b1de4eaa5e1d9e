// Session tokens are stored as their SHA-256, never in clear (ASVS 3.x, "tokens at
// rest"): a leaked app_auth.session table holds no usable cookie value.
//
// better-auth 1.7.7 has no option for this. A plugin's `init` may replace the
// context's database adapter before better-auth builds its internal adapter on
// it, so this plugin wraps the adapter: every `token` of the session model is
// hashed on the way in (create data, where clauses, update data), and a row read
// by its token gets the caller's token back, so cookie signing and refreshes keep
// working. Rows listed by user carry only the hash; nothing of ours reads
// sessions' tokens from a list (revocation goes by session id).
import { createHash } from 'node:crypto';
import type { BetterAuthPlugin, DBAdapter, Where } from 'better-auth';

const SESSION_MODEL = 'session';

/** What app_auth.session.token holds for a cookie's token (hex SHA-256; migration 040 uses the same). */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

type Row = Record<string, unknown>;
type AnyAdapter = Omit<DBAdapter, 'transaction'> & { transaction?: DBAdapter['transaction'] };

/** Hashes the token conditions and remembers hash → token to give tokens back on read. */
function hashWhere(where: Where[] | undefined, known: Map<string, string>): Where[] | undefined {
  return where?.map((clause) => {
    if (clause.field !== 'token') return clause;
    const hashOne = (value: unknown) => {
      if (typeof value !== 'string') return value;
      const hashed = hashSessionToken(value);
      known.set(hashed, value);
      return hashed;
    };
    const value = Array.isArray(clause.value) ? clause.value.map(hashOne) : hashOne(clause.value);
    return { ...clause, value } as Where;
  });
}

function restoreToken<T>(row: T, known: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as Row).token;
  if (typeof token !== 'string' || !known.has(token)) return row;
  return { ...(row as Row), token: known.get(token) } as T;
}

function hashData(data: Row): Row {
  return typeof data.token === 'string' ? { ...data, token: hashSessionToken(data.token) } : data;
}

function wrap<A extends AnyAdapter>(adapter: A): A {
  const wrapped: AnyAdapter = {
    ...adapter,
    async create(input) {
      if (input.model !== SESSION_MODEL) return adapter.create(input);
      const token = (input.data as Row).token;
      const created = await adapter.create({ ...input, data: hashData(input.data as Row) as typeof input.data });
      return (typeof token === 'string' ? { ...(created as Row), token } : created) as never;
    },
    async findOne(input) {
      if (input.model !== SESSION_MODEL) return adapter.findOne(input);
      const known = new Map<string, string>();
      return restoreToken(await adapter.findOne({ ...input, where: hashWhere(input.where, known)! }), known);
    },
    async findMany(input) {
      if (input.model !== SESSION_MODEL) return adapter.findMany(input);
      const known = new Map<string, string>();
      const rows = await adapter.findMany({ ...input, where: hashWhere(input.where, known) });
      return rows.map((row) => restoreToken(row, known));
    },
    count(input) {
      if (input.model !== SESSION_MODEL) return adapter.count(input);
      return adapter.count({ ...input, where: hashWhere(input.where, new Map()) });
    },
    async update(input) {
      if (input.model !== SESSION_MODEL) return adapter.update(input);
      const known = new Map<string, string>();
      const where = hashWhere(input.where, known)!;
      return restoreToken(await adapter.update({ ...input, where, update: hashData(input.update) }), known);
    },
    updateMany(input) {
      if (input.model !== SESSION_MODEL) return adapter.updateMany(input);
      return adapter.updateMany({ ...input, where: hashWhere(input.where, new Map())!, update: hashData(input.update) });
    },
    delete(input) {
      if (input.model !== SESSION_MODEL) return adapter.delete(input);
      return adapter.delete({ ...input, where: hashWhere(input.where, new Map())! });
    },
    deleteMany(input) {
      if (input.model !== SESSION_MODEL) return adapter.deleteMany(input);
      return adapter.deleteMany({ ...input, where: hashWhere(input.where, new Map())! });
    },
    async consumeOne(input) {
      if (input.model !== SESSION_MODEL) return adapter.consumeOne(input);
      const known = new Map<string, string>();
      return restoreToken(await adapter.consumeOne({ ...input, where: hashWhere(input.where, known)! }), known);
    },
    async incrementOne(input) {
      if (input.model !== SESSION_MODEL) return adapter.incrementOne(input);
      const known = new Map<string, string>();
      const set = input.set ? hashData(input.set) : undefined;
      return restoreToken(await adapter.incrementOne({ ...input, where: hashWhere(input.where, known)!, set }), known);
    },
  };
  // A transaction hands its callback a fresh adapter: wrap that one too.
  if (adapter.transaction) {
    const transaction = adapter.transaction.bind(adapter);
    wrapped.transaction = ((callback) => transaction((trx) => callback(wrap(trx))));
  }
  return wrapped as A;
}

export function hashedSessionTokens() {
  return {
    id: 'hashed-session-tokens',
    init(ctx) {
      return { context: { adapter: wrap(ctx.adapter) } };
    },
  } satisfies BetterAuthPlugin;
}
