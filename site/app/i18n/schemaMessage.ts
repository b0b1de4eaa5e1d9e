// The API's zod schemas write each validation message once, in English (the rule and its
// words in one place). A page shows one in the interface's language by looking its exact
// English words up in a namespace's table of them (`en/<page>.ts`, e.g. people.validation);
// a message the table does not list (a new one, a server's) shows as the schema wrote it.
import { i18n } from './i18n.ts';

/** A lookup for one table: `english` is the table as en/<page>.ts has it, `path` where it sits ("people.validation"). */
export function schemaMessages(english: Record<string, string>, path: string) {
  const keys = new Map(Object.entries(english).map(([key, text]) => [text, key]));
  return (message: string | undefined): string | undefined => {
    const key = message === undefined ? undefined : keys.get(message);
    // The key is one of the table's own, so the text exists in every language (tests/unit/app/i18n-keys.test.ts).
    return key ? i18n.t(`${path}.${key}` as never) : message;
  };
}
