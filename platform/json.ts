// JSON.parse without V8's escaped-key bug (nodejs/node#63785, Chromium 521080746; Node 24 and Chrome alike): once
// an object with the key `\` has been read, a later object's escaped key such as "\"" or "\n" may be read as `\`,
// which renames a property or, beside a real `\` key, drops one. Our own property test met it (decision 060).
// Only a key written with a backslash is at risk, so a text without one is read natively; the others by the small
// reader below, which decodes each string on its own (a string value is never misread) and builds the containers.

/** JSON.parse(text), with every object key as written; throws JSON.parse's SyntaxError on text that is not JSON. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return text.includes('\\') ? readValidJson(text) : value;
}

/** Where the string opened at `open` in valid JSON ends: the next quote not escaped (a native search, not a loop per character). */
export function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

const SPACE = /[ \t\n\r]*/y;
const SCALAR = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** An array or object still open, and (for an object) the key its next value goes under. */
interface Container { into: unknown[] | Record<string, unknown>; key: string }

/** Text JSON.parse has accepted, read again with a stack rather than recursion (a deep body cannot overflow it). */
function readValidJson(text: string): unknown {
  let at = 0;
  const skipSpace = () => {
    SPACE.lastIndex = at;
    SPACE.test(text);
    at = SPACE.lastIndex;
  };
  const readString = () => {
    const end = closingQuote(text, at);
    const written = text.slice(at, end + 1);
    at = end + 1;
    return written.includes('\\') ? JSON.parse(written) as string : written.slice(1, -1);
  };
  /** An object's next key and its colon. */
  const readKey = () => {
    skipSpace();
    const key = readString();
    skipSpace();
    at++;
    return key;
  };
  const open: Container[] = [];
  for (;;) {
    skipSpace();
    let value: unknown;
    const opening = text[at];
    if (opening === '{' || opening === '[') {
      at++;
      skipSpace();
      const empty = text[at] === (opening === '{' ? '}' : ']');
      if (!empty) {
        open.push(opening === '{' ? { into: {}, key: readKey() } : { into: [], key: '' });
        continue;
      }
      at++;
      value = opening === '{' ? {} : [];
    } else if (opening === '"') {
      value = readString();
    } else {
      SCALAR.lastIndex = at;
      SCALAR.test(text);
      const written = text.slice(at, SCALAR.lastIndex);
      at = SCALAR.lastIndex;
      value = written === 'true' ? true : written === 'false' ? false : written === 'null' ? null : Number(written);
    }
    // The value goes into the innermost open container; each container it completes goes into the next.
    for (;;) {
      const top = open.at(-1);
      if (!top) return value;
      if (Array.isArray(top.into)) top.into.push(value);
      // As JSON.parse does: an own property even for "__proto__", and a repeated key keeps its place and the last value.
      else Object.defineProperty(top.into, top.key, { value, writable: true, enumerable: true, configurable: true });
      skipSpace();
      if (text[at++] === ',') {
        if (!Array.isArray(top.into)) top.key = readKey();
        break;
      }
      open.pop();
      value = top.into;
    }
  }
}
