// Organisation and personal settings (/app/settings). Mounted at /api/settings/organisation
// and /api/settings/profile (/api/settings/privacy is in tracking.ts).
import { Hono } from 'hono';
import { organisationSettings, saveOrganisationSettings } from '#domain/settings/organisation.server.ts';
import { assertEmailFree, profileSettings, saveProfileSettings } from '#domain/settings/profile.server.ts';
import {
  organisationSettingsInputSchema, organisationSettingsSchema, profileSettingsInputSchema, profileSettingsSchema,
} from '#domain/settings/schemas.ts';
import type { AppEnv } from '../context.ts';
import { asUser, requireAdmin, requireUser } from '../guards.ts';
import { body, doc, reply } from '../contract.ts';

export const organisationSettingsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: "The organisation's settings: company, website, industry, default sender, signature, language, time zone",
    tag: 'settings', response: organisationSettingsSchema }),
  async (c) => reply(c, organisationSettingsSchema, await asUser(c, organisationSettings)))

  /** Fields left out keep their value; null or blank clears one. */
  .put('/', doc({ summary: "Change the organisation's settings (admins); fields left out keep their value", tag: 'settings', access: 'admin',
    response: organisationSettingsSchema }), requireAdmin, body(organisationSettingsInputSchema), async (c) => {
    const saved = await asUser(c, (tx) => saveOrganisationSettings(tx, c.var.user.id, c.req.valid('json')));
    return reply(c, organisationSettingsSchema, saved);
  });

export const profileSettingsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  .get('/', doc({ summary: 'My settings: display name, title, email, signature, time zone and interface language', tag: 'settings',
    response: profileSettingsSchema }),
    async (c) => reply(c, profileSettingsSchema, await asUser(c, (tx) => profileSettings(tx, c.var.user.id))))

  /** Fields left out keep their value; the time zone is also my booking page's; the email stays unique (409 naming it). */
  .put('/', doc({ summary: 'Change my display name, title, email, signature, time zone or language; fields left out keep their value',
    tag: 'settings', response: profileSettingsSchema }), body(profileSettingsInputSchema), async (c) => {
    const input = c.req.valid('json');
    const { identity, pools } = c.var.deps;
    if (input.email !== undefined) await assertEmailFree(pools.owner, c.var.user.id, input.email);
    const saved = await asUser(c, async (tx) => {
      const result = await saveProfileSettings(tx, c.var.user.id, input);
      // Before the commit: if the identity provider refuses, the profile keeps its old email too.
      if (input.email !== undefined) await identity.updateAccount(c.var.user.id, { email: result.email });
      return result;
    });
    // The provider keeps its own copy of the name; it follows the profile.
    if (input.displayName !== undefined) await identity.updateAccount(c.var.user.id, { displayName: saved.displayName });
    return reply(c, profileSettingsSchema, saved);
  });
