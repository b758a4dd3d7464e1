// The crawling jobs against real local sites (fixture servers on 127.0.0.1 serving the pages in
// tests/fixtures/crawler/) and the real database: the contact crawl files what differs as pending
// crawler suggestions and records failures without stopping; the Ballotpedia import stores the
// slug of the page that answered.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { ballotpediaImport } from "~/jobs/ballotpedia-import.server";
import { contactCrawl } from "~/jobs/contact-crawl.server";
import type { ItemKind } from "~/jobs/job";
import type { Progress } from "~/models/jobs.server";
import { startFixtureServer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";

const FIXTURES = "tests/fixtures/crawler";
const tag = randomBytes(4).toString("hex");
type Site = Awaited<ReturnType<typeof startFixtureServer>>;
const sites: Site[] = [];
const site = async (routes: Parameters<typeof startFixtureServer>[0]) => {
  const started = await startFixtureServer(routes);
  sites.push(started);
  return started;
};

let stateId: number;
beforeAll(async () => {
  // This file's database is its own copy: the seeded officials (with their real websites) are set
  // aside so the jobs visit only this file's officials, on 127.0.0.1.
  await db.official.updateMany({ data: { isActive: false } });
  stateId = (await db.state.findFirstOrThrow({ where: { abbreviation: "OH" } })).id;
});
afterAll(async () => {
  await Promise.all(sites.map((s) => s.close()));
});

const official = (name: string, data: Record<string, string | null>) => {
  const [firstName, lastName] = name.split(" ");
  return db.official.create({ data: { name, firstName, lastName, party: "Independent", office: "Representative", stateId, ...data } });
};

describe("the contact crawl", () => {
  let house: Site, senate: Site, governor: Site, gone: Site, slow: Site, closed: Site;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    house = await site({ "/": { file: `${FIXTURES}/house-home.html` }, "/contact": { file: `${FIXTURES}/house-contact.html` } });
    senate = await site({ "/": { file: `${FIXTURES}/senate-home.html` }, "/contact": { file: `${FIXTURES}/senate-contact.html` } });
    governor = await site({ "/": { file: `${FIXTURES}/governor-home.html` } }); // its contact page is missing
    gone = await site({});
    slow = await site({ "/": { file: `${FIXTURES}/house-home.html`, delayMs: 3_000 } });
    closed = await site({
      "/robots.txt": { body: "User-agent: CivicAtlasBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n" },
      "/": { file: `${FIXTURES}/governor-home.html` },
    });
    // Every value the House page shows is already live, in other spellings.
    ids.house = (
      await official(`Dana Crawlerfield${tag}`, {
        website: `${house.url}/`,
        phone: "(202) 555-0143",
        officeAddress: "1436 Longworth House Office Building Washington DC 20515-0103",
        contactFormUrl: `${house.url}/contact/email-me`,
        xProfileUrl: "https://twitter.com/repcrawlerfield",
        facebookUrl: "https://facebook.com/RepDanaCrawlerfield/",
        youtubeUrl: "https://www.youtube.com/@RepCrawlerfield",
      })
    ).id;
    ids.governor = (await official(`Avery Scrapewell${tag}`, { website: governor.url, phone: "334-555-0199", email: null })).id;
    ids.senator = (await official(`Morgan Spiderton${tag}`, { website: senate.url })).id;
    ids.gone = (await official(`Gone Sitewell${tag}`, { website: `${gone.url}/` })).id;
    ids.slow = (await official(`Slow Sitewell${tag}`, { website: `${slow.url}/` })).id;
    ids.closed = (await official(`Closed Sitewell${tag}`, { website: `${closed.url}/` })).id;
    await official(`Nosite Sitewell${tag}`, { website: null });
  });

  const pendingOf = (id: number) =>
    db.fieldUpdate.findMany({
      where: { entityType: "official", entityId: id, status: "pending" },
      select: {
        fieldName: true,
        oldValue: true,
        newValue: true,
        submittedById: true,
        dataUpdate: { select: { updateType: true, source: true } },
      },
      orderBy: { fieldName: "asc" },
    });

  test("files differences as pending crawler suggestions, records a missing, a slow and a closed site as failures, and goes on", async () => {
    const progress: Progress[] = [];
    const failed: { kind: ItemKind; sentence: string }[] = [];
    let steps = 0;
    const run = await contactCrawl(
      testJobContext(db, {
        progress: (p) => progress.push(p),
        itemFailed: (kind, sentence) => failed.push({ kind, sentence }),
        step: async () => {
          steps++;
        },
      }),
      { intervalMs: 0, timeoutMs: 1_000 },
    );

    // The governor's page: the phone and the email differ from the live values, so both wait for review.
    const governorSuggestions = await pendingOf(ids.governor);
    expect(governorSuggestions).toEqual(
      expect.arrayContaining([
        {
          fieldName: "phone",
          oldValue: "334-555-0199",
          newValue: "334-555-0100",
          submittedById: null,
          dataUpdate: { updateType: "crawler", source: "Contact crawler" },
        },
        {
          fieldName: "email",
          oldValue: null,
          newValue: "constituent.services@governor.example.gov",
          submittedById: null,
          dataUpdate: { updateType: "crawler", source: "Contact crawler" },
        },
      ]),
    );
    expect(governorSuggestions.map((s) => s.fieldName)).toEqual([
      "email",
      "instagramUrl",
      "officeAddress",
      "phone",
      "xProfileUrl",
      "youtubeUrl",
    ]);
    // Live values are never overwritten by the crawler.
    const governorRow = await db.official.findUniqueOrThrow({ where: { id: ids.governor } });
    expect([governorRow.phone, governorRow.email]).toEqual(["334-555-0199", null]);
    expect(governorRow.contactUpdatedAt).not.toBeNull();

    // The senator's contact page holds the form itself; the profile links are read from the home page.
    const senatorSuggestions = await pendingOf(ids.senator);
    expect(Object.fromEntries(senatorSuggestions.map((s) => [s.fieldName, s.newValue]))).toMatchObject({
      contactFormUrl: `${senate.url}/contact`,
      phone: "202-555-0121",
      xProfileUrl: "https://x.com/SenSpiderton",
      officeAddress: "320 Hart Senate Office Building, Washington, DC 20510",
    });

    // Unchanged values file nothing.
    expect(await pendingOf(ids.house)).toEqual([]);

    expect(run.results).toMatchObject({
      processed: 6,
      successful: 3,
      failed: 3,
      updated: governorSuggestions.length + senatorSuggestions.length,
    });
    // Per official, the checked fields found: 6 each (the senator's form is its contact page).
    expect(run.results.contactsCollected).toBe(18);
    const failures = run.results.details as { officialId: number; reason: string }[];
    expect(failures.map((f) => f.officialId)).toEqual([ids.gone, ids.slow, ids.closed]);
    expect(failures[0].reason).toContain("HTTP 404");
    expect(failures[1].reason).toContain("no answer within 1 s");
    expect(failures[2].reason).toContain("disallowed by robots.txt");
    // Each failed site is an item failure of the run (the runner folds them and ends it "completed with errors").
    expect(failed).toEqual(
      failures.map((f, i) => ({
        kind: { failed: "sites could not be crawled", of: 6 },
        sentence: `${[`Gone Sitewell${tag}`, `Slow Sitewell${tag}`, `Closed Sitewell${tag}`][i]}: ${f.reason}`,
      })),
    );
    expect(failures[0].reason).toBe(`${gone.url}/: HTTP 404, no such page at the source`);
    // robots.txt honoured: the closed site was asked only for it.
    expect(closed.requests).toEqual(["/robots.txt"]);
    for (const id of [ids.gone, ids.slow, ids.closed])
      expect((await db.official.findUniqueOrThrow({ where: { id } })).contactUpdatedAt).toBeNull();

    // Progress names each official; a step comes before each.
    expect(progress.map((p) => p.currentItem).filter(Boolean)).toEqual([
      `Dana Crawlerfield${tag}`,
      `Avery Scrapewell${tag}`,
      `Morgan Spiderton${tag}`,
      `Gone Sitewell${tag}`,
      `Slow Sitewell${tag}`,
      `Closed Sitewell${tag}`,
    ]);
    expect(progress.at(-1)).toMatchObject({ completed: 6, total: 6 });
    expect(steps).toBeGreaterThanOrEqual(6);
  });

  test("a second run files no suggestion twice, nor one an administrator rejected", async () => {
    const before = await db.fieldUpdate.count({ where: { entityType: "official", entityId: { in: Object.values(ids) } } });
    await db.fieldUpdate.updateMany({
      where: { entityType: "official", entityId: ids.senator, fieldName: "phone" },
      data: { status: "rejected", rejectedAt: new Date() },
    });
    const run = await contactCrawl(testJobContext(db), { intervalMs: 0, timeoutMs: 1_000 });
    expect(run.results).toMatchObject({ processed: 6, successful: 3, updated: 0 });
    expect(await db.fieldUpdate.count({ where: { entityType: "official", entityId: { in: Object.values(ids) } } })).toBe(before);
  });

  test("checks only the configured fields, besides the contact form and social profiles", async () => {
    await db.jobSetting.upsert({
      where: { jobType: "contact_crawl" },
      create: { jobType: "contact_crawl", schedule: "0 5 * * *", config: { fields_to_check: ["phone"] } },
      update: { config: { fields_to_check: ["phone"] } },
    });
    const other = await official(`Fresh Scrapewell${tag}`, { website: governor.url });
    await contactCrawl(testJobContext(db), { intervalMs: 0 });
    expect((await pendingOf(other.id)).map((s) => s.fieldName)).toEqual(["instagramUrl", "phone", "youtubeUrl"]);
    await db.jobSetting.delete({ where: { jobType: "contact_crawl" } });
  });
});

