// The Admin Portal's "Retention" tab (issue 30): the rules, who they erase on which date and why (with
// Exempt, or Keep the data for someone who asked for erasure, each with a reason, audited), and the
// people exempted. Tables scroll sideways on a phone; every action is a button.
import { Badge, Button, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatDate, formatDateTime } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import type { RetentionPreviewItem, RetentionRule } from '#domain/data-rights/schemas.ts';
import { ConfirmModal } from '../people/ConfirmModal.tsx';
import {
  useDeleteRetentionRule, useExempt, useHandleDataRequest, useLiftExemption, useRetentionExemptions, useRetentionPreview, useRetentionRules,
} from './dataRightsQueries.ts';
import { Pager } from './Pager.tsx';
import { QueryState } from './QueryState.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { RetentionRuleDialog } from './RetentionRuleDialog.tsx';

type T = ReturnType<typeof useT>;

/** "No activity for 24 months", "When the undo window … ends". */
export function ruleWhen(t: T, rule: Pick<RetentionRule, 'kind' | 'months'>): string {
  if (rule.kind === 'inactive') return t('dataRights.rules.months', { count: rule.months ?? 0 });
  if (rule.kind === 'no_consent') return t('dataRights.rules.noConsentMonths', { count: rule.months ?? 0 });
  return t('dataRights.rules.afterUndoWindow');
}

/** Why someone is erased, in words: "No activity since Mar 5, 2024 (inactive for 24 months)". */
export function previewReason(t: T, item: RetentionPreviewItem): string {
  const date = formatDate(item.since) ?? '';
  if (item.rule.kind === 'erasure_requested') return t('dataRights.preview.reasons.erasure_requested', { date });
  return t(`dataRights.preview.reasons.${item.rule.kind}`, { date, count: item.rule.months ?? 0 });
}

export function RetentionTab() {
  return (
    <Stack gap="xl">
      <RulesSection />
      <PreviewSection />
      <ExemptionsSection />
    </Stack>
  );
}

