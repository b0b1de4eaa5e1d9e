// What an import that has ended says, on the People page (RunningImports) or in a toast when the recruiter has moved
// on: the file, and its counts or why nothing of it was kept.
import { formatNumber } from '#app/i18n/format.ts';
import { codeText } from '#app/i18n/serverText.ts';
import type { AppT } from '#app/i18n/useT.ts';
import type { ImportSummary } from '#domain/imports/schemas.ts';

export function importOutcomeText(summary: ImportSummary, t: AppT): { failed: boolean; title: string; body: string } {
  const file = summary.fileName || t('people.import.aFile');
  const failed = summary.status === 'failed';
  return {
    failed,
    title: failed ? t('people.import.failedTitle', { file }) : t('people.import.finishedTitle', { file }),
    body: failed
      ? codeText(summary.errorCode, summary.errorParams, summary.error ?? undefined)
      : t('people.import.finishedCounts', { imported: formatNumber(summary.imported), updated: formatNumber(summary.updated), skipped: formatNumber(summary.skipped) }),
  };
}
