// What an empty seat's terms say about it, and the words every page uses for it (the home, state
// and district pages, the ZIP answer and a former official's profile). The rule is decision 0022's
// "Ended terms without a successor". Pure, so it is unit-tested and shared by server and browser.
import { formatDay } from "~/lib/dates";
import { END_DATE_NOT_ON_FILE } from "~/lib/terms";

/**
 * An empty seat, from its last holder's term: the day that term ended, the source's reason, and
 * whether it ended as scheduled (or for the source's stated reason) rather than by its holder
 * leaving early. Null when no term on file records the day.
 */
export type Vacancy = { since: string; reason: string | null; termEnded: boolean } | null;

/** The fields of a seat's last term the rule reads. */
export type LastTerm = { type: string; end: string | null; endReason: string | null; isCurrent: boolean };

/**
 * Congress's regular terms end at noon on January 3 of an odd year (Twentieth Amendment): a House
 * or Senate term ending that day ended as scheduled, not because its holder left.
 */
export const endsOnCongressSchedule = (end: string) => /^\d{3}[13579]-01-03$/.test(end);

/**
 * The rule for an empty seat, given the latest-starting term for it (of two starting the same day,
 * the one that ended later):
 * - no term, a term still current, one ending after `today`, or one whose end is not on file:
 *   the date is not on file (null);
 * - otherwise the seat is empty since that term's end, and the term ended without a successor on
 *   file (`termEnded`) when the source gives a reason for its end (congress-legislators' end-type,
 *   e.g. an appointee's term ending at a special election), when it is a House or Senate term
 *   ending on Congress's schedule, or when it is a governor's term: a governorship passes to a
 *   successor at once (decision 0011), so an empty one is always the source not naming them yet.
 *   Any other end is a member who left early: an ordinary vacancy.
 */
export function vacancyOf(last: LastTerm | undefined, today: string): Vacancy {
  if (!last || last.isCurrent || !last.end || last.end > today || last.endReason === END_DATE_NOT_ON_FILE) return null;
  const reason = last.endReason ?? null;
  const termEnded =
    reason !== null || last.type === "gov" || ((last.type === "rep" || last.type === "sen") && endsOnCongressSchedule(last.end));
  return { since: last.end, reason, termEnded };
}

const END_REASON_WORDS: Record<string, string> = { "special-election": "special election" };

/** A source's end reason in words: the known ones as people say them, any other code with its dashes as spaces. */
export const endReasonWords = (reason: string) => END_REASON_WORDS[reason] ?? reason.replaceAll("-", " ");

/**
 * What a page says about an empty seat: "Vacant since Nov 2, 2026"; "Term ended Nov 3, 2026
 * (special election); the source has not yet named who holds the seat"; or "Vacant (date not on
 * file)".
 */
export function vacantWords(vacancy: Vacancy): string {
  if (!vacancy) return "Vacant (date not on file)";
  const day = formatDay(vacancy.since);
  if (!vacancy.termEnded) return `Vacant since ${day}`;
  const reason = vacancy.reason ? ` (${endReasonWords(vacancy.reason)})` : "";
  return `Term ended ${day}${reason}; the source has not yet named who holds the seat`;
}

/** A Senate seat as the pages name it: by its class when known. */
export const senateSeatName = (senateClass: number | null) => (senateClass ? `Senate seat (class ${senateClass})` : "Senate seat");
