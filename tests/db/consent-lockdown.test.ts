// Consent that no code path can get around (migration 20261123000010): each
// bypass tried as raw SQL in the roles requests and jobs use, and refused.
// The bodies live in suites/ so that tests/db/supabase-shaped.test.ts runs them too.
import { createTestDatabase } from '../support/harness.ts';
import { consentLockdownSuite } from './suites/consent-lockdown.suite.ts';

consentLockdownSuite(createTestDatabase);
