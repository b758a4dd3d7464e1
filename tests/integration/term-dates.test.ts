// Who serves follows the terms' dates (app/lib/terms.ts, app/models/term-clock.server.ts): the
// January 3 hand-over at noon, a file that lists the next Congress early, values a source stops
// holding, a repeat run that writes nothing, and a server that catches up after a long sleep. On
// the shipped data and the recorded sources, on a real SQLite copy.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { congressImport } from "~/jobs/congress-import.server";
import { catchUpIfStale } from "~/jobs/scheduler.server";
import type { Legislator } from "~/lib/congress-legislators";
import { valueSource } from "~/lib/provenance";
import { termBoundary } from "~/lib/terms";
import { recordHistory } from "~/models/change-history.server";
import { rejectFieldUpdates, submitStaffEdit } from "~/models/data-updates.server";
import { officialsOfState, provenanceOf } from "~/models/officials.server";
import { congressRecords, readShippedData, syncOfficials } from "~/models/reference-data.server";
import { vacanciesOf } from "~/models/states.server";
import { applyTermDates } from "~/models/term-clock.server";
import { startRecordedSources } from "../support/recorded-sources";
import { testJobContext } from "../support/job-context";

let recorded: Awaited<ReturnType<typeof startRecordedSources>>;
beforeAll(async () => {
  recorded = await startRecordedSources();
});
afterAll(() => recorded.close());

const importAt = (iso: string, executionId = 0) => {
  const at = new Date(iso);
  return congressImport(testJobContext(db, { sources: recorded.sources, now: () => at, executionId }));
};

/** Every row an import may write about officials, and the newest change to any of them. */
async function officialRows() {
  const [officials, terms, provenance, history, offices, assignments] = await Promise.all([
    db.official.aggregate({ _count: true, _max: { updatedAt: true } }),
    db.officialTerm.findMany({ orderBy: { id: "asc" } }),
    db.provenance.aggregate({ where: { entityType: "official" }, _count: true, _max: { updatedAt: true } }),
    db.fieldUpdate.count(),
    db.districtOffice.count(),
    db.committeeAssignment.count(),
  ]);
  return { officials, terms, provenance, history, offices, assignments };
}

const seatOf = async (abbreviation: string, district: string) => {
  const state = await db.state.findUniqueOrThrow({ where: { abbreviation } });
  return (await vacanciesOf(db, state.id, "2026-11-27")).vacantSince.house[district];
};

describe("the shipped data, imported again", () => {
  test("the seats vacant in the snapshot keep their real vacancy dates; Husted's and Moody's terms ended on Nov 3, 2026; a repeat run writes nothing", async () => {
    const before = await Promise.all([seatOf("CA", "14"), seatOf("TX", "23"), seatOf("FL", "20"), seatOf("GA", "13")]);
    expect(before.map((v) => v?.since)).toEqual(["2026-04-14", "2026-04-14", "2026-04-21", "2026-04-21"]);

    await importAt("2026-11-27T07:00:00Z", 901);
    const after = await Promise.all([seatOf("CA", "14"), seatOf("TX", "23"), seatOf("FL", "20"), seatOf("GA", "13")]);
    expect(after.map((v) => v?.since)).toEqual(["2026-04-14", "2026-04-14", "2026-04-21", "2026-04-21"]);

    const oh = await db.state.findUniqueOrThrow({ where: { abbreviation: "OH" } });
    const husted = await db.official.findUniqueOrThrow({ where: { bioguideId: "H001104" }, include: { officeTerms: true } });
    expect(husted).toMatchObject({ isActive: false, officeTerms: [{ end: "2026-11-03", endReason: "special-election" }] });
    expect((await officialsOfState(db, oh.id)).filter((o) => o.office === "Senator").map((o) => o.name)).toEqual(["Bernie Moreno"]);

    // The same data again: no official, term, provenance or history row is written.
    const settled = await officialRows();
    await importAt("2026-11-27T08:00:00Z", 902);
    expect(await officialRows()).toEqual(settled);
  }, 120_000);

  test("a source that cannot be reached fails the run and re-dates no value", async () => {
    const cantwell = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
    const before = await provenanceOf(db, cantwell.id);
    const at = new Date("2026-11-28T07:00:00Z");
    const unreachable = { ...recorded.sources, congressLegislators: "http://127.0.0.1:9/cl" };
    await expect(congressImport(testJobContext(db, { sources: unreachable, now: () => at }))).rejects.toThrow();
    expect(await provenanceOf(db, cantwell.id)).toEqual(before);
  });
});

