// Party-affiliation positions (/api/state-positions): the majority party among a
// state's officials of the chosen type; Split on a tie; null when it has none of that type.
import type { Position } from "~/lib/map-colors";

export const GROUP_OFFICES: Record<string, string[]> = {
  all: ["Governor", "Senator", "Representative"],
  governors: ["Governor"],
  senators: ["Senator"],
  representatives: ["Representative"],
};

export function majorityParty(officials: { party: string }[]): Position {
  if (officials.length === 0) return null;
  const counts = new Map<string, number>();
  for (const o of officials) counts.set(o.party, (counts.get(o.party) ?? 0) + 1);
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (sorted.length > 1 && sorted[0][1] === sorted[1][1]) return "Split";
  const top = sorted[0][0];
  return top === "Democratic" || top === "Republican" || top === "Independent" ? top : "Split";
}

export function statePositions(
  officials: { stateId: number; office: string; party: string }[],
  stateIds: number[],
  group: string,
): { stateId: number; overallMajorityPosition: Position }[] {
  const offices = GROUP_OFFICES[group] ?? GROUP_OFFICES.all;
  return stateIds.map((stateId) => ({
    stateId,
    overallMajorityPosition: majorityParty(officials.filter((o) => o.stateId === stateId && offices.includes(o.office))),
  }));
}
