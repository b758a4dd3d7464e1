// The ZIP table (ZIP code area -> 119th-Congress House districts) and "who represents this ZIP".
// Visitors' ZIPs are only read here, never written anywhere.
import { readFileSync } from "node:fs";
import type { Db, Tx } from "~/db.server";
import { CROSS_STATE_ZIPS, officialDistrict, parseZip } from "~/lib/zip";
import { termDistrict } from "~/models/districts.server";
import { OFFICIAL_CARD } from "~/models/officials.server";
import { incomingOfficials } from "~/models/incoming-officials.server";
import { governorVacancyOf, senateVacanciesOf, vacantSinceOf } from "~/models/states.server";

export const ZIP_DATA_FILE = "prisma/data/zip-district/zip_districts.json";

type ZipSource = Record<string, { state: string; districts: number[] }>;

/** The shipped file as table rows, one per ZIP and district. */
export function readZipRows(file = ZIP_DATA_FILE) {
  const source = JSON.parse(readFileSync(file, "utf8")) as ZipSource;
  return Object.entries(source).flatMap(([zip, { state, districts }]) => districts.map((district) => ({ zip, state, district })));
}

/**
 * Loads the ZIP table when it differs in size from the file (the file only changes with a
 * redistricting, which replaces it whole), in one transaction. Returns the rows written.
 */
export async function loadZipCodes(db: Db, rows = readZipRows()): Promise<number> {
  if ((await db.zipCode.count()) === rows.length) return 0;
  await db.$transaction(async (tx) => {
    await tx.zipCode.deleteMany();
    // One INSERT reading the rows from a JSON parameter: Prisma's createMany takes seconds for this many rows.
    await tx.$executeRawUnsafe(
      `INSERT INTO "ZipCode" ("zip", "state", "district")
       SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?)`,
      JSON.stringify(rows.map((r) => [r.zip, r.state, r.district])),
    );
  });
  return rows.length;
}

export type ZipLookup = {
  zip: string;
  state: string;
  /** District numbers, ascending: 0 at-large, 98 delegate. */
  districts: number[];
  /** The ZIP spans more than one district. */
  split: boolean;
  /** The ZIP crosses a state line: the table cannot answer it (ask for a street address). */
  crossState: boolean;
};

/** What the ZIP table says about a 5-digit ZIP, or null when no ZIP code area has that number. */
export async function lookupZip(db: Db, zip: string): Promise<ZipLookup | null> {
  const rows = await db.zipCode.findMany({ where: { zip }, orderBy: { district: "asc" } });
  if (rows.length === 0) return null;
  const districts = rows.map((r) => r.district);
  return { zip, state: rows[0].state, districts, split: districts.length > 1, crossState: CROSS_STATE_ZIPS.has(zip) };
}

/** The ZIP code areas that overlap a district, ascending. */
export async function zipsForDistrict(db: Db, state: string, district: number): Promise<string[]> {
  const rows = await db.zipCode.findMany({ where: { state, district }, select: { zip: true }, orderBy: { zip: "asc" } });
  return rows.map((r) => r.zip);
}

/**
 * The officials for a state and some of its House districts: the state (its type tells DC and the
 * territories, which elect no senators, apart), its active senators and governor, and per district
 * its active member, or null when the seat is vacant; what the terms say about each empty seat
 * (vacantSinceOf, senateVacanciesOf), and whether an empty governorship is vacant at all
 * (governorVacancyOf).
 */
export async function officialsForDistricts(db: Db, stateAbbreviation: string, districts: number[]) {
  const state = await db.state.findUnique({
    where: { abbreviation: stateAbbreviation },
    select: { id: true, name: true, abbreviation: true, type: true },
  });
  if (!state) return null;
  const officials = await db.official.findMany({
    where: {
      stateId: state.id,
      isActive: true,
      OR: [{ office: { in: ["Senator", "Governor"] } }, { office: "Representative", district: { in: districts.map(officialDistrict) } }],
    },
    select: OFFICIAL_CARD,
    orderBy: [{ lastName: "asc" }],
  });
  const senators = officials.filter((o) => o.office === "Senator");
  const governor = officials.find((o) => o.office === "Governor") ?? null;
  const house = districts.map((district) => ({
    district,
    member: officials.find((o) => o.office === "Representative" && o.district === officialDistrict(district)) ?? null,
  }));
  // The seats with no holder, and what the terms say about each (vacantSinceOf; null: not on file).
  const vacantHouse = house.filter((h) => !h.member);
  const [since, senate, governorVacancy, incoming] = await Promise.all([
    vacantSinceOf(
      db,
      vacantHouse.map((h) => ({ state: state.abbreviation, type: "rep" as const, district: termDistrict(h.district) })),
    ),
    senateVacanciesOf(db, state),
    governor ? null : governorVacancyOf(db, state),
    incomingOfficials(db, new Date(), state.abbreviation),
  ]);
  const ownDistricts = new Set(districts.map(officialDistrict));
  return {
    state,
    senators,
    governor,
    house: house.map((h) => ({ ...h, vacantSince: h.member ? null : since[vacantHouse.indexOf(h)] })),
    /** The empty Senate seats (the state page's rule, senateVacanciesOf), one per seat no senator holds. */
    vacantSince: { senators: senate.map((s) => s.vacantSince) },
    /** The state page's rule: null when a governor holds office or none was ever on file. */
    governorVacancy,
    /** Incoming officials of these seats (the statewide ones and these districts), shown under their holders. */
    incoming: incoming.filter((i) => i.office !== "Representative" || ownDistricts.has(i.district ?? "")),
  };
}

