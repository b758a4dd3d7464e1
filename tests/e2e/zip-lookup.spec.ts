// The ZIP lookup: the home page's box, single-district, split, at-large, delegate,
// state-crossing and unknown ZIPs, and the street-address refinement against the recorded Census
// geocoder answers (tests/fixtures/census), with JavaScript on and off.
import { db } from "~/db.server";
import { expect, test } from "./fixtures";

const answer = (page: import("@playwright/test").Page) => page.locator("section[aria-labelledby=zip-answer]");

test("the home page says what the site does and offers the ZIP box first", async ({ page, visit }) => {
  await visit("/");
  await expect(page.getByRole("heading", { level: 1, name: "Civic Atlas: find your elected officials" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Find your officials" })).toBeVisible();
  // Above the map: the ZIP field comes before the map in the page.
  const zipBox = await page.getByLabel("ZIP code").boundingBox();
  const map = await page.getByRole("navigation", { name: "View mode" }).boundingBox();
  expect(zipBox!.y).toBeLessThan(map!.y);
  await page.getByLabel("ZIP code").fill("60601");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\/find\?zip=60601$/);
  await expect(answer(page).getByRole("heading", { name: "Your officials for ZIP 60601 (Illinois)" })).toBeVisible();
});

test("a single-district ZIP: the House member, both senators and the governor", async ({ page, visit }) => {
  await visit("/find?zip=60601");
  const house = answer(page).locator("section[aria-labelledby=zip-house]");
  await expect(house.getByRole("link", { name: "IL District 7" })).toHaveAttribute("href", "/district/IL-7");
  await expect(house.getByRole("link", { name: /Danny K\. Davis/ })).toBeVisible();
  await expect(answer(page).locator("section[aria-labelledby=zip-senators]").getByRole("listitem")).toHaveCount(2);
  await expect(answer(page).locator("section[aria-labelledby=zip-governor]")).toContainText("Pritzker");
  await expect(answer(page)).not.toContainText("crosses district lines");
});

test("a split ZIP lists every candidate district with its member, a map, and the state page", async ({ page, visit }) => {
  await visit("/find?zip=90210");
  await expect(answer(page)).toContainText(
    "ZIP 90210 crosses district lines: parts of it are in 3 House districts of California (District 30, 32 and 36).",
  );
  for (const n of [30, 32, 36]) await expect(answer(page).getByRole("link", { name: `CA District ${n}` })).toBeVisible();
  await expect(answer(page).getByRole("link", { name: /Laura Friedman/ })).toBeVisible();
  await expect(answer(page).getByRole("link", { name: /Ted Lieu/ })).toBeVisible();
  const map = page.getByRole("group", { name: "Map of the 3 districts ZIP 90210 touches, within California" });
  await expect(map.locator("a")).toHaveCount(3);
  await expect(map.locator('a[href="/district/CA-36"]')).toHaveCount(1);
  await expect(page.getByRole("link", { name: "See all of California's officials" })).toHaveAttribute("href", "/state/CA");
});

test("an at-large state's ZIP and DC's delegate", async ({ page, visit }) => {
  await visit("/find?zip=82001");
  await expect(answer(page).getByRole("link", { name: "WY At-large" })).toBeVisible();
  await expect(answer(page).getByRole("link", { name: /Harriet M\. Hageman/ })).toBeVisible();
  await visit("/find?zip=20001");
  await expect(answer(page)).toContainText("DC Delegate (at-large) · Delegate");
  await expect(answer(page).getByRole("link", { name: /Eleanor Holmes Norton/ })).toBeVisible();
  await expect(answer(page)).toContainText("The District of Columbia elects no U.S. senators and has no governor (it elects a mayor).");
});

test("a state-crossing ZIP asks for a street address; the Census geocoder places it", async ({ page, visit }) => {
  await visit("/find?zip=30165");
  await expect(answer(page).getByRole("heading", { name: "ZIP 30165 crosses a state line" })).toBeVisible();
  await expect(answer(page)).toContainText("Your address is sent to the U.S. Census Bureau's geocoder");
  await expect(answer(page).locator("section[aria-labelledby=zip-house]")).toHaveCount(0);
  await page.getByLabel("Enter your street address to narrow it down").fill("601 Broad St, Rome, GA");
  await page.getByRole("button", { name: "Narrow it down" }).click();
  await expect(answer(page).getByRole("status")).toHaveText(
    "The U.S. Census Bureau placed 601 BROAD ST, ROME, GA, 30165 in this district.",
  );
  await expect(answer(page).getByRole("link", { name: "GA District 14" })).toBeVisible();
});

test("a split ZIP narrowed by street address shows one district", async ({ page, visit }) => {
  await visit("/find?zip=90210");
  await page.getByLabel("Enter your street address to narrow it down").fill("455 N Rexford Dr, Beverly Hills");
  await page.getByRole("button", { name: "Narrow it down" }).click();
  await expect(answer(page).getByRole("status")).toContainText("placed 455 N REXFORD DR, BEVERLY HILLS, CA, 90210 in this district");
  await expect(answer(page).getByRole("link", { name: /^CA District/ })).toHaveCount(1);
  await expect(answer(page).getByRole("link", { name: "CA District 36" })).toBeVisible();
});

test("an address the Census cannot place keeps every candidate district of a split ZIP", async ({ page, visit }) => {
  await visit("/find?zip=90210");
  await page.getByLabel("Enter your street address to narrow it down").fill("1 Nowhere Lane");
  await page.getByRole("button", { name: "Narrow it down" }).click();
  await expect(answer(page).getByRole("status")).toContainText("The U.S. Census Bureau could not find that address.");
  await expect(answer(page).getByRole("link", { name: /^CA District/ })).toHaveCount(3);
  await expect(page.getByLabel("Enter your street address to narrow it down")).toHaveValue("1 Nowhere Lane");
});

test("an unknown ZIP and a malformed one get clear messages", async ({ page, visit }) => {
  const unknown = await page.goto("/find?zip=73301");
  expect(unknown?.status()).toBe(404);
  await visit("/find?zip=73301");
  await expect(answer(page).getByRole("heading", { name: "No district found for ZIP 73301" })).toBeVisible();
  await expect(answer(page)).toContainText("Some ZIP codes serve only PO boxes or a single business");
  const bad = await page.goto("/find?zip=902");
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("A ZIP code is 5 digits (such as 20001) or ZIP+4 (such as 20001-1234).");
  await expect(page.getByLabel("ZIP code")).toHaveValue("902");
});

test("a state page's Find Local Representatives leads to the lookup for that state (one-district states go to their district)", async ({
  page,
  visit,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit("/state/CA");
  await page.getByRole("link", { name: "Find Local Representatives" }).click();
  await expect(page).toHaveURL(/\/find\?state=CA$/);
  await expect(page.getByRole("heading", { level: 1, name: "Find your officials in California" })).toBeVisible();
});

test("a signed-in visitor whose profile has a ZIP sees their own officials on the home page", async ({ page, visit, signInAs }) => {
  const email = `zip-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
  await db.user.create({ data: { email, authMethod: "password", emailConfirmed: true, zipCode: "05401" } });
  try {
    await signInAs(email);
    await visit("/");
    await expect(answer(page).getByRole("heading", { name: "Your officials for ZIP 05401 (Vermont)" })).toBeVisible();
    await expect(answer(page).getByRole("link", { name: /Becca Balint/ })).toBeVisible();
  } finally {
    await db.user.delete({ where: { email } });
  }
});

test("on a phone the ZIP box comes first and the filters are folded, the search box is not", async ({ page, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit("/");
  const zipBox = await page.getByLabel("ZIP code").boundingBox();
  expect(zipBox!.y).toBeLessThan(400);
  await expect(page.getByRole("combobox", { name: "Search" })).toBeVisible();
  await expect(page.getByText("Search & Filters")).toBeVisible();
  await expect(page.locator("details:has(> summary:text('Search & Filters'))")).not.toHaveAttribute("open", "");
});

test("typing 5 digits in the search box shows the ZIP lookup in the dropdown @js-only", async ({ page, visit }) => {
  await visit("/");
  await page.getByRole("combobox", { name: "Search" }).fill("90210");
  const option = page.getByRole("option", { name: /ZIP 90210/ });
  await expect(option).toContainText("CA: crosses district lines (3 districts)");
  await option.click();
  await expect(page).toHaveURL(/\/find\?zip=90210$/);
  await expect(answer(page)).toContainText("crosses district lines");
});

test("a ZIP submitted in the search box goes to the lookup", async ({ page, visit }) => {
  await visit("/");
  await page.getByRole("combobox", { name: "Search" }).fill("20001");
  await page.getByRole("combobox", { name: "Search" }).press("Enter");
  // Without JavaScript the answer's own fragment replaces the search form's #search-results.
  await expect(page).toHaveURL(/\/find\?zip=20001(#zip-answer)?$/);
  await expect(answer(page)).toContainText("Eleanor Holmes Norton");
});
