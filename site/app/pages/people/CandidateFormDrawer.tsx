// The create and edit form in the context drawer.
import { Button } from '@mantine/core';
import { useId } from 'react';
import type { CandidateCreate } from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { ContextDrawer } from '#app/drawers/ContextDrawer.tsx';
import { useT } from '#app/i18n/useT.ts';
import { CandidateForm } from './CandidateForm.tsx';
import { updateBody, type FormCandidate } from './candidateFormValues.ts';
import { useCreateCandidate, useUpdateCandidate } from './peopleQueries.ts';

interface CandidateFormDrawerProps {
  opened: boolean;
  /** The candidate to edit; null to create one. */
  candidate: FormCandidate | null;
  pools: TalentPool[];
  defaultPoolId: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}

export function CandidateFormDrawer({ opened, candidate, pools, defaultPoolId, onClose, onCreated }: CandidateFormDrawerProps) {
  const t = useT();
  const formId = `candidate-form-${useId().replace(/:/g, '')}`;
  const create = useCreateCandidate();
  const update = useUpdateCandidate();
  const saving = create.isPending || update.isPending;

  const save = async (values: CandidateCreate) => {
    if (candidate) {
      const changes = updateBody(values);
      // A list row does not say how its zone was set: leave the zone alone rather than clear one set by hand.
      if (!candidate.timeZone) delete changes.timeZone;
      await update.mutateAsync({ id: candidate.id, changes });
      onClose();
    } else {
      const created = await create.mutateAsync(values);
      if (created?.id) onCreated(created.id);
      else onClose();
    }
  };

  return (
    <ContextDrawer
      opened={opened}
      onClose={onClose}
      title={candidate ? t('people.form.editTitle', { name: candidate.name }) : t('people.form.addTitle')}
      description={candidate ? undefined : t('people.form.addDescription')}
      footer={<>
        <Button variant="default" onClick={onClose}>{t('people.actions.cancel')}</Button>
        <Button type="submit" form={formId} loading={saving}>{candidate ? t('people.form.saveChanges') : t('people.form.addTitle')}</Button>
      </>}
    >
      {opened && <CandidateForm formId={formId} candidate={candidate} pools={pools} defaultPoolId={defaultPoolId} onSubmit={save} />}
    </ContextDrawer>
  );
}
