// The welcome flow and mailing list: the /welcome page with JavaScript on and off, the dialog with
// JavaScript (and the content pages it belongs to), the emailed unsubscribe and re-join links, and
// the JSON calls.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { unsubscribeUrl } from "~/models/leads.server";
import { linkIn } from "../support/smtp-sink";
import { emailTo, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

const uniqueEmail = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@example.org`;

test("join through all three steps, get the welcome email, unsubscribe from its link", async ({ page, visit }) => {
  const email = uniqueEmail("fannie-lou");
  await visit("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Join our mailing list" }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await visit("/welcome");
  await expect(page.getByRole("link", { name: "Terms of Service" }).first()).toHaveAttribute("target", "_blank");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Tell us about yourself" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await page.getByLabel("First name").fill("Fannie Lou");
  await page.getByLabel("Last name").fill("Hamer");
  await page.getByLabel("Political affiliation").selectOption("Independent");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for joining us!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("Welcome to Civic Atlas!");
  expect(await db.lead.findUnique({ where: { email } })).toMatchObject({
    firstName: "Fannie Lou",
    lastName: "Hamer",
    source: "welcome_popup",
    status: "active",
    politicalAffiliation: "Independent",
  });

  const welcome = await emailTo(email, "Welcome to the Civic Atlas mailing list");
  await page.goto(linkIn(welcome, "/unsubscribe?lead="));
  if (test.info().project.name === "js-off") await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You have been unsubscribed.")).toBeVisible();
  expect((await db.lead.findUniqueOrThrow({ where: { email } })).status).toBe("unsubscribed");
  await page.goto(linkIn(welcome, "/unsubscribe?lead=").replace(/token=[^&]+/, "token=forged"));
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
});

test("Skip for Now stores only the email; signing up again changes nothing stored and looks the same", async ({ page, visit }) => {
  const email = uniqueEmail("skip");
  for (const withDetails of [false, true]) {
    await visit("/welcome");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    if (withDetails) {
      await page.getByLabel("First name").fill("Ella");
      await page.getByLabel("Last name").fill("Baker");
      await page.getByRole("button", { name: "Save" }).click();
    } else {
      await page.getByRole("button", { name: "Skip for Now" }).click();
    }
    await expect(page.getByRole("heading", { name: "Thank you for joining us!" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("You've been added to our mailing list.");
    const leads = await db.lead.findMany({ where: { email } });
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ firstName: null, lastName: null, status: "active" }); // the first sign-up's values
  }
});

test("a choice the server refuses is explained next to its field, and what was typed stays", async ({ page, visit }) => {
  // The browser offers only the listed affiliations: the request is rewritten on its way out,
  // as a tampered or outdated form would send it.
  await page.route("**/welcome*", async (route) => {
    const body = route.request().postData();
    if (route.request().method() !== "POST" || !body?.includes("politicalAffiliation=")) return route.continue();
    await route.continue({ postData: body.replace(/politicalAffiliation=[^&]*/, "politicalAffiliation=Whig") });
  });
  const email = uniqueEmail("whig");
  await visit("/welcome");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("First name").fill("Henry");
  await page.getByLabel("Last name").fill("Clay");
  await page.getByLabel("City").fill("Lexington");
  await page.getByLabel("Political affiliation").selectOption("Other");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Choose one of the listed affiliations.")).toBeVisible();
  await expect(page.getByLabel("Political affiliation")).toHaveAccessibleDescription("Choose one of the listed affiliations.");
  await expect(page.getByLabel("First name")).toHaveValue("Henry");
  await expect(page.getByLabel("City")).toHaveValue("Lexington");
  expect(await db.lead.findUnique({ where: { email } })).toBeNull();
});

test("an unsubscribed address that signs up again stays unsubscribed until it follows the emailed re-join link", async ({
  page,
  visit,
}) => {
  const email = uniqueEmail("rejoin");
  await db.lead.create({ data: { email, firstName: "Rosa", status: "unsubscribed", unsubscribedAt: new Date() } });
  await visit("/welcome");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Skip for Now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for joining us!" })).toBeVisible(); // as for a new address
  expect(await db.lead.findUniqueOrThrow({ where: { email } })).toMatchObject({ status: "unsubscribed", firstName: "Rosa" });

  const confirm = await emailTo(email, "Confirm you want to re-join the Civic Atlas mailing list");
  const link = linkIn(confirm, "/rejoin?");
  await page.goto(link.replace(/token=[^&]+/, "token=forged"));
  await expect(page.getByText("This link is not valid, was already used, or has expired.")).toBeVisible();
  if (test.info().project.name === "js-off") {
    await visit(link);
    await page.getByRole("button", { name: "Re-join the mailing list" }).click();
  } else {
    await page.goto(link); // the page submits itself
  }
  await expect(page.getByText("Welcome back! You are on the Civic Atlas mailing list again.")).toBeVisible();
  await expect(page).toHaveURL(/\/rejoin\?done=1$/);
  expect(await db.lead.findUniqueOrThrow({ where: { email } })).toMatchObject({ status: "active", unsubscribedAt: null });
  await page.goto(link);
  await expect(page.getByText("This link is not valid, was already used, or has expired.")).toBeVisible();
});

test("an email that belongs to an account gets the amber message and stays on the email step", async ({ page, visit }) => {
  await visit("/welcome");
  await page.getByLabel("Email").fill("patriot@civicatlas.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByText(
      "A profile with that email address already exists. Please log in or reset your password to adjust your mailing preferences.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tell us about yourself" })).toHaveCount(0);
});

test("GET /api/check-email, POST /api/leads, and the one-click unsubscribe POST", async ({ request }) => {
  const known = await request.get("/api/check-email?email=patriot@civicatlas.test");
  expect(await known.json()).toEqual({ existsAsUser: true });
  const bad = await request.get("/api/check-email?email=nope");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toBe("Please enter a valid email address.");
  const email = uniqueEmail("api-lead");
  const answers = [];
  for (const body of [
    { email, source: "welcome_popup" },
    { email, firstName: "Someone", lastName: "Else", phone: "555-0100" },
  ]) {
    const response = await request.post("/api/leads", { data: body });
    answers.push({ status: response.status(), body: await response.json() });
  }
  expect(answers[0]).toEqual({
    status: 201,
    body: {
      message:
        "Welcome to Civic Atlas! You've been added to our mailing list. We'll keep you informed about important political developments.",
    },
  });
  expect(answers[1]).toEqual(answers[0]); // a known email gets the same answer, with nothing stored in it
  expect(await db.lead.findUniqueOrThrow({ where: { email } })).toMatchObject({ firstName: null, phone: null, status: "active" });
  expect(await (await request.get(`/api/check-email?email=${email}`)).json()).toEqual({ existsAsUser: false });
  const missingNames = await request.post("/api/leads", { data: { email: uniqueEmail("no-names"), city: "Jackson" } });
  expect(missingNames.status()).toBe(400);
  expect((await missingNames.json()).message).toBe("First name is required");

  const lead = await db.lead.findUniqueOrThrow({ where: { email } });
  const unsubscribed = await request.post("/unsubscribe", {
    form: { lead: String(lead.id), token: new URL(unsubscribeUrl(lead.id)).searchParams.get("token")! },
    maxRedirects: 0,
  });
  expect(unsubscribed.status()).toBe(302);
  expect(unsubscribed.headers()["location"]).toBe("/unsubscribe?done=1");
  expect((await db.lead.findUniqueOrThrow({ where: { email } })).status).toBe("unsubscribed");
});

/**
 * Opens the home page and returns once it has hydrated. The split pane reads its saved width in the
 * same commit that starts the welcome dialog's 2-second timer, so when the separator shows the saved
 * 40 % the timer is running.
 */
async function gotoHydratedHome(page: Page) {
  await page.addInitScript(() => localStorage.setItem("homeSplitLayout", "40"));
  await page.goto("/");
  await expect(page.getByRole("separator", { name: "Resize the search and details panes" })).toHaveAttribute("aria-valuenow", "40");
}

test.describe("the welcome dialog @js-only", () => {
  test.use({ showWelcome: true });

  test("opens 2 seconds after load, once per session; the whole flow; the toast; Get Started closes it", async ({ page }) => {
    const email = uniqueEmail("dialog");
    // The page's clock stands still from before the page loads; the test moves it.
    const start = new Date("2026-03-02T12:00:00Z").getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await gotoHydratedHome(page);
    // "Load" is the page's time origin (performance.now() 0); the installed clock counts it from its start.
    const sinceLoad = await page.evaluate(() => Math.round(performance.now()));
    expect(sinceLoad).toBeLessThan(2000);
    const dialog = page.getByRole("dialog");
    await page.clock.runFor(2000 - sinceLoad - 1);
    await expect(dialog).toBeHidden();
    await page.clock.runFor(1);
    await expect(dialog).toBeVisible();
    await page.clock.resume(); // the rest of the flow (and axe) runs on its own timers
    await expect(dialog.getByRole("heading", { name: "Welcome to Civic Atlas" })).toBeVisible();
    await dialog.getByText("Sign up for our mailing list", { exact: true }).click();
    await expectNoSeriousA11yViolations(page); // axe on the open dialog
    await expect(dialog.getByRole("button", { name: "Continue" })).toBeDisabled(); // disabled while empty
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("First name is required")).toBeVisible();
    await dialog.getByLabel("First name").fill("Septima");
    await expect(dialog.getByText("First name is required")).toHaveCount(0); // errors clear when the field is edited
    await expect(dialog.getByText("Last name is required")).toBeVisible();
    await dialog.getByLabel("Last name").fill("Clark");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("heading", { name: "Thank you for joining us!" })).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("You've been added to our mailing list.");
    await dialog.getByRole("button", { name: "Get Started" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("welcomePopupShown"))).toBe("true");
    expect(await db.lead.findUnique({ where: { email } })).toMatchObject({ firstName: "Septima" });
    await gotoHydratedHome(page);
    await page.clock.runFor(5000);
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("on a phone the open dialog sits below the page's heading and leaves the page usable; Escape closes it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/state/TX");
    const dialog = page.getByRole("dialog", { name: "Welcome to Civic Atlas" });
    await expect(dialog).toBeVisible({ timeout: 4000 });
    const heading = await page.getByRole("heading", { level: 1, name: "Texas (TX)" }).boundingBox();
    expect((await dialog.boundingBox())!.y).toBeGreaterThan(heading!.y + heading!.height);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem("welcomePopupShown"))).toBe("true");

    // A second visitor in the same place follows a link on the page while the dialog is open.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(dialog).toBeVisible({ timeout: 4000 });
    await page.getByRole("link", { name: "Back to Map" }).click();
    await expect(page).toHaveURL("/?state=TX");
  });

  test("a visitor typing in the search box when the dialog opens keeps typing there", async ({ page }) => {
    await page.goto("/");
    const box = page.getByPlaceholder("Search for elected officials or states...");
    await box.click();
    await expect(page.getByRole("dialog", { name: "Welcome to Civic Atlas" })).toBeVisible({ timeout: 4000 });
    await expect(box).toBeFocused();
    await page.keyboard.type("Texas");
    await expect(box).toHaveValue("Texas");
  });

  test("the existing-account message keeps the dialog on the email step; closing resets it", async ({ page }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible({ timeout: 4000 });
    await dialog.getByText("Sign up for our mailing list", { exact: true }).click();
    await dialog.getByLabel("Email").fill("admin@civicatlas.test");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByText(/A profile with that email address already exists/)).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe("the welcome dialog", () => {
  test.use({ showWelcome: true });

  test("is part of the content pages only: never on /sign-in, /register, /forgot-password, /contact or an error page", async ({ page }) => {
    test.slow();
    // The dialog element is on the page (closed until its delay) only where it may open.
    for (const path of ["/", "/state/TX", "/our-mission"]) {
      await page.goto(path);
      await expect(page.locator("#welcome-dialog"), path).toBeAttached();
    }
    for (const path of ["/sign-in", "/register", "/forgot-password", "/contact", "/state/ZZ", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("#welcome-dialog"), path).toHaveCount(0);
    }
  });
});
