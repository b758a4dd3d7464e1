// House districts: who holds each seat, with the state's name, for district pages.
import type { Db } from "~/db.server";
import { officialDistrict } from "~/lib/zip";
import { OFFICIAL_CARD } from "~/models/officials.server";

/**
 * For each district (state abbreviation and district number), its state's name and its active
 * House member, or null when the seat is vacant. Districts of unknown states are left out.
 */
export async function districtsWithMembers(db: Db, districts: { state: string; number: number }[]) {
  const states = await db.state.findMany({
    where: { abbreviation: { in: [...new Set(districts.map((d) => d.state))] } },
    select: { id: true, name: true, abbreviation: true },
  });
  const stateOf = new Map(states.map((s) => [s.abbreviation, s]));
  const known = districts.filter((d) => stateOf.has(d.state));
  const members = known.length
    ? await db.official.findMany({
        where: {
          office: "Representative",
          isActive: true,
          OR: known.map((d) => ({ stateId: stateOf.get(d.state)!.id, district: officialDistrict(d.number) })),
        },
        select: OFFICIAL_CARD,
      })
    : [];
  return known.map((d) => {
    const state = stateOf.get(d.state)!;
    const member = members.find((m) => m.stateId === state.id && m.district === officialDistrict(d.number)) ?? null;
    return { state: state.abbreviation, stateName: state.name, number: d.number, member };
  });
}
