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

/** Holds the page's scripts on their way until `release` is called: what the visitor does meanwhile happens before hydration. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
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

  test("a search typed while they are on their way is kept and searched when they arrive", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/");
    const box = page.getByRole("combobox");
    await box.pressSequentially("warren"); // the first key asks for the scripts
    release();
    await hydrated(page);
    await expect(box).toHaveValue("warren");
    await expect(page.getByRole("option").filter({ hasText: "Elizabeth Warren" })).toBeVisible();
  });

  test("a map size moved while they are on their way is kept, and the map takes it when they arrive", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const release = await holdScripts(page);
    await page.goto("/");
    const slider = page.getByRole("slider", { name: "Map size" });
    await slider.focus();
    await page.keyboard.press("ArrowLeft"); // 75 % → 70 %
    await page.keyboard.press("ArrowLeft"); // → 65 %
    await expect(page.getByTestId("us-map")).toHaveAttribute("style", /--map-size:\s*75%/); // nothing resizes it yet
    release();
    await hydrated(page);
    await expect(page.getByTestId("us-map")).toHaveAttribute("style", /--map-size:\s*65%/);
    await expect(slider).toHaveValue("65");
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
