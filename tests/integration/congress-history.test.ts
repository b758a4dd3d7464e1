// congress_import replayed over real upstream history (issue 26, "Tests from real history"): nine
// published states of congress-legislators from the 118th Congress's last file to June 2026 and the
// openstates/people governor files around the January 2025 inaugurations (tests/fixtures/
// congress-history and openstates-history, each with its SOURCES.md), imported in order into one
// database with the job's clock on the morning after each checkpoint. After each run the database
// must say what the source says about that day. First, the seed's own data at 2026-11-27.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { db } from "~/db.server";
import { congressImport } from "~/jobs/congress-import.server";
import { formatDistrict } from "~/lib/congress-legislators";
import { normalizeParty } from "~/lib/party";
import { officialsOfState } from "~/models/officials.server";
import { vacanciesOf, vacantSinceOf } from "~/models/states.server";
import { startFixtureServer, type FixtureAnswer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";

const CONGRESS_HISTORY = "tests/fixtures/congress-history";
const OPENSTATES_HISTORY = "tests/fixtures/openstates-history";
const SHIPPED = "prisma/data/congress-legislators";
/** An import run takes 10 to 60 seconds, and the 119th Congress's first file up to three minutes on two busy cores. */
const RUN_TIMEOUT = 360_000;

/** The parts of a congress-legislators record these tests read. */
type Term = { type: "rep" | "sen"; start: string; end?: string; state: string; district?: number; party?: string };
type Member = {
  id: { bioguide: string };
  name: { first: string; last: string; suffix?: string; nickname?: string; official_full?: string };
  terms: Term[];
};
/** The parts of an openstates person file these tests read. */
type Person = { id: string; name: string; roles?: { type?: string; start_date?: string; end_date?: string }[] };

type Checkpoint = {
  /** The folder under tests/fixtures/congress-history: the commit's date and short sha. */
  folder: string;
  event: string;
  /** The job's clock: the morning after the checkpoint's commit (and so after its event). */
  at: string;
  /** The openstates-history folder of that time (which governor files `main` had then; see its SOURCES.md). */
  openstates: string;
  /** The House seats then vacant whose last member left during the replay (so the test checks their dates). */
  vacant: string[];
};

const CHECKPOINTS: Checkpoint[] = [
  {
    folder: "2024-12-18-9b024af",
    event: "the 118th Congress's last file",
    at: "2024-12-19T12:00:00Z",
    openstates: "2024-12-28-6d7d6cd",
    vacant: [],
  },
  {
    folder: "2025-01-03-7bf2c8f",
    event: "2024 Election Results",
    at: "2025-01-04T12:00:00Z",
    openstates: "2024-12-28-6d7d6cd",
    vacant: [],
  },
  {
    folder: "2025-01-09-58d0543",
    event: "Vance resigned",
    at: "2025-01-10T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: [],
  },
  {
    folder: "2025-01-21-cee2a43",
    event: "Rubio resigned, Husted and Moody appointed",
    at: "2025-01-22T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: [],
  },
  {
    folder: "2025-01-29-ef08626",
    event: "Waltz resigned",
    at: "2025-01-30T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["FL-06"],
  },
  {
    folder: "2025-03-05-9ad100e",
    event: "Turner died",
    at: "2025-03-06T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["FL-06", "TX-18"],
  },
  {
    folder: "2025-04-06-3749522",
    event: "Patronis and Fine sworn in",
    at: "2025-04-07T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["AZ-07", "TX-18"],
  },
  {
    folder: "2026-01-13-be8e4b3",
    event: "Husted's and Moody's terms end at the special election",
    at: "2026-01-14T12:00:00Z",
    openstates: "2025-01-07-bf191e9",
    vacant: ["CA-01", "GA-14", "NJ-11", "TX-18"],
  },
  {
    folder: "2026-06-15-dfa9622",
    event: "the shipped snapshot",
    at: "2026-06-16T12:00:00Z",
    openstates: "2026-03-15-ce95899",
    vacant: ["CA-14", "FL-20", "GA-13", "TX-23"],
  },
];

/** Noon in Washington on `day`: House and Senate terms change hands then (Twentieth Amendment), and a member leaving on another day is dated by that day. */
function noonInWashington(day: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const zone = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeZoneName: "shortOffset" }).formatToParts(noonUtc);
  const offsetHours = Number(zone.find((p) => p.type === "timeZoneName")!.value.replace("GMT", "") || 0);
  return new Date(noonUtc.getTime() - offsetHours * 3_600_000);
}
/** Whether a term from `start` to `end` (days) covers the moment `at`. */
const covers = (start: string, end: string | undefined | null, at: Date) =>
  noonInWashington(start) <= at && (!end || at < noonInWashington(end));
