// The public change history (decision 0023): an imported phone, a moderator's approved
// email and an admin's edit read back on the official's history page, its Atom feed and its JSON,
// each with its source; /changes filters with a GET form. JavaScript on and off.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { db } from "~/db.server";
import { congressImport } from "~/jobs/congress-import.server";
import type { Legislator } from "~/lib/congress-legislators";
import { approveFieldUpdates, submitStaffEdit } from "~/models/data-updates.server";
import { startFixtureServer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";
import { sourcesAt } from "../support/recorded-sources";
import { createAccount, expect, test } from "./fixtures";
import { withJobLock } from "./job-fixtures";

const SOURCES_PORT = Number(process.env.E2E_SOURCES_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2700);
const LEGISLATORS = "prisma/data/congress-legislators/legislators-current.json";
const CL_URL = "https://unitedstates.github.io/congress-legislators/legislators-current.json";
/** A member per project, so the two projects never change the same official. */
const MEMBER: Record<string, string> = { "js-on": "N000189", "js-off": "G000576" };

const unique = () => `${Date.now() % 10_000}`.padStart(4, "0");

/** Runs congress_import against a local copy of the shipped files in which the member's phone is `phone`. */
async function importPhone(bioguide: string, phone: string) {
  const legislators: Legislator[] = JSON.parse(readFileSync(LEGISLATORS, "utf8"));
  legislators.find((l) => l.id.bioguide === bioguide)!.terms.at(-1)!.phone = phone;
  const cl = await startFixtureServer(
    { "/cl/legislators-current.json": { body: JSON.stringify(legislators), type: "application/json" } },
    0,
    { "/cl": "prisma/data/congress-legislators" },
  );
  try {
    // The governors and photos come from the recorded sources the app itself uses in these tests.
    const sources = { ...sourcesAt(`http://127.0.0.1:${SOURCES_PORT}`), congressLegislators: `${cl.url}/cl` };
    await withJobLock("congress_import", () => congressImport(testJobContext(db, { sources })));
  } finally {
    await cl.close();
  }
}

/** Parses XML with the browser's own XML parser (strict: any error is a parsererror document). */
async function parseAtom(browser: Browser, xml: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page: Page = await context.newPage();
    return await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const error = doc.getElementsByTagName("parsererror")[0]?.textContent ?? null;
      const ns = "http://www.w3.org/2005/Atom";
      const child = (el: Element, name: string) => el.getElementsByTagNameNS(ns, name)[0]?.textContent ?? null;
      const feed = doc.documentElement;
      return {
        error,
        root: `${feed.namespaceURI} ${feed.localName}`,
        id: child(feed, "id"),
        updated: child(feed, "updated"),
        entries: [...feed.getElementsByTagNameNS(ns, "entry")].map((e) => ({
          id: child(e, "id"),
          title: child(e, "title"),
          updated: child(e, "updated"),
          summary: child(e, "summary"),
          author: child(e, "author"),
        })),
      };
    }, xml);
  } finally {
    await context.close();
  }
}

