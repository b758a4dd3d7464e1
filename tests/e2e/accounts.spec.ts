// Accounts: registration confirmed by an emailed link received on the tests'
// SMTP server, sign-in, sign-out, the confirmation link sent again, the own profile, and the limits,
// with JavaScript on and off.
import type { Locator } from "@playwright/test";
import { db } from "~/db.server";
import { ensurePasswordUser } from "~/models/users.server";
import { linkIn } from "../support/smtp-sink";
import { createAccount, emailTo, expect, test } from "./fixtures";

const uniqueEmail = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@example.org`;
/** A select's choices, without its empty first option ("Select…", "Not provided"). */
const optionLabels = async (select: Locator) => (await select.locator("option").allTextContents()).slice(1);

test("register, confirm from the email, sign in, see the avatar menu, sign out", async ({ page, context, visit }) => {
  test.slow(); // several pages, each checked with axe
  const email = uniqueEmail("rosa");
  await visit("/register");
  await page.getByRole("link", { name: "Create Account with Email" }).click();
  await expect(page).toHaveURL(/method=email/);
  await visit(page.url());
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Parks");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("montgomery55");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Account Created!" })).toBeVisible();
  await expect(page.getByText("Please check your email to confirm your account and complete the setup.")).toBeVisible();

  // Not yet confirmed: the spec's message.
  await visit("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("montgomery55");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Please check your email and click the confirmation link before signing in.");

  const message = await emailTo(email, "Confirm your Civic Atlas account");
  expect(message.html).toContain("<a href=");
  await page.goto(linkIn(message, "/confirm-email?token="));
  if (test.info().project.name === "js-off") await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Thank you for confirming your email! Please sign in below to access your account.")).toBeVisible();
  if (test.info().project.name === "js-on") await expect(page).toHaveURL(/\/sign-in$/); // the query string is removed

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("montgomery55");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.locator("summary").filter({ hasText: "Account menu" }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("Rosa", { exact: true })).toBeVisible();

  const [session] = (await context.cookies()).filter((c) => c.name === "ca_session");
  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Join Us" })).toBeVisible();
  // The old cookie no longer authenticates: its session row is gone.
  await context.addCookies([session]);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);

  // The link works once.
  await page.goto(linkIn(message, "/confirm-email?token="));
  await expect(page.getByText(/invalid, was already used, or has expired/)).toBeVisible();
});

test("registration errors show under the fields and keep what was typed", async ({ page, visit }) => {
  await visit("/register?method=email");
  await page.getByLabel("First name").fill("Ida");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await expect(page.getByText("Valid email is required")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Ida");

  await page.getByLabel("Last name").fill("Wells");
  await page.getByLabel("Email").fill("patriot@civicatlas.test");
  await page.getByLabel("Password").fill("123456");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(/An account with this email already exists/)).toBeVisible();
  await expect(page.getByLabel("Last name")).toHaveValue("Wells");
});

test("a wrong password gets the spec's message; after many failures the account waits and says how long", async ({ page, visit }) => {
  const email = uniqueEmail("nobody");
  await visit("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid email or password. Please try again.");

  // Ten more failures on this account from another address: every address now waits minutes.
  await db.activityLog.createMany({
    data: Array.from({ length: 10 }, () => ({ action: "sign_in_failed", details: email, ipAddress: "203.0.113.9" })),
  });
  const response = await page.request.post("/api/auth/sign-in", { data: { email, password: "wrong-2" } });
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(60);
  expect((await response.json()).message).toMatch(
    /^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes\.$/,
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-3");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText(
    /Too many failed sign-in attempts for this account\. Please try again in \d+ minutes\./,
  );
});

test("an account waiting for confirmation can have the link sent again from the sign-in page", async ({ page, visit }) => {
  test.slow();
  const email = uniqueEmail("septima");
  await ensurePasswordUser(db, { email, password: "citizenship-57", firstName: "Septima", lastName: "Clark", role: "user" });
  await db.user.update({ where: { email }, data: { emailConfirmed: false, emailConfirmedAt: null } });

  await visit("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("citizenship-57");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Please check your email and click the confirmation link before signing in.");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(
    page.getByText("If an account with that email is waiting for confirmation, we have sent it a new confirmation link."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the link again" })).toHaveCount(0);

  const message = await emailTo(email, "Confirm your Civic Atlas account");
  await page.goto(linkIn(message, "/confirm-email?token="));
  if (test.info().project.name === "js-off") await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Thank you for confirming your email! Please sign in below to access your account.")).toBeVisible();
  expect((await db.user.findUniqueOrThrow({ where: { email } })).emailConfirmed).toBe(true);
});

test("a failed sign-in after confirming shows the error alone, without the green thank-you banner", async ({ page }) => {
  test.slow();
  const user = await createAccount();
  await page.goto("/sign-in?confirmed=true");
  await expect(page.getByText("Thank you for confirming your email!")).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password. Please try again.")).toBeVisible();
  await expect(page.getByText("Thank you for confirming your email!")).toHaveCount(0);
});

test("SSO through the local provider creates the account once and signs in; a second sign-in reuses it", async ({
  page,
  context,
  visit,
}) => {
  test.slow(); // several pages, each checked with axe
  const email = uniqueEmail("medgar");
  for (const round of [1, 2]) {
    await visit("/sign-in");
    await expect(page.getByRole("link", { name: "Microsoft", exact: true })).toHaveAttribute("href", "/api/login?provider=microsoft");
    await page.getByRole("link", { name: "Google", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Name").fill("Medgar Evers");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.locator("summary").filter({ hasText: "Account menu" }).click();
    await expect(page.getByText(email)).toBeVisible();
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { connections: true } });
    expect(user).toMatchObject({ authMethod: "sso", firstName: "Medgar", lastName: "Evers", totalLogins: round, emailConfirmed: true });
    expect(user.connections.map((c) => c.providerName)).toEqual(["google"]);
    if (round === 1) {
      await page.getByRole("link", { name: "Logout" }).click();
      await expect(page.getByRole("link", { name: "Join Us" })).toBeVisible();
    }
  }
  await context.clearCookies();
  // GitHub with the same verified email links to the same account.
  await visit("/sign-in");
  await page.getByRole("link", { name: "GitHub", exact: true }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/$/);
  const linked = await db.user.findUniqueOrThrow({ where: { email }, include: { connections: true } });
  expect(linked.connections.map((c) => c.providerName).sort()).toEqual(["github", "google"]);
  expect(await db.user.count({ where: { email } })).toBe(1);
});

test("SSO does not take over an existing account when the provider has not verified the email", async ({ page, visit }) => {
  await visit("/sign-in");
  await page.getByRole("link", { name: "Microsoft", exact: true }).click();
  await page.getByLabel("Email", { exact: true }).fill("patriot@civicatlas.test");
  await page.getByLabel("Email verified").uncheck();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByTestId("toast")).toContainText("An account with this email already exists");
  expect(await db.connection.count({ where: { user: { email: "patriot@civicatlas.test" } } })).toBe(0);
});

test("an SSO password account gets the spec's message at the password form", async ({ page, visit }) => {
  const email = uniqueEmail("sso-only");
  await db.user.create({ data: { email, authMethod: "sso", emailConfirmed: true } });
  await visit("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("anything");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("This account uses SSO authentication. Please use the SSO option below.");
});

test("own profile: view, edit and save, cancel; signed out it asks to log in", async ({ page, signInAs, visit }) => {
  test.slow(); // several pages, each checked with axe
  await visit("/profile");
  await expect(page.getByRole("heading", { name: "Access Required" })).toBeVisible();
  await expect(page.getByText("Please log in to view your profile.")).toBeVisible();

  await signInAs("patriot@civicatlas.test");
  await visit("/profile");
  const summary = page.locator("dl").first();
  await expect(summary).toContainText("Patriot");
  await expect(summary).toContainText("Active");
  await expect(summary).toContainText("Email/Password");
  await expect(summary).toContainText(
    new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  );

  const city = `Selma ${test.info().project.name}`;
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(/edit=1/);
  await visit(page.url());
  await page.getByLabel("City").fill(city);
  await page.getByLabel("Political affiliation").selectOption("Independent");
  await page.getByRole("checkbox", { name: "Civil Rights" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("toast")).toContainText("Profile updated");
  await expect(page.getByText(city)).toBeVisible();
  await expect(page.getByText("Civil Rights")).toBeVisible();

  await page.getByRole("link", { name: "Edit Profile" }).click();
  await page.getByLabel("City").fill("Nowhere");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText(city)).toBeVisible();
  await expect(page.getByText("Nowhere")).toHaveCount(0);
});

test("registration and the profile offer the same choices, and a registration choice reads as written, once", async ({
  page,
  signInAs,
  visit,
}) => {
  await visit("/register?method=email");
  const registration = {
    affiliation: await optionLabels(page.getByLabel("Political affiliation")),
    news: await optionLabels(page.getByLabel("How often do you follow the news?")),
  };

  const user = await createAccount({ firstName: "Ella", politicalAffiliation: "independent", newsConsumption: "2-3-times-per-week" });
  await signInAs(user.email);
  await visit("/profile");
  await expect(page.getByText("2-3 times per week")).toBeVisible();
  await expect(page.getByText("Independent", { exact: true })).toBeVisible();

  await visit("/profile?edit=1");
  const affiliation = page.getByLabel("Political affiliation");
  expect(await optionLabels(affiliation)).toEqual(registration.affiliation);
  expect(await optionLabels(page.getByLabel("News frequency"))).toEqual(registration.news);
  expect(registration.affiliation.filter((label) => label === "Independent")).toHaveLength(1);
  await expect(affiliation.locator("option:checked")).toHaveText("Independent");
  await expect(page.getByLabel("News frequency").locator("option:checked")).toHaveText("2-3 times per week");

  // Saving unchanged keeps both choices as they were.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("2-3 times per week")).toBeVisible();
  expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
    politicalAffiliation: "independent",
    newsConsumption: "2-3-times-per-week",
  });
});

test("forgot and reset the password from the emailed link", async ({ page, visit }) => {
  test.slow(); // several pages, each checked with axe
  const email = uniqueEmail("ella");
  await ensurePasswordUser(db, { email, password: "old-password", firstName: "Ella", lastName: "Baker", role: "user" });
  await visit("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await visit(page.url());
  await page.getByLabel("Email").fill(`unknown-${email}`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const sentText = "If an account exists for that email, we have sent it a link to reset the password. The link is valid for one hour.";
  await expect(page.getByText(sentText)).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(sentText)).toBeVisible(); // the same answer: nothing revealed

  const message = await emailTo(email, "Reset your Civic Atlas password");
  await page.goto(linkIn(message, "/reset-password?token="));
  await page.locator("input[name=password]").fill("brand-new-1");
  await page.locator("input[name=confirmPassword]").fill("brand-new-2");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();
  await page.locator("input[name=password]").fill("brand-new-1");
  await page.locator("input[name=confirmPassword]").fill("brand-new-1");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByTestId("toast")).toContainText("Password updated");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("old-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid email or password. Please try again.");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("brand-new-1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(linkIn(message, "/reset-password?token="));
  await expect(page.getByText(/invalid, was already used, or has expired/)).toBeVisible();
});

test("a sign-in that cannot reach the server says the connection failed @js-only", async ({ page, visit }) => {
  await visit("/sign-in");
  await page.route("**/sign-in.data*", (route) => route.abort("internetdisconnected"));
  await page.getByLabel("Email").fill("patriot@civicatlas.test");
  await page.getByLabel("Password").fill("civic-atlas-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Network connection failed. Please check your internet connection and try again.");
});

test("another site's link or image to /api/logout does not sign anyone out; its page offers a Sign out button", async ({
  page,
  signInAs,
  baseURL,
}) => {
  const user = await createAccount({ firstName: "Ida" });
  await signInAs(user.email);
  // What an image or a script on another site sends: the browser marks it cross-site.
  const embedded = await page.request.get("/api/logout", { headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
  expect(embedded.status()).toBe(200);
  expect((await page.request.get("/api/auth/user")).status()).toBe(200); // still signed in

  // A link on a page of another site.
  await page.route("http://elsewhere.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>Elsewhere</title><a href="${baseURL}/api/logout">Win a prize</a></html>`,
    }),
  );
  await page.goto("http://elsewhere.example/");
  await page.getByRole("link", { name: "Win a prize" }).click();
  await expect(page.getByRole("heading", { name: "Sign out?" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Join Us" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
