// States, DC and territories: data access.
import type { Db } from "~/db.server";
import { districtHrefOfOfficial } from "~/lib/district-shapes.server";
import { officialsOfState } from "~/models/officials.server";

export const STATE_SUMMARY = {
  id: true,
  name: true,
  abbreviation: true,
  type: true,
  partyControl: true,
  governorParty: true,
  population: true,
  electoralVotes: true,
} as const;

export const listStates = (db: Db) => db.state.findMany({ select: STATE_SUMMARY, orderBy: { name: "asc" } });

export const findStateByAbbreviation = (db: Db, abbreviation: string) =>
  db.state.findUnique({
    where: { abbreviation: abbreviation.toUpperCase() },
    select: { ...STATE_SUMMARY, officialWebsite: true, politicalLeaning: true, updatedAt: true },
  });

export const findStateById = (db: Db, id: number) =>
  db.state.findUnique({ where: { id }, select: { ...STATE_SUMMARY, officialWebsite: true, politicalLeaning: true, updatedAt: true } });

/** House districts of a state with `seats` seats, as officials' district values: "AL" for one seat, else "01".."NN". */
export const houseDistricts = (seats: number) =>
  seats === 1 ? ["AL"] : Array.from({ length: seats }, (_, i) => String(i + 1).padStart(2, "0"));

/**
 * Seats with no current holder, a fact the state and home pages show: House districts (from the state's
 * apportioned seats) without an active representative, and the governorship (governorVacancyOf).
 * `vacantSince` says when each became vacant, where the terms record it (see vacantSinceOf).
 */
export async function vacanciesOf(db: Db, stateId: number, today = new Date().toISOString().slice(0, 10)) {
  const [state, representatives] = await Promise.all([
    db.state.findUniqueOrThrow({ where: { id: stateId }, select: { id: true, abbreviation: true, houseSeats: true } }),
    db.official.findMany({ where: { stateId, office: "Representative", isActive: true }, select: { district: true } }),
  ]);
  const held = new Set(representatives.map((r) => r.district));
  const vacant = houseDistricts(state.houseSeats).filter((d) => !held.has(d));
  const seats: Seat[] = vacant.map((d) => ({ state: state.abbreviation, type: "rep", district: d === "AL" ? 0 : Number(d) }));
  const [since, governor] = await Promise.all([vacantSinceOf(db, seats, today), governorVacancyOf(db, state, today)]);
  return {
    houseDistricts: vacant,
    governor: governor !== null,
    vacantSince: { house: Object.fromEntries(vacant.map((d, i) => [d, since[i]])), governor: governor?.since ?? null },
  };
}

/**
 * The governorship is vacant when its last holder left office with no successor on file; no governor
 * on file at all is missing data, not a vacancy (null either way when it is not vacant). Every page
 * that shows an empty governorship (state, home, ZIP answer) asks this.
 */
export async function governorVacancyOf(
  db: Db,
  state: { id: number; abbreviation: string },
  today = new Date().toISOString().slice(0, 10),
): Promise<{ since: string | null } | null> {
  const governors = await db.official.findMany({ where: { stateId: state.id, office: "Governor" }, select: { isActive: true } });
  if (governors.length === 0 || governors.some((g) => g.isActive)) return null;
  const [since] = await vacantSinceOf(db, [{ state: state.abbreviation, type: "gov" }], today);
  return { since };
}

/** The vacancies as the public pages list them: the governorship and each House seat, with its date and district page. */
export async function publicVacanciesOf(db: Db, state: { id: number; abbreviation: string }) {
  const vacancies = await vacanciesOf(db, state.id);
  return {
    governor: vacancies.governor ? { since: vacancies.vacantSince.governor } : null,
    house: vacancies.houseDistricts.map((district) => ({
      district,
      since: vacancies.vacantSince.house[district] ?? null,
      href: districtHrefOfOfficial(state.abbreviation, district),
    })),
  };
}

/** A seat as the terms record it: a House seat by its district (terms number an at-large or delegate seat 0), a Senate seat, the governorship. */
export type Seat = { state: string; type: "rep"; district: number } | { state: string; type: "sen" | "gov" };

/**
 * When each seat (one the caller found without a holder) became vacant: its last holder's term
 * ended. That is the end of the latest-starting term for the seat, if the term is no longer current
 * and its end is not after today; for a Senate seat, the latest such term of a class no current
 * senator of the state holds. Otherwise (a holder deactivated by hand, or no term on file) the date
 * is not on file: null. The seats vacant in the shipped snapshot have their last members' terms
 * (prisma/data/congress-legislators/legislators-former.json).
 */
export async function vacantSinceOf(db: Db, seats: Seat[], today = new Date().toISOString().slice(0, 10)): Promise<(string | null)[]> {
  if (seats.length === 0) return [];
  const states = [...new Set(seats.map((s) => s.state))];
  const terms = await db.officialTerm.findMany({
    where: { state: { in: states }, type: { in: [...new Set(seats.map((s) => s.type))] } },
    orderBy: [{ start: "desc" }, { end: "desc" }], // of two terms starting the same day, the one that ended later
    select: { type: true, state: true, district: true, senateClass: true, end: true, isCurrent: true },
  });
  // Senate classes held now, and then each one an earlier empty Senate seat was matched with.
  const takenClasses = new Set(terms.filter((t) => t.type === "sen" && t.isCurrent).map((t) => `${t.state}-${t.senateClass}`));
  return seats.map((seat) => {
    const last = terms.find(
      (t) =>
        t.state === seat.state &&
        t.type === seat.type &&
        (seat.type !== "rep" || t.district === seat.district) &&
        (seat.type !== "sen" || !takenClasses.has(`${t.state}-${t.senateClass}`)),
    );
    if (last?.type === "sen") takenClasses.add(`${last.state}-${last.senateClass}`);
    return last && !last.isCurrent && last.end && last.end <= today ? last.end : null;
  });
}

/** Everything staff see and edit on the state detail page (spec 3 §2), with staff notes. */
export const findStateForStaff = (db: Db, id: number) =>
  db.state.findUnique({
    where: { id },
    select: { ...STATE_SUMMARY, houseSeats: true, officialWebsite: true, politicalLeaning: true, notes: true, updatedAt: true },
  });

/** The state's officials for the staff Representatives tab: governor, U.S. senators, U.S. representatives. */
export async function stateRepresentativesForStaff(db: Db, stateId: number) {
  const officials = await officialsOfState(db, stateId);
  return {
    governor: officials.find((o) => o.office === "Governor") ?? null,
    senators: officials.filter((o) => o.office === "Senator"),
    representatives: officials.filter((o) => o.office === "Representative"),
    total: officials.length,
  };
}

/** The States tab of Data Management: search by name or abbreviation; each with its representative count and leaning. */
export async function staffStateList(db: Db, q = "") {
  const query = q.trim();
  const states = await db.state.findMany({
    where: query ? { OR: [{ name: { contains: query } }, { abbreviation: { equals: query.toUpperCase() } }] } : undefined,
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      abbreviation: true,
      politicalLeaning: true,
      _count: { select: { officials: { where: { isActive: true } } } },
    },
  });
  return states.map(({ _count, ...s }) => ({ ...s, representativeCount: _count.officials }));
}