/** The term of a member's record that covers `at`, if any. */
const servingTerm = (m: Member, at: Date) => m.terms.filter((t) => covers(t.start, t.end, at)).at(-1);
const displayName = (m: Member) =>
  m.name.official_full ?? [m.name.nickname ?? m.name.first, m.name.last, m.name.suffix].filter(Boolean).join(" ");
const seatOf = (t: Pick<Term, "state" | "district">) => `${t.state}-${formatDistrict(t.district)}`;
/** At most this many mismatches are printed per assertion. */
const FIRST = 12;

const dir = mkdtempSync(path.join(tmpdir(), "congress-history-"));
const historical: Member[] = JSON.parse(readFileSync(`${CONGRESS_HISTORY}/legislators-historical.excerpt.json`, "utf8"));
const historicalOf = new Map(historical.map((m) => [m.id.bioguide, m]));
const membersCache = new Map<string, Member[]>();
/** A checkpoint's legislators-current.json, decompressed into the temporary folder once. */
function currentFile(cp: Checkpoint) {
  const file = path.join(dir, `${cp.folder}.json`);
  if (!existsSync(file))
    writeFileSync(file, gunzipSync(readFileSync(path.join(CONGRESS_HISTORY, cp.folder, "legislators-current.json.gz"))));
  return file;
}
function membersOf(cp: Checkpoint): Member[] {
  if (!membersCache.has(cp.folder)) membersCache.set(cp.folder, JSON.parse(readFileSync(currentFile(cp), "utf8")));
  return membersCache.get(cp.folder)!;
}
/**
 * legislators-historical.json as of a checkpoint: the excerpt's members who are not in its current
 * file and whose last term ended by the commit's date (the published file holds every former member).
 */
function historicalFile(name: string, current: Member[], until: string) {
  const serving = new Set(current.map((m) => m.id.bioguide));
  const file = path.join(dir, `historical-${name}.json`);
  const records = historical.filter((m) => !serving.has(m.id.bioguide) && (m.terms.at(-1)!.end ?? "") <= until);
  writeFileSync(file, JSON.stringify(records, null, 2));
  return file;
}

/** What the fixture server answers now: one checkpoint's files (or the shipped ones). */
let serving = { current: "", historical: "", openstates: "" };
let baseUrl = "";
function answer(pathname: string): FixtureAnswer | undefined {
  if (pathname === "/cl/legislators-current.json") return { file: serving.current, type: "application/json" };
  if (pathname === "/cl/legislators-historical.json") return { file: serving.historical, type: "application/json" };
  const shipped = pathname.match(/^\/cl\/([\w-]+\.json)$/);
  if (shipped && existsSync(path.join(SHIPPED, shipped[1]))) return { file: path.join(SHIPPED, shipped[1]) };
  // The GitHub contents API listing of a state's executive folder; a state not recorded is an empty folder.
  const listing = pathname.match(/^\/os\/contents\/([a-z]{2})\/executive$/);
  if (listing) {
    const folder = path.join(serving.openstates, listing[1], "executive");
    const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".yml")) : [];
    return {
      type: "application/json",
      body: JSON.stringify(
        files.map((name) => ({
          name,
          path: `data/${listing[1]}/executive/${name}`,
          type: "file",
          download_url: `${baseUrl}/os/raw/${listing[1]}/executive/${name}`,
        })),
      ),
    };
  }
  const raw = pathname.match(/^\/os\/raw\/([a-z]{2})\/executive\/([\w.-]+\.yml)$/);
  const file = raw && path.join(serving.openstates, raw[1], "executive", raw[2]);
  return file && existsSync(file) ? { file } : undefined;
}
// Each answer closes its connection: a run pauses longer than the server's keep-alive between its
// steps, and reusing a connection the server is closing failed a run (ECONNRESET) under load.
const routes = new Proxy(
  {},
  {
    get: (_, key) => {
      const found = typeof key === "string" ? answer(key) : undefined;
      return found && { ...found, headers: { ...found.headers, connection: "close" } };
    },
  },
);
let server: Awaited<ReturnType<typeof startFixtureServer>>;

const serveCheckpoint = (cp: Checkpoint) => {
  serving = {
    current: currentFile(cp),
    historical: historicalFile(cp.folder, membersOf(cp), cp.folder.slice(0, 10)),
    openstates: path.join(OPENSTATES_HISTORY, cp.openstates),
  };
};

