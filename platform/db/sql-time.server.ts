// Timestamps in answers are ISO 8601 text in UTC (domain/schemas/answers.ts
// `timestamp`). Selecting them as that text keeps a row's type and its answer
// the same, instead of a Date that only JSON turns into text.

/** A timestamptz column as the text Date.toISOString() gives: 2026-11-23T14:07:00.123Z (null stays null). */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
