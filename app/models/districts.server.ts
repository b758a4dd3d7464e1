// House districts: who holds each seat, with the state's name, for district pages.
import type { Db } from "~/db.server";
import { DELEGATE, officialDistrict } from "~/lib/zip";
import { OFFICIAL_CARD } from "~/models/officials.server";
import { vacantSinceOf } from "~/models/states.server";

/** The terms' number for a House seat: a delegate's seat (98 in the ZIP table) is 0, as an at-large seat. */
export const termDistrict = (district: number) => (district === DELEGATE ? 0 : district);

/**
 * For each district (state abbreviation and district number), its state's name and its active
 * House member, or null when the seat is vacant, with what the terms say about an empty seat
 * (`vacantSince`, from vacantSinceOf: since when, and whether its last term ended without a
 * successor on file). Districts of unknown states are left out.
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
  const memberOf = (d: (typeof known)[number]) =>
    members.find((m) => m.stateId === stateOf.get(d.state)!.id && m.district === officialDistrict(d.number)) ?? null;
  const vacant = known.filter((d) => !memberOf(d));
  const since = await vacantSinceOf(
    db,
    vacant.map((d) => ({ state: d.state, type: "rep", district: termDistrict(d.number) })),
  );
  return known.map((d) => {
    const state = stateOf.get(d.state)!;
    const member = memberOf(d);
    return {
      state: state.abbreviation,
      stateName: state.name,
      number: d.number,
      member,
      vacantSince: member ? null : since[vacant.indexOf(d)],
    };
  });
}
