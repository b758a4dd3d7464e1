// District pages: the member, the map of the district within its state, neighbouring
// districts and ZIP codes, one address per district, with JavaScript on and off.
import { expect, test } from "./fixtures";

const mapLink = (page: import("@playwright/test").Page, slug: string) => page.locator(`svg a[href="/district/${slug}"]`);

test("CA-12: its member, its outline on the map of California, its ZIP codes", async ({ page, visit }) => {
  await visit("/district/CA-12");
  await expect(page).toHaveTitle("California's 12th congressional district (CA-12) · Civic Atlas");
  await expect(page.getByRole("heading", { level: 1, name: "California's 12th congressional district" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Map of California's 12th congressional district within California" })).toBeVisible();
  await expect(mapLink(page, "CA-12")).toHaveAttribute("aria-label", "California's 12th congressional district");
  await expect(page.getByText("94612")).toBeVisible();
  await page.getByRole("link", { name: /Lateefah Simon/ }).click();
  await expect(page).toHaveURL(/\/representative\/\d+$/);
  // The profile's District field leads back.
  await page.getByRole("link", { name: "12", exact: true }).click();
  await expect(page).toHaveURL(/\/district\/CA-12$/);
  await expect(mapLink(page, "CA-12")).toBeVisible();
});

test("a neighbouring district's link leads to that district, map included", async ({ page, visit }) => {
  await visit("/district/CA-12");
  await page.getByRole("link", { name: "California's 10th congressional district" }).click();
  await expect(page).toHaveURL(/\/district\/CA-10$/);
  await expect(page.getByRole("heading", { level: 1, name: "California's 10th congressional district" })).toBeVisible();
  await expect(mapLink(page, "CA-10")).toBeVisible();
  await expect(page.getByRole("link", { name: /Mark DeSaulnier/ })).toBeVisible();
  await page.goBack();
  await expect(mapLink(page, "CA-12")).toBeVisible();
});

test("an at-large district: WY-AL, and WY-0 leads there", async ({ page, visit }) => {
  await visit("/district/WY-0");
  await expect(page).toHaveURL(/\/district\/WY-AL$/);
  await expect(page.getByRole("heading", { level: 1, name: "Wyoming's at-large congressional district" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Harriet M\. Hageman/ })).toBeVisible();
  await expect(mapLink(page, "WY-AL")).toBeVisible();
  // Its neighbours are in other states.
  await page.getByRole("link", { name: "South Dakota's at-large congressional district" }).click();
  await expect(page).toHaveURL(/\/district\/SD-AL$/);
});

test("DC's delegate district: DC-AL, and DC-delegate leads there", async ({ page, visit }) => {
  await visit("/district/DC-delegate");
  await expect(page).toHaveURL(/\/district\/DC-AL$/);
  await expect(page.getByRole("heading", { level: 1, name: "District of Columbia's at-large congressional district" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delegate", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /Eleanor Holmes Norton/ })).toBeVisible();
  await expect(mapLink(page, "DC-AL")).toBeVisible();
  await expect(page.getByText("20001")).toBeVisible();
});

test("the state page lists its district pages", async ({ page, visit }) => {
  await visit("/state/CA");
  await page.getByText(/^House Representatives \(\d+\)$/).click(); // a closed card
  await page.getByRole("navigation", { name: "District pages" }).getByRole("link", { name: "CA-12", exact: true }).click();
  await expect(page).toHaveURL(/\/district\/CA-12$/);
});

test("a district that does not exist, or an address that is not one, gets a clear page", async ({ page, visit }) => {
  await visit("/district/CA-53");
  await expect(page.getByRole("heading", { name: "District Not Found" })).toBeVisible();
  await expect(page.getByText("CA has 52 House districts: CA-1 to CA-52.")).toBeVisible();
  await visit("/district/ZZ-1");
  await expect(page.getByText("There is no state or territory with the abbreviation ZZ.")).toBeVisible();
  await visit("/district/not-a-district");
  await expect(page.getByRole("heading", { name: "Bad Request" })).toBeVisible();
  await expect(page.getByText("A district address is a state abbreviation and a district number, for example CA-12.")).toBeVisible();
});

test("the map drawn by the server stays after the page hydrates @js-only", async ({ page, visit }) => {
  await visit("/district/NY-12");
  await page.waitForFunction(
    () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
  );
  await expect(mapLink(page, "NY-12")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Map of New York's 12th/ })).toBeVisible();
});
