// States, DC and territories: data access.
import type { Db } from "~/db.server";
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
 * Seats with no current holder, a fact the state page shows: House districts (from the state's
 * apportioned seats) without an active representative, and a governorship whose last holder
 * left office with no successor on file (no governor on file at all is missing data, not a vacancy).
 */
export async function vacanciesOf(db: Db, stateId: number) {
  const [state, representatives, governors] = await Promise.all([
    db.state.findUniqueOrThrow({ where: { id: stateId }, select: { houseSeats: true } }),
    db.official.findMany({ where: { stateId, office: "Representative", isActive: true }, select: { district: true } }),
    db.official.findMany({ where: { stateId, office: "Governor" }, select: { isActive: true } }),
  ]);
  const held = new Set(representatives.map((r) => r.district));
  return {
    houseDistricts: houseDistricts(state.houseSeats).filter((d) => !held.has(d)),
    governor: governors.length > 0 && !governors.some((g) => g.isActive),
  };
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
