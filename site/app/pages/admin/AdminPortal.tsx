import { Tabs } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { AccessRequestsTab } from './AccessRequestsTab.tsx';
import { AuditLogTab } from './AuditLogTab.tsx';
import { SuppressionsTab } from './SuppressionsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export function AdminPortal() {
  const user = useCurrentUser();
  // Admins enrol in two-factor sign-in before they may use the portal.
  if (user.twoFactorEnabled === false) return <Navigate to="/app/settings" search={{ enrol: '2fa' }} replace />;
  return (
    <>
      <PageHeader title="Admin Portal" description="Users, access requests, the audit log and the suppression list." />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="access-requests">Access requests</Tabs.Tab>
          <Tabs.Tab value="audit-log">Audit log</Tabs.Tab>
          <Tabs.Tab value="suppressions">Suppression list</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users"><UsersTab /></Tabs.Panel>
        <Tabs.Panel value="access-requests"><AccessRequestsTab /></Tabs.Panel>
        <Tabs.Panel value="audit-log"><AuditLogTab /></Tabs.Panel>
        <Tabs.Panel value="suppressions"><SuppressionsTab /></Tabs.Panel>
      </Tabs>
    </>
  );
}