function RulesSection() {
  const t = useT();
  const rules = useRetentionRules();
  const remove = useDeleteRetentionRule();
  const [editing, setEditing] = useState<RetentionRule | 'new' | null>(null);
  const [removing, setRemoving] = useState<RetentionRule | null>(null);
  const list = rules.data?.rules ?? [];
  const kindName = (rule: RetentionRule) => t(`dataRights.kinds.${rule.kind}`);
  return (
    <Stack gap="sm" component="section" aria-labelledby="retention-rules-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h4" id="retention-rules-title">{t('dataRights.rules.title')}</Title>
          <Text size="sm" c="dimmed" maw={640}>{t('dataRights.rules.description')}</Text>
        </div>
        {list.length < 3 && <Button onClick={() => setEditing('new')}>{t('dataRights.rules.add')}</Button>}
      </Group>
      <QueryState isPending={rules.isPending} error={rules.error}>
        {list.length === 0 ? <Text c="dimmed">{t('dataRights.rules.none')}</Text> : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm" data-testid="retention-rules">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dataRights.rules.rule')}</Table.Th>
                  <Table.Th>{t('dataRights.rules.when')}</Table.Th>
                  <Table.Th>{t('dataRights.rules.grace')}</Table.Th>
                  <Table.Th>{t('dataRights.rules.state')}</Table.Th>
                  <Table.Th>{t('dataRights.rules.changed')}</Table.Th>
                  <Table.Th><VisuallyHidden>{t('admin.actions')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((rule) => (
                  <Table.Tr key={rule.id} data-testid="retention-rule">
                    <Table.Td fw={600}>{kindName(rule)}</Table.Td>
                    <Table.Td>{ruleWhen(t, rule)}</Table.Td>
                    <Table.Td>{t('dataRights.rules.days', { count: rule.graceDays })}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={rule.enabled ? 'green' : 'gray'}>{rule.enabled ? t('dataRights.rules.on') : t('dataRights.rules.off')}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{rule.updatedBy ? t('dataRights.rules.changedBy', { date: formatDateTime(rule.updatedAt), name: rule.updatedBy }) : formatDateTime(rule.updatedAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" aria-label={t('dataRights.rules.editLabel', { rule: kindName(rule) })}
                          onClick={() => setEditing(rule)}>{t('dataRights.rules.edit')}</Button>
                        <Button size="xs" variant="subtle" color="red" aria-label={t('dataRights.rules.removeLabel', { rule: kindName(rule) })}
                          onClick={() => setRemoving(rule)}>{t('dataRights.rules.remove')}</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <RetentionRuleDialog opened={editing !== null} rule={editing === 'new' ? undefined : editing ?? undefined}
        taken={list.map((rule) => rule.kind)} onClose={() => setEditing(null)} />
      <ConfirmModal opened={removing !== null} title={removing ? t('dataRights.rules.removeTitle', { rule: kindName(removing) }) : ''}
        confirmLabel={t('dataRights.rules.remove')} loading={remove.isPending} onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}>
        {t('dataRights.rules.removeBody')}
      </ConfirmModal>
    </Stack>
  );
}

const PERIODS = [7, 30, 90] as const;

function PreviewSection() {
  const t = useT();
  const [days, setDays] = useState<number>(30);
  const [page, setPage] = useState(1);
  const preview = useRetentionPreview(days, page);
  const exempt = useExempt();
  const keep = useHandleDataRequest();
  const [asking, setAsking] = useState<RetentionPreviewItem | null>(null);
  // "Due now" is counted from when the tab opened.
  const [now] = useState(() => Date.now());
  const data = preview.data;
  const keeping = asking?.rule.kind === 'erasure_requested';
  const decide = (reason: string) => {
    if (!asking) return;
    const done = { onSuccess: () => setAsking(null) };
    if (keeping && asking.dataRequestId !== null) {
      keep.mutate({ id: asking.dataRequestId, decision: { state: 'refused', resolution: reason } }, done);
    } else {
      exempt.mutate({ candidateId: asking.candidate.id, reason }, done);
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="retention-preview-title">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} size="h4" id="retention-preview-title">{t('dataRights.preview.title')}</Title>
          <Text size="sm" c="dimmed" maw={640}>{t('dataRights.preview.description')}</Text>
        </div>
        <Select label={t('dataRights.preview.period')} w={200} allowDeselect={false} value={String(days)}
          data={PERIODS.map((value) => ({ value: String(value), label: t(`dataRights.preview.periods.d${value}`) }))}
          onChange={(value) => { setDays(Number(value ?? 30)); setPage(1); }} />
      </Group>
      <QueryState isPending={preview.isPending} error={preview.error}>
        {!data || data.total === 0 ? <Text c="dimmed">{t('dataRights.preview.none')}</Text> : (
          <>
            <Text size="sm" c="dimmed" data-testid="retention-preview-count">{t('dataRights.preview.count', { count: data.total })}</Text>
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="sm" data-testid="retention-preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dataRights.preview.person')}</Table.Th>
                    <Table.Th>{t('dataRights.preview.why')}</Table.Th>
                    <Table.Th>{t('dataRights.preview.eraseOn')}</Table.Th>
                    <Table.Th><VisuallyHidden>{t('admin.actions')}</VisuallyHidden></Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => (
                    <Table.Tr key={item.candidate.id} data-testid="retention-preview-row">
                      <Table.Td>
                        <Text size="sm" fw={600}>{item.candidate.name}</Text>
                        {item.candidate.email && <Text size="xs" c="dimmed">{item.candidate.email}</Text>}
                      </Table.Td>
                      <Table.Td><Text size="sm">{previewReason(t, item)}</Text></Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDate(item.eraseOn)}</Text>
                        {Date.parse(item.eraseAfter) <= now && <Badge size="sm" variant="light" color="red">{t('dataRights.preview.dueNow')}</Badge>}
                      </Table.Td>
                      <Table.Td>
                        {item.rule.kind === 'erasure_requested' ? (
                          <Button size="xs" variant="default" disabled={item.dataRequestId === null}
                            aria-label={t('dataRights.preview.keepLabel', { name: item.candidate.name })}
                            onClick={() => { keep.reset(); setAsking(item); }}>{t('dataRights.preview.keep')}</Button>
                        ) : (
                          <Button size="xs" variant="default" aria-label={t('dataRights.preview.exemptLabel', { name: item.candidate.name })}
                            onClick={() => { exempt.reset(); setAsking(item); }}>{t('dataRights.preview.exempt')}</Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager page={data.page} pages={Math.ceil(data.total / data.pageSize)} onPage={setPage}
              labels={{ previous: t('dataRights.preview.previous'), next: t('dataRights.preview.next'), page: (page, pages) => t('dataRights.preview.page', { page, pages }) }} />
          </>
        )}
      </QueryState>
      <ReasonDialog opened={asking !== null}
        title={asking ? t(keeping ? 'dataRights.reasonDialog.keepTitle' : 'dataRights.reasonDialog.exemptTitle', { name: asking.candidate.name }) : ''}
        body={t(keeping ? 'dataRights.reasonDialog.keepBody' : 'dataRights.reasonDialog.exemptBody')}
        confirmLabel={t(keeping ? 'dataRights.reasonDialog.keep' : 'dataRights.reasonDialog.exempt')}
        loading={exempt.isPending || keep.isPending} error={keeping ? keep.error : exempt.error}
        onConfirm={decide} onCancel={() => setAsking(null)} />
    </Stack>
  );
}

function ExemptionsSection() {
  const t = useT();
  const exemptions = useRetentionExemptions();
  const lift = useLiftExemption();
  const list = exemptions.data?.exemptions ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="retention-exemptions-title">
      <Title order={2} size="h4" id="retention-exemptions-title">{t('dataRights.exemptions.title')}</Title>
      <QueryState isPending={exemptions.isPending} error={exemptions.error}>
        {list.length === 0 ? <Text c="dimmed">{t('dataRights.exemptions.none')}</Text> : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="sm" data-testid="retention-exemptions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dataRights.exemptions.person')}</Table.Th>
                  <Table.Th>{t('dataRights.exemptions.reason')}</Table.Th>
                  <Table.Th>{t('dataRights.exemptions.by')}</Table.Th>
                  <Table.Th>{t('dataRights.exemptions.since')}</Table.Th>
                  <Table.Th><VisuallyHidden>{t('admin.actions')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((exemption) => (
                  <Table.Tr key={exemption.candidate.id} data-testid="retention-exemption">
                    <Table.Td fw={600}>{exemption.candidate.name}</Table.Td>
                    <Table.Td maw={320}><Text size="sm">{exemption.reason}</Text></Table.Td>
                    <Table.Td>{exemption.createdBy ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(exemption.createdAt)}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" disabled={lift.isPending && lift.variables === exemption.candidate.id}
                        aria-label={t('dataRights.exemptions.liftLabel', { name: exemption.candidate.name })}
                        onClick={() => lift.mutate(exemption.candidate.id)}>{t('dataRights.exemptions.lift')}</Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