/** A state's USPS code from its 2-digit FIPS code (the Census geocoder's STATE), or null. */
export async function stateAbbreviationOfFips(db: Db, fips: string): Promise<string | null> {
  const state = await db.state.findFirst({ where: { fips }, select: { abbreviation: true } });
  return state?.abbreviation ?? null;
}

/** What the lookup shows for a ZIP: nothing known, "give us a street address", or the officials. */
export type ZipAnswer =
  | { kind: "unknown"; zip: string }
  | { kind: "cross-state"; zip: string; lookup: ZipLookup; stateName: string }
  | { kind: "officials"; zip: string; lookup: ZipLookup; officials: NonNullable<Awaited<ReturnType<typeof officialsForDistricts>>> };

export async function zipAnswer(db: Db, zip: string): Promise<ZipAnswer> {
  const lookup = await lookupZip(db, zip);
  if (!lookup) return { kind: "unknown", zip };
  const officials = await officialsForDistricts(db, lookup.state, lookup.districts);
  if (!officials) return { kind: "unknown", zip };
  if (lookup.crossState) return { kind: "cross-state", zip, lookup, stateName: officials.state.name };
  return { kind: "officials", zip, lookup, officials };
}

/** The officials for one district a street address was placed in (from the Census geocoder). */
export async function districtAnswer(db: Db, zip: string, stateFips: string, district: number): Promise<ZipAnswer | null> {
  const state = await stateAbbreviationOfFips(db, stateFips);
  const officials = state && (await officialsForDistricts(db, state, [district]));
  if (!state || !officials) return null;
  const lookup = { zip, state, districts: [district], split: false, crossState: false };
  return { kind: "officials", zip, lookup, officials };
}

/** The ZIP on a signed-in person's profile (their own, entered on /profile), or null. */
export async function profileZipOf(db: Db, userId: string): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { zipCode: true } });
  return user?.zipCode ?? null;
}

/** A ZIP the table cannot place in one district: split, or crossing a state line. Only these take a street address. */
export const zipNeedsAddress = (answer: ZipAnswer) => answer.kind === "cross-state" || (answer.kind === "officials" && answer.lookup.split);

const HOME_DISTRICT = /^([A-Z]{2})-(\d{1,2})$/;

/**
 * The officials of a signed-in person's profile ZIP: of the one district their street address was
 * placed in, when they narrowed this ZIP on /my (a split ZIP: one of its districts), else the ZIP's.
 */
export async function profileZipAnswer(db: Db, userId: string, zip: string): Promise<ZipAnswer> {
  const [answer, user] = await Promise.all([
    zipAnswer(db, zip),
    db.user.findUnique({ where: { id: userId }, select: { homeDistrict: true, homeDistrictZip: true } }),
  ]);
  const home = user?.homeDistrictZip === zip ? HOME_DISTRICT.exec(user.homeDistrict ?? "") : null;
  if (!home || !zipNeedsAddress(answer)) return answer;
  const [state, district] = [home[1], Number(home[2])];
  if (answer.kind === "officials" && (state !== answer.lookup.state || !answer.lookup.districts.includes(district))) return answer;
  const officials = await officialsForDistricts(db, state, [district]);
  if (!officials) return answer;
  return { kind: "officials", zip, lookup: { zip, state, districts: [district], split: false, crossState: false }, officials };
}

/**
 * What a write of the profile ZIP adds to itself: the district a street address narrowed belongs to
 * the ZIP it narrowed, so a different ZIP clears it in the same write (nothing stale stays stored);
 * the same ZIP (ZIP+4 of it included) keeps it. No ZIP in the write: nothing to add.
 */
export async function homeDistrictAfterZipChange(db: Db | Tx, userId: string, zipCode: string | null | undefined) {
  if (zipCode === undefined) return {};
  const user = await db.user.findUnique({ where: { id: userId }, select: { homeDistrictZip: true } });
  const zip = parseZip(zipCode);
  if (!user?.homeDistrictZip || (zip.ok && zip.zip === user.homeDistrictZip)) return {};
  return { homeDistrict: null, homeDistrictZip: null };
}

/** Keeps the district a person's street address was placed in, for their profile ZIP (the address is not kept). */
export async function saveHomeDistrict(db: Db, userId: string, zip: string, state: string, district: number) {
  await db.user.update({ where: { id: userId }, data: { homeDistrict: `${state}-${district}`, homeDistrictZip: zip } });
}
