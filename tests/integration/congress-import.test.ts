// congress_import against a local fixture server serving the real congress-legislators files
// (537 members) and the recorded openstates/people executive files, on a real SQLite copy.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { congressImport } from "~/jobs/congress-import.server";
import { JOB_FUNCTIONS } from "~/jobs/registry.server";
import { createRunner } from "~/jobs/runner.server";
import { SYNC_BATCH } from "~/models/reference-data.server";
import type { Legislator } from "~/lib/congress-legislators";
import { recordHistory } from "~/models/change-history.server";
import { queueRun } from "~/models/jobs.server";
import { officialsOfState, provenanceOf } from "~/models/officials.server";
import { termBoundary } from "~/lib/terms";
import { vacanciesOf } from "~/models/states.server";
import * as historyPage from "~/routes/representative.$id_.history";
import { startFixtureServer, type FixtureAnswer } from "../support/fixture-server";
import { callRoute } from "../support/route-calls";
import { testJobContext } from "../support/job-context";

const dir = mkdtempSync(path.join(tmpdir(), "congress-import-"));
const cl = path.join(dir, "cl");
const os = path.join(dir, "os");
cpSync("prisma/data/congress-legislators", cl, { recursive: true });
cpSync("tests/fixtures/openstates", os, { recursive: true });

