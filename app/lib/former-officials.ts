// A former official (Official.isActive false) as their profile says it: the office they last held,
// from when to when, and their values "as of when they left". Pure, so it is unit-tested; the
// profile's loader (app/routes/representative.$id.server.ts) gathers the terms and the seat.
import { formatDay } from "~/lib/dates";
import { districtTitle } from "~/lib/districts";
import { officeLabel } from "~/lib/officials-order";
import type { ValueSource } from "~/lib/provenance";
import { END_DATE_NOT_ON_FILE } from "~/lib/terms";

/** The fields of an OfficialTerm the profile reads. */
export type ServedTerm = {
  type: string;
  start: string;
  end: string | null;
  state: string;
  district: number | null;
  senateClass: number | null;
  endReason: string | null;
  isCurrent: boolean;
};

/** The office a term type is (OfficialTerm.type to Official.office). */
const TERM_TYPE: Record<string, string> = { Senator: "sen", Representative: "rep", Governor: "gov" };

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * An official's last stretch of service in their office: the latest-starting term of that office
 * that has begun by `today` (of two starting the same day, the one that ended later; an incoming
 * official's term that has not begun is not service), and the start of continuous service,
 * walking back through their terms of the same seat (same state; for the House, the same district)
 * while each one ended no earlier than the day before the next began (congress-legislators splits
 * service into one term per Congress; before 1935 terms ended on March 3 and began on March 4).
 * `end` is the day that term ended, or null when it is not on file (no end, an end after `today`,
 * a term still current, or an end stored as not on file). Null when no term of the office is on file.
 */
export function lastService(office: string, terms: ServedTerm[], today: string) {
  const type = TERM_TYPE[office];
  const ofOffice = terms
    .filter((t) => (type ? t.type === type : true) && t.start <= today)
    .sort((a, b) => b.start.localeCompare(a.start) || (b.end ?? "").localeCompare(a.end ?? ""));
  const last = ofOffice[0];
  if (!last) return null;
  let start = last.start;
  for (const t of ofOffice.slice(1)) {
    const sameSeat = t.state === last.state && (last.type !== "rep" || t.district === last.district);
    if (!sameSeat || !t.end || t.end < dayBefore(start)) break;
    if (t.start < start) start = t.start;
  }
  const ended = !last.isCurrent && last.end !== null && last.end <= today && last.endReason !== END_DATE_NOT_ON_FILE;
  return { term: last, start, end: ended ? last.end : null };
}

/** A House district number from an official's district ("01", "AL" at-large, "DEL" delegate; null: none). */
const districtNumber = (district: string | null) => (!district ? null : /^\d+$/.test(district) ? Number(district) : 0);

/**
 * The office as a sentence names it: "U.S. Senator from Ohio", "House Representative for Texas's
 * 20th congressional district" (a delegate by their title), "Governor of Ohio".
 */
export function officeTitle(
  office: string,
  state: { name: string; abbreviation: string },
  district: { term: number | null; official: string | null },
): string {
  if (office === "Senator") return `U.S. Senator from ${state.name}`;
  if (office === "Governor") return `Governor of ${state.name}`;
  if (office === "Representative") {
    const number = district.term ?? districtNumber(district.official);
    const title = officeLabel(office, state.abbreviation);
    return number === null ? `${title} from ${state.name}` : `${title} for ${districtTitle(state.name, number)}`;
  }
  return `${office}, ${state.name}`;
}

/** "Jan 3, 2023 – Jan 10, 2025"; "Jan 3, 2023 – date not on file"; "dates not on file". */
export function serviceDates(service: { start: string; end: string | null } | null): string {
  if (!service) return "dates not on file";
  return `${formatDay(service.start)} – ${service.end ? formatDay(service.end) : "date not on file"}`;
}

/** The profile's first line about a former official: "Former U.S. Senator from Ohio, Jan 3, 2023 – Jan 10, 2025". */
export const formerHeading = (title: string, service: { start: string; end: string | null } | null) =>
  `Former ${title}, ${serviceDates(service)}`;

/** When they left, as the contact card says it: "when they left office on Nov 3, 2026". */
export const leftOfficeWords = (end: string | null) =>
  end ? `when they left office on ${formatDay(end)}` : "when they left office (date not on file)";

/** Facts about the person, not the office: an import still verifies them after they leave. */
const PERSONAL_FIELDS = new Set(["dateOfBirth", "gender"]);

/**
 * A former official's value source. An imported value of the office (contact details, district,
 * office, party) is what the source held while they served: later checks of the source do not
 * verify that it still reaches them, so it says "as of when they left" and no verified date. A
 * value staff entered or the crawler found keeps its own verified date (a person checked it then),
 * as do facts about the person (date of birth, gender).
 */
export function formerValueSource(
  field: string,
  p: { sourceName: string; sourceUrl: string | null; method: string },
  current: ValueSource,
  end: string | null,
): ValueSource {
  if (p.method !== "import" || PERSONAL_FIELDS.has(field)) return current;
  return {
    label: `${p.sourceName} · as of when they left`,
    url: p.sourceUrl,
    detail: `${p.sourceName}, imported, as of ${leftOfficeWords(end)}`,
  };
}
