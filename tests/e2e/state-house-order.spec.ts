// A state's House members by last name (the default) or by district, as plain links that work
// without JavaScript; a state's only seat reads VT-AL and its page lives at /district/VT-AL.
import { expect, test } from "./fixtures";

test("New York's House members by last name, then by district", async ({ page, visit }) => {
  await visit("/state/NY");
  const house = page.locator("#house-representatives");
  await house.getByText("House Representatives (").click();
  const firstCard = house.locator("ul > li").first();
  await expect(firstCard).toContainText("Yvette D. Clarke");
  await expect(house.getByRole("link", { name: "By last name" })).toHaveAttribute("aria-current", "true");

  await house.getByRole("link", { name: "By district" }).click();
  await expect(page).toHaveURL(/\/state\/NY\?order=district#house-representatives$/);
  await expect(house.getByRole("link", { name: "By district" })).toHaveAttribute("aria-current", "true");
  await expect(firstCard).toContainText("Nick LaLota");
  await expect(firstCard).toContainText("District 1");
  await expect(house.locator("ul > li").nth(1)).toContainText("Andrew R. Garbarino");
  await expect(firstCard).toBeInViewport();

  await house.getByRole("link", { name: "By last name" }).click();
  await expect(page).toHaveURL(/\/state\/NY#house-representatives$/);
  await expect(house.locator("ul > li").first()).toContainText("Yvette D. Clarke");
});

test("Vermont's one seat reads VT-AL and leads to /district/VT-AL; the old VT-0 address redirects there", async ({ page, visit }) => {
  test.slow(); // four pages, each with its accessibility check
  await visit("/state/VT");
  const house = page.locator("#house-representatives");
  await house.getByText("House Representatives (").click();
  await expect(house.getByRole("link", { name: "By district" })).toHaveCount(0);
  await expect(house.locator("ul > li").first()).toContainText("At-large");
  await house.getByRole("navigation", { name: "District pages" }).getByRole("link", { name: "VT-AL" }).click();
  await expect(page).toHaveURL(/\/district\/VT-AL$/);
  await visit("/district/VT-0");
  await expect(page).toHaveURL(/\/district\/VT-AL$/);
  await visit("/state/DC");
  const dc = page.locator("#house-representatives");
  await dc.getByText("House Representatives (").click();
  await expect(dc.locator("ul > li").first()).toContainText("Delegate (at-large)");
});
