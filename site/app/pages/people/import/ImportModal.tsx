// The CSV import dialog. It cannot be closed while a file is being read (that would break the upload off, and
// nothing of the file would be kept); once every row is read it can, and the People page shows the rest
// (RunningImports). Each opening starts a fresh wizard.
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { ImportWizard } from './ImportWizard.tsx';

interface ImportModalProps {
  opened: boolean;
  pools: TalentPool[];
  defaultPoolId: number | null;
  onClose: () => void;
}

export function ImportModal({ opened, pools, defaultPoolId, onClose }: ImportModalProps) {
  const t = useT();
  const [session, setSession] = useState(0);
  const [reading, setReading] = useState(false);
  const close = () => {
    if (reading) return;
    setSession((n) => n + 1);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('people.import.title')} size="xl"
      closeOnEscape={!reading} closeOnClickOutside={!reading} withCloseButton={!reading}>
      <ImportWizard key={session} pools={pools} defaultPoolId={defaultPoolId} onClose={close} onReadingChange={setReading} />
    </Modal>
  );
}
