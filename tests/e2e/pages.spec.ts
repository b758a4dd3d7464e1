// /join and the static pages, with JavaScript on and off.
import { expect, test } from "./fixtures";

test("/join offers the three ways in; a signed-in visitor is sent home", async ({ page, signInAs, visit }) => {
  await visit("/join");
  await expect(page.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/register");
  await expect(page.getByRole("link", { name: "Sign in here" })).toHaveAttribute("href", "/sign-in");
  await page.getByRole("link", { name: "Browse Without Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInAs("patriot@civicatlas.test");
  await page.goto("/join");
  await expect(page).toHaveURL(/\/$/);
});

test("Our Mission: flag, quotation, values, what we provide, commitments, all 50 states", async ({ page, visit }) => {
  test.slow(); // several pages, each checked with axe
  await visit("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Mission" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Mission" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await visit("/our-mission");
  await expect(page.getByRole("img", { name: "Flag of the United States" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our Mission", level: 1 })).toBeVisible();
  for (const value of ["Transparency", "Accountability", "Civic Engagement"])
    await expect(page.getByRole("heading", { name: value })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What We Provide" })).toBeVisible();
  for (const c of ["Nonpartisan information", "Data accuracy", "User privacy", "Continuous improvement"])
    await expect(page.getByText(c, { exact: true })).toBeVisible();
  await expect(page.getByText(/covers all 50 states/)).toBeVisible();
});

test("Current legislation is announced as coming soon", async ({ page, visit }) => {
  await visit("/current-legislation");
  await expect(page.getByRole("heading", { name: "Page Under Construction" })).toBeVisible();
  await expect(page.getByText("Coming Soon: Real-time bill tracking, voting records, and legislative impact analysis.")).toBeVisible();
});

test("privacy and terms say what is collected, for how long, and how to leave", async ({ page, visit }) => {
  await visit("/privacy");
  await expect(page.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
  for (const text of [
    "Mailing list.",
    "Contact messages.",
    "Cookies.",
    "Server logs and account activity.",
    "Unsubscribe:",
    "Contact messages: 24 months.",
  ]) {
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await visit("/terms");
  await expect(page.getByRole("heading", { name: "2. The data" })).toBeVisible();
});
