// Sorting: office order Governor, Cabinet, Senator, Representative; by name within office.
import { AT_LARGE, DELEGATE, districtLabel as seatLabel } from "~/lib/zip";

const OFFICE_ORDER = ["Governor", "Cabinet", "Senator", "Representative"];

export function compareOfficials(a: { office: string; lastName: string; firstName: string }, b: typeof a): number {
  return (
    OFFICE_ORDER.indexOf(a.office) - OFFICE_ORDER.indexOf(b.office) ||
    a.lastName.localeCompare(b.lastName) ||
    a.firstName.localeCompare(b.firstName)
  );
}

/** The two orders of a state's House members: by last name (the default), or by district, at-large first. */
export const HOUSE_ORDERS = ["name", "district"] as const;
export type HouseOrder = (typeof HOUSE_ORDERS)[number];
export const houseOrderOf = (value: string | null): HouseOrder => (value === "district" ? "district" : "name");

const districtRank = (district: string | null) => (district === null ? Infinity : /^\d+$/.test(district) ? Number(district) : 0);
export function compareByDistrict(a: { district: string | null; lastName: string; firstName: string }, b: typeof a): number {
  return (
    districtRank(a.district) - districtRank(b.district) || a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName)
  );
}

/** Party columns on desktop: Democrats, Republicans, Independent/Other. */
export function byPartyColumn<T extends { party: string }>(officials: T[]) {
  return {
    Democrats: officials.filter((o) => o.party === "Democratic"),
    Republicans: officials.filter((o) => o.party === "Republican"),
    "Independent/Other": officials.filter((o) => o.party !== "Democratic" && o.party !== "Republican"),
  };
}

/** Non-voting House members: Puerto Rico's is its Resident Commissioner; DC's and the other territories' are Delegates. */
const NON_VOTING_TITLES: Record<string, string> = {
  PR: "Resident Commissioner",
  DC: "Delegate",
  GU: "Delegate",
  AS: "Delegate",
  VI: "Delegate",
  MP: "Delegate",
};

/**
 * Office as displayed: Representative shows as House Representative, except a
 * non-voting member, named by the jurisdiction they represent (its abbreviation, when known).
 */
export function officeLabel(office: string, stateAbbreviation?: string): string {
  if (office !== "Representative") return office;
  return (stateAbbreviation && NON_VOTING_TITLES[stateAbbreviation]) || "House Representative";
}
export function shortOfficeLabel(office: string, stateAbbreviation?: string): string {
  if (office === "Senator") return "Sen";
  if (office !== "Representative") return office;
  return (stateAbbreviation && NON_VOTING_TITLES[stateAbbreviation]) || "House Rep";
}

/**
 * A House seat as displayed, from an official's `district` value: "01" reads District 1; "AL" reads
 * At-large, or Delegate (at-large) for a non-voting member (when the state is known).
 */
export function districtLabel(district: string | null, stateAbbreviation?: string): string | null {
  if (!district) return null;
  if (district === "AL" || district === "DEL") {
    return seatLabel(stateAbbreviation && NON_VOTING_TITLES[stateAbbreviation] ? DELEGATE : AT_LARGE);
  }
  return /^\d+$/.test(district) ? seatLabel(Number(district)) : `District ${district}`;
}

export function initials(o: { firstName?: string | null; lastName?: string | null; name: string }): string {
  const parts = [o.firstName, o.lastName].filter((p): p is string => Boolean(p?.trim()));
  const source = parts.length ? parts : o.name.split(/\s+/);
  return source
    .slice(0, 2)
    .map((p) => p.trim().charAt(0).toUpperCase())
    .join("");
}
