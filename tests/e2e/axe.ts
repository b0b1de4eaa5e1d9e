// axe-core on the page as it stands: the serious and critical findings, each
// written so that a failing test says which rule, where, and why. Minor and
// moderate findings are left to review (issue 13 fails only on the two worst).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './helpers.ts';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** WCAG 2.0, 2.1 and 2.2 A and AA (2.2's target size among them), and axe's best practices. */
export const WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface A11yFinding {
  /** Where: the state's name given by the test ("People at 390×844"). */
  state: string;
  rule: string;
  impact: string;
  help: string;
  /** One CSS target per failing node, the start of its HTML, and axe's summary of why it fails. */
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/**
 * axe on the current page (or on `include`, a CSS selector): serious and critical findings only.
 * `tags`: the rules of these tags only; without, axe's default set (WCAG 2.x A and AA and its best practices).
 */
export async function seriousA11yFindings(page: Page, state: string, include?: string, tags?: string[]): Promise<A11yFinding[]> {
  // axe.run in the page itself (legacy mode) rather than runPartial here and finishRun in a blank page of its
  // own, which costs a new page, axe injected again and every passing node sent across; the only thing
  // legacy mode leaves out is cross-origin frames, and our pages have no frames. Only the violations come back
  // in full (the passes and the incomplete with one node each): we read nothing else. A third of the time
  // per check, the same findings (decision 026).
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (tags) builder = builder.withTags(tags);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      state,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html,
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** Findings as a report: one block per rule and state, at most 5 nodes each, then the counts by rule. */
export function formatFindings(findings: A11yFinding[]): string {
  const blocks = findings.map((finding) => {
    const shown = finding.nodes.slice(0, 5).map((node) => `    - ${node.target}\n      ${node.html}\n      ${node.summary}`);
    const more = finding.nodes.length > 5 ? [`    … and ${finding.nodes.length - 5} more`] : [];
    return [`[${finding.impact}] ${finding.rule} on ${finding.state}: ${finding.help} (${finding.nodes.length})`, ...shown, ...more].join('\n');
  });
  return [...blocks, `counts by rule: ${JSON.stringify(countByRule(findings))}`].join('\n');
}

/** Failing nodes per rule, over all the findings given. */
export function countByRule(findings: A11yFinding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const finding of findings) counts[finding.rule] = (counts[finding.rule] ?? 0) + finding.nodes.length;
  return counts;
}

/** Fails the test on any serious or critical finding on the current page, naming each. */
export async function expectNoSeriousA11yFindings(page: Page, state: string, include?: string): Promise<void> {
  const findings = await seriousA11yFindings(page, state, include);
  expect(findings, formatFindings(findings)).toEqual([]);
}

/**
 * For a test that walks many states: collect each state's findings, fail once at the
 * end with all of them (a first failing page would hide every later one).
 */
export class A11yAudit {
  readonly findings: A11yFinding[] = [];
  readonly states: string[] = [];

  /** axe's rules of these tags only (as seriousA11yFindings'); without, its default set. */
  readonly tags: string[] | undefined;

  constructor(tags?: string[]) {
    this.tags = tags;
  }

  async check(page: Page, state: string, include?: string): Promise<void> {
    this.states.push(state);
    this.findings.push(...await seriousA11yFindings(page, state, include, this.tags));
  }

  expectClean(): void {
    expect(this.findings, `${this.states.length} states checked\n${formatFindings(this.findings)}`).toEqual([]);
  }
}
