// The welcome flow and mailing list (spec 1 §2, §4, §5, §8): the /welcome page with JavaScript
// on and off, the dialog with JavaScript, the emailed unsubscribe link, and the JSON calls.
import { db } from "~/db.server";
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

test("Skip for Now stores only the email; signing up again updates the same lead", async ({ page, visit }) => {
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
    const leads = await db.lead.findMany({ where: { email } });
    expect(leads).toHaveLength(1);
    expect(leads[0].firstName).toBe(withDetails ? "Ella" : null);
  }
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

test("GET /api/check-email and POST /api/leads", async ({ request }) => {
  const known = await request.get("/api/check-email?email=patriot@civicatlas.test");
  expect(await known.json()).toEqual({ existsAsUser: true, existsAsLead: false });
  const bad = await request.get("/api/check-email?email=nope");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toBe("Please enter a valid email address.");
  const email = uniqueEmail("api-lead");
  const created = await request.post("/api/leads", { data: { email } });
  expect(created.status()).toBe(201);
  expect(await created.json()).toMatchObject({ email, status: "active", source: "welcome_popup" });
  const missingNames = await request.post("/api/leads", { data: { email, city: "Jackson" } });
  expect(missingNames.status()).toBe(400);
  expect((await missingNames.json()).message).toBe("First name is required");
  expect(await db.lead.count({ where: { email } })).toBe(1);
});

test.describe("the welcome dialog @js-only", () => {
  test.use({ showWelcome: true });

  test("opens 2 seconds after load, once per session; the whole flow; the toast; Get Started closes it", async ({ page }) => {
    const email = uniqueEmail("dialog");
    await page.goto("/");
    const dialog = page.getByRole("dialog");
    await page.waitForTimeout(1200);
    await expect(dialog).toBeHidden();
    await expect(dialog).toBeVisible({ timeout: 3000 });
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
    await page.reload();
    await page.waitForTimeout(2600);
    await expect(page.getByRole("dialog")).toBeHidden();
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
