// /app/people (also /app/talent-pools and /app/candidates): talent pools,
// the candidate list, candidate details, create/edit, CSV import and export.
// The list's filters, sort and page, the open candidate (?candidate={id}) and
// the create form (?action=add-candidate) live in the URL (people/candidateUrl.ts).
import { Button, Grid, Group } from '@mantine/core';
import { useLocation, useNavigate, useSearch } from '#app/router/RouterView.tsx';
import { useEffect, useMemo, useState } from 'react';
import type { CandidateDetail } from '#domain/candidates/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { PageHeader } from './PageHeader.tsx';
import { CandidateDetailDrawer } from './people/CandidateDetailDrawer.tsx';
import { CandidateFormDrawer } from './people/CandidateFormDrawer.tsx';
import { CandidateListSection } from './people/CandidateListSection.tsx';
import {
  ADD_CANDIDATE_ACTION, DUPLICATES_ACTION, IMPORT_CSV_ACTION, filtersFromSearch, peopleSearchSchema, searchFromFilters, searchFromSort, sortFromSearch, urlWithParams,
  type PeopleSearch,
} from './people/candidateUrl.ts';
import { DuplicatesModal } from './people/duplicates/DuplicatesModal.tsx';
import { ExportButton } from './people/ExportButton.tsx';
import { ImportModal } from './people/import/ImportModal.tsx';
import { RunningImports } from './people/import/RunningImports.tsx';
import { useCandidate, useTalentPools } from './people/peopleQueries.ts';
import { TalentPoolsPanel } from './people/TalentPoolsPanel.tsx';
import { useFilterDraft } from './people/useDebouncedFilters.ts';

interface UrlChange {
  /** Replace the history entry (closing a drawer, correcting the page) instead of adding one. */
  replace?: boolean;
  /** Keep the scroll position (a drawer opens over the list). */
  keepScroll?: boolean;
}

export function PeoplePage() {
  const t = useT();
  const search = useSearch(peopleSearchSchema);
  const { pathname, searchStr } = useLocation();
  const navigate = useNavigate();
  const setSearch = (changes: PeopleSearch, { replace = false, keepScroll = false }: UrlChange = {}) =>
    void navigate({ search: (current) => ({ ...current, ...changes }), replace, resetScroll: !keepScroll });

  const applied = useMemo(() => filtersFromSearch(search), [search]);
  // A new filter or order starts again at page 1.
  const [filters, setFilters] = useFilterDraft(applied, (next) => setSearch({ ...searchFromFilters(next), page: undefined }));
  const sort = sortFromSearch(search);
  const candidateId = search.candidate ?? null;
  const adding = search.action === ADD_CANDIDATE_ACTION;
  const [editing, setEditing] = useState<CandidateDetail | null>(null);
  const importing = search.action === IMPORT_CSV_ACTION;
  const pools = useTalentPools();
  const poolList = pools.data ?? [];

  // Opening adds a history entry (Back closes the drawer); closing replaces it.
  const closeCandidate = () => setSearch({ candidate: undefined }, { replace: true, keepScroll: true });
  // A merged candidate's id answers with the kept one (301): the URL follows it.
  const opened = useCandidate(candidateId);
  const keptId = opened.data && candidateId !== null && opened.data.id !== candidateId ? opened.data.id : null;
  useEffect(() => {
    if (keptId) setSearch({ candidate: keptId }, { replace: true, keepScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer names another candidate
  }, [keptId]);
  const duplicates = search.action === DUPLICATES_ACTION;

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageHeader title={t('people.title')} description={t('people.description')} />
        <Group gap="sm">
          <Button onClick={() => setSearch({ action: ADD_CANDIDATE_ACTION }, { keepScroll: true })}>{t('people.addCandidate')}</Button>
          <Button variant="default" onClick={() => setSearch({ action: IMPORT_CSV_ACTION }, { keepScroll: true })}>{t('people.importCsv')}</Button>
          <ExportButton filters={applied} sort={sort} />
          <Button variant="default" onClick={() => setSearch({ action: DUPLICATES_ACTION, duplicatesOf: undefined }, { keepScroll: true })}>
            {t('people.duplicates.open')}
          </Button>
        </Group>
      </Group>
      <RunningImports />
      {/* 24 columns: beside the table from xl, the pools take 5 (a narrow list), so the table fits at 1440 px. */}
      <Grid gap="lg" columns={24}>
        <Grid.Col span={{ base: 24, xl: 5 }}>
          <TalentPoolsPanel
            pools={poolList}
            loading={pools.isPending}
            selectedId={filters.talentPoolId}
            onSelect={(talentPoolId) => setFilters({ ...filters, talentPoolId })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, xl: 19 }}>
          <CandidateListSection
            filters={filters}
            queryFilters={applied}
            onFiltersChange={setFilters}
            sort={sort}
            onSortChange={(next) => setSearch({ ...searchFromSort(next), page: undefined })}
            page={search.page ?? 1}
            onPageChange={(page, { replace = false } = {}) => setSearch({ page: page > 1 ? page : undefined }, { replace })}
            pools={poolList}
            hrefFor={(candidate) => urlWithParams(pathname, searchStr, { candidate: String(candidate.id) })}
          />
        </Grid.Col>
      </Grid>
      <CandidateDetailDrawer candidateId={editing ? null : candidateId} onClose={closeCandidate} onEdit={setEditing} />
      <CandidateFormDrawer
        opened={adding || editing !== null}
        candidate={adding ? null : editing}
        pools={poolList}
        defaultPoolId={filters.talentPoolId}
        onClose={() => (adding ? setSearch({ action: undefined }, { replace: true, keepScroll: true }) : setEditing(null))}
        onCreated={(id) => setSearch({ action: undefined, candidate: id }, { replace: true, keepScroll: true })}
      />
      <DuplicatesModal opened={duplicates} candidateId={duplicates ? search.duplicatesOf ?? null : null}
        onClose={() => setSearch({ action: undefined, duplicatesOf: undefined }, { replace: true, keepScroll: true })}
        onMerged={(id) => setSearch({ action: undefined, duplicatesOf: undefined, candidate: id }, { replace: true, keepScroll: true })} />
      <ImportModal opened={importing} pools={poolList} defaultPoolId={filters.talentPoolId} onClose={() => setSearch({ action: undefined }, { replace: true, keepScroll: true })} />
    </>
  );
}
