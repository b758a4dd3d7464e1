// The contact crawler never fetches an internal address on staff's say-so. Officials'
// websites on this machine (127.0.0.1 on a port the tests did not allow, `localhost`, which
// resolves to it), a redirect from an allowed test site to this machine, and a contact link to it:
// the run asks nothing there, records "refused: internal address" for each such official and goes
// on with the others. The internal site is a real server that counts what it is asked.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/db.server";
import { JOB_FUNCTIONS } from "~/jobs/registry.server";
import { createRunner } from "~/jobs/runner.server";
import { queueRun } from "~/models/jobs.server";
import { startFixtureServer } from "../support/fixture-server";

const FIXTURES = "tests/fixtures/crawler";
const tag = randomBytes(4).toString("hex");
type Site = Awaited<ReturnType<typeof startFixtureServer>>;
let internal: Site, redirecting: Site, house: Site, linking: Site;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // This file's database is its own copy: only this file's officials are crawled.
  await db.official.updateMany({ data: { isActive: false } });
  const stateId = (await db.state.findFirstOrThrow({ where: { abbreviation: "OH" } })).id;
  const official = async (name: string, website: string) => {
    const [firstName, lastName] = name.split(" ");
    return (
      await db.official.create({ data: { name, firstName, lastName, party: "Independent", office: "Representative", stateId, website } })
    ).id;
  };
  // This machine, not in the guard's allowance: an internal service a website might point at.
  internal = await startFixtureServer(
    { "/": { file: `${FIXTURES}/house-home.html` }, "/contact": { file: `${FIXTURES}/house-contact.html` } },
    0,
    {},
    {
      allowOutbound: false,
    },
  );
  // Allowed test sites: one redirects its home page to this machine, one is an ordinary site, one links its contact page there.
  redirecting = await startFixtureServer({ "/": { status: 302, headers: { Location: `http://localhost:${internal.port}/contact` } } });
  house = await startFixtureServer({
    "/": { file: `${FIXTURES}/house-home.html` },
    "/contact": { file: `${FIXTURES}/house-contact.html` },
  });
  linking = await startFixtureServer({
    "/": {
      type: "text/html",
      body: `<html><body><p>Phone: (202) 555-0177</p><a href="http://127.0.0.1:${internal.port}/contact">Contact</a></body></html>`,
    },
  });
  ids.byAddress = await official(`Ip Internalton${tag}`, `http://127.0.0.1:${internal.port}/`);
  ids.byName = await official(`Local Hostwell${tag}`, `http://localhost:${internal.port}/`);
  ids.redirected = await official(`Rory Redirectson${tag}`, `${redirecting.url}/`);
  ids.house = await official(`Dana Fineworth${tag}`, `${house.url}/`);
  ids.linking = await official(`Lin Contactlink${tag}`, `${linking.url}/`);
});
afterAll(async () => {
  await Promise.all([internal, redirecting, house, linking].map((s) => s?.close()));
});

test("a website on this machine, by address, by name or through a redirect, is refused and recorded; nothing is asked there; the run goes on", async () => {
  const runner = createRunner({ db, jobs: JOB_FUNCTIONS });
  let run;
  try {
    const { id } = await queueRun(db, "contact_crawl", { trigger: "manual" });
    await runner.wake();
    run = await db.jobExecution.findUniqueOrThrow({ where: { id } });
  } finally {
    await runner.stop();
  }

  // Nothing at all was asked of the internal site: not robots.txt, not a page.
  expect(internal.requests).toEqual([]);
  // The redirecting site was asked for its robots.txt and its home page, and the hop to this machine stopped there.
  expect(redirecting.requests).toEqual(["/robots.txt", "/"]);

  const results = run.results as {
    processed: number;
    successful: number;
    failed: number;
    details: { officialId: number; reason: string }[];
  };
  expect(results).toMatchObject({ processed: 5, successful: 2, failed: 3 });
  const port = internal.port;
  expect(results.details.map((f) => [f.officialId, f.reason])).toEqual([
    [ids.byAddress, `http://127.0.0.1:${port}/: refused: internal address (127.0.0.1 is loopback (127.0.0.0/8))`],
    [
      ids.byName,
      expect.stringMatching(
        new RegExp(`^http://localhost:${port}/: refused: internal address \\(localhost is (127\\.0\\.0\\.1|::1), loopback`),
      ),
    ],
    [ids.redirected, expect.stringMatching(new RegExp(`^http://localhost:${port}/contact: refused: internal address \\(localhost is `))],
  ]);
  // Recorded on the run as its item failures: completed with errors, the first named in the message, each in the log.
  expect(run.status).toBe("completed_with_errors");
  expect(run.errorMessage).toBe(
    `3 of 5 sites could not be crawled; first: Ip Internalton${tag}: http://127.0.0.1:${port}/: refused: internal address (127.0.0.1 is loopback (127.0.0.0/8))`,
  );
  for (const name of [`Ip Internalton${tag}`, `Local Hostwell${tag}`, `Rory Redirectson${tag}`])
    expect(run.logs).toMatch(new RegExp(`${name}: http://\\S+: refused: internal address`));
  // A contact link to this machine costs only that page: logged, and the home page's finds are filed.
  expect(run.logs).toContain(`Contact page not read: http://127.0.0.1:${port}/contact: refused: internal address`);
  const filed = await db.fieldUpdate.findMany({ where: { entityType: "official", entityId: ids.linking, status: "pending" } });
  expect(filed.map((f) => [f.fieldName, f.newValue])).toContainEqual(["phone", "202-555-0177"]);
  // Nothing was filed from the refused sites, and they are not marked crawled.
  for (const id of [ids.byAddress, ids.byName, ids.redirected]) {
    expect(await db.fieldUpdate.count({ where: { entityType: "official", entityId: id } })).toBe(0);
    expect((await db.official.findUniqueOrThrow({ where: { id } })).contactUpdatedAt).toBeNull();
  }
  // The allowed ordinary site was crawled as usual.
  expect(house.requests).toContain("/");
  expect((await db.official.findUniqueOrThrow({ where: { id: ids.house } })).contactUpdatedAt).not.toBeNull();
});