let executionId = 26_000;
async function runImport(at: Date) {
  const sources = { congressLegislators: `${server.url}/cl`, openstatesPeople: `${server.url}/os/contents` };
  return congressImport(testJobContext(db, { sources, now: () => at, executionId: ++executionId }));
}

/** Every row the import writes for officials (not its own SourceCheck and JobExecution records). */
async function officialWrites() {
  const ofOfficials = { entityType: "official" };
  const [officials, lastOfficialUpdate, provenance, lastProvenanceUpdate, changes, lastChange, terms, offices, assignments] =
    await Promise.all([
      db.official.count(),
      db.official.aggregate({ _max: { updatedAt: true } }),
      db.provenance.count({ where: ofOfficials }),
      db.provenance.aggregate({ where: ofOfficials, _max: { updatedAt: true } }),
      db.fieldUpdate.count({ where: ofOfficials }),
      db.fieldUpdate.aggregate({ where: ofOfficials, _max: { id: true } }),
      db.officialTerm.findMany({ orderBy: { id: "asc" } }),
      db.districtOffice.count(),
      db.committeeAssignment.count(),
    ]);
  return {
    officials,
    lastOfficialUpdate: lastOfficialUpdate._max.updatedAt,
    provenance,
    lastProvenanceUpdate: lastProvenanceUpdate._max.updatedAt,
    changes,
    lastChange: lastChange._max.id,
    terms: terms.length,
    termRows: createHash("sha256").update(JSON.stringify(terms)).digest("hex"),
    offices,
    assignments,
  };
}

/** A House seat's vacancy as vacantSinceOf reports it: the day (older code) or `{ since }`. */
async function vacantSince(state: string, district: number, day: string) {
  const [vacancy] = (await vacantSinceOf(db, [{ state, type: "rep", district }], day)) as unknown[];
  return typeof vacancy === "string" ? vacancy : ((vacancy as { since?: string } | null)?.since ?? null);
}

