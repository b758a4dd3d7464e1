// The home page loads its scripts at the visitor's first sign of intent (a key, a touch, the pointer,
// a focus), or at once when loading it has work for them, or when a signed-out visitor's welcome
// dialog is due. Until then it is the page a visitor without JavaScript gets.
import type { Page } from "@playwright/test";
import { createAccount, expect, hydrated, test } from "./fixtures";

/** The page's script requests, as they happen. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe("the home page's scripts @js-only", () => {
  test("wait for the visitor: none is asked for while they only read; the first key press loads them and the page works", async ({
    page,
  }) => {
    const scripts = scriptRequests(page);
    await page.clock.install();
    await page.goto("/");
    await page.clock.runFor(60_000); // a minute of reading
    expect(scripts).toEqual([]);
    await page.clock.resume();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused(); // the key did what it does without them
    await hydrated(page);
    expect(scripts).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/build\/entry\.client-/), expect.stringMatching(/^\/build\/routes\/_index-/)]),
    );
    await page.getByRole("combobox").pressSequentially("sanders");
    await expect(page.getByRole("option").first()).toContainText("Bernard Sanders");
  });

  test("wait for a signed-in visitor too; moving the pointer loads them", async ({ page, signInAs }) => {
    const user = await createAccount({ firstName: "Intent", lastName: "Reader" });
    await signInAs(user.email);
    const scripts = scriptRequests(page);
    await page.clock.install();
    await page.goto("/");
    await page.clock.runFor(60_000);
    expect(scripts).toEqual([]);
    await page.clock.resume();
    await page.mouse.move(200, 300);
    await hydrated(page);
    await expect(page.getByRole("dialog")).toHaveCount(0); // no welcome dialog for a signed-in visitor
  });

  test("what is typed before they arrive stays in the box and is searched", async ({ page }) => {
    await page.goto("/");
    const box = page.getByRole("combobox");
    await box.focus(); // a focus is intent: the scripts start loading while the visitor types
    await box.pressSequentially("warren");
    await hydrated(page);
    await expect(box).toHaveValue("warren");
    await expect(page.getByRole("option").filter({ hasText: "Elizabeth Warren" })).toBeVisible();
  });

  test("a state in the address loads them at once, so the selection is remembered for the next session", async ({ page }) => {
    await page.goto("/?state=VT");
    await hydrated(page);
    const vermont = await page.evaluate(() => localStorage.getItem("lastSelectedStateId"));
    expect(vermont).not.toBeNull();
  });
});

test("when the scripts cannot arrive, the visitor's taps and searches work as without JavaScript @js-only", async ({ page }) => {
  await page.route("**/build/**/*.js", (route) => route.abort("internetdisconnected"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page
    .getByTestId("us-map")
    .getByRole("link", { name: /^Colorado,/ })
    .click();
  await expect(page).toHaveURL(/state=CO/);
  await expect(page.getByRole("heading", { name: "Colorado Elected Officials" })).toBeVisible();
  const box = page.getByRole("combobox");
  await box.fill("warren");
  await box.press("Enter");
  await expect(page).toHaveURL(/q=warren/);
  await expect(page.getByRole("link", { name: "Elizabeth Warren" }).first()).toBeVisible();
});

test.describe("the home page's scripts on a first visit in a tab @js-only", () => {
  test.use({ showWelcome: true });

  test("arrive when the welcome dialog is due, and the dialog opens then", async ({ page }) => {
    const scripts = scriptRequests(page);
    const start = new Date("2026-03-02T12:00:00Z").getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000); // the page's clock stands still; the test moves it
    await page.goto("/");
    // "Load" is the page's time origin (performance.now() 0); the installed clock counts it from its start.
    const sinceLoad = await page.evaluate(() => Math.round(performance.now()));
    await page.clock.runFor(2000 - sinceLoad - 1);
    expect(scripts).toEqual([]);
    await page.clock.runFor(1);
    await expect(page.getByRole("dialog", { name: "Welcome to Civic Atlas" })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    await page.clock.resume(); // the page's own timers run again (axe after the test needs them)
  });
});