describe("the January 3 hand-over", () => {
  // A file that already lists the 120th Congress: one member re-elected, one retiring (their seat
  // won by a member-elect), one House member elected to the Senate.
  const data = readShippedData();
  const byId = (bioguide: string) => data.legislators.find((l) => l.id.bioguide === bioguide)!;
  const retiring = byId("B001296"); // Brendan Boyle, PA-2: stays in the file with his term ending Jan 3
  const rising = byId("A000055"); // Robert Aderholt, AL-4: elected to the Senate in this made-up file
  const memberElect: Legislator = {
    id: { bioguide: "Z999001" },
    name: { first: "Pat", last: "Example", official_full: "Pat Example" },
    terms: [{ type: "rep", start: "2027-01-03", end: "2029-01-03", state: "PA", district: 2, party: "Democrat" }],
  };
  const riseTerm = { type: "sen" as const, start: "2027-01-03", end: "2033-01-03", state: "AL", class: 2, party: "Republican" };
  rising.terms.push(riseTerm);
  data.legislators.push(memberElect);

  test("before noon the 119th Congress serves and the member-elect waits; at noon they change places, dated noon Jan 3; a second look writes nothing", async () => {
    const beforeNoon = new Date("2027-01-03T16:59:00Z");
    await syncOfficials(db, congressRecords(data, new Date("2026-12-15T12:00:00Z")), "congress", { at: new Date("2026-12-15T12:00:00Z") });
    await applyTermDates(db, beforeNoon);
    const elect = await db.official.findUniqueOrThrow({ where: { bioguideId: "Z999001" } });
    expect(elect.isActive).toBe(false);
    expect(await db.official.findUniqueOrThrow({ where: { bioguideId: retiring.id.bioguide } })).toMatchObject({ isActive: true });
    // Listed early as a senator, Aderholt is still the representative he is.
    expect(await db.official.findUniqueOrThrow({ where: { bioguideId: rising.id.bioguide } })).toMatchObject({
      isActive: true,
      office: "Representative",
    });

    const noon = termBoundary("2027-01-03");
    expect(noon.toISOString()).toBe("2027-01-03T17:00:00.000Z");
    expect(await applyTermDates(db, noon)).toMatchObject({ began: 1 });
    expect(await db.official.findUniqueOrThrow({ where: { bioguideId: "Z999001" } })).toMatchObject({ isActive: true });
    const boyle = await db.official.findUniqueOrThrow({ where: { bioguideId: retiring.id.bioguide } });
    expect(boyle.isActive).toBe(false);
    const [left] = (await recordHistory(db, "official", boyle.id, 1)).entries.filter((e) => e.field === "isActive");
    expect(left).toMatchObject({ oldValue: "yes", newValue: "no", changedAt: noon.toISOString() });
    const [began] = (await recordHistory(db, "official", elect.id, 1)).entries.filter((e) => e.field === "isActive");
    expect(began).toMatchObject({ oldValue: "no", newValue: "yes", changedAt: noon.toISOString() });
    // Aderholt's House term ended and his Senate term began at the same noon: he serves throughout,
    // and reads as a senator from that noon, in his history too.
    const aderholt = await db.official.findUniqueOrThrow({ where: { bioguideId: rising.id.bioguide } });
    expect(aderholt).toMatchObject({ isActive: true, office: "Senator", district: null, senateClass: 2, tenure: "Since 2027" });
    const seatHistory = (await recordHistory(db, "official", aderholt.id, 1)).entries.filter((e) => e.field === "office");
    expect(seatHistory[0]).toMatchObject({ oldValue: "Representative", newValue: "Senator", changedAt: noon.toISOString() });

    const history = await db.fieldUpdate.count();
    expect(await applyTermDates(db, new Date("2027-01-03T18:00:00Z"))).toEqual({ began: 0, ended: 0 });
    expect(await db.fieldUpdate.count()).toBe(history);

    // The next import agrees with what the clock did: Aderholt's office is not changed again.
    await syncOfficials(db, congressRecords(data, new Date("2027-01-04T07:00:00Z")), "congress", { at: new Date("2027-01-04T07:00:00Z") });
    expect(await db.official.findUniqueOrThrow({ where: { bioguideId: rising.id.bioguide } })).toMatchObject({
      office: "Senator",
      district: null,
    });
    const officeChanges = await db.fieldUpdate.count({ where: { entityId: aderholt.id, fieldName: "office" } });
    expect(officeChanges).toBe(1);
  }, 120_000);
});

