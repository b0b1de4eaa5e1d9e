// In CI only the log is read (no trace is kept there, decision 058): a failing test's page, as Playwright's error
// context describes it (the accessibility snapshot at the failure), is printed under the failure, so that what the
// page showed can be read where the failure is.
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough of the page to see where it was, without burying the log. */
const MAX_LINES = 150;

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    // The page's snapshot (its yaml block), not the instructions, error and source the list reporter prints already.
    const page = /```yaml\n([\s\S]*?)\n```/.exec(text)?.[1];
    if (!page) return;
    const lines = page.split('\n');
    const shown = lines.slice(0, MAX_LINES).join('\n');
    const more = lines.length > MAX_LINES ? `\n… ${lines.length - MAX_LINES} more lines in ${context.path}` : '';
    process.stdout.write(`\n── The page when "${test.titlePath().slice(1).join(' › ')}" failed ──\n${shown}${more}\n\n`);
  }
}
