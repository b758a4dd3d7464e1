// A state's page (/state/{abbreviation}): its official website, and its Quick Actions in the page under
// the cards on a phone and beside them on a wide screen, with JavaScript on and off.
import { expect, test } from "./fixtures";

test("a state page links to the state's official website", async ({ page, visit }) => {
  await visit("/state/TX");
  await expect(page.getByRole("link", { name: "Official State Website" })).toHaveAttribute("href", "https://texas.gov/");
});

test("on a 390 px phone the state page's Quick Actions are in the page, under the cards", async ({ page, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit("/state/TX");
  const actions = page.getByRole("complementary", { name: "Quick Actions" });
  const website = actions.getByRole("link", { name: "Official State Website" });
  await website.scrollIntoViewIfNeeded();
  await expect(website).toBeVisible();
  await expect(website).toHaveAttribute("href", "https://texas.gov/");
  await expect(actions.getByRole("link", { name: "Find Local Representatives" })).toBeVisible();
  const box = (await actions.boundingBox())!;
  const overview = (await page.getByRole("heading", { name: "State Overview" }).boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  expect(box.y).toBeGreaterThan(overview.y); // in the flow, under the cards
});

test("on a wide screen the Quick Actions stay beside the cards", async ({ page, visit }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit("/state/TX");
  const actions = page.getByRole("complementary", { name: "Quick Actions" });
  await expect(actions.getByRole("link", { name: "Official State Website" })).toBeVisible();
  const box = (await actions.boundingBox())!;
  const overview = (await page.getByRole("heading", { name: "State Overview" }).boundingBox())!;
  expect(box.x).toBeGreaterThan(overview.x + overview.width);
});
