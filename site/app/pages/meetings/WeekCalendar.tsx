// The week view: Monday to Sunday side by side, 07:00-20:00 (wider when a
// meeting lies outside), meetings as coloured blocks placed by their time in
// the recruiter's zone. On phones one day at a time, chosen with day tabs.
import { Box, Tabs, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { usePhone } from '#app/lib/usePhone.ts';
import { useState } from 'react';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { timeText } from '#domain/meetings/availability.ts';
import { useT } from '#app/i18n/useT.ts';
import { meetingWith } from './meetingLabels.ts';
import { localTimes, longDate, weekdayName } from './meetingTime.ts';
import { hourRange, placeMeetings, type PlacedMeeting } from './weekLayout.ts';

const HOUR_PX = 56;
/** Below this height a block shows its time and who on one line. */
const TWO_LINES_PX = 36;
const GUTTER = '3.5rem';
/** Mantine's sm breakpoint: below it the shell has no sidebar either. */

interface WeekCalendarProps {
  dates: string[];
  meetings: Meeting[];
  timeZone: string;
  today: string;
  onOpen: (meeting: Meeting) => void;
}

export function WeekCalendar({ dates, meetings, timeZone, today, onOpen }: WeekCalendarProps) {
  const phone = usePhone();
  const [phoneDay, setPhoneDay] = useState(() => (dates.includes(today) ? today : dates[0]));
  const placed = placeMeetings(meetings, dates, timeZone);
  const hours = hourRange(placed.values());
  const shown = phone ? [dates.includes(phoneDay) ? phoneDay : dates[0]] : dates;

  const columns = (
    <Box data-testid="week-calendar" style={{ display: 'grid', gridTemplateColumns: `${GUTTER} repeat(${shown.length}, minmax(0, 1fr))` }}>
      {/* On phones the day tabs name the day. */}
      {!phone && <>
        <div aria-hidden />
        {shown.map((date) => (
          <Text key={date} aria-hidden size="sm" ta="center" fw={date === today ? 700 : 500} c={date === today ? 'indigo' : undefined} pb={4}>
            {weekdayName(date)} {Number(date.slice(8))}
          </Text>
        ))}
      </>}
      <HourGutter {...hours} />
      {shown.map((date) => (
        <DayColumn key={date} date={date} placed={placed.get(date) ?? []} firstHour={hours.first} lastHour={hours.last}
          timeZone={timeZone} onOpen={onOpen} />
      ))}
    </Box>
  );

  if (!phone) return columns;
  return (
    <>
      <Tabs value={shown[0]} onChange={(day) => day && setPhoneDay(day)} mb="sm">
        <Tabs.List grow>
          {/* Named by what they show ("Mon 12", axe's label-in-name); the whole date is their description. */}
          {dates.map((date) => (
            <Tabs.Tab key={date} value={date} px={4} title={longDate(date)}>
              <Text span size="xs" display="block">{weekdayName(date)}</Text>
              <Text span size="sm" fw={600}>{Number(date.slice(8))}</Text>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {columns}
    </>
  );
}

function HourGutter({ first, last }: { first: number; last: number }) {
  return (
    <Box pos="relative" h={(last - first) * HOUR_PX} aria-hidden>
      {Array.from({ length: last - first }, (_, index) => (
        <Text key={index} size="xs" c="dimmed" pos="absolute" top={Math.max(0, index * HOUR_PX - 8)} right={6}>
          {timeText((first + index) * 60)}
        </Text>
      ))}
    </Box>
  );
}

interface DayColumnProps {
  date: string;
  placed: PlacedMeeting[];
  firstHour: number;
  lastHour: number;
  timeZone: string;
  onOpen: (meeting: Meeting) => void;
}

function DayColumn({ date, placed, firstHour, lastHour, timeZone, onOpen }: DayColumnProps) {
  return (
    <Box component="section" aria-label={longDate(date)} data-testid={`week-day-${date}`} pos="relative"
      h={(lastHour - firstHour) * HOUR_PX}
      style={{
        borderLeft: '1px solid var(--mantine-color-default-border)',
        backgroundImage: `repeating-linear-gradient(to bottom, var(--mantine-color-default-border) 0 1px, transparent 1px ${HOUR_PX}px)`,
      }}>
      {placed.map((item) => <MeetingBlock key={item.meeting.id} item={item} firstHour={firstHour} timeZone={timeZone} onOpen={onOpen} />)}
    </Box>
  );
}

function MeetingBlock({ item, firstHour, timeZone, onOpen }: { item: PlacedMeeting; firstHour: number; timeZone: string; onOpen: (meeting: Meeting) => void }) {
  const t = useT();
  const { meeting } = item;
  const colour = meeting.meetingType?.colour ?? 'gray';
  const cancelled = meeting.status === 'cancelled';
  const { range, startTime } = localTimes(meeting, timeZone);
  const who = meetingWith(meeting);
  /** Said after who: the meeting type and the status. */
  const details = [meeting.meetingType?.name, t(`meetings.statuses.${meeting.status}`)].filter(Boolean).map((text) => `, ${text}`).join('');
  const label = `${range}, ${who}${details}`;
  const height = ((item.end - item.start) / 60) * HOUR_PX - 2;
  return (
    // Named by its text, the visible part and the hidden rest alike ("09:00 – 09:30, Anna de Vries, Intro call,
    // Confirmed", as the title shows it): a name must contain what is seen (axe's label-in-name).
    <UnstyledButton
      onClick={() => onOpen(meeting)}
      title={label}
      data-testid={`week-meeting-${meeting.id}`}
      pos="absolute"
      top={((item.start - firstHour * 60) / 60) * HOUR_PX}
      h={height}
      left={`calc(${(item.lane / item.lanes) * 100}% + 2px)`}
      w={`calc(${100 / item.lanes}% - 4px)`}
      px={4}
      py={2}
      style={{
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-sm)',
        background: `var(--mantine-color-${colour}-light)`,
        borderLeft: `3px solid var(--mantine-color-${colour}-filled)`,
        opacity: cancelled ? 0.6 : 1,
        textDecoration: cancelled ? 'line-through' : undefined,
      }}
    >
      {height < TWO_LINES_PX
        ? <Text size="xs" truncate><b>{startTime}</b> <VisuallyHidden>{range.slice(startTime.length).trim()},</VisuallyHidden> {who}<VisuallyHidden>{details}</VisuallyHidden></Text>
        : <>
          <Text size="xs" fw={600} truncate>{range}<VisuallyHidden>,</VisuallyHidden></Text>
          <Text size="xs" truncate>{who}<VisuallyHidden>{details}</VisuallyHidden></Text>
        </>}
    </UnstyledButton>
  );
}
