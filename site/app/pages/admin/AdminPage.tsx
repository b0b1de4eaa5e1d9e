import { isAdmin, useCurrentUser } from '#app/session/CurrentUser.tsx';
import { AccessDenied } from './AccessDenied.tsx';
import { AdminPortal } from './AdminPortal.tsx';

/** /app/admin: the Admin Portal for admins, Access Denied for everyone else. */
export function AdminPage() {
  const user = useCurrentUser();
  return isAdmin(user) ? <AdminPortal /> : <AccessDenied />;
}
