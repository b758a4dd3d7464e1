// Small dead ends a first visitor met: SSO offered where it is set up, a state named in
// full, one-district states, /welcome for someone signed in, the dialog's toast on a phone, and the
// official card's short labels below 180 px.
import { expect, test, createAccount } from "./fixtures";

test("SSO is offered on both /register and /sign-in, and each offer leads to a provider", async ({ page, visit }) => {
  test.slow(); // three pages, two of them checked with axe for the first time
  // The e2e server has the three providers set up (playwright.config.ts); none set up is
  // tests/integration/sso-offer.test.ts.
  await visit("/sign-in");
  for (const provider of ["Google", "GitHub", "Microsoft"])
    await expect(page.getByRole("link", { name: provider, exact: true })).toBeVisible();
  await visit("/register");
  await page.getByRole("link", { name: "Continue with SSO" }).click();
  await expect(page).toHaveURL(/\/api\/login$/);
  await expect(page.getByText("Single sign-on is not set up on this site yet.")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "GitHub", exact: true })).toHaveAttribute("href", "/api/login?provider=github");
});

test("a state's full name in the address leads to its page", async ({ page }) => {
  for (const [typed, abbreviation] of [
    ["california", "CA"],
    ["New%20York", "NY"],
    ["north-carolina", "NC"],
    ["WEST_VIRGINIA", "WV"],
  ]) {
    await page.goto(`/state/${typed}`);
    await expect(page).toHaveURL(new RegExp(`/state/${abbreviation}$`));
  }
  const response = await page.goto("/state/californa");
  expect(response?.status()).toBe(404);
});

test("Find Local Representatives on a one-district state's page shows its officials, no ZIP asked", async ({ page, visit }) => {
  await visit("/state/VT");
  await page.getByRole("link", { name: "Find Local Representatives" }).click();
  await expect(page).toHaveURL(/\/district\/VT-/);
  await expect(page.locator('main a[href^="/representative/"]').first()).toBeVisible();
});

test("/welcome offers someone signed in the mailing list, not an account", async ({ page, visit, signInAs }) => {
  const user = await createAccount({ firstName: "Ella", lastName: "Baker" });
  await signInAs(user.email);
  await visit("/welcome");
  const main = page.getByRole("main");
  await expect(main.getByLabel("Email")).toBeVisible();
  await expect(main.getByRole("link", { name: "Create Account" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Sign In" })).toHaveCount(0);
});

test.describe("on a phone @js-only", () => {
  test.use({ showWelcome: true, viewport: { width: 390, height: 844 } });

  test("the welcome dialog's success toast leaves Get Started uncovered", async ({ page }) => {
    await page.goto("/state/VT");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible({ timeout: 15_000 }); // 2 s after the page hydrates
    await dialog.getByText("Sign up for our mailing list", { exact: true }).click();
    await dialog.getByLabel("Email").fill(`phone-${process.pid}-${Date.now()}@example.org`);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "Skip for Now" }).click();
    const getStarted = dialog.getByRole("button", { name: "Get Started" });
    const toast = page.getByTestId("toast");
    await expect(getStarted).toBeVisible();
    await expect(toast).toBeVisible();
    const [button, shown] = [await getStarted.boundingBox(), await toast.boundingBox()];
    const overlaps = button!.y < shown!.y + shown!.height && shown!.y < button!.y + button!.height;
    expect(overlaps).toBe(false);
    await getStarted.click(); // nothing in the way
    await expect(dialog).toBeHidden();
  });
});

test("an official card shows the short office label only when narrower than 180 px @js-only", async ({ page, visit }) => {
  await visit("/state/VT");
  await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
  const card = page.locator('a[href^="/representative/"]', { hasText: "Senator" }).first();
  await card.evaluate((el) => ((el as HTMLElement).style.width = "180px"));
  await expect(card.getByText("Senator", { exact: true })).toBeVisible();
  await card.evaluate((el) => ((el as HTMLElement).style.width = "179px"));
  await expect(card.getByText("Sen", { exact: true })).toBeVisible();
  await expect(card.getByText("Senator", { exact: true })).toBeHidden();
});
