// `npm run create-admin`: adds an admin to DATABASE_URL (or to the embedded
// database when it is unset). This is how a real installation gets its first
// admin; demo users never go into a DATABASE_URL unless SEED_DEMO_DATA=on.
//
// On a terminal it asks for the username, display name, email and password
// (twice, not echoed). For automation, each value can come from an environment
// variable (ADMIN_USERNAME, ADMIN_DISPLAY_NAME, ADMIN_EMAIL, ADMIN_PASSWORD) or,
// when stdin is not a terminal, from stdin: one line per value not set in the
// environment, in that order (the password once). Prefer stdin for the password:
// a process's environment is readable by others on some systems.
//
// The new admin has no two-factor sign-in yet: the app takes them to enrolment
// at first sign-in, and the admin API refuses them until they have enrolled.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { bootPlatform } from '#platform/runtime/boot.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { DomainError } from '#domain/errors.ts';
import { newUserSchema, type NewUser } from '#domain/auth/schemas.ts';
import { issueMessage } from '#domain/schemas/issues.ts';
import { audit, createUser } from '#domain/auth/users.server.ts';

type Field = 'username' | 'displayName' | 'email' | 'password';

const FIELDS: Array<{ field: Field; env: string; label: string }> = [
  { field: 'username', env: 'ADMIN_USERNAME', label: 'Username' },
  { field: 'displayName', env: 'ADMIN_DISPLAY_NAME', label: 'Display name' },
  { field: 'email', env: 'ADMIN_EMAIL', label: 'Email' },
  { field: 'password', env: 'ADMIN_PASSWORD', label: 'Password (at least 12 characters)' },
];

/** The value as the API would store it, or the API's own message for what is wrong with it. */
function validate(field: Field, value: string): { value: string } | { error: string } {
  const result = newUserSchema.shape[field].safeParse(value, { reportInput: true });
  return result.success ? { value: result.data } : { error: issueMessage(result.error.issues[0], field) };
}

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/**
 * Questions on the terminal, through one readline interface (answers typed or
 * pasted ahead are kept for the next question). For a password its echo goes
 * nowhere while the question is open.
 */
function terminalQuestions() {
  let muted = false;
  const echo = new Writable({
    write(chunk: Buffer, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output: echo, terminal: true });
  rl.on('SIGINT', () => {
    process.stdout.write('\n');
    process.exit(130);
  });
  // Lines typed or pasted before their question wait here (rl.question would drop them).
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string, hidden = false): Promise<string> {
      if (hidden) process.stdout.write(question);
      rl.setPrompt(hidden ? '' : question);
      muted = hidden;
      rl.prompt();
      const next = await lines.next();
      muted = false;
      if (hidden) process.stdout.write('\n');
      if (next.done) fail('\nStopped: no answer given.'); // Ctrl-D
      return next.value;
    },
    close: () => rl.close(),
  };
}

type Questions = ReturnType<typeof terminalQuestions>;

async function fromTerminal(questions: Questions, field: Field, label: string): Promise<string> {
  for (;;) {
    const value = await questions.ask(`${label}: `, field === 'password');
    const checked = validate(field, value);
    if ('error' in checked) {
      console.error(`  ${checked.error}`);
      continue;
    }
    if (field !== 'password') return checked.value;
    if (await questions.ask('Password again: ', true) === value) return checked.value;
    console.error('  The passwords do not match; please type them again.');
  }
}

async function stdinLines(): Promise<string[]> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk;
  // The last line's newline ends it; it does not start another (empty) one.
  return text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
}

async function collectInput(): Promise<NewUser> {
  const terminal = Boolean(process.stdin.isTTY);
  const fromEnv = (name: string) => process.env[name] || undefined;
  const missing = FIELDS.filter(({ env }) => fromEnv(env) === undefined);
  const lines = missing.length && !terminal ? await stdinLines() : [];
  const input: Partial<Record<Field, string>> = {};
  const questions = terminal && missing.length ? terminalQuestions() : null;
  for (const { field, env, label } of FIELDS) {
    const given = fromEnv(env) ?? (terminal ? undefined : lines.shift());
    if (given === undefined) {
      if (!questions) fail(`No ${label.toLowerCase()} given: set ${env}, or give it as a line on standard input.`);
      input[field] = await fromTerminal(questions, field, label);
      continue;
    }
    const checked = validate(field, given);
    if ('error' in checked) fail(`${checked.error} (from ${fromEnv(env) !== undefined ? env : 'standard input'})`);
    input[field] = checked.value;
  }
  questions?.close();
  return { ...(input as Record<Field, string>), role: 'admin' };
}

const input = await collectInput();
const config = loadConfig();
const platform = await bootPlatform(config, () => undefined);
let exitCode = 0;
try {
  const user = await createUser(platform.identity, platform.pools.owner, input);
  const client = await platform.pools.owner.connect();
  try {
    await audit(client, user.id, 'user.create', 'user', user.id, { username: user.username, role: user.role, via: 'npm run create-admin' });
  } finally {
    client.release();
  }
  console.log(`Created the admin "${user.username}". Sign in at ${config.publicUrl}/login: the app asks them to set up ` +
    'two-factor authentication first, and the Admin Portal stays closed until they have.');
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(`Could not create the admin: ${error.message}`);
  exitCode = 1;
} finally {
  await platform.shutdown();
}
process.exit(exitCode);
