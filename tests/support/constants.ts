export const TEMPLATE_DB = 'talentloop_template';
export const TEST_SECRET = 'test-app-secret-for-the-test-run-only';
export const AUTH_SECRET = 'test-better-auth-secret-for-the-test-run-only';
export const ORIGIN = 'http://127.0.0.1:4400';
