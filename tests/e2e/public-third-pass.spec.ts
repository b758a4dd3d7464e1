// Issue 13, the public site's third pass (decision 0021): one list of profile choices, the official
// state websites, "Send the link again" on the sign-in page and avatars that never leave the site,
// with JavaScript on and off.
import type { Locator } from "@playwright/test";
import { db } from "~/db.server";
import { ensurePasswordUser } from "~/models/users.server";
import { linkIn } from "../support/smtp-sink";
import { createAccount, emailTo, expect, test } from "./fixtures";

const uniqueEmail = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@example.org`;
/** A select's choices, without its empty first option ("Select…", "Not provided"). */
const optionLabels = async (select: Locator) => (await select.locator("option").allTextContents()).slice(1);

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

test("a state page links to the state's official website", async ({ page, visit }) => {
  await visit("/state/TX");
  await expect(page.getByRole("link", { name: "Official State Website" })).toHaveAttribute("href", "https://texas.gov/");
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

test("a signed-in visitor's avatar is their initial, not a picture from their sign-in provider", async ({ page, signInAs, visit }) => {
  const user = await createAccount({ firstName: "Grace", authMethod: "sso", profileImageUrl: "https://avatars.example.com/u/42" });
  await signInAs(user.email);
  await visit("/our-mission");
  const menu = page.locator("summary").filter({ hasText: "Account menu" });
  await expect(menu).toContainText("G");
  await expect(page.locator('img[src*="avatars.example.com"]')).toHaveCount(0);
});
