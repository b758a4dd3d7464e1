// Derived state facts (a state's political leaning). Pure, so the seed, the import jobs and staff edits share them.
import type { Party } from "~/lib/party";

type Counted = { office: string; party: string };

function count(officials: Counted[]) {
  const c = { Democratic: 0, Republican: 0, Independent: 0, total: 0 };
  for (const o of officials) {
    if (o.party in c) c[o.party as "Democratic" | "Republican" | "Independent"]++;
    c.total++;
  }
  return c;
}

/**
 * Political leaning: count the governor, the senators and the House members. More Democrats
 * than Republicans gives Democratic, more Republicans gives Republican, equal and nonzero
 * gives Split, no officials gives Unknown.
 */
export function politicalLeaning(officials: Counted[]): "Democratic" | "Republican" | "Split" | "Unknown" {
  const relevant = officials.filter((o) => ["Governor", "Senator", "Representative"].includes(o.office));
  const c = count(relevant);
  if (c.total === 0) return "Unknown";
  if (c.Democratic > c.Republican) return "Democratic";
  if (c.Republican > c.Democratic) return "Republican";
  return "Split";
}

/**
 * Party control of the state's delegation in Congress (senators and House members, delegates
 * included): the party holding more than half the seats; Split when none does; null when the
 * jurisdiction sends nobody. The governor is reported apart as governorParty.
 */
export function partyControl(officials: Counted[]): Party | "Split" | null {
  const c = count(officials.filter((o) => o.office === "Senator" || o.office === "Representative"));
  if (c.total === 0) return null;
  for (const party of ["Democratic", "Republican", "Independent"] as const) {
    if (c[party] * 2 > c.total) return party;
  }
  return "Split";
}

export function governorParty(officials: Counted[]): string | null {
  return officials.find((o) => o.office === "Governor")?.party ?? null;
}
