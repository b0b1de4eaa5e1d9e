import { Tabs } from '@mantine/core';
import { Navigate, useNavigate, useSearch } from '#app/router/RouterView.tsx';
import { useT } from '#app/i18n/useT.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { AccessRequestsTab } from './AccessRequestsTab.tsx';
import { AuditLogTab } from './AuditLogTab.tsx';
import { DataRequestsTab } from './DataRequestsTab.tsx';
import { adminSearchSchema, DEFAULT_ADMIN_TAB, type AdminTab } from './pageParams.ts';
import { RetentionTab } from './RetentionTab.tsx';
import { SuppressionsTab } from './SuppressionsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export function AdminPortal() {
  const t = useT();
  const user = useCurrentUser();
  const navigate = useNavigate();
  // The open tab is in the URL (?tab=retention), so a tab can be linked; Users when absent.
  const active = useSearch(adminSearchSchema).tab ?? DEFAULT_ADMIN_TAB;
  // Admins enrol in two-factor sign-in before they may use the portal.
  if (user.twoFactorEnabled === false) return <Navigate to="/app/settings" search={{ enrol: '2fa' }} replace />;
  const open = (tab: string | null) => {
    if (!tab || tab === active) return;
    void navigate({ search: { tab: tab === DEFAULT_ADMIN_TAB ? undefined : tab as AdminTab }, resetScroll: false });
  };
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <Tabs value={active} onChange={open} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{t('admin.tabs.users')}</Tabs.Tab>
          <Tabs.Tab value="access-requests">{t('admin.tabs.accessRequests')}</Tabs.Tab>
          <Tabs.Tab value="audit-log">{t('admin.tabs.auditLog')}</Tabs.Tab>
          <Tabs.Tab value="suppressions">{t('admin.tabs.suppressions')}</Tabs.Tab>
          <Tabs.Tab value="retention">{t('dataRights.tabs.retention')}</Tabs.Tab>
          <Tabs.Tab value="data-requests">{t('dataRights.tabs.dataRequests')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users"><UsersTab /></Tabs.Panel>
        <Tabs.Panel value="access-requests"><AccessRequestsTab /></Tabs.Panel>
        <Tabs.Panel value="audit-log"><AuditLogTab /></Tabs.Panel>
        <Tabs.Panel value="suppressions"><SuppressionsTab /></Tabs.Panel>
        <Tabs.Panel value="retention"><RetentionTab /></Tabs.Panel>
        <Tabs.Panel value="data-requests"><DataRequestsTab /></Tabs.Panel>
      </Tabs>
    </>
  );
}