describe("the Ballotpedia import", () => {
  let ballotpedia: Site;
  const names = {
    byName: `Quinn Ballotwell${tag}`,
    moved: `Riley Movedon${tag}`,
    soft: `Avery Softwell${tag}`,
    gone: `Casey Goneby${tag}`,
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await db.official.updateMany({ data: { isActive: false } });
    ballotpedia = await site({
      "/robots.txt": { body: "User-agent: *\nDisallow: /Special:\n" },
      [`/Quinn_Ballotwell${tag}`]: {
        body: `<html><head><title>Quinn Ballotwell - Ballotpedia</title></head><body>ok</body></html>`,
        type: "text/html",
      },
      [`/Riley_Old${tag}`]: { status: 301, headers: { Location: `/Riley_Movedon${tag}` } },
      [`/Riley_Movedon${tag}`]: { body: "<html><body>Riley</body></html>", type: "text/html" },
      // A MediaWiki redirect: the asked-for address answers with the target page, which names itself canonical.
      [`/Avery_Softwell${tag}`]: { file: `${FIXTURES}/ballotpedia-person.html` },
      "/Avery_Scrapewell": { file: `${FIXTURES}/ballotpedia-person.html` },
    });
    ids.byName = (await official(names.byName, { ballotpediaSlug: null })).id;
    ids.moved = (await official(names.moved, { ballotpediaSlug: `Riley_Old${tag}` })).id;
    ids.soft = (await official(names.soft, { ballotpediaSlug: null })).id;
    ids.gone = (await official(names.gone, { ballotpediaSlug: `Casey_Goneby${tag}` })).id;
    ids.closed = (await official(`Special Page${tag}`, { ballotpediaSlug: `Special:Page${tag}` })).id;
  });

  test("stores the slug of the page that answered with the date, and lists a missing page as a failure", async () => {
    const at = new Date("2026-11-22T09:30:00Z");
    const run = await ballotpediaImport(testJobContext(db, { sources: { ballotpedia: ballotpedia.url }, now: () => at }), {
      intervalMs: 0,
    });
    const row = (id: number) =>
      db.official.findUniqueOrThrow({ where: { id }, select: { ballotpediaSlug: true, ballotpediaVerifiedAt: true } });
    expect(await row(ids.byName)).toEqual({ ballotpediaSlug: `Quinn_Ballotwell${tag}`, ballotpediaVerifiedAt: at });
    expect(await row(ids.moved)).toEqual({ ballotpediaSlug: `Riley_Movedon${tag}`, ballotpediaVerifiedAt: at });
    expect(await row(ids.soft)).toEqual({ ballotpediaSlug: "Avery_Scrapewell", ballotpediaVerifiedAt: at });
    expect(await row(ids.gone)).toEqual({ ballotpediaSlug: `Casey_Goneby${tag}`, ballotpediaVerifiedAt: null });
    expect(run.results).toMatchObject({ processed: 5, verified: 3, updated: 3, failed: 2 });
    const failures = run.results.details as { officialId: number; reason: string }[];
    expect(failures.map((f) => f.officialId)).toEqual([ids.gone, ids.closed]);
    expect(failures[0].reason).toContain("HTTP 404");
    expect(failures[1].reason).toContain("disallowed by robots.txt");
    expect(ballotpedia.requests).not.toContain(`/Special%3APage${tag}`);

    // A changed slug is recorded like any import: an approved data update with its provenance.
    const provenance = await db.provenance.findUniqueOrThrow({
      where: { entityType_entityId_fieldName: { entityType: "official", entityId: ids.moved, fieldName: "ballotpediaSlug" } },
      select: { sourceName: true, method: true, fieldUpdate: { select: { oldValue: true, newValue: true, status: true } } },
    });
    expect(provenance).toEqual({
      sourceName: "Ballotpedia",
      method: "import",
      fieldUpdate: { oldValue: `Riley_Old${tag}`, newValue: `Riley_Movedon${tag}`, status: "approved" },
    });

    // A second run re-verifies and changes nothing.
    const again = await ballotpediaImport(testJobContext(db, { sources: { ballotpedia: ballotpedia.url } }), { intervalMs: 0 });
    expect(again.results).toMatchObject({ processed: 5, verified: 3, updated: 0, failed: 2 });
  });
});
