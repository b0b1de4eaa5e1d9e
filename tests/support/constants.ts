export const TEMPLATE_DB = 'talentloop_template';
export const TEST_SECRET = 'test-app-secret-for-the-test-run-only';
export const AUTH_SECRET = 'test-better-auth-secret-for-the-test-run-only';
export const ORIGIN = 'http://127.0.0.1:4400';
/** A follow-up's delay is in calendar days of a zone: the day a clock goes back has 25 hours, one more than a DAY. */
export const LONGEST_DAY_SLACK = 3_600_000;
