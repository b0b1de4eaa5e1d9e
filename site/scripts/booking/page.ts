// The booking page's island: time zone, a week of free times, confirm, book,
// reschedule and cancel. The server rendered every panel (BookingPage.astro); this
// shows one at a time, fills in times on the candidate's clock and talks to the API.
import type { PublicBooking, PublicMeeting } from '#domain/meetings/booking-schemas.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { byId, pageErrors, setBusy, setInlineError } from '../form.ts';
import { ENGLISH_BOOKING, type BookingTexts } from '../texts.ts';
import { fetchSlots, postBooking, postCancel, setBookingTexts, type Failure } from './api.ts';
import {
  clockTime, confirmationText, dayHeading, dayShort, DUTCH_LOCALE, englishLocale, firstPanel, joinLink, locationText, meetingTimeInZone, slotsByDay,
  weekHeading, withFreshSlots, words, type BookingRoute, type Panel,
} from './format.ts';
import { detectedZone, localDate, weekFrom, zoneChoices, zoneLabel, type Week } from './zones.ts';

/** Weeks ahead one can page to: the longest booking horizon (365 days). */
const MAX_WEEKS = 53;
/** On opening, empty weeks skipped to reach the first free time (a few requests at most). */
const SKIP_EMPTY_WEEKS = 4;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const root = document.getElementById('booking');
if (root) start(root);