test("an imported phone, a moderator's approved email and an admin's edit show on the history page, its feed and its JSON with their sources", async ({
  page,
  visit,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const bioguide = MEMBER[test.info().project.name] ?? "N000189";
  const official = await db.official.findUniqueOrThrow({ where: { bioguideId: bioguide } });
  const tag = unique();
  const phone = `202-555-${tag}` === official.phone ? `202-556-${tag}` : `202-555-${tag}`;
  const email = `history.${tag}.${Date.now()}@house.example.gov`;
  const website = `https://history-${tag}-${Date.now()}.house.example.gov`;
  const moderator = await createAccount({ role: "moderator", firstName: "Mona", lastName: `Hist${tag}` });
  const admin = await createAccount({ role: "admin", firstName: "Adam", lastName: `Hist${tag}` });

  await importPhone(bioguide, phone);
  const suggestion = await submitStaffEdit(db, moderator, { entityType: "official", entityId: official.id, values: { email } });
  const suggested = await db.fieldUpdate.findMany({ where: { dataUpdateId: suggestion!.dataUpdateId! }, select: { id: true } });
  await approveFieldUpdates(
    db,
    admin,
    suggested.map((s) => s.id),
  );
  await submitStaffEdit(db, admin, { entityType: "official", entityId: official.id, values: { website } });

  // The profile links to the history.
  await visit(`/representative/${official.id}`);
  await page.getByRole("link", { name: /^History: \d+ changes? since \w+ \d{4}$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/representative/${official.id}/history$`));
  await expect(page.getByRole("heading", { level: 1, name: `Change history: ${official.name}` })).toBeVisible();

  const changes = page.getByTestId("change");
  const phoneChange = changes.filter({ hasText: phone }).first();
  await expect(phoneChange).toContainText("Phone");
  await expect(phoneChange).toContainText(official.phone!);
  await expect(phoneChange.getByRole("link", { name: "congress-legislators" })).toHaveAttribute("href", CL_URL);
  const emailChange = changes.filter({ hasText: email }).first();
  await expect(emailChange).toContainText("Email");
  await expect(emailChange).toContainText("staff suggestion (Moderator), approved by staff (Admin)");
  const websiteChange = changes.filter({ hasText: website }).first();
  await expect(websiteChange).toContainText("Official website");
  await expect(websiteChange).toContainText("staff edit (Admin)");
  // Newest first: the admin's edit, the approved email, the import.
  const texts = await changes.allTextContents();
  const at = (value: string) => texts.findIndex((t) => t.includes(value));
  expect(at(website)).toBeLessThan(at(email));
  expect(at(email)).toBeLessThan(at(phone));
  // Staff are named by role only.
  const html = await page.content();
  for (const secret of [moderator.email, admin.email, `Hist${tag}`, "Mona", "Adam"]) expect(html).not.toContain(secret);

  // The feed the page announces.
  const feedHref = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
  expect(feedHref).toBe(`/representative/${official.id}/history.atom`);
  const feedResponse = await request.get(feedHref!);
  expect(feedResponse.status()).toBe(200);
  expect(feedResponse.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const xml = await feedResponse.text();
  const feed = await parseAtom(browser, xml);
  expect(feed.error).toBeNull();
  expect(feed.root).toBe("http://www.w3.org/2005/Atom feed");
  expect(feed.id).toBe(`tag:civic-atlas.fly.dev,2026:representative/${official.id}/history`);
  const entryFor = (value: string) => feed.entries.find((e) => e.summary?.includes(value));
  expect(entryFor(phone)).toMatchObject({ title: "Phone changed", author: "congress-legislators" });
  expect(entryFor(email)).toMatchObject({ title: "Email changed", author: "staff suggestion (Moderator), approved by staff (Admin)" });
  expect(entryFor(website)).toMatchObject({ title: "Official website changed", author: "staff edit (Admin)" });
  for (const entry of feed.entries) expect(entry.id).toMatch(/^tag:civic-atlas\.fly\.dev,2026:change\/\d+$/);
  expect(feed.updated).toBe(feed.entries[0].updated);
  for (const secret of [moderator.email, admin.email, `Hist${tag}`]) expect(xml).not.toContain(secret);
  // A feed reader's conditional GETs.
  const { etag, "last-modified": lastModified } = feedResponse.headers();
  expect((await request.get(feedHref!, { headers: { "If-None-Match": etag } })).status()).toBe(304);
  expect((await request.get(feedHref!, { headers: { "If-Modified-Since": lastModified } })).status()).toBe(304);
  // The ids are stable: the same feed again has the same entries.
  expect((await parseAtom(browser, await (await request.get(feedHref!)).text())).entries.map((e) => e.id)).toEqual(
    feed.entries.map((e) => e.id),
  );

  // The JSON.
  const json = await (await request.get(`/api/representatives/${official.id}/history`)).json();
  const jsonFor = (value: string) => json.entries.find((e: { newValue: string }) => e.newValue === value);
  expect(jsonFor(phone)).toMatchObject({
    field: "phone",
    label: "Phone",
    oldValue: official.phone,
    source: { label: "congress-legislators", url: CL_URL, method: "import" },
  });
  expect(jsonFor(email)).toMatchObject({
    field: "email",
    source: { label: "staff suggestion (Moderator), approved by staff (Admin)", method: "staff_edit" },
  });
  expect(jsonFor(website)).toMatchObject({ field: "website", source: { label: "staff edit (Admin)", method: "staff_edit" } });
  expect(JSON.stringify(json)).not.toContain(admin.email);
});

test("/changes filters by state and field group with a GET form; a bad filter is a 400 page", async ({ page, visit }) => {
  test.slow(); // several visits of /changes, each with its accessibility check
  const official = await db.official.findFirstOrThrow({ where: { bioguideId: "B001292" }, include: { state: true } });
  const admin = await createAccount({ role: "admin" });
  const phone = `202-557-${unique()}`;
  await submitStaffEdit(db, admin, { entityType: "official", entityId: official.id, values: { phone } });

  await visit("/changes");
  await expect(page.getByRole("heading", { level: 1, name: "Latest changes" })).toBeVisible();
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/changes.atom");
  const filters = page.getByRole("form", { name: "Filter changes" });
  await filters.getByLabel("State").selectOption(official.state.abbreviation);
  await filters.getByLabel("Fields").selectOption("contact");
  await filters.getByRole("button", { name: "Show changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/changes\\?state=${official.state.abbreviation}&group=contact$`));
  const change = page.getByTestId("change").filter({ hasText: phone });
  await expect(change).toContainText(`${official.name} · Phone`);
  await expect(change.getByRole("link", { name: official.name })).toHaveAttribute("href", `/representative/${official.id}`);
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    `/changes.atom?state=${official.state.abbreviation}&group=contact`,
  );

  // The party group does not list a phone change.
  await filters.getByLabel("Fields").selectOption("party");
  await filters.getByRole("button", { name: "Show changes" }).click();
  await expect(page).toHaveURL(/group=party/);
  await expect(page.getByTestId("change").filter({ hasText: phone })).toHaveCount(0);

  const bad = await page.goto("/changes?group=money");
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("The field group must be contact, office or party.")).toBeVisible();
  const past = await page.goto(`/representative/${official.id}/history?page=9999`);
  expect(past?.status()).toBe(404);
  const malformed = await page.goto(`/representative/${official.id}/history?page=two`);
  expect(malformed?.status()).toBe(400);
  await expect(page.getByText("The page must be a whole number from 1 to 10000.")).toBeVisible();
});

