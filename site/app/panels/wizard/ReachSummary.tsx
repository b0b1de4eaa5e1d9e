// The Launch step's recipient count (issue 12): how many of the pool get the campaign
// and when (the summary's "Sends", issue 27; with a WhatsApp first step: how many by template, how many by email)
// and how many are skipped, grouped by the reason dispatch will record (said in the interface's language).
import { Alert, Group, List, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { errorText } from '#app/api/ApiError.ts';
import type { PoolReach } from '#domain/talent-pools/schemas.ts';
import { clockFormat, formatDateTime } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { codeText } from '#app/i18n/serverText.ts';

type T = ReturnType<typeof useT>;

/** "31 candidates will receive it tomorrow at 9:00 AM": `sendsAt` null is now; a day other than today or tomorrow is named. */
function willReceiveText(t: T, count: number, sendsAt: Date | null): string {
  const candidates = t('panels.launch.candidates', { count });
  if (!sendsAt) return t('panels.launch.willReceive.now', { count, candidates });
  const time = clockFormat().format(sendsAt);
  const day = dayjs(sendsAt);
  if (day.isSame(dayjs(), 'day')) return t('panels.launch.willReceive.today', { count, candidates, time });
  if (day.isSame(dayjs().add(1, 'day'), 'day')) return t('panels.launch.willReceive.tomorrow', { count, candidates, time });
  return t('panels.launch.willReceive.later', { count, candidates, date: formatDateTime(sendsAt) });
}

export function ReachSummary({ reach, sendsAt }: { reach: UseQueryResult<PoolReach>; sendsAt: Date | null }) {
  const t = useT();
  const candidates = (count: number) => t('panels.launch.candidates', { count });
  if (reach.isPending && reach.fetchStatus === 'idle') return null;
  if (reach.isPending) return <Group gap="xs"><Loader size="xs" /><Text size="sm" c="dimmed">{t('panels.launch.counting')}</Text></Group>;
  if (reach.isError) return <Alert color="red" title={t('panels.launch.countFailed')}>{errorText(reach.error)}</Alert>;
  const { eligible, byWhatsApp, skipped } = reach.data;
  const skippedTotal = skipped.reduce((sum, group) => sum + group.count, 0);
  return (
    <Alert color={eligible === 0 ? 'orange' : 'blue'} title={willReceiveText(t, eligible, sendsAt)} data-testid="campaign-reach">
      {byWhatsApp > 0 && <Text size="sm">{t('panels.launch.byChannel', { whatsapp: byWhatsApp, email: eligible - byWhatsApp })}</Text>}
      {skippedTotal === 0 ? (
        <Text size="sm">{t('panels.launch.noneSkipped')}</Text>
      ) : (
        <>
          <Text size="sm">{t('panels.launch.skipped', { candidates: candidates(skippedTotal) })}</Text>
          <List size="sm" spacing={2}>
            {skipped.map(({ reason, code, count }) => <List.Item key={reason}>{codeText(code, undefined, reason)}: {count}</List.Item>)}
          </List>
        </>
      )}
    </Alert>
  );
}
