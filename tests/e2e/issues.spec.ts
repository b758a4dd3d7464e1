// Filter by Issue and Topic Overlays on the home page, the issue pages and the issue JSON, with
// JavaScript on and off. The roll calls are real recorded votes of real bills (tests/e2e/issue-data.ts);
// the members voting are each test's own.
import type { Locator, Page } from "@playwright/test";
import { db } from "~/db.server";
import { issueMap } from "~/models/issue-votes.server";
import { rollCallName } from "~/lib/issue-votes";
import { expect, test, createOfficial, moveAndHydrate } from "./fixtures";
import { storeIssueRollCalls } from "./issue-data";

const ROLL_66 = "house-117-2-66";
const details = (page: Page) => page.locator("#state-details");
const mapState = (page: Page, name: string) => page.getByTestId("us-map").getByRole("link", { name: new RegExp(`^${name},`) });

/** A member from Vermont, voting on H.R. 2471's roll 66. */
async function voter(position: "Yea" | "Nay") {
  const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  const official = await createOfficial({ stateId: vermont.id });
  await storeIssueRollCalls(db, [{ officialId: official.id, position }]);
  return official;
}

/** The panel names the roll call the model chooses for the issue, or says honestly that none is stored. */
async function expectIssueMap(page: Page, slug: string, label: string) {
  const map = (await issueMap(db, slug))!;
  await expect(page.getByRole("heading", { name: `${label}: how each state’s delegation voted` })).toBeVisible();
  if (map.chosen) {
    await expect(page.getByTestId("chosen-roll-call")).toContainText(rollCallName(map.chosen));
    await expect(page.getByText("Share of the state’s members voting Yes").last()).toBeVisible();
  } else {
    await expect(page.getByRole("status").filter({ hasText: "No roll call on this issue is stored yet." })).toBeVisible();
  }
}

test("each issue and topic colours the map by a named roll call, or says none is stored", async ({ page, visit }) => {
  test.slow(); // seven choices, each a page
  await voter("Yea");
  await visit("/");
  for (const [slug, label] of [
    ["abortion", "Abortion"],
    ["climate", "Climate"],
    ["immigration", "Immigration"],
    ["marijuana", "Marijuana"],
  ]) {
    await page.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]issue=${slug}`));
    await expectIssueMap(page, slug, label);
  }
  await page.getByRole("link", { name: "Topic Overlay" }).click();
  await expect(page).toHaveURL(/tab=topics/);
  for (const [slug, label] of [
    ["economy", "Economy"],
    ["education", "Education"],
    ["healthcare", "Healthcare"],
  ]) {
    await page.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`topic=${slug}`));
    await expectIssueMap(page, slug, label);
  }
});

/** Waits until React has hydrated the element: it keeps the element's props on the node from then on. */
const hydrated = (element: Locator) =>
  expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")))).toBe(true);

for (const width of [390, 1440]) {
  test(`a chosen roll call at ${width} px: its name and source, the legend, the state's members' votes, and the governor's note`, async ({
    page,
    visit,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const member = await voter("Yea");
    await visit("/?issue=abortion&state=VT");
    const choice = page.locator("select[name=vote]");
    // The roll-call panel's code arrives after the page's (a lazy import): until it has hydrated,
    // choosing does not submit by itself, and a visitor uses "Show roll call" as without JavaScript.
    if (javaScriptEnabled) await moveAndHydrate(page);
    if (javaScriptEnabled) await hydrated(choice);
    await choice.selectOption(ROLL_66);
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Show roll call" }).click(); // with JavaScript, choosing submits
    await expect(page).toHaveURL(new RegExp(`vote=${ROLL_66}`));
    const chosen = page.getByTestId("chosen-roll-call");
    await expect(chosen).toContainText("H.R. 2471, House roll call 66");
    await expect(chosen).toContainText(
      "Consolidated Appropriations Act, 2022. On Motion to Concur in the Senate Amendment with an Amendment: Agreed to",
    );
    await expect(page.getByRole("link", { name: "House roll call 66", exact: true })).toHaveAttribute(
      "href",
      "https://clerk.house.gov/evs/2022/roll066.xml",
    );
    await expect(page.getByRole("link", { name: "Library of Congress bill status of H.R. 2471", exact: true })).toBeVisible();
    if (width < 768) await page.getByText("Map Legend").click();
    const legend = page.getByRole("list", { name: "Legend" }).filter({ visible: true });
    await expect(legend).toContainText("80–100%");
    await expect(legend).toContainText("No member voted");
    await expect(mapState(page, "Vermont")).toHaveAccessibleName(
      /^Vermont, Voted Yes on H\.R\. 2471, House roll call 66: \d+ of \d+ voted Yes/,
    );

    const votes = details(page).getByRole("region", { name: "How Vermont’s members voted on H.R. 2471, House roll call 66" });
    await expect(votes.getByRole("row", { name: new RegExp(member.name) })).toContainText("Yes");
    await expect(details(page)).toContainText("Governors do not vote in Congress.");
  });
}