describe("values a source stops holding", () => {
  test("a governor the source no longer lists keeps the date it was last confirmed, and says so; listed again, it is verified by the next check", async () => {
    const wa = await db.state.findUniqueOrThrow({ where: { abbreviation: "WA" } });
    const governor = await db.official.findFirstOrThrow({ where: { stateId: wa.id, office: "Governor", isActive: true } });
    await importAt("2026-12-01T07:00:00Z");
    const firstCheck = new Date("2026-12-01T07:00:00Z");
    expect((await provenanceOf(db, governor.id)).phone).toMatchObject({ verifiedAt: firstCheck, heldBySource: true });

    // The next runs' source has no file for that governor: Washington's executive folder is empty.
    const withoutWashington: typeof fetch = (input, init) =>
      String(input).includes("/wa/executive") ? Promise.resolve(Response.json([])) : fetch(input, init);
    const at = new Date("2026-12-02T07:00:00Z");
    await congressImport(testJobContext(db, { sources: recorded.sources, now: () => at, fetch: withoutWashington }));
    const phone = (await provenanceOf(db, governor.id)).phone;
    expect(phone).toMatchObject({ verifiedAt: firstCheck, heldBySource: false });
    expect(valueSource(phone, new Date("2026-12-03T12:00:00Z")).label).toBe(
      "openstates/people · last confirmed Dec 1, 2026 · not in the current source",
    );
    // A second run the same: nothing more is written.
    const provenanceBefore = await db.provenance.aggregate({ _max: { updatedAt: true } });
    const later = new Date("2026-12-03T07:00:00Z");
    await congressImport(testJobContext(db, { sources: recorded.sources, now: () => later, fetch: withoutWashington }));
    expect(await db.provenance.aggregate({ _max: { updatedAt: true } })).toEqual(provenanceBefore);

    // Back in the source: confirmed by that check.
    const back = new Date("2026-12-04T07:00:00Z");
    await importAt(back.toISOString());
    expect((await provenanceOf(db, governor.id)).phone).toMatchObject({ verifiedAt: back, heldBySource: true });
  }, 180_000);

  test("a member whose source drops their FEC ids has the list cleared once; the next run writes nothing", async () => {
    const data = readShippedData();
    const member = data.legislators.find((l) => (l.id.fec ?? []).length > 0)!;
    const official = await db.official.findUniqueOrThrow({ where: { bioguideId: member.id.bioguide } });
    expect(official.fecIds).not.toBeNull();
    delete member.id.fec;
    const first = new Date("2026-12-05T07:00:00Z");
    await syncOfficials(db, congressRecords(data, first), "congress", { at: first });
    expect(await db.official.findUniqueOrThrow({ where: { id: official.id } })).toMatchObject({ fecIds: null, fecId: null });
    const changes = await db.fieldUpdate.count({ where: { entityId: official.id, fieldName: { in: ["fecIds", "fecId"] } } });
    expect(changes).toBe(2);
    const second = new Date("2026-12-06T07:00:00Z");
    await syncOfficials(db, congressRecords(data, second), "congress", { at: second });
    expect(await db.fieldUpdate.count({ where: { entityId: official.id, fieldName: { in: ["fecIds", "fecId"] } } })).toBe(changes);
  });
});

describe("a value staff set", () => {
  test("is kept when the source holds another; the source's value waits for an admin once, and a rejection is not filed again", async () => {
    const data = readShippedData();
    const member = data.legislators.find((l) => l.id.bioguide === "C000127")!; // Maria Cantwell
    const official = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
    const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@civicatlas.test" } });
    await submitStaffEdit(db, admin, { entityType: "official", entityId: official.id, values: { phone: "202-555-0199" } });

    // The source now holds yet another number than staff's.
    member.terms[member.terms.length - 1].phone = "202-224-0001";
    const pendingOf = () =>
      db.fieldUpdate.findMany({
        where: { entityId: official.id, fieldName: "phone", status: "pending" },
        select: { oldValue: true, newValue: true, sourceName: true, id: true },
      });
    const first = new Date("2026-12-07T07:00:00Z");
    await syncOfficials(db, congressRecords(data, first), "congress", { at: first, executionId: 0 });
    expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe("202-555-0199");
    const [filed, ...more] = await pendingOf();
    expect(more).toEqual([]);
    expect(filed).toMatchObject({ oldValue: "202-555-0199", newValue: "202-224-0001", sourceName: "congress-legislators" });

    // The next night: nothing more is filed.
    const second = new Date("2026-12-08T07:00:00Z");
    await syncOfficials(db, congressRecords(data, second), "congress", { at: second, executionId: 0 });
    expect(await pendingOf()).toHaveLength(1);

    // Rejected, the same disagreement is not filed again and staff's number stays.
    await rejectFieldUpdates(db, admin, [filed.id], "Our number is the office's new line.");
    const third = new Date("2026-12-09T07:00:00Z");
    await syncOfficials(db, congressRecords(data, third), "congress", { at: third, executionId: 0 });
    expect(await pendingOf()).toEqual([]);
    expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe("202-555-0199");
  }, 120_000);
});

describe("a server that starts with old data", () => {
  test("queues the nightly chain when the last import ended more than a day ago, not when it is fresh or already queued", async () => {
    await db.jobExecution.deleteMany();
    expect(await catchUpIfStale(db, new Date("2026-12-10T12:00:00Z"))).toBe(true);
    const queued = await db.jobExecution.findMany({ where: { status: "pending" }, orderBy: { id: "asc" } });
    expect(queued[0]).toMatchObject({ jobType: "congress_import", trigger: "chain" });
    // Already queued: nothing more.
    expect(await catchUpIfStale(db, new Date("2026-12-10T12:01:00Z"))).toBe(false);

    await db.jobExecution.deleteMany();
    const done = new Date("2026-12-10T02:10:00Z");
    await db.jobExecution.create({ data: { jobType: "congress_import", status: "completed", completedAt: done, startedAt: done } });
    expect(await catchUpIfStale(db, new Date("2026-12-10T12:00:00Z"))).toBe(false);
    expect(await catchUpIfStale(db, new Date("2026-12-11T12:00:00Z"))).toBe(true);
  });
});
