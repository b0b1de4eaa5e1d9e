// The campaign wizard (spec §2, §4, §5, §8): 1 Basic Info, 2 Content, 3 Launch.
// Issue 12 adds follow-ups and placeholder gating to Content, and the send window,
// "join late" and the recipient count to Launch, within the same three steps.
// Opened with openPanel('campaign', ...) or openCampaignWizard(prefill); a launch lands on the campaign's page.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorText } from '#app/api/ApiError.ts';
import { closePanel, useDrawerState } from '#app/drawers/drawerStore.ts';
import {
  CAMPAIGN_FORM_DEFAULTS, campaignFormSchema, campaignPayload, stepComplete, whatsappTemplateIssues, type CampaignFormValues,
} from '#app/messaging/campaignFormSchema.ts';
import { applyCampaignTypeDefaults, defaultSubject, isDefaultSubject } from '#app/messaging/campaignTypes.ts';
import { useOrganisationDefaults } from '#app/messaging/organisationDefaults.ts';
import { createCampaign, poolReachQuery, prefetchAiTemplates, refreshMessaging, usePoolReach, useTalentPools } from '#app/messaging/queries.ts';
import { contentStepBlockers, sendWindowProblems } from '#app/messaging/sequenceForm.ts';
import { focusFirstField } from '#app/lib/focusFirstField.ts';
import { navigate } from '#app/router/navigate.ts';
import { toast } from '#app/toast/toast.ts';
import { useT } from '#app/i18n/useT.ts';
import { campaignPath } from '#domain/campaigns/paths.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { ContentStep } from './ContentStep.tsx';
import { LaunchStep } from './LaunchStep.tsx';
import { useWizardGeneration } from './useWizardGeneration.ts';

/** The steps (labels: panels.wizard.steps). */
export const WIZARD_STEPS = ['basic', 'content', 'launch'] as const;
const LAST_STEP = WIZARD_STEPS.length - 1;