test("the issue page: what it covers, its terms with the Library's definitions, its bills and roll calls, the map", async ({
  page,
  visit,
}) => {
  await voter("Nay");
  await visit("/?issue=abortion");
  await page.getByRole("link", { name: "What the Abortion map shows: terms, bills and roll calls" }).click();
  await expect(page).toHaveURL(/\/issues\/abortion$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Abortion");
  await expect(page.getByRole("link", { name: "the Library’s subject terms" })).toHaveAttribute(
    "href",
    "https://www.congress.gov/help/field-values/legislative-subject-terms",
  );
  const bill = page.getByRole("article").filter({ hasText: "Consolidated Appropriations Act, 2022" });
  await expect(bill.getByRole("link", { name: "H.R. 2471", exact: true })).toHaveAttribute(
    "href",
    "https://www.congress.gov/bill/117th-congress/house-bill/2471",
  );
  await bill.getByRole("link", { name: "H.R. 2471, House roll call 66" }).click();
  await expect(page).toHaveURL(new RegExp(`/issues/abortion\\?vote=${ROLL_66}`));
  await expect(page.getByTestId("chosen-roll-call")).toContainText("H.R. 2471, House roll call 66");
  await expect(mapState(page, "Vermont")).toHaveAccessibleName(/Voted Yes on H\.R\. 2471, House roll call 66/);

  await expect(page.getByText("Bills with roll calls")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0); // one page of bills: no page links

  await visit("/issues/taxes");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await visit("/issues/abortion?page=9");
  await expect(page.getByText("The Abortion bills fill 1 page(s); there is no page 9.")).toBeVisible();
});

test("the issue JSON: issues, an issue's bills and roll calls, a roll call's positions; ETag and 304; bad ids are 400 and 404", async ({
  request,
}) => {
  const member = await voter("Yea");
  const issues = await (await request.get("/api/issues")).json();
  expect(issues.issues.map((i: { slug: string }) => i.slug)).toEqual([
    "abortion",
    "climate",
    "immigration",
    "marijuana",
    "economy",
    "education",
    "healthcare",
  ]);

  const abortion = await request.get("/api/issues/abortion");
  const body = await abortion.json();
  const omnibus = body.bills.find((b: { congress: number; number: number }) => b.congress === 117 && b.number === 2471);
  expect(omnibus.rollCalls.map((r: { id: string }) => r.id)).toContain(ROLL_66);
  expect(omnibus).toMatchObject({ sourceUrl: "https://www.govinfo.gov/bulkdata/BILLSTATUS/117/hr/BILLSTATUS-117hr2471.xml" });
  const again = await request.get("/api/issues/abortion", { headers: { "If-None-Match": abortion.headers().etag } });
  expect(again.status()).toBe(304);

  const rollCall = await (await request.get(`/api/roll-calls/${ROLL_66}`)).json();
  expect(rollCall).toMatchObject({
    id: ROLL_66,
    question: "On Motion to Concur in the Senate Amendment with an Amendment",
    sourceUrl: "https://clerk.house.gov/evs/2022/roll066.xml",
  });
  expect(rollCall.bill.subjects).toContain("Abortion");
  expect(rollCall.positions).toContainEqual(expect.objectContaining({ id: member.id, state: "VT", position: "Yea" }));

  const bad = await request.get("/api/roll-calls/roll-66");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toMatch(/house-117-2-66/);
  expect((await request.get("/api/roll-calls/house-117-2-9999")).status()).toBe(404);
  expect((await request.get("/api/issues/taxes")).status()).toBe(404);
});

test("a roll call the issue does not hold, or a page past its last bill, is a page that says so", async ({ page }) => {
  await storeIssueRollCalls(db, []);
  for (const path of ["/?issue=abortion&vote=house-117-2-9999", "/issues/abortion?vote=house-117-2-9999"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("The roll call house-117-2-9999 is not one of the Abortion roll calls stored.")).toBeVisible();
  }
  const past = await page.goto("/issues/abortion?page=99");
  expect(past?.status()).toBe(404);
  await expect(page.getByText(/^The Abortion bills fill \d+ page\(s\); there is no page 99\.$/)).toBeVisible();
});
