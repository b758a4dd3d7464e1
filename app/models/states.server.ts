// States, DC and territories: data access.
import type { Db } from "~/db.server";
import { districtHrefOfOfficial } from "~/lib/district-shapes.server";
import { vacancyOf, type Vacancy } from "~/lib/seat-vacancy";
import { incomingOfficials } from "~/models/incoming-officials.server";
import { officialsOfState } from "~/models/officials.server";
import { abbreviationOfStateName } from "~/lib/state-name";

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

/** The abbreviation of the state a full name typed in a URL names ("california", "new-york"), or null. */
export const abbreviationOfStateNamed = async (db: Db, typed: string) =>
  abbreviationOfStateName(typed, await db.state.findMany({ select: { name: true, abbreviation: true } }));

export const findStateById = (db: Db, id: number) =>
  db.state.findUnique({ where: { id }, select: { ...STATE_SUMMARY, officialWebsite: true, politicalLeaning: true, updatedAt: true } });

/** House districts of a state with `seats` seats, as officials' district values: "AL" for one seat, else "01".."NN". */
export const houseDistricts = (seats: number) =>
  seats === 1 ? ["AL"] : Array.from({ length: seats }, (_, i) => String(i + 1).padStart(2, "0"));

/**
 * Seats with no current holder, a fact the state and home pages show: House districts (from the
 * state's apportioned seats) without an active representative, the Senate seats no active senator
 * holds (senateVacanciesOf) and the governorship (governorVacancyOf). `vacantSince` says what the
 * terms record about each empty House seat and the governorship (vacantSinceOf).
 */
