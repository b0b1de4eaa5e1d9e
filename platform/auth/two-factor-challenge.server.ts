// better-auth's side of two-factor sign-in that the API needs (a plugin of ours):
// whose sign-in a two-factor cookie continues.
import { createAuthEndpoint } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth';
import type { Auth } from './better-auth.server.ts';

/**
 * A server-only endpoint (never routed over HTTP): whose sign-in the signed
 * two-factor cookie belongs to, read the way better-auth's own verification
 * does. The API needs it to audit, to check the lock and to claim TOTP steps
 * before better-auth sees the code.
 */
export function twoFactorChallenge() {
  return {
    id: 'two-factor-challenge',
    endpoints: {
      pendingTwoFactorUser: createAuthEndpoint.serverOnly({ method: 'GET' }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie('two_factor');
        const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!signed) return { userId: null };
        const challenge = await ctx.context.internalAdapter.findVerificationValue(signed);
        if (!challenge || new Date(challenge.expiresAt).getTime() <= Date.now()) return { userId: null };
        return { userId: challenge.value };
      }),
    },
  } satisfies BetterAuthPlugin;
}

/** The user whose password step this request's two-factor cookie continues, or null (none, expired, used). */
export async function pendingTwoFactorUser(auth: Auth, headers: Headers): Promise<string | null> {
  const { userId } = await auth.api.pendingTwoFactorUser({ headers });
  return userId;
}
