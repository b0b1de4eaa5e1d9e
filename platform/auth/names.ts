// Names both identity adapters and the API share: schema, cookie prefixes, the client-address header.
export const AUTH_SCHEMA = 'app_auth';
export const COOKIE_PREFIX = 'talentloop';
/** Behind https every auth cookie is `__Host-` (Secure, Path=/, no Domain: no subdomain can set or shadow it). */
export const HOST_COOKIE_PREFIX = '__Host-';
/**
 * The API puts the client address it determined (ApiDeps.clientIp) in this
 * header on every call into better-auth, which records it on new sessions.
 * Whatever a client sends in it is replaced (better-auth-identity.server.ts).
 */
export const CLIENT_IP_HEADER = 'x-talentloop-client-ip';
