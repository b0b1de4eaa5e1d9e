// Small text helpers for writing SQL that reads like the migrations do.

/**
 * PostgreSQL prints its keywords in upper case (CHECK, AND, ANY, SELECT); the migrations
 * write them in lower case. Outside string literals and quoted identifiers every
 * upper-case word is a keyword (an unquoted identifier is always lower case), so
 * lowering those words changes nothing but the look.
 */
export function lowerKeywords(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'" || ch === '"') {
      // A literal or quoted identifier runs to its closing quote; a doubled quote is part of it.
      const escapes = ch === "'" && /[eE]$/.test(out) && !/[A-Za-z0-9_][eE]$/.test(out);
      let j = i + 1;
      while (j < sql.length) {
        if (escapes && sql[j] === '\\') j += 2;
        else if (sql[j] === ch && sql[j + 1] === ch) j += 2;
        else if (sql[j] === ch) break;
        else j++;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end < 0 ? sql.length : end + tag.length;
      out += sql.slice(i, stop);
      i = stop;
    } else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))![0];
      out += /[a-z]/.test(word) ? word : word.toLowerCase();
      i += word.length;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/**
 * PostgreSQL keeps `x between a and b` as `((x >= a) and (x <= b))`; written back that
 * way inside a longer and-list, it would be parsed as one flat list instead of the nested
 * one BETWEEN makes. Writing BETWEEN again gives the same expression, and reads better.
 */
export function withBetween(expression: string): string {
  return expression.replace(/\(\(([^\s()]+(?:\(\S*?\))?) >= ([^\s()]+)\) and \(\1 <= ([^\s()]+)\)\)/g, '($1 between $2 and $3)');
}

/** `x = any (array['a'::text, 'b'::text])` as it was written: `x in ('a', 'b')` (the same expression). */
export function withIn(expression: string): string {
  return expression.replace(/([a-z_][a-z0-9_.]*|"[^"]+") = any \(array\[((?:'(?:[^']|'')*'::text(?:, )?)+)\]\)/g,
    (_, left: string, list: string) => `${left} in (${list.replaceAll("'::text", "'")})`);
}

/**
 * `(expression)` without its outer parentheses when they enclose all of it (CHECK ((a > 0))
 * reads better as check (a > 0)); a sub-select keeps them.
 */
export function withoutOuterParens(expression: string): string {
  if (!expression.startsWith('(') || /^\(\s*(select|with|values)\b/i.test(expression)) return expression;
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (ch === "'") {
      i = expression.indexOf("'", i + 1);
      while (expression[i + 1] === "'") i = expression.indexOf("'", i + 2);
      if (i < 0) return expression;
    } else if (ch === '(') {
      depth++;
    } else if (ch === ')' && --depth === 0) {
      return i === expression.length - 1 ? expression.slice(1, -1) : expression;
    }
  }
  return expression;
}

/** `( select is_member() as is_member)` as it was written: `(select is_member())` (the column is named so anyway). */
export function withoutSelectAlias(expression: string): string {
  return expression.replace(/\( select ((?:[a-z_][a-z0-9_]*\.)?([a-z_][a-z0-9_]*))\(\) as \2\)/g, '(select $1())');
}

/** An expression PostgreSQL printed, as the migrations would write it (the same expression when parsed again). */
export function readable(expression: string): string {
  return withoutOuterParens(withoutSelectAlias(withIn(withBetween(lowerKeywords(expression)))));
}

/**
 * A string literal after a keyword (`is`), with its space: a long one is written as
 * adjacent literals, one per line, which SQL joins.
 */
export function commentText(value: string, indent = '  ', width = 100): string {
  const quote = (part: string) => `'${part.replaceAll("'", "''")}'`;
  if (value.length <= width || value.includes('\n')) return ` ${quote(value)}`;
  const parts: string[] = [];
  let rest = value;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    if (cut <= 0) break;
    parts.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 1);
  }
  parts.push(rest);
  return `\n${parts.map((part) => indent + quote(part)).join('\n')}`;
}

/** schema.name as SQL names it (the catalog's keys are unquoted). */
export function qualified(key: string): string {
  return key.split('.').map(identifier).join('.');
}

export function identifier(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** How PostgreSQL prints a relation's name under search_path public: without the schema when that is public. */
export function printedName(key: string): string {
  const [schema, name] = key.split('.');
  return schema === 'public' ? identifier(name) : qualified(key);
}

/** A name as the catalog gave it (quote_ident), without its quotes. */
export function unquoted(name: string): string {
  return name.replace(/^"(.*)"$/, '$1').replaceAll('""', '"');
}

/** Lines of text as an SQL comment. */
export function comment(text: string): string {
  return text.split('\n').map((line) => (line ? `-- ${line}` : '--')).join('\n');
}

/** `a, 'b, c', d` → ['a', "'b, c'", 'd']: split at ", " outside string literals and quoted names. */
export function splitAtCommas(text: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === ',' && text[i + 1] === ' ') {
      parts.push(text.slice(start, i));
      start = i + 2;
    }
  }
  return [...parts, text.slice(start)];
}

/** Text broken at its commas (outside quotes) into lines of about `width` characters, continued with `indent`. */
export function wrap(text: string, indent: string, width = 100): string {
  if (text.length <= width) return text;
  const lines: string[] = [];
  let line = '';
  for (const part of splitAtCommas(text)) {
    if (line && line.length + part.length + 2 > width) {
      lines.push(`${line},`);
      line = part;
    } else {
      line = line ? `${line}, ${part}` : part;
    }
  }
  return [...lines, line].join(`\n${indent}`);
}
