import { Tabs } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { useT } from '#app/i18n/useT.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { AccessRequestsTab } from './AccessRequestsTab.tsx';
import { AuditLogTab } from './AuditLogTab.tsx';
import { SuppressionsTab } from './SuppressionsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export function AdminPortal() {
  const t = useT();
  const user = useCurrentUser();
  // Admins enrol in two-factor sign-in before they may use the portal.
  if (user.twoFactorEnabled === false) return <Navigate to="/app/settings" search={{ enrol: '2fa' }} replace />;
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{t('admin.tabs.users')}</Tabs.Tab>
          <Tabs.Tab value="access-requests">{t('admin.tabs.accessRequests')}</Tabs.Tab>
          <Tabs.Tab value="audit-log">{t('admin.tabs.auditLog')}</Tabs.Tab>
          <Tabs.Tab value="suppressions">{t('admin.tabs.suppressions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users"><UsersTab /></Tabs.Panel>
        <Tabs.Panel value="access-requests"><AccessRequestsTab /></Tabs.Panel>
        <Tabs.Panel value="audit-log"><AuditLogTab /></Tabs.Panel>
        <Tabs.Panel value="suppressions"><SuppressionsTab /></Tabs.Panel>
      </Tabs>
    </>
  );
}