test("the state page links to the state's history", async ({ page, visit }) => {
  const wy = await db.state.findUniqueOrThrow({ where: { abbreviation: "WY" } });
  const admin = await createAccount({ role: "admin" });
  const website = `https://wy-${unique()}-${Date.now()}.example.gov`;
  await submitStaffEdit(db, admin, { entityType: "state", entityId: wy.id, values: { officialWebsite: website } });
  await visit("/state/WY");
  await page.getByRole("link", { name: /^History: \d+ changes? since \w+ \d{4}$/ }).click();
  await expect(page).toHaveURL(/\/state\/WY\/history$/);
  const change = page.getByTestId("change").filter({ hasText: website });
  await expect(change).toContainText("Official website");
  await expect(change).toContainText("staff edit (Admin)");
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/state/WY/history.atom");
});

test("a history of more than 50 changes is grouped by day and continues on ?page=2 through a plain link", async ({ page, visit }) => {
  // The test's own former official (not on any public list), with 55 imported changes over three days.
  const wyoming = await db.state.findUniqueOrThrow({ where: { abbreviation: "WY" } });
  const name = `Pat History${unique()}`;
  const official = await db.official.create({
    data: {
      name,
      firstName: "Pat",
      lastName: `History${unique()}`,
      party: "Independent",
      office: "Representative",
      stateId: wyoming.id,
      isActive: false,
    },
  });
  const days = [
    { day: "2026-03-03", count: 20 },
    { day: "2026-03-02", count: 32 },
    { day: "2026-03-01", count: 3 },
  ];
  await db.fieldUpdate.createMany({
    data: days.flatMap(({ day, count }) =>
      Array.from({ length: count }, (_, i) => {
        const at = new Date(`${day}T${String(10 + (i % 10)).padStart(2, "0")}:${String(i).padStart(2, "0")}:00Z`);
        return {
          entityType: "official",
          entityId: official.id,
          fieldName: "phone",
          oldValue: `307-555-${day.slice(-1)}${String(i).padStart(3, "0")}`,
          newValue: `307-555-${day.slice(-1)}${String(i + 1).padStart(3, "0")}`,
          status: "approved",
          approvedAt: at,
          createdAt: at,
          method: "import",
          sourceName: "congress-legislators",
          sourceUrl: CL_URL,
        };
      }),
    ),
  });

  await visit(`/representative/${official.id}/history`);
  await expect(page.getByRole("heading", { level: 1, name: `Change history: ${name}` })).toBeVisible();
  const dayHeadings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(dayHeadings).toHaveText(["Mar 3, 2026", "Mar 2, 2026"]);
  await expect(page.getByTestId("change")).toHaveCount(50);
  await expect(page.getByRole("region", { name: "Mar 3, 2026" }).getByTestId("change")).toHaveCount(20);
  await expect(page.getByRole("region", { name: "Mar 2, 2026" }).getByTestId("change")).toHaveCount(30);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 2");
  await expect(pages.getByRole("link", { name: "← Newer changes" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Older changes →" }).click();
  await expect(page).toHaveURL(new RegExp(`/representative/${official.id}/history\\?page=2$`));
  await expect(dayHeadings).toHaveText(["Mar 2, 2026", "Mar 1, 2026"]);
  await expect(page.getByRole("region", { name: "Mar 2, 2026" }).getByTestId("change")).toHaveCount(2);
  await expect(page.getByRole("region", { name: "Mar 1, 2026" }).getByTestId("change")).toHaveCount(3);
  // The oldest change is last.
  await expect(page.getByTestId("change").last()).toContainText("307-555-1000");
  await expect(pages).toContainText("Page 2 of 2");
  await expect(pages.getByRole("link", { name: "Older changes →" })).toHaveCount(0);
  await pages.getByRole("link", { name: "← Newer changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/representative/${official.id}/history(\\?page=1)?$`));
  await expect(page.getByTestId("change")).toHaveCount(50);
});