export function CampaignWizardDialog() {
  const panel = useDrawerState('campaign');
  const t = useT();
  const { open } = panel;
  const client = useQueryClient();
  const poolsQuery = useTalentPools(open);
  const pools = useMemo(() => poolsQuery.data ?? [], [poolsQuery.data]);
  const [step, setStep] = useState(0);
  const [prompt, setPrompt] = useState('');
  const [launchError, setLaunchError] = useState<string | null>(null);
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  const [wasOpen, setWasOpen] = useState(false);

  const form = useForm<CampaignFormValues>({
    resolver: zodResolver(campaignFormSchema),
    mode: 'onTouched',
    defaultValues: CAMPAIGN_FORM_DEFAULTS,
  });
  const generation = useWizardGeneration(form, pools, prompt);
  const organisation = useOrganisationDefaults(open);

  // Each opening starts at step 1 with the defaults plus whatever the opener passed in. The
  // dialog's own state starts over while rendering the opening (React's "information from
  // previous renders"); the form and the generation, outside React state, in the effect below.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPrompt(panel.prompt ?? '');
      setLaunchError(null);
      setConfirmingEmpty(false);
      setStep(0);
    }
  }
  // Keyed on `open` alone: the payload is read once, when the dialog opens (an effect event,
  // so later changes to it do not re-run this).
  const startOpening = useEffectEvent(() => {
    void prefetchAiTemplates(client);
    const values: CampaignFormValues = {
      ...CAMPAIGN_FORM_DEFAULTS,
      talentPoolId: String(panel.talentPoolId ?? ''),
      // The opener's language, else the organisation's default (once read), else the spec's (Dutch).
      language: panel.language ?? organisation.language ?? CAMPAIGN_FORM_DEFAULTS.language,
      selectedTemplate: panel.templateId ?? '',
      emailSubject: panel.emailSubject ?? '',
      emailContent: panel.emailContent ?? '',
    };
    if (panel.campaignType) Object.assign(values, { campaignType: panel.campaignType }, applyCampaignTypeDefaults(values, panel.campaignType));
    // A copy's own name, follow-ups, send window and WhatsApp step win over the type's defaults; its schedule does not.
    if (panel.copy) Object.assign(values, panel.copy);
    generation.cancel();
    form.reset(values);
  });
  useEffect(() => {
    if (open) startOpening();
  }, [open]);
  // The organisation's default language read after the opening: preselected unless the opener gave one or the
  // recruiter chose already; a default subject follows it (as when the recruiter switches, ContentStep).
  const orgLanguage = organisation.language;
  const openerLanguage = panel.language;
  useEffect(() => {
    if (!open || !orgLanguage || openerLanguage || form.getFieldState('language').isDirty || form.getValues('language') === orgLanguage) return;
    form.setValue('language', orgLanguage);
    const type = form.getValues('campaignType');
    if (type && isDefaultSubject(form.getValues('emailSubject'))) form.setValue('emailSubject', defaultSubject(type, orgLanguage));
  }, [open, orgLanguage, openerLanguage, form]);

  const watched = useWatch({
    control: form.control,
    name: ['campaignType', 'name', 'talentPoolId', 'emailSubject', 'emailContent', 'followUps', 'sendWindowOn', 'sendWindow', 'whatsappOn', 'whatsappTemplate'],
  });
  const [campaignType, name, talentPoolId, emailSubject, emailContent, followUps, sendWindowOn, sendWindow, whatsappOn, whatsappTemplate] = watched;
  const current = { campaignType, name, talentPoolId, emailSubject, emailContent };
  // The spec's rule (subject and content set), extended: no {{placeholder}} left, follow-ups the API accepts.
  const contentBlockers = contentStepBlockers({ emailSubject, emailContent, followUps }, organisation.sendTime);
  // With the WhatsApp option on, its template and parameters too (issue 14).
  const contentReady = stepComplete(current, 1) && contentBlockers.length === 0 && whatsappTemplateIssues({ whatsappOn, whatsappTemplate }).length === 0;
  const nextBlockedBy = step === 1 && stepComplete(current, 1) ? contentBlockers[0] : undefined;
  const canAdvance = step < LAST_STEP && stepComplete(current, step) && (step < 1 || contentReady) && generation.generatingId === null;
  const canLaunch = step === LAST_STEP && contentReady && sendWindowProblems({ sendWindowOn, sendWindow }).length === 0;
  const reach = usePoolReach(talentPoolId ? Number(talentPoolId) : null, open && step === LAST_STEP, whatsappOn);

  const launch = useMutation({
    mutationFn: (values: CampaignFormValues) => createCampaign(campaignPayload(values)),
    // The recruiter lands on the new campaign's page (issue 27), the spec's toast over it.
    onSuccess: async ({ campaign }) => {
      toast({ title: t('panels.wizard.created'), description: t('panels.wizard.createdBody'), variant: 'success' });
      close();
      navigate(campaignPath(campaign.id));
      await refreshMessaging(client);
    },
    onError: (error) => {
      setConfirmingEmpty(false);
      setLaunchError(errorText(error, t('panels.wizard.createFailed')));
      toast({ title: t('panels.wizard.createFailedToast'), description: t('panels.wizard.createFailedToastBody'), variant: 'destructive' });
    },
  });

  function close() {
    generation.cancel();
    closePanel('campaign');
    setStep(0);
  }

  // Each step starts at the top of the dialog: on a phone the previous step's scroll would leave the new one's
  // first fields under the dialog's sticky header (axe's target-size found the schedule's radios half covered).
  // Focus moves to the step's first field (issue 27): the Next that was pressed is disabled or replaced, and focus
  // on the page behind would let Tab walk it. Not while closing: Mantine returns focus to the opener then.
  const formRef = useRef<HTMLFormElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const showStep = useEffectEvent(() => {
    const dialog = formRef.current?.closest('[role="dialog"]');
    if (dialog) dialog.scrollTop = 0;
    if (open && stepRef.current) focusFirstField(stepRef.current);
  });
  useEffect(() => showStep(), [step]);

  const next = () => { if (canAdvance) setStep((s) => s + 1); };
  const previous = () => { setConfirmingEmpty(false); setStep((s) => Math.max(0, s - 1)); };
  const submit = form.handleSubmit((values) => {
    setLaunchError(null);
    launch.mutate(values);
  });
  // Launching to 0 eligible recipients asks first: only "Launch anyway" goes on from there. A count
  // still loading is waited for; one that failed does not block.
  const requestLaunch = async () => {
    if (!canLaunch || launch.isPending || confirmingEmpty) return;
    const count = reach.data ?? await client.ensureQueryData(poolReachQuery(Number(talentPoolId), whatsappOn)).catch(() => undefined);
    if (count?.eligible === 0) setConfirmingEmpty(true);
    else void submit();
  };

  return (
    <Modal opened={open} onClose={close} title={t('panels.wizard.title')} size="xl" centered data-testid="campaign-wizard">
      <form ref={formRef} onSubmit={(event) => { event.preventDefault(); void requestLaunch(); }} noValidate>
        <Stack gap="lg">
          <Stepper active={step} onStepClick={(target) => { if (target < step) setStep(target); }} allowNextStepsSelect={false} size="sm">
            <Stepper.Step label={t(`panels.wizard.steps.${WIZARD_STEPS[0]}`)}>
              <div ref={stepRef}><BasicInfoStep form={form} pools={pools} /></div>
            </Stepper.Step>
            <Stepper.Step label={t(`panels.wizard.steps.${WIZARD_STEPS[1]}`)}>
              <div ref={stepRef}>
                <ContentStep form={form} generatingId={generation.generatingId} generatingStep={generation.generatingStep}
                  onChooseTemplate={(templateId, draftStep) => void generation.choose(templateId, draftStep)} sendTime={organisation.sendTime} />
              </div>
            </Stepper.Step>
            <Stepper.Step label={t(`panels.wizard.steps.${WIZARD_STEPS[2]}`)}>
              <div ref={stepRef}>
                <LaunchStep form={form} pools={pools} launchError={launchError} reach={reach} confirmingEmpty={confirmingEmpty}
                  onConfirmEmpty={() => void submit()} onCancelEmpty={() => setConfirmingEmpty(false)} />
              </div>
            </Stepper.Step>
          </Stepper>
          {nextBlockedBy && <Text size="sm" c="orange.8" id="wizard-next-blocked" data-testid="next-blocked-reason">{nextBlockedBy}</Text>}
          <Group justify="space-between">
            <Button variant="default" onClick={step === 0 ? close : previous}>{step === 0 ? t('panels.cancel') : t('panels.wizard.previous')}</Button>
            {/* Distinct keys: reusing the Next element as the submit button would let the click that
                reaches step 3 also submit the form (its type changes before the browser acts on it). */}
            {step < LAST_STEP ? (
              <Button key="next" onClick={next} disabled={!canAdvance} aria-describedby={nextBlockedBy ? 'wizard-next-blocked' : undefined}>{t('panels.wizard.next')}</Button>
            ) : (
              <Button key="launch" type="submit" disabled={!canLaunch} loading={launch.isPending}>{t('panels.wizard.launch')}</Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
