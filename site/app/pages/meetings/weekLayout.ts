// Where meetings sit in the week calendar: the day column, the minutes from
// the top, and side-by-side lanes when meetings overlap (everyone's meetings,
// or a cancelled one under its replacement). Pure, for the calendar and tests.
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { minutesOfDayRange } from './meetingTime.ts';

/** The hours shown when no meeting lies outside them. */
export const DEFAULT_FIRST_HOUR = 7;
export const DEFAULT_LAST_HOUR = 20;
/** A very short meeting still gets a block one can read and click. */
const MIN_BLOCK_MINUTES = 20;

export interface PlacedMeeting {
  meeting: Meeting;
  /** Minutes after local midnight. */
  start: number;
  end: number;
  lane: number;
  lanes: number;
}

/** Meetings per local date (only the dates given), each with its lane among overlapping ones. */
export function placeMeetings(meetings: readonly Meeting[], dates: readonly string[], timeZone: string): Map<string, PlacedMeeting[]> {
  const byDate = new Map<string, PlacedMeeting[]>(dates.map((date) => [date, []]));
  for (const meeting of meetings) {
    const { date, start, end } = minutesOfDayRange(meeting, timeZone);
    byDate.get(date)?.push({ meeting, start, end: Math.max(end, start + MIN_BLOCK_MINUTES), lane: 0, lanes: 1 });
  }
  for (const placed of byDate.values()) assignLanes(placed);
  return byDate;
}

/** Greedy lanes per cluster of overlapping meetings; every meeting of a cluster shares its lane count. */
function assignLanes(placed: PlacedMeeting[]): void {
  placed.sort((a, b) => a.start - b.start || a.end - b.end);
  let cluster: PlacedMeeting[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const closeCluster = () => {
    for (const item of cluster) item.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const item of placed) {
    if (item.start >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    item.lane = lane;
    cluster.push(item);
    clusterEnd = Math.max(clusterEnd, item.end);
  }
  closeCluster();
}

/** 07:00-20:00, widened to whole hours that hold every placed meeting. */
export function hourRange(days: Iterable<PlacedMeeting[]>): { first: number; last: number } {
  let first = DEFAULT_FIRST_HOUR;
  let last = DEFAULT_LAST_HOUR;
  for (const placed of days) {
    for (const item of placed) {
      first = Math.min(first, Math.floor(item.start / 60));
      last = Math.max(last, Math.min(24, Math.ceil(item.end / 60)));
    }
  }
  return { first, last };
}