function start(root: HTMLElement) {
  const token = root.dataset.token ?? '';
  const route = root.dataset.route as BookingRoute;
  const booking = JSON.parse(root.dataset.booking ?? '{}') as PublicBooking;
  const base = `/book/${encodeURIComponent(token)}`;
  // The page's language and texts, as the server chose them (BookingPage.astro).
  const texts = root.dataset.texts ? JSON.parse(root.dataset.texts) as BookingTexts : ENGLISH_BOOKING;
  setBookingTexts(texts, pageErrors(root));
  const t = words(texts);
  const locale = root.dataset.lang === 'nl' ? DUTCH_LOCALE
    : englishLocale(navigator.languages.length ? navigator.languages : [navigator.language]);
  let zone = detectedZone(booking.recruiter.timeZone);
  let weekIndex = 0;
  let week: Week = weekFrom(localDate(Date.now(), zone), 0, zone);
  let slots: Slot[] = [];
  let chosen: Slot | null = null;
  let loading: AbortController | null = null;

  const panels: Record<Panel, HTMLElement> = {
    picker: byId('bk-picker'), confirm: byId('bk-confirm'), done: byId('bk-done'),
    cancel: byId('bk-cancel'), cancelled: byId('bk-cancelled'), 'nothing-booked': byId('bk-nothing'),
  };
  const status = byId('bk-status');
  const zoneSelect = byId<HTMLSelectElement>('bk-zone');
  const slotList = byId('bk-slots');
  const dayPicker = byId('bk-daypick');
  /** The day whose times a phone shows (booking.css shows every day on a wider screen). */
  let chosenDay: string | null = null;
  const empty = byId('bk-empty');
  const pickerError = byId('bk-picker-error');
  const prev = byId<HTMLButtonElement>('bk-prev');
  const next = byId<HTMLButtonElement>('bk-next');
  const form = byId<HTMLFormElement>('bk-form');
  const submit = byId<HTMLButtonElement>('bk-submit');
  const fields = {
    name: { input: byId<HTMLInputElement>('bk-name'), error: byId('bk-name-error') },
    email: { input: byId<HTMLInputElement>('bk-email'), error: byId('bk-email-error') },
    note: { input: byId<HTMLTextAreaElement>('bk-note'), error: byId('bk-note-error') },
  };
  const formError = byId('bk-form-error');
  const startError = byId('bk-start-error');
  const cancelForm = byId<HTMLFormElement>('bk-cancel-form');
  const reason = { input: byId<HTMLTextAreaElement>('bk-reason'), error: byId('bk-reason-error') };
  const cancelError = byId('bk-cancel-error');
  const cancelSubmit = byId<HTMLButtonElement>('bk-cancel-submit');

  const announce = (text: string) => { status.textContent = text; };

  function show(panel: Panel, focus = true) {
    for (const [name, element] of Object.entries(panels)) element.hidden = name !== panel;
    if (focus) panels[panel].querySelector<HTMLElement>('h2')?.focus();
  }

  // ---- Time zone and week ----

  function fillZones() {
    byId('bk-picker-body').hidden = false;
    zoneSelect.replaceChildren(...zoneChoices(zone, booking.recruiter.timeZone).map((name) => new Option(name.replaceAll('_', ' '), name)));
    zoneSelect.value = zone;
    byId('bk-zone-name').textContent = zoneLabel(zone);
  }

  async function loadWeek(skipEmpty = 0): Promise<void> {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    week = weekFrom(localDate(Date.now(), zone), weekIndex, zone);
    const heading = weekHeading(week.dates[0], week.dates[6], locale);
    byId('bk-week-label').textContent = heading;
    prev.disabled = weekIndex === 0;
    next.disabled = weekIndex >= MAX_WEEKS - 1;
    setInlineError(pickerError, null);
    slotList.setAttribute('aria-busy', 'true');
    slotList.replaceChildren();
    empty.textContent = texts.loadingTimes;
    empty.hidden = false;
    let answer: Awaited<ReturnType<typeof fetchSlots>>;
    try {
      answer = await fetchSlots(token, week, zone, controller.signal);
    } catch {
      return; // a newer week or zone took over
    }
    if (loading !== controller) return;
    slotList.removeAttribute('aria-busy');
    if (!answer.ok) {
      slots = [];
      renderSlots();
      setInlineError(pickerError, answer.message);
      return;
    }
    slots = answer.answer.slots;
    if (!slots.length && skipEmpty > 0 && weekIndex < MAX_WEEKS - 1) {
      weekIndex += 1;
      return loadWeek(skipEmpty - 1);
    }
    renderSlots();
    announce(slots.length ? t(slots.length === 1 ? 'freeTime' : 'freeTimes', { week: heading, count: slots.length })
      : t('noFreeTimesIn', { week: heading }));
  }

  function showDay(date: string | null) {
    chosenDay = date;
    for (const button of dayPicker.querySelectorAll<HTMLButtonElement>('button[data-date]')) {
      button.setAttribute('aria-pressed', String(button.dataset.date === date));
    }
    for (const group of slotList.querySelectorAll<HTMLElement>('.bk-day')) group.classList.toggle('is-chosen', group.dataset.date === date);
  }

  function renderDayPicker(days: Array<{ date: string; slots: unknown[] }>) {
    dayPicker.replaceChildren(...days.map((day) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'bk-daypick__day';
      button.dataset.date = day.date;
      const name = Object.assign(document.createElement('span'), { textContent: dayShort(day.date, locale) });
      const count = Object.assign(document.createElement('span'), {
        className: 'muted', textContent: day.slots.length === 1 ? texts.dayTimesOne : t('dayTimes', { count: day.slots.length }),
      });
      button.append(name, count);
      return button;
    }));
    dayPicker.hidden = days.length === 0;
  }

  function renderSlots() {
    const days = slotsByDay(slots, zone).filter((day) => week.dates.includes(day.date));
    renderDayPicker(days);
    slotList.replaceChildren(...days.map((day) => {
      const group = document.createElement('div');
      group.className = 'bk-day';
      group.dataset.date = day.date;
      group.setAttribute('role', 'group');
      group.setAttribute('aria-labelledby', `bk-day-${day.date}`);
      const title = document.createElement('h4');
      title.id = `bk-day-${day.date}`;
      title.textContent = dayHeading(day.date, locale);
      const list = document.createElement('ul');
      list.className = 'bk-times';
      list.append(...day.slots.map((slot) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'bk-time';
        button.dataset.start = slot.start;
        button.textContent = clockTime(Date.parse(slot.start), zone, locale);
        // When moving a meeting, its own time is offered too (it does not block itself): mark it rather than book it again.
        if (booking.state === 'booked' && booking.meeting && Date.parse(booking.meeting.start) === Date.parse(slot.start)) {
          button.disabled = true;
          button.append(Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: texts.yourCurrentTime }));
        }
        item.append(button);
        return item;
      }));
      group.append(title, list);
      return group;
    }));
    empty.textContent = texts.noFreeTimes;
    empty.hidden = days.length > 0;
    showDay(days.some((day) => day.date === chosenDay) ? chosenDay : days[0]?.date ?? null);
  }

  // A day chosen: its times, and the first of them to go on with (the keyboard too).
  dayPicker.addEventListener('click', (event) => {
    const date = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-date]')?.dataset.date;
    if (!date) return;
    showDay(date);
    slotList.querySelector<HTMLButtonElement>(`.bk-day[data-date="${date}"] button:not(:disabled)`)?.focus();
  });

  zoneSelect.addEventListener('change', () => {
    zone = zoneSelect.value;
    byId('bk-zone-name').textContent = zoneLabel(zone);
    void loadWeek();
  });
  prev.addEventListener('click', () => {
    weekIndex = Math.max(0, weekIndex - 1);
    void loadWeek();
  });
  next.addEventListener('click', () => {
    weekIndex = Math.min(MAX_WEEKS - 1, weekIndex + 1);
    void loadWeek();
  });

  // ---- Confirm and book ----

  slotList.addEventListener('click', (event) => {
    const start = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-start]')?.dataset.start;
    const slot = slots.find((candidate) => candidate.start === start);
    if (!slot) return;
    chosen = slot;
    const { time, zone: zoneText } = meetingTimeInZone(slot, zone, locale);
    byId('bk-chosen-time').textContent = time;
    byId('bk-chosen-zone').textContent = zoneText;
    clearFormErrors();
    show('confirm');
  });

  byId('bk-change').addEventListener('click', () => {
    show('picker');
    renderSlots();
  });

  function clearFormErrors() {
    for (const field of Object.values(fields)) setInlineError(field.error, null, [field.input]);
    setInlineError(formError, null);
    setInlineError(startError, null);
  }

  function fieldError(name: keyof typeof fields, message: string) {
    setInlineError(fields[name].error, message, [fields[name].input]);
    fields[name].input.focus();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!chosen || submit.disabled) return;
    clearFormErrors();
    const name = fields.name.input.value.trim();
    const email = fields.email.input.value.trim();
    const note = fields.note.input.value.trim();
    if (!name) return fieldError('name', texts.enterName);
    if (!EMAIL.test(email)) return fieldError('email', texts.enterEmail);
    void book(chosen, { name, email, note });
  });

  async function book(slot: Slot, input: { name: string; email: string; note: string }) {
    setBusy(submit, true);
    const result = await postBooking(token, { start: slot.start, name: input.name, email: input.email, note: input.note || undefined, timeZone: zone });
    setBusy(submit, false);
    if (result.ok) {
      booking.state = 'booked';
      booking.meeting = result.meeting;
      // A reload (or the back button) should show the booked meeting, not the picker.
      if (route !== 'book') history.replaceState(null, '', `${base}${location.search}`);
      showMeeting(result.meeting, result.moved ? texts.moved : texts.booked);
      return;
    }
    bookingFailed(result, slot);
  }

  function bookingFailed(failure: Failure, slot: Slot) {
    if (failure.status === 409) {
      slots = withFreshSlots(slots, failure.slots ?? [], slot.start, week);
      chosen = null;
      show('picker');
      renderSlots();
      setInlineError(pickerError, failure.message);
      return;
    }
    if (failure.field === 'name' || failure.field === 'email' || failure.field === 'note') return fieldError(failure.field, failure.message);
    setInlineError(failure.field === 'start' ? startError : formError, failure.message);
  }

  // ---- The booked meeting ----

  function fillMeeting(meeting: PublicMeeting) {
    const yours = meetingTimeInZone(meeting, zone, locale);
    const theirs = meetingTimeInZone(meeting, meeting.recruiterTimeZone, locale);
    byId('bk-done-yours').textContent = yours.time;
    byId('bk-done-yours-zone').textContent = yours.zone;
    byId('bk-done-theirs').textContent = theirs.time;
    byId('bk-done-theirs-zone').textContent = theirs.zone;
    const where = byId('bk-done-where');
    const join = joinLink(meeting);
    if (meeting.locationKind === 'teams' && join) {
      const link = Object.assign(document.createElement('a'), { href: join, target: '_blank', rel: 'noopener noreferrer' });
      link.textContent = texts.joinTeams;
      where.replaceChildren(link);
    } else {
      where.textContent = meeting.locationKind !== 'teams' ? locationText(meeting, texts)
        : meeting.teamsLinkFollows ? texts.teamsLinkLater : t('teamsLinkFromRecruiter', { name: booking.recruiter.name });
    }
    for (const id of ['bk-cancel-time', 'bk-current-time']) {
      const element = document.getElementById(id);
      if (element) element.textContent = yours.time;
    }
  }

  function showMeeting(meeting: PublicMeeting, title: string) {
    fillMeeting(meeting);
    byId('bk-done-title').textContent = title;
    byId('bk-done-lead').textContent = confirmationText(booking, 'confirmationOnItsWay', texts);
    show('done');
    announce(`${title}: ${byId('bk-done-yours').textContent}`);
  }

  // ---- Cancel ----

  cancelForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (cancelSubmit.disabled) return;
    setInlineError(reason.error, null, [reason.input]);
    setInlineError(cancelError, null);
    void cancel(reason.input.value.trim());
  });

  async function cancel(text: string) {
    setBusy(cancelSubmit, true);
    const result = await postCancel(token, text);
    setBusy(cancelSubmit, false);
    if (result.ok) {
      booking.state = 'cancelled';
      show('cancelled');
      announce(texts.cancelledTitle);
      return;
    }
    if (result.field === 'reason') {
      setInlineError(reason.error, result.message, [reason.input]);
      reason.input.focus();
    } else {
      setInlineError(cancelError, result.message);
    }
  }

  // ---- Opening ----

  fillZones();
  if (booking.meeting) fillMeeting(booking.meeting);
  if (firstPanel(route, booking.state) === 'picker') void loadWeek(SKIP_EMPTY_WEEKS);
}
