// A schema's message as the API says it in English. The schemas write codes (`msg`, decision 032);
// tests that hold the spec's words read them through this.
import { codeOfMessage } from '#domain/schemas/issues.ts';
import { englishText } from '#domain/i18n/english.ts';

export function schemaText(message: string | undefined): string | undefined {
  const coded = codeOfMessage(message);
  return coded ? englishText(coded) : message;
}
