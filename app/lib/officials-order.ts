// Sorting (spec 1 §9): office order Governor, Cabinet, Senator, Representative; by name within office.
const OFFICE_ORDER = ["Governor", "Cabinet", "Senator", "Representative"];

export function compareOfficials(a: { office: string; lastName: string; firstName: string }, b: typeof a): number {
  return (
    OFFICE_ORDER.indexOf(a.office) - OFFICE_ORDER.indexOf(b.office) ||
    a.lastName.localeCompare(b.lastName) ||
    a.firstName.localeCompare(b.firstName)
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

/** Office as displayed: Representative shows as House Representative (spec 1 §2). */
export const officeLabel = (office: string) => (office === "Representative" ? "House Representative" : office);
export const shortOfficeLabel = (office: string) => (office === "Senator" ? "Sen" : office === "Representative" ? "House Rep" : office);

export function initials(o: { firstName?: string | null; lastName?: string | null; name: string }): string {
  const parts = [o.firstName, o.lastName].filter((p): p is string => Boolean(p?.trim()));
  const source = parts.length ? parts : o.name.split(/\s+/);
  return source
    .slice(0, 2)
    .map((p) => p.trim().charAt(0).toUpperCase())
    .join("");
}
