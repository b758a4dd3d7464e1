// congress_import replayed over real upstream history: nine
// published states of congress-legislators from the 118th Congress's last file to June 2026 and the
// openstates/people governor files around the January 2025 inaugurations (tests/fixtures/
// congress-history and openstates-history, each with its SOURCES.md), imported in order into one
// database with the job's clock on the morning after each checkpoint. After each run the database
// must say what the source says about that day. First, the seed's own data at 2026-11-27.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { db } from "~/db.server";
import { congressImport } from "~/jobs/congress-import.server";
import { formatDistrict } from "~/lib/congress-legislators";
import { normalizeParty } from "~/lib/party";
import { officialsOfState } from "~/models/officials.server";
import { vacanciesOf, vacantSinceOf } from "~/models/states.server";
import {
  CHECKPOINTS,
  clearOfficials,
  historicalMembers,
  membersOf,
  officialWrites,
  OPENSTATES_HISTORY,
  SHIPPED,
  startCongressHistoryServer,
  type Member,
  type Person,
  type Term,
} from "../support/congress-history";
import { testJobContext } from "../support/job-context";

/** An import run takes 10 to 60 seconds, and the 119th Congress's first file up to three minutes on two busy cores. */
const RUN_TIMEOUT = 360_000;

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

const historicalOf = new Map(historicalMembers.map((m) => [m.id.bioguide, m]));

let server: Awaited<ReturnType<typeof startCongressHistoryServer>>;
let executionId = 26_000;
async function runImport(at: Date) {
  return congressImport(testJobContext(db, { sources: server.sources, now: () => at, executionId: ++executionId }));
}

/** A House seat's vacancy as vacantSinceOf reports it: the day (older code) or `{ since }`. */
async function vacantSince(state: string, district: number, day: string) {
  const [vacancy] = (await vacantSinceOf(db, [{ state, type: "rep", district }], day)) as unknown[];
  return typeof vacancy === "string" ? vacancy : ((vacancy as { since?: string } | null)?.since ?? null);
}

beforeAll(async () => {
  server = await startCongressHistoryServer();
});
afterAll(async () => {
  await server.close();
});

test(
  "the seed's own data at 2026-11-27: Husted and Moody, whose appointed terms ended at the 2026-11-03 special election, are not current",
  async () => {
    // This file's database is as the seed left it (this test runs first).
    server.serve({
      name: "shipped",
      current: `${SHIPPED}/legislators-current.json`,
      until: "2026-11-27",
      openstates: "tests/fixtures/openstates",
    });
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
  beforeAll(() => clearOfficials(db));

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
        server.serveCheckpoint(cp);
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
          server.serveCheckpoint(cp);
          const before = await officialWrites(db);
          const { results } = await runImport(new Date(Date.parse(cp.at) + 3_600_000));
          expect.soft(results, "the run's counts").toMatchObject({ inserted: 0, updated: 0, deactivated: 0, provenanceRows: 0 });
          expect(await officialWrites(db)).toEqual(before);
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