/** Answers the tests set for a path (a 404, a broken file) before the recorded files. */
const overrides: Record<string, FixtureAnswer> = {};
let baseUrl = "";
function answer(pathname: string): FixtureAnswer | undefined {
  if (overrides[pathname]) return overrides[pathname];
  const cong = pathname.match(/^\/cl\/([\w.-]+\.json)$/);
  if (cong && existsSync(path.join(cl, cong[1]))) return { file: path.join(cl, cong[1]) };
  // The GitHub contents API listing of a folder, pointing at the files on this server.
  const listing = pathname.match(/^\/os\/contents\/([a-z]{2})\/executive$/);
  if (listing && existsSync(path.join(os, listing[1], "executive"))) {
    const files = readdirSync(path.join(os, listing[1], "executive")).filter((f) => f.endsWith(".yml"));
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
  const raw = pathname.match(/^\/os\/raw\/([a-z]{2}\/executive\/[\w.-]+\.yml)$/);
  if (raw && existsSync(path.join(os, raw[1]))) return { file: path.join(os, raw[1]) };
  return undefined;
}
const routes = new Proxy({}, { get: (_, key) => (typeof key === "string" ? answer(key) : undefined) });
let server: Awaited<ReturnType<typeof startFixtureServer>>;
let sources: { congressLegislators: string; openstatesPeople: string };

// Each run an hour after the last, from 2026-11-22 noon UTC.
let clock = Date.parse("2026-11-22T12:00:00Z");
const context = (extra: Parameters<typeof testJobContext>[1] = {}) => {
  const at = new Date((clock += 3_600_000));
  return testJobContext(db, { sources, now: () => at, ...extra });
};
const runImport = (extra: Parameters<typeof testJobContext>[1] = {}) => congressImport(context(extra));

const legislatorsFile = path.join(cl, "legislators-current.json");
const readLegislators = (): Legislator[] => JSON.parse(readFileSync(legislatorsFile, "utf8"));
const writeLegislators = (list: Legislator[]) => writeFileSync(legislatorsFile, JSON.stringify(list));

async function rowCounts() {
  const [officials, provenance, terms, offices, assignments, lastOfficialUpdate, lastProvenanceUpdate] = await Promise.all([
    db.official.count(),
    db.provenance.count(),
    db.officialTerm.count(),
    db.districtOffice.count(),
    db.committeeAssignment.count(),
    db.official.aggregate({ _max: { updatedAt: true } }),
    db.provenance.aggregate({ _max: { updatedAt: true } }),
  ]);
  return {
    officials,
    provenance,
    terms,
    offices,
    assignments,
    lastOfficialUpdate: lastOfficialUpdate._max.updatedAt,
    lastProvenanceUpdate: lastProvenanceUpdate._max.updatedAt,
  };
}

const emptyOfficials = async () => {
  await db.provenance.deleteMany({ where: { entityType: "official" } });
  await db.official.deleteMany();
};

beforeAll(async () => {
  server = await startFixtureServer(routes);
  baseUrl = server.url;
  sources = { congressLegislators: `${server.url}/cl`, openstatesPeople: `${server.url}/os/contents` };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("congress_import", { timeout: 180_000 }, () => {
  test("the first import after the seed rewrites no governor's term dates: the seed and the import write the same values", async () => {
    // This file's database is as the seed left it (this test runs first).
    const termDates = () =>
      db.officialTerm.findMany({
        where: { type: "gov" },
        orderBy: { id: "asc" },
        select: { id: true, start: true, end: true, isCurrent: true },
      });
    const before = await termDates();
    const lines: string[] = [];
    const { results } = await runImport({ log: (line) => lines.push(line) });
    expect(results.congress).toMatchObject({ processed: 537, inserted: 0, updated: 0 });
    expect(results.governors).toMatchObject({ processed: 47, inserted: 0, updated: 2, deactivated: 0 });
    // Only the shipped records' two deliberate corrections differ from the source (prisma/data/SOURCES.md):
    // Montana's website (the term's address follows it) and Nebraska's photo (the source's "image" is a web page).
    expect(lines.filter((l) => l.startsWith("Updated "))).toEqual([
      "Updated Greg Gianforte (website, officeTerms)",
      "Updated Jim Pillen (photoUrl)",
    ]);
    expect(await termDates()).toEqual(before);
  });

  test("cancelled between batches it leaves whole batches, and a rerun finishes the work", async () => {
    await emptyOfficials();
    let steps = 0;
    const controller = new AbortController();
    const step = async () => {
      // Two batches pass, then staff cancel: the run stops at its next step.
      if (++steps === 4) controller.abort();
      controller.signal.throwIfAborted();
    };
    await expect(runImport({ step, signal: controller.signal })).rejects.toThrow();
    expect(await db.official.count()).toBe(2 * SYNC_BATCH);
    const withTerms = await db.official.count({ where: { officeTerms: { some: {} } } });
    expect(withTerms).toBe(2 * SYNC_BATCH);
  });

  test("on an empty table the first import inserts every member and the current governors", async () => {
    await emptyOfficials();
    const { results } = await runImport();
    expect(results).toMatchObject({ inserted: 537 + 47, deactivated: 0 });
    expect(results.congress).toMatchObject({ processed: 537, inserted: 537 });
    expect(results.governors).toMatchObject({ processed: 47, inserted: 47 });
    // Husted's and Moody's appointed terms ended with the special elections of Nov 3, 2026; the file
    // still lists them, and names no successor yet.
    expect(await db.official.count({ where: { office: "Senator", isActive: true } })).toBe(98);
    for (const bioguideId of ["H001104", "M001244"]) {
      expect(await db.official.findUniqueOrThrow({ where: { bioguideId }, include: { officeTerms: true } })).toMatchObject({
        isActive: false,
        officeTerms: [{ end: "2026-11-03", endReason: "special-election", isCurrent: false }],
      });
    }
    expect(await db.official.count({ where: { office: "Representative", isActive: true } })).toBe(437);
    expect(await db.official.count({ where: { office: "Governor", isActive: true } })).toBe(47);
    const cantwell = await db.official.findUniqueOrThrow({
      where: { bioguideId: "C000127" },
      include: { officeTerms: true, districtOffices: true, committeeAssignments: true },
    });
    expect(cantwell.officeTerms.filter((t) => t.isCurrent)).toHaveLength(1);
    expect(cantwell.districtOffices.length).toBeGreaterThan(0);
    expect(cantwell.committeeAssignments.length).toBeGreaterThan(0);
    const braun = await db.official.findUniqueOrThrow({ where: { openstatesId: "ocd-person/e83d0235-763f-48b8-b28e-a1ebacf35f6d" } });
    expect(braun).toMatchObject({ name: "Mike Braun", office: "Governor", party: "Republican", isActive: true });
  });

  test("a second import of unchanged data writes no official or provenance row, only its source checks", async () => {
    const before = await rowCounts();
    const checks = await db.sourceCheck.count();
    const { results } = await runImport();
    expect(results).toMatchObject({ processed: 537 + 47, inserted: 0, updated: 0, deactivated: 0, provenanceRows: 0 });
    expect(await rowCounts()).toEqual(before);
    expect(await db.sourceCheck.count()).toBe(checks + 2);
  });

  test("a value's verified date is the latest check of its source, while its provenance row keeps when it changed", async () => {
    const cantwell = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
    const stored = await db.provenance.findUniqueOrThrow({
      where: { entityType_entityId_fieldName: { entityType: "official", entityId: cantwell.id, fieldName: "phone" } },
    });
    const lastCheck = await db.sourceCheck.findFirstOrThrow({
      where: { sourceName: "congress-legislators" },
      orderBy: { checkedAt: "desc" },
    });
    expect(lastCheck.checkedAt.getTime()).toBeGreaterThan(stored.verifiedAt.getTime());
    const shown = await provenanceOf(db, cantwell.id);
    expect(shown.phone.verifiedAt).toEqual(lastCheck.checkedAt);
  });

  test("a changed phone is updated with a new provenance row; nothing else changes", async () => {
    const list = readLegislators();
    const cantwell = list.find((l) => l.id.bioguide === "C000127")!;
    cantwell.terms[cantwell.terms.length - 1].phone = "202-555-0142";
    writeLegislators(list);
    const before = await rowCounts();
    const ctx = context();
    const { results } = await congressImport(ctx);
    expect(results).toMatchObject({ updated: 1, inserted: 0, deactivated: 0 });
    const official = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
    expect(official.phone).toBe("202-555-0142");
    const phone = await db.provenance.findUniqueOrThrow({
      where: { entityType_entityId_fieldName: { entityType: "official", entityId: official.id, fieldName: "phone" } },
    });
    expect(phone).toMatchObject({ method: "import", sourceName: "congress-legislators", retrievedAt: ctx.now(), verifiedAt: ctx.now() });
    // The phone and the terms (whose current term carries the phone) changed: two provenance rows, no new row.
    expect(results.provenanceRows).toBe(2);
    expect((await rowCounts()).provenance).toBe(before.provenance);
  });

  test("a member missing from the source becomes inactive with the end date of the historical file, and leaves the public pages; both moves are in the history, dated by the terms", async () => {
    const list = readLegislators();
    const gone = list.find((l) => l.id.bioguide === "C000127")!;
    writeLegislators(list.filter((l) => l !== gone));
    // The historical file records the member as it would after a resignation on Nov 20.
    const resigned = structuredClone(gone);
    resigned.terms.at(-1)!.end = "2026-11-20";
    writeFileSync(path.join(cl, "legislators-historical.json"), JSON.stringify([resigned]));
    const ctx = context({ executionId: 7101 });
    const { results } = await congressImport(ctx);
    expect(results).toMatchObject({ deactivated: 1, inserted: 0 });
    const official = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" }, include: { officeTerms: true } });
    expect(official.isActive).toBe(false);
    expect(official.officeTerms.filter((t) => t.isCurrent)).toEqual([]);
    const last = official.officeTerms.sort((a, b) => a.start.localeCompare(b.start)).at(-1)!;
    expect(last.end).toBe("2026-11-20");
    expect((await officialsOfState(db, official.stateId)).map((o) => o.id)).not.toContain(official.id);
    const left = { oldValue: "yes", newValue: "no", method: "import", sourceName: "congress-legislators", executionId: 7101 };
    expect(
      await db.fieldUpdate.findMany({ where: { entityType: "official", entityId: official.id, fieldName: "isActive" } }),
    ).toMatchObject([
      {
        ...left,
        status: "approved",
        // The day the member left (noon in Washington), not the day the job noticed.
        approvedAt: termBoundary("2026-11-20"),
        sourceUrl: "https://unitedstates.github.io/congress-legislators/legislators-historical.json",
      },
    ]);

    writeLegislators([...list]);
    const again = context({ executionId: 7102 });
    const back = await congressImport(again);
    expect(back.results).toMatchObject({ updated: 1, deactivated: 0 });
    expect((await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } })).isActive).toBe(true);
    // The public history, newest first, with the field's label and the source.
    const inOffice = (await recordHistory(db, "official", official.id, 1)).entries.filter((e) => e.field === "isActive");
    // Back in the current file, the term covers today again: in office since the term's start.
    expect(inOffice).toMatchObject([
      {
        label: "In office",
        oldValue: "yes",
        newValue: "no",
        changedAt: termBoundary("2026-11-20").toISOString(),
        source: { label: "congress-legislators" },
      },
      {
        label: "In office",
        oldValue: "no",
        newValue: "yes",
        changedAt: termBoundary(gone.terms.at(-1)!.start).toISOString(),
        source: { label: "congress-legislators" },
      },
    ]);
    // Each recorded once: another run with nothing changed adds nothing.
    await runImport();
    expect(await db.fieldUpdate.count({ where: { entityType: "official", entityId: official.id, fieldName: "isActive" } })).toBe(2);
  });

  test("a member now serving another state has the state change in the history, by name", async () => {
    const list = readLegislators();
    const member = list.find((l) => l.id.bioguide === "C000127")!;
    const term = member.terms.at(-1)!;
    const home = term.state;
    term.state = "OH";
    writeLegislators(list);
    const ctx = context({ executionId: 7103 });
    await congressImport(ctx);
    const official = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" }, include: { state: true } });
    expect(official.state.abbreviation).toBe("OH");
    const [moved] = (await recordHistory(db, "official", official.id, 1)).entries.filter((e) => e.field === "stateId");
    expect(moved).toMatchObject({ label: "State", oldValue: "Washington", newValue: "Ohio", changedAt: ctx.now().toISOString() });
    expect(await db.fieldUpdate.findFirstOrThrow({ where: { id: moved.id } })).toMatchObject({
      executionId: 7103,
      sourceName: "congress-legislators",
    });
    // The history page shows it under its label.
    const page = await callRoute(historyPage.loader, `/representative/${official.id}/history`, { params: { id: String(official.id) } });
    expect(JSON.stringify(page)).toContain('"label":"State"');

    term.state = home;
    writeLegislators(list);
    await runImport();
    expect((await db.official.findUniqueOrThrow({ where: { id: official.id }, include: { state: true } })).state.abbreviation).toBe(home);
  });

  test("a House member who appears as a senator gets a new term and the office Senator; the seat shows as vacant", async () => {
    const list = readLegislators();
    const member = list.find((l) => l.terms.at(-1)!.type === "rep" && l.terms.at(-1)!.state === "MI" && l.terms.at(-1)!.district === 7)!;
    const house = member.terms.at(-1)!;
    house.end = "2026-11-20";
    member.terms.push({
      type: "sen",
      start: "2026-11-21",
      end: "2029-01-03",
      state: "MI",
      class: 2,
      state_rank: "junior",
      party: house.party,
    });
    writeLegislators(list);
    await runImport();
    const official = await db.official.findUniqueOrThrow({ where: { bioguideId: member.id.bioguide }, include: { officeTerms: true } });
    expect(official).toMatchObject({ office: "Senator", district: null, isActive: true });
    const current = official.officeTerms.filter((t) => t.isCurrent);
    expect(current).toMatchObject([{ type: "sen", start: "2026-11-21" }]);
    expect(official.officeTerms.find((t) => t.type === "rep" && t.start === house.start)).toMatchObject({
      end: "2026-11-20",
      isCurrent: false,
    });
    expect((await vacanciesOf(db, official.stateId)).houseDistricts).toEqual(["07"]);
  });

  test("a new governor replaces the old one: the predecessor's term ends and they leave the public pages", async () => {
    const wa = await db.state.findUniqueOrThrow({ where: { abbreviation: "WA" } });
    const ferguson = await db.official.findFirstOrThrow({ where: { stateId: wa.id, office: "Governor", isActive: true } });
    writeFileSync(
      path.join(os, "wa/executive/Pat-Example-00000000-0000-4000-8000-000000000001.yml"),
      [
        "id: ocd-person/00000000-0000-4000-8000-000000000001",
        "name: Pat Example",
        "given_name: Pat",
        "family_name: Example",
        "party:",
        "- name: Independent",
        "roles:",
        "- start_date: '2026-11-21'",
        "  type: governor",
        "  jurisdiction: ocd-jurisdiction/country:us/state:wa/government",
        "offices:",
        "- classification: capitol",
        "  voice: 360-902-4111",
        "links:",
        "- url: https://governor.wa.gov/",
        "",
      ].join("\n"),
    );
    const { results } = await runImport();
    expect(results.governors).toMatchObject({ inserted: 1, deactivated: 1 });
    const governors = (await officialsOfState(db, wa.id)).filter((o) => o.office === "Governor");
    expect(governors.map((g) => g.name)).toEqual(["Pat Example"]);
    const predecessor = await db.official.findUniqueOrThrow({ where: { id: ferguson.id }, include: { officeTerms: true } });
    expect(predecessor.isActive).toBe(false);
    expect(predecessor.officeTerms).toMatchObject([{ type: "gov", isCurrent: false, end: "2026-11-21" }]);
    // Leaving office is in the predecessor's history, from the successor's record at openstates/people.
    expect((await recordHistory(db, "official", ferguson.id, 1)).entries.filter((e) => e.field === "isActive")).toMatchObject([
      {
        label: "In office",
        oldValue: "yes",
        newValue: "no",
        source: { label: "openstates/people", url: expect.stringMatching(/Pat-Example/) },
      },
    ]);
    expect((await vacanciesOf(db, wa.id)).governor).toBe(false);
    expect((await db.state.findUniqueOrThrow({ where: { id: wa.id } })).governorParty).toBe("Independent");
  });

  test("a 404 or a broken file fails the run with a clear message and changes nothing", async () => {
    const before = await rowCounts();
    overrides["/cl/committees-current.json"] = { status: 404, body: "Not found" };
    await expect(runImport()).rejects.toThrow(/committees-current\.json: HTTP 404/);
    delete overrides["/cl/committees-current.json"];
    overrides["/cl/legislators-current.json"] = { body: '[{"id": {"bioguide": "X"' };
    await expect(runImport()).rejects.toThrow(/legislators-current\.json: the answer is not valid JSON/);
    overrides["/cl/legislators-current.json"] = { body: "[]" };
    await expect(runImport()).rejects.toThrow(/legislators-current\.json is not a list of legislators/);
    delete overrides["/cl/legislators-current.json"];
    expect(await rowCounts()).toEqual(before);
  });

  test("through the runner a failed source marks the execution failed with the message", async () => {
    overrides["/cl/legislators-social-media.json"] = { status: 500, body: "oops" };
    const runner = createRunner({ db, jobs: JOB_FUNCTIONS, sources: { ...testJobContext(db).sources, ...sources } });
    try {
      const { id } = await queueRun(db, "congress_import", { trigger: "manual" });
      await runner.wake();
      const execution = await db.jobExecution.findUniqueOrThrow({ where: { id } });
      expect(execution.status).toBe("failed");
      expect(execution.errorMessage).toMatch(/legislators-social-media\.json: HTTP 500/);
    } finally {
      delete overrides["/cl/legislators-social-media.json"];
      await runner.stop();
    }
  });

  test("a source that drops most members is refused before anything is written", async () => {
    const list = readLegislators();
    writeLegislators(list.slice(0, 100));
    const before = await rowCounts();
    await expect(runImport()).rejects.toThrow(/would retire \d+ of \d+: nothing was changed/);
    expect(await rowCounts()).toEqual(before);
    writeLegislators(list);
  });
});
