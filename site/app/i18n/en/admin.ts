// /app/admin: the admin portal.
export const admin = {};
