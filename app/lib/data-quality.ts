// The data validation job's rules: duplicates, consistency, and a completeness score.
// Pure functions over plain rows; the job reads the rows and writes the results.
import { PARTIES } from "~/lib/party";
import { CRITICAL_FIELDS, OFFICE_CHOICES, type CriticalField } from "~/lib/staff-edits";

export type CheckedOfficial = {
  id: number;
  name: string;
  office: string;
  party: string;
  district: string | null;
  state: { abbreviation: string; type: string; houseSeats: number };
  /** End dates (YYYY-MM-DD) of the terms marked current. */
  currentTermEnds: (string | null)[];
};

export type DuplicateGroup = { reason: string; key: string; officialIds: number[] };

const normalName = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z]/g, "");

/** The same person twice (same name, state and office), and one seat held by two officials. */
export function findDuplicates(officials: CheckedOfficial[]): DuplicateGroup[] {
  const groups = new Map<string, DuplicateGroup>();
  const add = (reason: string, key: string, id: number) => {
    const group = groups.get(`${reason}|${key}`) ?? { reason, key, officialIds: [] };
    group.officialIds.push(id);
    groups.set(`${reason}|${key}`, group);
  };
  for (const o of officials) {
    add("Same name, state and office", `${normalName(o.name)} ${o.state.abbreviation} ${o.office}`, o.id);
    if (o.office === "Representative") add("Two representatives for one seat", `${o.state.abbreviation}-${o.district ?? "?"}`, o.id);
    if (o.office === "Governor") add("Two governors for one state", o.state.abbreviation, o.id);
  }
  const senators = officials.filter((o) => o.office === "Senator");
  for (const abbreviation of new Set(senators.map((o) => o.state.abbreviation))) {
    const ids = senators.filter((o) => o.state.abbreviation === abbreviation).map((o) => o.id);
    if (ids.length > 2)
      groups.set(`senators|${abbreviation}`, { reason: "More than two senators for one state", key: abbreviation, officialIds: ids });
  }
  return [...groups.values()].filter((g) => g.officialIds.length > 1);
}

/** The House district a state's seats allow: "AL" with one seat or none (delegates), else 01 to the seat count. */
function districtProblem(o: CheckedOfficial): string | null {
  const { houseSeats, abbreviation } = o.state;
  if (houseSeats <= 1) return o.district === "AL" ? null : `District ${o.district ?? "(none)"} but ${abbreviation} has one at-large seat`;
  const n = /^\d{1,2}$/.test(o.district ?? "") ? Number(o.district) : NaN;
  return n >= 1 && n <= houseSeats ? null : `District ${o.district ?? "(none)"} is not one of ${abbreviation}'s ${houseSeats} districts`;
}

/** What is inconsistent in one official's record, in words (empty when nothing is). */
export function consistencyIssues(o: CheckedOfficial, today: string): string[] {
  const issues: string[] = [];
  if (!(PARTIES as readonly string[]).includes(o.party)) issues.push(`Party "${o.party}" is not one of ${PARTIES.join(", ")}`);
  if (!(OFFICE_CHOICES as readonly string[]).includes(o.office))
    issues.push(`Office "${o.office}" is not one of ${OFFICE_CHOICES.join(", ")}`);
  if (o.office === "Representative") {
    const problem = districtProblem(o);
    if (problem) issues.push(problem);
  }
  if (o.office === "Senator" && o.state.type !== "state") issues.push(`${o.state.abbreviation} has no senators`);
  if (o.office === "Senator" && o.district) issues.push(`A senator has a district (${o.district})`);
  for (const end of o.currentTermEnds) if (end && end < today) issues.push(`Current term ended on ${end}`);
  return issues;
}

const FIELD_COUNT = Object.keys(CRITICAL_FIELDS).length;

/** 0–100: the share of critical fields filled, less 10 points for each consistency issue. */
export function qualityScore(missing: readonly CriticalField[], issueCount: number): number {
  return Math.max(0, Math.round((100 * (FIELD_COUNT - missing.length)) / FIELD_COUNT) - 10 * issueCount);
}
