// The public change history (decision 0023) against the real database: imports, approved staff
// suggestions, admin edits and crawler suggestions all read back from one model, its pages, feeds
// and JSON; bad page and filter parameters answer 4xx; staff names never appear.
import * as cheerio from "cheerio";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { changeEntryId, HISTORY_PAGE_SIZE } from "~/lib/change-history";
import { recordHistory } from "~/models/change-history.server";
import { CRAWLER_SOURCE } from "~/models/crawls.server";
import { approveFieldUpdates, recordDataUpdate, rejectFieldUpdates, submitStaffEdit, type Actor } from "~/models/data-updates.server";
import { congressRecords, readShippedData, syncOfficials } from "~/models/reference-data.server";
import * as changesApi from "~/routes/api.changes";
import * as historyApi from "~/routes/api.representatives.$id.history";
import * as changesPage from "~/routes/changes";
import * as changesFeed from "~/routes/changes[.atom]";
import * as officialPage from "~/routes/representative.$id_.history";
import * as officialFeed from "~/routes/representative.$id_.history[.atom]";
import * as statePage from "~/routes/state.$abbr_.history";
import * as stateFeed from "~/routes/state.$abbr_.history[.atom]";
import { answer, callRoute } from "../support/route-calls";

type Staff = Actor & { firstName: string | null; lastName: string | null; email: string };
let moderator: Staff;
let admin: Staff;
beforeAll(async () => {
  moderator = await db.user.findUniqueOrThrow({ where: { email: "moderator@civicatlas.test" } });
  admin = await db.user.findUniqueOrThrow({ where: { email: "admin@civicatlas.test" } });
});

const official = (bioguideId: string) => db.official.findUniqueOrThrow({ where: { bioguideId } });

/** A page loader's answer: thrown data({message}, {status}) or a returned value. */
async function pageStatus(loader: (args: never) => unknown, path: string, params: Record<string, string>) {
  try {
    await loader({ request: new Request(`http://localhost${path}`), params, context: {} } as never);
    return { status: 200, message: null };
  } catch (thrown) {
    const t = thrown as { init?: { status?: number }; data?: { message?: string } };
    return { status: t.init?.status ?? 500, message: t.data?.message ?? null };
  }
}

