// The communications page's state in the URL: the tab, the thread filters and
// the open thread, an old link's campaign (?campaign={id}, sent on to its page), and the one-shot
// parameters that ask for a dialog (spec §2 Advanced Editor, the palette's
// quick actions): ?action=compose, ?action=create-campaign with the Advanced
// Editor's values, ?template={templateId}.
import type { Language } from '#domain/schemas/language.ts';
import type { Channel, ThreadView } from '#domain/messages/schemas.ts';
import type { Sentiment } from '#domain/ai/schemas.ts';
import { wizardPrefillFromSearch, type WizardPrefill } from '#app/messaging/advancedEditor.ts';
import type { ComposePayload } from '#app/drawers/drawerStore.ts';
import type { ThreadFilters } from '#app/messaging/queries.ts';
import { everyValue, optionalEnum, optionalInt, optionalText, parseSearch, searchSchema, type SearchOf } from '#app/router/searchParams.ts';

export const COMMUNICATIONS_TABS = ['messages', 'campaigns', 'outbox'] as const;
// The values the API accepts.
const SENTIMENTS = everyValue<Sentiment>()(['positive', 'negative', 'neutral', 'other']);
const CHANNELS = everyValue<Channel>()(['email', 'whatsapp']);
const LANGUAGES = everyValue<Language>()(['english', 'dutch']);
const THREAD_VIEWS = everyValue<ThreadView>()(['needs-reply', 'all']);
export type CommunicationsTab = typeof COMMUNICATIONS_TABS[number];

/** The route's validateSearch: a value that is not valid is dropped (its default applies). */
export const communicationsSearchSchema = searchSchema({
  tab: optionalEnum(COMMUNICATIONS_TABS),
  /** Thread filters: the latest reply's sentiment, and the candidate (alone; with ?action= it presets the dialog). */
  /** "Needs reply" (the default) or all threads; a link naming a sentiment or a candidate means all of theirs. */
  view: optionalEnum(THREAD_VIEWS),
  sentiment: optionalEnum(SENTIMENTS),
  candidateId: optionalInt(),
  thread: optionalInt(),
  /** Sent on to the campaign's own page (routes.ts). */
  campaign: optionalInt(),
  action: optionalEnum(['compose', 'create-campaign']),
  candidateName: optionalText(200),
  talentPoolId: optionalInt(),
  channel: optionalEnum(CHANNELS),
  subject: optionalText(300),
  content: optionalText(20_000),
  template: optionalText(64),
  prompt: optionalText(4000),
  language: optionalEnum(LANGUAGES),
});
export type CommunicationsSearch = SearchOf<typeof communicationsSearchSchema.fields>;

/** A query string as the communications page reads it. */
export function readCommunicationsSearch(searchStr: string): CommunicationsSearch {
  return communicationsSearchSchema(parseSearch(searchStr));
}

/** Parameters that ask for a dialog; removed from the URL once it has opened. */
export const ONE_SHOT_PARAMS = ['action', 'template', 'candidateId', 'candidateName', 'talentPoolId', 'channel', 'subject', 'content', 'prompt', 'language'] as const;

export type PageAction =
  | { kind: 'compose'; payload: ComposePayload }
  | { kind: 'campaign'; prefill: WizardPrefill }
  | null;

export function pageAction(search: CommunicationsSearch): PageAction {
  if (search.action === 'compose') {
    const prefill = wizardPrefillFromSearch(search);
    const payload: ComposePayload = {
      candidateId: prefill.candidateId,
      candidateName: prefill.candidateName,
      talentPoolId: prefill.talentPoolId,
      subject: prefill.emailSubject,
      content: prefill.emailContent,
    };
    return { kind: 'compose', payload: Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined)) };
  }
  if (search.action === 'create-campaign' || (!search.action && search.template)) {
    return { kind: 'campaign', prefill: wizardPrefillFromSearch(search) };
  }
  return null;
}

/** The search without the one-shot parameters. */
export function withoutOneShotParams<S extends Record<string, unknown>>(search: S): S {
  const kept = { ...search };
  for (const name of ONE_SHOT_PARAMS) delete kept[name];
  return kept;
}

/** The tab shown. */
export function activeTab(search: CommunicationsSearch): CommunicationsTab {
  return search.tab ?? 'messages';
}

/** The view a URL without ?view= opens: "Needs reply", unless it names a sentiment or a candidate. */
const impliedView = (filters: { sentiment?: string; candidateId?: number }): ThreadView =>
  (filters.sentiment || filters.candidateId ? 'all' : 'needs-reply');

/** The thread filters as URL values (a sentiment the URL does not know is left out; the implied view too). */
export function searchFromThreadFilters({ view, sentiment, candidateId }: ThreadFilters): Pick<CommunicationsSearch, 'view' | 'sentiment' | 'candidateId'> {
  const known = { sentiment: communicationsSearchSchema.fields.sentiment(sentiment), candidateId };
  return { view: view && view !== impliedView(known) ? view : undefined, ...known };
}

/** ?candidateId= alone filters the threads; with ?action= it belongs to the dialog being opened. */
export function threadFilters(search: CommunicationsSearch): ThreadFilters {
  const filters: ThreadFilters = {};
  if (search.sentiment) filters.sentiment = search.sentiment;
  if (search.candidateId && !search.action) filters.candidateId = search.candidateId;
  filters.view = search.view ?? impliedView(filters);
  return filters;
}
