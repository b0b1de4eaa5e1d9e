// Talentloop's English texts, the one catalogue of its words (the /app interface, the public and
// booking pages; the server's answers and the candidate's emails as issue 26 moves them here): the
// source every other language must match key for key (nl.ts is typed `Resources`). The spec's
// texts are here word for word. Browser-safe: the server and the browser read the same texts.

import { common, sentiment, shell } from './en/shell.ts';
import { dashboard } from './en/dashboard.ts';
import { meetings } from './en/meetings.ts';
import { people } from './en/people.ts';
import { palette } from './en/palette.ts';
import { communications } from './en/communications.ts';
import { panels } from './en/panels.ts';
import { meetingBooking } from './en/meetingBooking.ts';
import { admin } from './en/admin.ts';
import { dataRights } from './en/dataRights.ts';
import { settings } from './en/settings.ts';
import { themeDemo } from './en/themeDemo.ts';
import { pages } from './en/pages.ts';
import { publicPages } from './en/publicPages.ts';
import { errors } from './en/errors.ts';
import { errorTerms } from './en/errorTerms.ts';
import { states } from './en/states.ts';
import { emails } from './en/emails.ts';
import { linkPages } from './en/linkPages.ts';

export const en = {
  common,
  shell,
  dashboard,
  sentiment,
  meetings,
  people,
  palette,
  communications,
  panels,
  meetingBooking,
  admin,
  dataRights,
  settings,
  themeDemo,
  pages,
  publicPages,
  errors,
  errorTerms,
  states,
  emails,
  linkPages,
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** The shape every language's texts must have: English's keys, any wording. */
export type Resources = Strings<typeof en>;
