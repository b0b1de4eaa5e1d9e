// The CSV import dialog. It cannot be closed while a file is uploading; each
// opening starts a fresh wizard.
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { useT } from '#app/i18n/useT.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { ImportWizard } from './ImportWizard.tsx';
import { IMPORT_MUTATION_KEY } from './useImportRun.ts';

interface ImportModalProps {
  opened: boolean;
  pools: TalentPool[];
  defaultPoolId: number | null;
  onClose: () => void;
}

export function ImportModal({ opened, pools, defaultPoolId, onClose }: ImportModalProps) {
  const t = useT();
  const [session, setSession] = useState(0);
  const running = useIsMutating({ mutationKey: IMPORT_MUTATION_KEY }) > 0;
  const close = () => {
    if (running) return;
    setSession((n) => n + 1);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('people.import.title')} size="xl"
      closeOnEscape={!running} closeOnClickOutside={!running} withCloseButton={!running}>
      <ImportWizard key={session} pools={pools} defaultPoolId={defaultPoolId} onClose={close} />
    </Modal>
  );
}
