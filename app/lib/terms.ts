// When an office is held: a term covers the moments from its start to its end, and an official is
// current exactly while one of their terms covers now. The one rule every public surface follows
// (through Official.isActive and OfficialTerm.isCurrent, which the imports and the term clock keep
// equal to it). Pure, so the seed, the imports, the clock and the tests share it.

/**
 * Terms change hands at noon in Washington on their boundary day: the Twentieth Amendment ends
 * and begins House and Senate terms "at noon on the 3d day of January", and a member sworn in or
 * leaving on another day is dated by that day. Governors change hands on the state's inauguration
 * day; the sources give only the day, so noon in Washington is used for them too (decision 0029).
 */
export const TERM_TIME_ZONE = "America/New_York";

/** A term stored with this reason ended on a day no source gives: it covers nothing any more. */
export const END_DATE_NOT_ON_FILE = "date-not-on-file";

export type DatedTerm = { start: string; end: string | null; endReason?: string | null };

const WASHINGTON_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: TERM_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Washington's UTC offset at `at`, in minutes (e.g. -300 for EST). */
function offsetMinutes(at: Date): number {
  const parts = Object.fromEntries(WASHINGTON_PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  const local = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return Math.round((local - at.getTime()) / 60_000);
}

// Boundaries by day: the clock asks for the same few hundred days thousands of times.
const boundaries = new Map<string, number>();

/** The moment a term boundary on `day` (YYYY-MM-DD) happens: noon in Washington that day. */
export function termBoundary(day: string): Date {
  let ms = boundaries.get(day);
  if (ms === undefined) {
    const noonUtc = new Date(`${day}T12:00:00Z`);
    ms = noonUtc.getTime() - offsetMinutes(noonUtc) * 60_000;
    boundaries.set(day, ms);
  }
  return new Date(ms);
}

/** Whether `term` covers the moment `at`: started, and not yet ended (nor ended on an unknown day). */
export function termCovers(term: DatedTerm, at: Date): boolean {
  if (term.endReason === END_DATE_NOT_ON_FILE) return false;
  if (termBoundary(term.start) > at) return false;
  return term.end === null || at < termBoundary(term.end);
}

/** Not started yet at `at`: an incoming official's term. */
export const termUpcoming = (term: DatedTerm, at: Date) => termBoundary(term.start) > at;

/**
 * The day whose boundary made `term` start or stop covering: its start when it covers `at` (or is
 * upcoming), else its end (null when that day is not on file).
 */
export const termEventDay = (term: DatedTerm, at: Date): string | null =>
  termCovers(term, at) || termUpcoming(term, at) ? term.start : term.endReason === END_DATE_NOT_ON_FILE ? null : term.end;

/** The moment a change of office on `day` is dated in the public history (the event's, not the job's). */
export const eventMoment = (day: string | null, fallback: Date) => (day ? termBoundary(day) : fallback);

/** The calendar day (YYYY-MM-DD) in Washington at `at`: "today" for terms. */
const WASHINGTON_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: TERM_TIME_ZONE });
export const dayInWashington = (at: Date) => WASHINGTON_DAY.format(at);