beforeAll(async () => {
  server = await startFixtureServer(routes);
  baseUrl = server.url;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test(
  "the seed's own data at 2026-11-27: Husted and Moody, whose appointed terms ended at the 2026-11-03 special election, are not current",
  async () => {
    // This file's database is as the seed left it (this test runs first).
    const shipped: Member[] = JSON.parse(readFileSync(`${SHIPPED}/legislators-current.json`, "utf8"));
    serving = {
      current: `${SHIPPED}/legislators-current.json`,
      historical: historicalFile("shipped", shipped, "2026-11-27"),
      openstates: "tests/fixtures/openstates",
    };
    await runImport(new Date("2026-11-27T12:00:00Z"));
    for (const [bioguideId, state] of [
      ["H001104", "OH"],
      ["M001244", "FL"],
    ]) {
      const official = await db.official.findUniqueOrThrow({ where: { bioguideId }, include: { officeTerms: true } });
      const last = [...official.officeTerms].sort((a, b) => a.start.localeCompare(b.start)).at(-1);
      expect
        .soft(last, `${official.name}'s last term`)
        .toMatchObject({ type: "sen", start: "2025-01-21", end: "2026-11-03", isCurrent: false });
      expect.soft(official.isActive, `${official.name} is active`).toBe(false);
      const { id } = await db.state.findUniqueOrThrow({ where: { abbreviation: state } });
      expect
        .soft(
          (await officialsOfState(db, id)).map((o) => o.name),
          `${state}'s officials`,
        )
        .not.toContain(official.name);
    }
  },
  RUN_TIMEOUT,
);

describe("congress_import replayed over congress-legislators and openstates/people history", () => {
  beforeAll(async () => {
    // The replay starts from the 118th Congress's last file: no official of the seed stays.
    await db.fieldUpdate.deleteMany({ where: { entityType: "official" } });
    await db.provenance.deleteMany({ where: { entityType: "official" } });
    await db.official.deleteMany();
  });

  let previous: Member[] = [];
  let banksId: number | null = null;
  /** House seats whose member left during the replay: the last one to leave and when (their historical record). */
  const departedSeats = new Map<string, { state: string; district: number; name: string; end: string }>();

  for (const [index, cp] of CHECKPOINTS.entries()) {
    test(
      `${cp.folder} (${cp.event}), imported at ${cp.at}: the database says what the source says about that day`,
      async () => {
        const at = new Date(cp.at);
        const day = cp.at.slice(0, 10);
        const members = membersOf(cp);
        const ids = new Set(members.map((m) => m.id.bioguide));
        const left = previous.filter((m) => !ids.has(m.id.bioguide));
        previous = members;
        serveCheckpoint(cp);
        await runImport(at);

        // The current officials are the source's members whose term covers the day, field by field.
        const current = members.filter((m) => servingTerm(m, at));
        const stored = await db.official.findMany({
          where: { OR: [{ bioguideId: { in: [...ids] } }, { bioguideId: { not: null }, isActive: true }] },
          include: { state: { select: { abbreviation: true } }, officeTerms: true },
        });
        const byBioguide = new Map(stored.map((o) => [o.bioguideId!, o]));
        const notActive = current.filter((m) => !byBioguide.get(m.id.bioguide)?.isActive).map((m) => `${m.id.bioguide} ${displayName(m)}`);
        const notCurrent = stored
          .filter((o) => o.isActive && !current.some((m) => m.id.bioguide === o.bioguideId))
          .map((o) => `${o.bioguideId} ${o.name} (${o.office}, ${o.state.abbreviation})`);
        expect
          .soft(notActive.slice(0, FIRST), `${notActive.length} of the source's ${current.length} current members are not active`)
          .toEqual([]);
        expect.soft(notCurrent.slice(0, FIRST), `${notCurrent.length} active officials are not current in the source`).toEqual([]);
        const fields: string[] = [];
        for (const m of current) {
          const official = byBioguide.get(m.id.bioguide);
          const term = servingTerm(m, at)!;
          if (!official) continue;
          const expected = {
            name: displayName(m),
            party: normalizeParty(term.party),
            office: term.type === "sen" ? "Senator" : "Representative",
            state: term.state,
            district: term.type === "rep" ? formatDistrict(term.district) : null,
          };
          const actual = { ...official, state: official.state.abbreviation };
          for (const [field, value] of Object.entries(expected)) {
            if (actual[field as keyof typeof expected] !== value)
              fields.push(
                `${m.id.bioguide} ${field}: ${JSON.stringify(actual[field as keyof typeof expected])}, source ${JSON.stringify(value)}`,
              );
          }
        }
        expect.soft(fields.slice(0, FIRST), `${fields.length} values differ from the source`).toEqual([]);

        // Each member who left the file is former, their last term ended on the historical record's date.
        const formers = await db.official.findMany({
          where: { bioguideId: { in: left.map((m) => m.id.bioguide) } },
          include: { officeTerms: true },
        });
        const departures: string[] = [];
        for (const m of left) {
          const record = historicalOf.get(m.id.bioguide);
          const official = formers.find((o) => o.bioguideId === m.id.bioguide);
          const end = record?.terms.at(-1)?.end;
          const last = official && [...official.officeTerms].sort((a, b) => a.start.localeCompare(b.start)).at(-1);
          if (!record || !end) departures.push(`${m.id.bioguide} ${displayName(m)}: not in the historical excerpt`);
          else if (!official) departures.push(`${displayName(m)}: not in the database`);
          else if (official.isActive || last?.end !== end)
            departures.push(
              `${displayName(m)}: ${official.isActive ? "active" : "former"}, last term ends ${last?.end}, historical record ${end}`,
            );
          const lastTerm = record?.terms.at(-1);
          if (lastTerm?.type === "rep" && end)
            departedSeats.set(seatOf(lastTerm), { state: lastTerm.state, district: lastTerm.district!, name: displayName(m), end });
        }
        expect
          .soft(
            departures.slice(0, FIRST),
            `${left.length} members left the file; ${departures.length} are not former with the historical end date`,
          )
          .toEqual([]);

        // A House seat left vacant is vacant since its last member's departure.
        const vacancies: string[] = [];
        for (const [seat, departure] of departedSeats) {
          if (
            current.some((m) => {
              const t = servingTerm(m, at)!;
              return t.type === "rep" && seatOf(t) === seat;
            })
          ) {
            departedSeats.delete(seat);
            continue;
          }
          const since = await vacantSince(departure.state, departure.district, day);
          const state = await db.state.findUniqueOrThrow({ where: { abbreviation: departure.state } });
          const listed = (await vacanciesOf(db, state.id, day)).houseDistricts.includes(formatDistrict(departure.district)!);
          if (since !== departure.end || !listed)
            vacancies.push(
              `${seat} (${departure.name} left ${departure.end}): ${listed ? "vacant" : "not listed as vacant"}, since ${since}`,
            );
        }
        expect.soft([...departedSeats.keys()].sort(), "House seats the source leaves vacant after a departure").toEqual(cp.vacant);
        expect.soft(vacancies, "vacant House seats and since when").toEqual([]);

        // Jim Banks (B001299), House → Senate in the 119th Congress: one official, the change in his history.
        const banks = byBioguide.get("B001299");
        if (index === 0) banksId = banks?.id ?? null;
        else {
          expect.soft(banks?.id, "Jim Banks keeps his official id").toBe(banksId);
          expect.soft(banks, "Jim Banks").toMatchObject({ office: "Senator", district: null, isActive: true });
          expect
            .soft(
              banks?.officeTerms
                .filter((t) => t.start >= "2023-01-01")
                .map(({ type, start, end, isCurrent }) => ({ type, start, end, isCurrent })),
              "Jim Banks's terms",
            )
            .toEqual(
              expect.arrayContaining([
                { type: "rep", start: "2023-01-03", end: "2025-01-03", isCurrent: false },
                { type: "sen", start: "2025-01-03", end: "2031-01-03", isCurrent: true },
              ]),
            );
          const officeChanges = await db.fieldUpdate.findMany({
            where: { entityType: "official", entityId: banks?.id ?? -1, fieldName: "office" },
            select: { oldValue: true, newValue: true },
          });
          expect
            .soft(officeChanges, "Jim Banks's change history of the office")
            .toEqual([{ oldValue: "Representative", newValue: "Senator" }]);
        }

        // Governors: one whose role has ended in the source is not current; one whose role has started is, from its start date.
        const root = path.join(OPENSTATES_HISTORY, cp.openstates);
        const ended: string[] = [];
        const started: string[] = [];
        for (const state of readdirSync(root)) {
          const folder = path.join(root, state, "executive");
          for (const name of existsSync(folder) ? readdirSync(folder) : []) {
            const person = parse(readFileSync(path.join(folder, name), "utf8")) as Person;
            const roles = (person.roles ?? []).filter((r) => r.type === "governor" && r.start_date);
            if (!roles.length) continue;
            const official = await db.official.findUnique({ where: { openstatesId: person.id }, include: { officeTerms: true } });
            const role = roles.find((r) => covers(r.start_date!, r.end_date, at));
            const label = `${state.toUpperCase()} ${person.name}`;
            if (role) {
              if (!official?.isActive)
                started.push(`${label} (from ${role.start_date}): ${official ? "not active" : "not in the database"}`);
              else if (!official.officeTerms.some((t) => t.type === "gov" && t.start === role.start_date))
                started.push(
                  `${label}: no term from ${role.start_date} (${official.officeTerms.map((t) => `${t.start}..${t.end}`).join(", ")})`,
                );
            } else if (roles.every((r) => r.end_date && noonInWashington(r.end_date) <= at) && official?.isActive) {
              ended.push(`${label}: role ended ${roles.at(-1)!.end_date}, still active`);
            }
          }
        }
        expect.soft(ended, "governors whose role has ended in the source").toEqual([]);
        expect.soft(started, "governors whose role has started in the source").toEqual([]);
      },
      RUN_TIMEOUT,
    );

    if (index === 1) {
      test(
        `a second run of ${cp.folder} an hour later writes nothing for the officials (only its own source checks)`,
        async () => {
          serveCheckpoint(cp);
          const before = await officialWrites();
          const { results } = await runImport(new Date(Date.parse(cp.at) + 3_600_000));
          expect.soft(results, "the run's counts").toMatchObject({ inserted: 0, updated: 0, deactivated: 0, provenanceRows: 0 });
          expect(await officialWrites()).toEqual(before);
        },
        RUN_TIMEOUT,
      );
    }
  }
});

test("the newest openstates files (main @ 934bf09) end Sununu's and Youngkin's terms without naming a successor", () => {
  const governorsOf = (state: string) =>
    readdirSync(path.join(OPENSTATES_HISTORY, "2026-08-05-934bf09", state, "executive")).flatMap((name) => {
      const person = parse(readFileSync(path.join(OPENSTATES_HISTORY, "2026-08-05-934bf09", state, "executive", name), "utf8")) as Person;
      return (person.roles ?? [])
        .filter((r) => r.type === "governor")
        .map((r) => ({ name: person.name, start: r.start_date, end: r.end_date }));
    });
  expect(governorsOf("nh")).toEqual([{ name: "Chris Sununu", start: "2017-01-05", end: "2025-01-02" }]);
  expect(governorsOf("va")).toEqual([{ name: "Glenn Youngkin", start: "2022-01-15", end: "2026-01-17" }]);
});
