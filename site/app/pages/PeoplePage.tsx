// /app/people (also /app/talent-pools and /app/candidates): talent pools,
// the candidate list, candidate details, create/edit, CSV import and export.
// ?candidate={id} opens a candidate; ?action=add-candidate opens the create form.
import { Button, Grid, Group } from '@mantine/core';
import { useState } from 'react';
import { navigate, useLocation, useSearchParams } from '../router/history.ts';
import { PageHeader } from './PageHeader.tsx';
import { CandidateDetailDrawer } from './people/CandidateDetailDrawer.tsx';
import { CandidateFormDrawer } from './people/CandidateFormDrawer.tsx';
import { CandidateListSection } from './people/CandidateListSection.tsx';
import { DEFAULT_SORT, EMPTY_FILTERS, type CandidateFilters, type SortState } from './people/candidateFilters.ts';
import { ACTION_PARAM, ADD_CANDIDATE_ACTION, CANDIDATE_PARAM, candidateIdFrom, urlWithParams } from './people/candidateUrl.ts';
import { ExportButton } from './people/ExportButton.tsx';
import { ImportModal } from './people/import/ImportModal.tsx';
import { useTalentPools } from './people/peopleQueries.ts';
import type { CandidateDetail } from './people/peopleTypes.ts';
import { TalentPoolsPanel } from './people/TalentPoolsPanel.tsx';
import { useDebouncedFilters } from './people/useDebouncedFilters.ts';

export function PeoplePage() {
  const { pathname, search } = useLocation();
  const params = useSearchParams();
  const candidateId = candidateIdFrom(params);
  const adding = params.get(ACTION_PARAM) === ADD_CANDIDATE_ACTION;

  const [filters, setFilters] = useState<CandidateFilters>(EMPTY_FILTERS);
  const queryFilters = useDebouncedFilters(filters);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [editing, setEditing] = useState<CandidateDetail | null>(null);
  const [importing, setImporting] = useState(false);
  const pools = useTalentPools();
  const poolList = pools.data ?? [];

  const urlWith = (changes: Record<string, string | null>) => urlWithParams(pathname, search, changes);
  // Opening adds a history entry (Back closes the drawer); closing replaces it.
  const closeCandidate = () => navigate(urlWith({ [CANDIDATE_PARAM]: null }), { replace: true });

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageHeader title="People" description="Talent pools and candidates: search, filter, import and export." />
        <Group gap="sm">
          <Button onClick={() => navigate(urlWith({ [ACTION_PARAM]: ADD_CANDIDATE_ACTION }))}>Add candidate</Button>
          <Button variant="default" onClick={() => setImporting(true)}>Import CSV</Button>
          <ExportButton filters={queryFilters} sort={sort} />
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <TalentPoolsPanel
            pools={poolList}
            loading={pools.isPending}
            selectedId={filters.talentPoolId}
            onSelect={(talentPoolId) => setFilters({ ...filters, talentPoolId })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <CandidateListSection
            filters={filters}
            queryFilters={queryFilters}
            onFiltersChange={setFilters}
            sort={sort}
            onSortChange={setSort}
            pools={poolList}
            hrefFor={(candidate) => urlWithParams(pathname, '', { [CANDIDATE_PARAM]: String(candidate.id) })}
          />
        </Grid.Col>
      </Grid>
      <CandidateDetailDrawer candidateId={editing ? null : candidateId} onClose={closeCandidate} onEdit={setEditing} />
      <CandidateFormDrawer
        opened={adding || editing !== null}
        candidate={adding ? null : editing}
        pools={poolList}
        defaultPoolId={filters.talentPoolId}
        onClose={() => (adding ? navigate(urlWith({ [ACTION_PARAM]: null }), { replace: true }) : setEditing(null))}
        onCreated={(id) => navigate(urlWith({ [ACTION_PARAM]: null, [CANDIDATE_PARAM]: String(id) }), { replace: true })}
      />
      <ImportModal opened={importing} pools={poolList} defaultPoolId={filters.talentPoolId} onClose={() => setImporting(false)} />
    </>
  );
}
