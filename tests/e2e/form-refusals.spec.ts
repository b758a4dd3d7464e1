// A refused submission (too many from one network) is answered in the form it came from, with
// what was typed kept, with JavaScript on and off; with JavaScript an empty contact form is not sent.
import type { APIRequestContext, Page } from "@playwright/test";
import { db } from "~/db.server";
import { createVerification } from "~/models/verifications.server";
import { createAccount, expect, test } from "./fixtures";

const LIMIT = Number(process.env.PUBLIC_FORM_RATE_LIMIT ?? 1000);
const LIMIT_MESSAGE = "Too many submissions from your network. Please wait 15 minutes and try again.";
// The account forms' own limit (tests/e2e/serve.sh sets it for the e2e server).
const ACCOUNT_LIMIT = Number(process.env.AUTH_RATE_LIMIT ?? 1000);
const ACCOUNT_LIMIT_MESSAGE = "Too many attempts from your network. Please wait 15 minutes and try again.";
// The e2e server trusts this header for the visitor's address (playwright.config.ts), so each test
// spends a budget of its own and no other test is refused.
const ADDRESS_HEADER = "X-E2E-Client-IP";
let addresses = 0;
const ownAddress = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${++addresses}`;

/** Uses up the address's budget of public-form submissions (the email check shares it and stores nothing). */
async function spendBudget(request: APIRequestContext, address: string) {
  for (let sent = 0; sent < LIMIT; sent += 25) {
    const batch = Math.min(25, LIMIT - sent);
    await Promise.all(
      Array.from({ length: batch }, () =>
        request.get("/api/check-email?email=someone%40example.org", { headers: { [ADDRESS_HEADER]: address } }),
      ),
    );
  }
}

/** Uses up the address's budget of account-form attempts (an empty registration: refused as invalid, and every attempt counts). */
async function spendAccountBudget(request: APIRequestContext, address: string) {
  for (let sent = 0; sent < ACCOUNT_LIMIT; sent += 25) {
    const batch = Math.min(25, ACCOUNT_LIMIT - sent);
    await Promise.all(
      Array.from({ length: batch }, () => request.post("/api/register", { data: {}, headers: { [ADDRESS_HEADER]: address } })),
    );
  }
}

async function asVisitorFrom(page: Page) {
  const address = ownAddress();
  await page.setExtraHTTPHeaders({ [ADDRESS_HEADER]: address });
  return address;
}

test("the contact form over the limit says so in the form and keeps what was typed", async ({ page, request, visit }) => {
  test.slow(); // spends a whole budget
  const address = await asVisitorFrom(page);
  await visit("/contact");
  await spendBudget(request, address);
  await page.getByLabel("Name").fill("Ida B. Wells");
  await page.getByLabel("Email").fill("ida@example.org");
  await page.getByLabel("Subject").fill("A correction");
  await page.locator("textarea[name=message]").fill("The phone number is out of date.");
  await page.getByRole("button", { name: "Send Message" }).click();
  const form = page.locator("form", { has: page.getByRole("button", { name: "Send Message" }) });
  await expect(form.getByText(LIMIT_MESSAGE)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Ida B. Wells");
  await expect(page.getByLabel("Email")).toHaveValue("ida@example.org");
  await expect(page.getByLabel("Subject")).toHaveValue("A correction");
  await expect(page.locator("textarea[name=message]")).toHaveValue("The phone number is out of date.");
});

test("the welcome flow over the limit says so in the form and keeps the email", async ({ page, request, visit }) => {
  test.slow(); // spends a whole budget
  const address = await asVisitorFrom(page);
  await visit("/welcome");
  await spendBudget(request, address);
  await page.getByLabel("Email").fill("fannie@example.org");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: LIMIT_MESSAGE })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("fannie@example.org");
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
});

test.describe("the welcome dialog @js-only", () => {
  test.use({ showWelcome: true });

  test("over the limit, each step says so in the dialog and keeps what was typed; the page stays", async ({ page, request }) => {
    test.slow(); // spends a whole budget
    const address = await asVisitorFrom(page);
    await page.goto("/state/VT");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible({ timeout: 15_000 }); // 2 s after the page hydrates
    await dialog.getByText("Sign up for our mailing list", { exact: true }).click();
    await dialog.getByLabel("Email").fill("septima@example.org");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("heading", { name: "Tell us about yourself" })).toBeVisible();
    await spendBudget(request, address);
    await dialog.getByLabel("First name").fill("Septima");
    await dialog.getByLabel("Last name").fill("Clark");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: LIMIT_MESSAGE })).toBeVisible();
    await expect(dialog.getByLabel("First name")).toHaveValue("Septima");
    await expect(dialog.getByLabel("Last name")).toHaveValue("Clark");
    await expect(page.getByRole("heading", { name: "Something Went Wrong" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Vermont");
  });
});

test("with JavaScript an empty contact form sends nothing and shows the spec's toast @js-only", async ({ page, visit }) => {
  const posts: string[] = [];
  page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
  await visit("/contact");
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Missing information");
  await expect(page.getByTestId("toast")).toContainText("Please fill in all required fields.");
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  // Only a required field left empty stops it: the rest is the server's to answer.
  await page.getByLabel("Name").fill("Ida B. Wells");
  await page.getByLabel("Email").fill("ida@example.org");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});

test("forgot password over the limit says so in the form and keeps the email", async ({ page, request, visit }) => {
  test.slow(); // spends a whole budget
  const address = await asVisitorFrom(page);
  await visit("/forgot-password");
  await spendAccountBudget(request, address);
  await page.getByLabel("Email").fill("ella@example.org");
  await page.getByRole("button", { name: "Send reset link" }).click();
  const form = page.locator("form", { has: page.getByRole("button", { name: "Send reset link" }) });
  await expect(form.getByRole("alert").filter({ hasText: ACCOUNT_LIMIT_MESSAGE })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("ella@example.org");
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByText("If an account exists for that email")).toHaveCount(0);
});

test("reset password over the limit says so in the form and keeps the link's token", async ({
  page,
  request,
  visit,
  javaScriptEnabled,
}) => {
  test.slow(); // spends a whole budget
  const user = await createAccount();
  const token = await createVerification(db, { type: "reset-password", target: user.email, userId: user.id });
  const address = await asVisitorFrom(page);
  await visit(`/reset-password?token=${token}`);
  await spendAccountBudget(request, address);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("a new password 1");
  await page.getByLabel("New password again").fill("a new password 1");
  await page.getByRole("button", { name: "Save new password" }).click();
  const form = page.locator("form", { has: page.getByRole("button", { name: "Save new password" }) });
  await expect(form.getByRole("alert").filter({ hasText: ACCOUNT_LIMIT_MESSAGE })).toBeVisible();
  // The link still works for the next try: the token stays in the form. The server never sends a
  // password back: without JavaScript the fields come back empty; with it, the browser keeps them.
  await expect(form.locator("input[name=token]")).toHaveValue(token);
  await expect(page.getByRole("textbox", { name: "New password", exact: true })).toHaveValue(javaScriptEnabled ? "a new password 1" : "");
  await expect(page.getByRole("heading", { name: "Something Went Wrong" })).toHaveCount(0);
  expect((await db.verification.findFirstOrThrow({ where: { userId: user.id, type: "reset-password" } })).usedAt).toBeNull();
});

test("confirming an email over the limit says so on the page and keeps the button", async ({ page, request, visit, javaScriptEnabled }) => {
  test.slow(); // spends a whole budget
  const user = await createAccount({ emailConfirmed: false, emailConfirmedAt: null });
  const token = await createVerification(db, { type: "confirm-email", target: user.email, userId: user.id });
  const address = await asVisitorFrom(page);
  await spendAccountBudget(request, address);
  await visit(`/confirm-email?token=${token}`);
  // With JavaScript the page sends the form itself; without, the visitor presses the button.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByRole("alert").filter({ hasText: ACCOUNT_LIMIT_MESSAGE })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my email" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailConfirmed).toBe(false);
});

test("a street address over the limit says so in the address form and keeps it", async ({ page, request, visit }) => {
  test.slow(); // spends a whole budget
  const address = await asVisitorFrom(page);
  await visit("/find?zip=90210");
  await spendBudget(request, address);
  const field = page.getByLabel("Enter your street address to narrow it down");
  await field.fill("455 N Rexford Dr, Beverly Hills");
  await page.getByRole("button", { name: "Narrow it down" }).click();
  const form = page.locator("form", { has: page.getByRole("button", { name: "Narrow it down" }) });
  await expect(form.getByRole("alert")).toHaveText(LIMIT_MESSAGE);
  await expect(field).toHaveValue("455 N Rexford Dr, Beverly Hills");
  await expect(page.getByRole("link", { name: /^CA District/ })).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Something Went Wrong" })).toHaveCount(0);
});