export async function vacanciesOf(db: Db, stateId: number, today = new Date().toISOString().slice(0, 10)) {
  const [state, representatives] = await Promise.all([
    db.state.findUniqueOrThrow({ where: { id: stateId }, select: { id: true, abbreviation: true, type: true, houseSeats: true } }),
    db.official.findMany({ where: { stateId, office: "Representative", isActive: true }, select: { district: true } }),
  ]);
  const held = new Set(representatives.map((r) => r.district));
  const vacant = houseDistricts(state.houseSeats).filter((d) => !held.has(d));
  const seats: Seat[] = vacant.map((d) => ({ state: state.abbreviation, type: "rep", district: d === "AL" ? 0 : Number(d) }));
  const [since, governor, senate] = await Promise.all([
    vacantSinceOf(db, seats, today),
    governorVacancyOf(db, state, today),
    senateVacanciesOf(db, state, today),
  ]);
  return {
    houseDistricts: vacant,
    governor: governor !== null,
    senate,
    vacantSince: { house: Object.fromEntries(vacant.map((d, i) => [d, since[i]])), governor: governor?.vacantSince ?? null },
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
): Promise<{ vacantSince: Vacancy } | null> {
  const governors = await db.official.findMany({ where: { stateId: state.id, office: "Governor" }, select: { isActive: true } });
  if (governors.length === 0 || governors.some((g) => g.isActive)) return null;
  const [vacantSince] = await vacantSinceOf(db, [{ state: state.abbreviation, type: "gov" }], today);
  return { vacantSince };
}

/**
 * A state's empty Senate seats: a state (not DC or a territory) has two, one per Senate class it
 * elects, and each class no active senator holds is empty. Its classes are those its senators'
 * terms record; an empty seat of a class no term records has no class (and no date). Every page
 * that shows an empty Senate seat (state, home, ZIP answer) asks this.
 */
export async function senateVacanciesOf(
  db: Db,
  state: { id: number; abbreviation: string; type: string },
  today = new Date().toISOString().slice(0, 10),
): Promise<{ senateClass: number | null; vacantSince: Vacancy }[]> {
  if (state.type !== "state") return [];
  const [senators, terms] = await Promise.all([
    db.official.findMany({ where: { stateId: state.id, office: "Senator", isActive: true }, select: { senateClass: true } }),
    db.officialTerm.findMany({
      where: { state: state.abbreviation, type: "sen", senateClass: { not: null }, start: { lte: today } },
      orderBy: [{ start: "desc" }, { end: "desc" }],
      select: { senateClass: true, isCurrent: true },
    }),
  ]);
  const empty = Math.max(0, 2 - senators.length);
  if (empty === 0) return [];
  const held = new Set(senators.map((s) => s.senateClass));
  // Each class's latest term first: a class whose last term has ended comes before one still current
  // (held by a senator whose class is not on file).
  const latest = new Map<number, boolean>();
  for (const t of terms) if (!latest.has(t.senateClass!)) latest.set(t.senateClass!, t.isCurrent);
  const free = [...latest]
    .filter(([c]) => !held.has(c))
    .sort(([a, aCurrent], [b, bCurrent]) => Number(aCurrent) - Number(bCurrent) || a - b)
    .map(([c]) => c);
  const classes = Array.from({ length: empty }, (_, i) => free[i] ?? null);
  const since = await vacantSinceOf(
    db,
    classes.map((senateClass) => ({ state: state.abbreviation, type: "sen", senateClass })),
    today,
  );
  return classes.map((senateClass, i) => ({ senateClass, vacantSince: since[i] }));
}

/**
 * The seats as the public pages list them beside their holders: the vacant governorship, Senate
 * seats and House seats (each with its district page), and the incoming officials whose terms
 * have not begun (shown under the seat's current holder).
 */
export async function publicVacanciesOf(db: Db, state: { id: number; abbreviation: string }) {
  const [vacancies, incoming] = await Promise.all([vacanciesOf(db, state.id), incomingOfficials(db, new Date(), state.abbreviation)]);
  return {
    incoming,
    governor: vacancies.governor ? { vacantSince: vacancies.vacantSince.governor } : null,
    senate: vacancies.senate,
    house: vacancies.houseDistricts.map((district) => ({
      district,
      vacantSince: vacancies.vacantSince.house[district] ?? null,
      href: districtHrefOfOfficial(state.abbreviation, district),
    })),
  };
}

/**
 * A seat as the terms record it: a House seat by its district (terms number an at-large or delegate
 * seat 0), a Senate seat by its class (null: not known), the governorship.
 */
export type Seat =
  | { state: string; type: "rep"; district: number }
  | { state: string; type: "sen"; senateClass: number | null }
  | { state: string; type: "gov" };

/**
 * What the terms say about each seat (one the caller found without a holder): its last holder's
 * term is the latest-starting term for the seat that has begun (of two starting the same day, the
 * one that ended later), and vacancyOf (app/lib/seat-vacancy.ts) reads from it since when the seat is empty and
 * whether that term ended without a successor on file. A Senate seat of unknown class, or a seat
 * with no term on file, has no date (null). The seats vacant in the shipped snapshot have their
 * last members' terms (prisma/data/congress-legislators/legislators-former.json).
 */
export async function vacantSinceOf(db: Db, seats: Seat[], today = new Date().toISOString().slice(0, 10)): Promise<Vacancy[]> {
  if (seats.length === 0) return [];
  const states = [...new Set(seats.map((s) => s.state))];
  const terms = await db.officialTerm.findMany({
    // Terms that have begun: an incoming official's term (decision 0029) is not the seat's last holder's.
    where: { state: { in: states }, type: { in: [...new Set(seats.map((s) => s.type))] }, start: { lte: today } },
    orderBy: [{ start: "desc" }, { end: "desc" }],
    select: { type: true, state: true, district: true, senateClass: true, end: true, endReason: true, isCurrent: true },
  });
  return seats.map((seat) => {
    if (seat.type === "sen" && seat.senateClass === null) return null;
    const last = terms.find(
      (t) =>
        t.state === seat.state &&
        t.type === seat.type &&
        (seat.type !== "rep" || t.district === seat.district) &&
        (seat.type !== "sen" || t.senateClass === seat.senateClass),
    );
    return vacancyOf(last, today);
  });
}

/** Everything staff see and edit on the state detail page, with staff notes. */
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
