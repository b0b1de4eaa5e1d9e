// The CSV import, step by step: file → mapping and preview → progress → report.
import { Alert, Button, Group, Loader, Stack, Stepper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useInterfaceLanguage, useT } from '#app/i18n/useT.ts';
import type { EmailConsentChoice, ImportCreate, ImportMapping } from '#domain/imports/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { ColumnMappingTable } from './ColumnMappingTable.tsx';
import { ImportConsentChoice } from './ImportConsentChoice.tsx';
import { ImportFileStep } from './ImportFileStep.tsx';
import { assignColumn, delimiterName, mapsName } from './importMapping.ts';
import { ImportOptionsFields } from './ImportOptionsFields.tsx';
import { ImportProgress } from './ImportProgress.tsx';
import { ImportReport } from './ImportReport.tsx';
import { PreviewRowsTable } from './PreviewRowsTable.tsx';
import { useImportPreview } from './useImportPreview.ts';
import { useImportRun } from './useImportRun.ts';

interface ImportWizardProps {
  pools: TalentPool[];
  defaultPoolId: number | null;
  onClose: () => void;
  /** Whether the file is still being read: until then, closing the dialog or leaving the page stops the import. */
  onReadingChange: (reading: boolean) => void;
}

export function ImportWizard({ pools, defaultPoolId, onClose, onReadingChange }: ImportWizardProps) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [fileToken, setFileToken] = useState(0);
  /** null: the mapping guessed by the server. */
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [poolId, setPoolId] = useState<number | null>(defaultPoolId);
  const [duplicates, setDuplicates] = useState<ImportCreate['duplicates']>('skip');
  // No consent unless the recruiter says these people agreed (decision 035).
  const [emailConsent, setEmailConsent] = useState<EmailConsentChoice>('none');
  const language = useInterfaceLanguage();
  const preview = useImportPreview(file, fileToken, mapping);
  const { run, progress, reading } = useImportRun();

  const current = mapping ?? preview.data?.mapping ?? {};
  const step = run.data ? 3 : run.isPending ? 2 : file ? 1 : 0;
  // Once every row is read, the server writes them on its own (the upload is over): the dialog may close.
  useEffect(() => onReadingChange(reading), [reading, onReadingChange]);

  const chooseFile = (next: File | null) => {
    setFile(next);
    setFileToken((token) => token + 1);
    setMapping(null);
  };

  const start = () => {
    if (!file || !preview.data) return;
    run.mutate({
      file,
      options: {
        fileName: file.name.slice(0, 255),
        mapping: current,
        talentPoolId: poolId,
        duplicates,
        delimiter: delimiterName(preview.data.delimiter),
        emailConsent,
        language,
      },
    });
  };

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('people.import.steps.file')} />
        <Stepper.Step label={t('people.import.steps.columns')} />
        <Stepper.Step label={t('people.import.steps.import')} />
        <Stepper.Step label={t('people.import.steps.report')} />
      </Stepper>

      {step <= 1 && <ImportFileStep file={file} onFile={chooseFile} />}

      {step === 1 && <>
        {preview.isError && (
          <Alert color="red" title={t('people.import.cannotImport')} data-testid="import-preview-error">
            {errorText(preview.error)}
          </Alert>
        )}
        {preview.isPending && !preview.isError && <Group gap="xs"><Loader size="sm" /><Text size="sm">{t('people.import.readingFirstRows')}</Text></Group>}
        {preview.data && <>
          <Text size="sm" fw={600}>{t('people.import.columns')}</Text>
          <ColumnMappingTable preview={preview.data} mapping={current}
            onAssign={(column, field) => setMapping(assignColumn(current, column, field))} />
          {!mapsName(current) && (
            <Alert color="yellow" title={t('people.import.whichName')}>{t('people.import.whichNameBody')}</Alert>
          )}
          <Text size="sm" fw={600}>{t('people.import.firstRows')} {preview.isFetching && <Loader size="xs" ml={6} />}</Text>
          <PreviewRowsTable rows={preview.data.rows} />
          <ImportOptionsFields pools={pools} poolId={poolId} onPool={setPoolId} duplicates={duplicates} onDuplicates={setDuplicates} />
          <ImportConsentChoice value={emailConsent} onChange={setEmailConsent}
            consentColumn={current.allowsEmail === undefined ? null : preview.data.headers[current.allowsEmail] ?? null} />
        </>}
        {run.isError && <Alert color="red" title={t('people.import.didNotStart')}>{errorText(run.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('people.actions.cancel')}</Button>
          <Button onClick={start} disabled={!preview.data || !mapsName(current) || preview.isFetching}>{t('people.import.start')}</Button>
        </Group>
      </>}

      {step === 2 && <>
        <ImportProgress summary={progress} />
        {reading ? <Text size="xs" c="dimmed">{t('people.import.leaveWarning')}</Text> : <>
          <Text size="sm" data-testid="import-finishes-on-server">{t('people.import.finishesOnServer')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('people.import.closeWhileSaving')}</Button>
          </Group>
        </>}
      </>}

      {step === 3 && run.data && <>
        <ImportReport summary={run.data.summary} error={run.data.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => { run.reset(); chooseFile(null); }}>{t('people.import.another')}</Button>
          <Button onClick={onClose}>{t('people.import.done')}</Button>
        </Group>
      </>}
    </Stack>
  );
}