const feed = (loader: (args: never) => unknown, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  loader({ request: new Request(`http://localhost${path}`, { headers }), params, context: {} } as never) as Promise<Response>;

describe("what the history records", () => {
  test("an import records each changed value as an approved change with its source, address and execution; provenance points at it; a rerun records nothing", async () => {
    const data = readShippedData();
    const boyle = data.legislators.find((l) => l.id.bioguide === "B001296")!;
    const before = await official("B001296");
    boyle.terms.at(-1)!.phone = "202-555-0177";
    const at = new Date("2026-11-20T08:00:00Z");
    await syncOfficials(db, congressRecords(data, at), "congress", { at, executionId: 4242 });

    const rows = await db.fieldUpdate.findMany({ where: { entityType: "official", entityId: before.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fieldName: "phone",
      oldValue: before.phone,
      newValue: "202-555-0177",
      status: "approved",
      approvedAt: at,
      method: "import",
      sourceName: "congress-legislators",
      sourceUrl: "https://unitedstates.github.io/congress-legislators/legislators-current.json",
      executionId: 4242,
      submittedById: null,
      reviewedById: null,
    });
    const provenance = await db.provenance.findUniqueOrThrow({
      where: { entityType_entityId_fieldName: { entityType: "official", entityId: before.id, fieldName: "phone" } },
    });
    expect(provenance.fieldUpdateId).toBe(rows[0].id);

    // The same source again is no change.
    const later = new Date("2026-11-21T08:00:00Z");
    await syncOfficials(db, congressRecords(data, later), "congress", { at: later });
    expect(await db.fieldUpdate.count({ where: { entityType: "official", entityId: before.id } })).toBe(1);

    const [entry] = (await recordHistory(db, "official", before.id, 1)).entries;
    expect(entry).toMatchObject({
      label: "Phone",
      oldValue: before.phone,
      newValue: "202-555-0177",
      changedAt: at.toISOString(),
      source: { label: "congress-legislators", url: "https://unitedstates.github.io/congress-legislators/legislators-current.json" },
    });
  });

  test("a moderator's approved suggestion, an admin's edit and an approved crawler suggestion each read with their source by role; pending, rejected and staff notes do not show", async () => {
    const o = await official("B001291");
    const suggestion = await submitStaffEdit(db, moderator, {
      entityType: "official",
      entityId: o.id,
      values: { email: "babin.history@house.example.gov", notes: "secret staff note" },
    });
    const suggested = await db.fieldUpdate.findMany({ where: { dataUpdateId: suggestion!.dataUpdateId! } });
    await approveFieldUpdates(
      db,
      admin,
      suggested.filter((f) => f.fieldName === "email").map((f) => f.id),
    );
    await rejectFieldUpdates(
      db,
      admin,
      suggested.filter((f) => f.fieldName === "notes").map((f) => f.id),
    );
    await submitStaffEdit(db, admin, { entityType: "official", entityId: o.id, values: { website: "https://babin.history.example.gov" } });
    await submitStaffEdit(db, moderator, { entityType: "official", entityId: o.id, values: { phone: "202-555-0199" } }); // stays pending
    const crawled = await db.$transaction((tx) =>
      recordDataUpdate(tx, {
        entityType: "official",
        entityId: o.id,
        changes: [{ fieldName: "contactFormUrl", oldValue: o.contactFormUrl, newValue: "https://babin.history.example.gov/contact" }],
        updateType: "crawler",
        source: CRAWLER_SOURCE,
        submittedById: null,
        apply: null,
      }),
    );
    await approveFieldUpdates(db, admin, crawled.fieldUpdateIds);

    const { entries, total } = await recordHistory(db, "official", o.id, 1);
    expect(total).toBe(3);
    expect(entries.map((e) => [e.label, e.newValue, e.source.label])).toEqual([
      ["Contact form URL", "https://babin.history.example.gov/contact", "official website (crawler), approved by staff (Admin)"],
      ["Official website", "https://babin.history.example.gov", "staff edit (Admin)"],
      ["Email", "babin.history@house.example.gov", "staff suggestion (Moderator), approved by staff (Admin)"],
    ]);

    // Neither the JSON nor the page nor the feed names a staff member or their email, or the staff note.
    const json = JSON.stringify(
      (await answer(callRoute(historyApi.loader, `/api/representatives/${o.id}/history`, { params: { id: String(o.id) } }))).body,
    );
    const xml = await (await feed(officialFeed.loader, `/representative/${o.id}/history.atom`, { id: String(o.id) })).text();
    const page = JSON.stringify(
      await officialPage.loader({
        request: new Request(`http://localhost/representative/${o.id}/history`),
        params: { id: String(o.id) },
        context: {},
      } as never),
    );
    for (const text of [json, xml, page]) {
      expect(text).toContain("staff suggestion (Moderator)");
      // (The seeded moderator is "Maya Moderator": her last name is also the role, which may show.)
      const names = [moderator, admin].flatMap((u) => [u.firstName!, `${u.firstName} ${u.lastName}`, u.email, u.id]);
      expect(names.every(Boolean)).toBe(true);
      for (const secret of [...names, "secret staff note"]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  test("an approved change raises the public data version, so cached profile and state pages show the new history count", async () => {
    const version = async () => (await db.publicDataVersion.findUniqueOrThrow({ where: { id: 1 } })).version;
    const o = await official("B001292");
    const edit = await submitStaffEdit(db, moderator, { entityType: "official", entityId: o.id, values: { religion: "History test" } });
    const pending = await version();
    const ids = (await db.fieldUpdate.findMany({ where: { dataUpdateId: edit!.dataUpdateId! } })).map((f) => f.id);
    // A pending row alone does not change a public page.
    expect(await version()).toBe(pending);
    await approveFieldUpdates(db, admin, ids);
    expect(await version()).toBeGreaterThan(pending);
    // The trigger on its own, without the value's write: an approved row inserted by hand.
    const before = await version();
    await db.fieldUpdate.create({
      data: {
        entityType: "state",
        entityId: 1,
        fieldName: "population",
        oldValue: "1",
        newValue: "2",
        status: "approved",
        approvedAt: new Date(),
      },
    });
    expect(await version()).toBe(before + 1);
  });
  test("a state's facts computed from its officials are changes of the state, with that source", async () => {
    const wy = await db.state.findUniqueOrThrow({ where: { abbreviation: "WY" } });
    const governor = await db.official.findFirstOrThrow({ where: { stateId: wy.id, office: "Governor", isActive: true } });
    const before = (await recordHistory(db, "state", wy.id, 1)).total;
    await submitStaffEdit(db, admin, {
      entityType: "official",
      entityId: governor.id,
      values: { party: governor.party === "Democratic" ? "Republican" : "Democratic" },
    });
    const after = await db.state.findUniqueOrThrow({ where: { id: wy.id } });
    const { entries, total } = await recordHistory(db, "state", wy.id, 1);
    expect(total).toBeGreaterThan(before);
    const computed = entries.filter((e) => e.source.method === "computed");
    expect(computed.length).toBeGreaterThan(0);
    for (const e of computed) {
      expect(e.source.label).toBe("computed from the state's officials");
      expect(e.newValue).toBe((after as Record<string, unknown>)[e.field] ?? null);
    }
    expect(computed.map((e) => e.label)).toContain("Governor party");
  });
});

describe("pages, bad input", () => {
  test(`${HISTORY_PAGE_SIZE} changes a page, newest first; page 2 has the rest; a page past the end is a 404; a malformed page is a 400`, async () => {
    const o = await official("P000610");
    const start = Date.parse("2026-10-01T00:00:00Z");
    await db.fieldUpdate.createMany({
      data: Array.from({ length: HISTORY_PAGE_SIZE + 1 }, (_, i) => ({
        entityType: "official",
        entityId: o.id,
        fieldName: "phone",
        oldValue: `202-555-${String(1000 + i)}`,
        newValue: `202-555-${String(1001 + i)}`,
        status: "approved",
        approvedAt: new Date(start + i * 3_600_000),
        method: "import",
        sourceName: "congress-legislators",
      })),
    });
    const page1 = await answer(callRoute(historyApi.loader, `/x`, { params: { id: String(o.id) } }));
    expect(page1.body).toMatchObject({ total: HISTORY_PAGE_SIZE + 1, page: 1, pageCount: 2 });
    expect(page1.body.entries).toHaveLength(HISTORY_PAGE_SIZE);
    expect(page1.body.entries[0].newValue).toBe(`202-555-${1001 + HISTORY_PAGE_SIZE}`);
    const page2 = await answer(callRoute(historyApi.loader, `/x?page=2`, { params: { id: String(o.id) } }));
    expect(page2.body.entries.map((e: { newValue: string }) => e.newValue)).toEqual(["202-555-1001"]);

    for (const [query, status] of [
      ["?page=3", 404],
      ["?page=0", 400],
      ["?page=abc", 400],
      ["?page=1.5", 400],
      ["?page=-1", 400],
      ["?page=99999999999999999999", 400],
    ] as const) {
      expect((await answer(callRoute(historyApi.loader, `/x${query}`, { params: { id: String(o.id) } }))).status, query).toBe(status);
      expect((await pageStatus(officialPage.loader, `/representative/${o.id}/history${query}`, { id: String(o.id) })).status, query).toBe(
        status,
      );
    }
    expect(await pageStatus(officialPage.loader, `/representative/99999999/history`, { id: "99999999" })).toMatchObject({ status: 404 });
    expect(await pageStatus(officialPage.loader, `/representative/abc/history`, { id: "abc" })).toMatchObject({ status: 404 });
    expect(await pageStatus(statePage.loader, `/state/ZZ/history`, { abbr: "ZZ" })).toMatchObject({ status: 404 });
    expect(await pageStatus(statePage.loader, `/state/TX/history?page=x`, { abbr: "TX" })).toMatchObject({ status: 400 });
    expect((await answer(callRoute(historyApi.loader, `/x`, { params: { id: "0" } }))).status).toBe(404);
  });

  test("/changes filters by state and field group; unknown filters are a 400 with a message", async () => {
    const wa = await db.state.findUniqueOrThrow({ where: { abbreviation: "WA" } });
    const newhouse = await official("N000189");
    await submitStaffEdit(db, admin, {
      entityType: "official",
      entityId: newhouse.id,
      values: { phone: "202-555-0123", party: "Independent" },
    });
    await submitStaffEdit(db, admin, {
      entityType: "state",
      entityId: wa.id,
      values: { officialWebsite: "https://wa.history.example.gov" },
    });

    const contact = await answer(callRoute(changesApi.loader, "/api/changes?state=wa&group=contact"));
    expect(contact.status).toBe(200);
    const contactFields = contact.body.entries.map((e: { field: string; subject: { name: string } }) => `${e.subject.name}: ${e.field}`);
    expect(contactFields).toContain("Dan Newhouse: phone");
    expect(contactFields).toContain("Washington: officialWebsite");
    expect(contactFields).not.toContain("Dan Newhouse: party");
    const party = await answer(callRoute(changesApi.loader, "/api/changes?state=WA&group=party"));
    expect(party.body.entries.map((e: { field: string }) => e.field)).toContain("party");
    expect(party.body.entries.map((e: { field: string }) => e.field)).not.toContain("phone");
    const texas = await answer(callRoute(changesApi.loader, "/api/changes?state=TX"));
    expect(texas.body.entries.every((e: { subject: { stateAbbreviation: string } }) => e.subject.stateAbbreviation === "TX")).toBe(true);

    for (const query of ["?state=ZZ", "?state=Texas", "?group=money", "?page=0"]) {
      const bad = await answer(callRoute(changesApi.loader, `/api/changes${query}`));
      expect(bad.status, query).toBe(400);
      expect(bad.body.message, query).toMatch(/\w/);
      expect((await pageStatus(changesPage.loader, `/changes${query}`, {})).status, query).toBe(400);
      expect((await feed(changesFeed.loader, `/changes.atom${query}`)).status, query).toBe(400);
    }
  });
});

describe("Atom feeds", () => {
  test("parse as Atom with stable tag ids, updated, author and links; a conditional GET is a 304", async () => {
    const o = await official("G000576");
    await submitStaffEdit(db, admin, { entityType: "official", entityId: o.id, values: { phone: "202-555-0144" } });
    const path = `/representative/${o.id}/history.atom`;
    const first = await feed(officialFeed.loader, path, { id: String(o.id) });
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await first.text();
    const $ = cheerio.load(xml, { xml: true });
    expect($("feed").attr("xmlns")).toBe("http://www.w3.org/2005/Atom");
    expect($("feed > id").text()).toMatch(/^tag:civic-atlas\.fly\.dev,2026:representative\/\d+\/history$/);
    expect($("feed > updated").text()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect($("feed > author > name").text()).toBe("Civic Atlas");
    // Absolute links on the site's own address (APP_URL).
    expect($('feed > link[rel="self"]').attr("href")).toMatch(new RegExp(`^https?://[^/]+${path.replace(/\./g, "\\.")}$`));
    const entry = $("entry").first();
    const change = await db.fieldUpdate.findFirstOrThrow({
      where: { entityId: o.id, entityType: "official", fieldName: "phone", status: "approved" },
    });
    expect(entry.find("id").text()).toBe(changeEntryId(change.id));
    expect(entry.find("title").text()).toBe("Phone changed");
    expect(entry.find("summary").text()).toContain("202-555-0144");
    expect(entry.find("author > name").text()).toBe("staff edit (Admin)");

    // The same feed again is byte-identical (ids do not move); a reader's conditional GETs are 304.
    const again = await feed(officialFeed.loader, path, { id: String(o.id) });
    expect(await again.text()).toBe(xml);
    const etag = first.headers.get("ETag")!;
    expect((await feed(officialFeed.loader, path, { id: String(o.id) }, { "If-None-Match": etag })).status).toBe(304);
    const lastModified = first.headers.get("Last-Modified")!;
    expect((await feed(officialFeed.loader, path, { id: String(o.id) }, { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await feed(officialFeed.loader, path, { id: String(o.id) }, { "If-None-Match": '"other"' })).status).toBe(200);

    // A new change: a new ETag and the new entry first.
    await submitStaffEdit(db, admin, { entityType: "official", entityId: o.id, values: { phone: "202-555-0145" } });
    const changed = await feed(officialFeed.loader, path, { id: String(o.id) }, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(
      cheerio
        .load(await changed.text(), { xml: true })("entry summary")
        .first()
        .text(),
    ).toContain("202-555-0145");

    const state = await feed(stateFeed.loader, "/state/WA/history.atom", { abbr: "WA" });
    expect(state.status).toBe(200);
    expect(
      cheerio
        .load(await state.text(), { xml: true })("feed > title")
        .text(),
    ).toBe("Changes to Washington · Civic Atlas");
    expect((await feed(stateFeed.loader, "/state/ZZ/history.atom", { abbr: "ZZ" })).status).toBe(404);
    expect((await feed(officialFeed.loader, "/representative/0/history.atom", { id: "0" })).status).toBe(404);
    const site = await feed(changesFeed.loader, "/changes.atom?group=contact");
    expect(
      cheerio
        .load(await site.text(), { xml: true })("feed > id")
        .text(),
    ).toBe("tag:civic-atlas.fly.dev,2026:changes?group=contact");
  });
});
