// Each policy with one allowed and one denied case, run as the API's own login
// role (talentloop_app) switching to the Supabase roles per transaction.
// The bodies live in suites/ so that tests/db/supabase-shaped.test.ts runs them too.
import { createTestDatabase } from '../support/harness.ts';
import { rowLevelSecuritySuite } from './suites/row-level-security.suite.ts';

rowLevelSecuritySuite(createTestDatabase);
