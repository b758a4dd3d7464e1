// Bad input found by probing the running site: what the server refuses is shown next to
// the field with what was typed kept; bodies that are not forms, bad themes and unsafe redirects
// get a clear answer. JavaScript on and off.
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { ensurePasswordUser } from "~/models/users.server";
import { expect, test } from "./fixtures";

const uniqueEmail = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@example.org`;

/** Changes the form a page sends on its way to the server, as a hand-crafted request would. */
async function tamperWithNextPost(page: Page, path: string, change: (form: URLSearchParams) => void) {
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const form = new URLSearchParams(route.request().postData() ?? "");
      change(form);
      await route.continue({ postData: form.toString() });
    },
  );
}

test("registration: a choice the server refuses is shown next to its field, and what was typed stays", async ({ page, visit }) => {
  await visit("/register?method=email");
  await tamperWithNextPost(page, "/register", (form) => {
    form.set("politicalAffiliation", "bogus");
    form.append("primaryIssues", "Astrology");
  });
  await page.getByLabel("First name").fill("Ida");
  await page.getByLabel("Last name").fill("Wells");
  await page.getByLabel("Email").fill(uniqueEmail("ida"));
  await page.getByLabel("Password").fill("crusade-1892");
  await page.getByRole("button", { name: "Create Account" }).click();

  // The section holding the fields opens by itself.
  const affiliation = page.getByLabel("Political affiliation");
  await expect(affiliation).toBeVisible();
  await expect(affiliation).toHaveAttribute("aria-invalid", "true");
  await expect(affiliation).toHaveAccessibleDescription("Choose one of the listed options.");
  await expect(page.getByRole("group", { name: /Issues that matter to you/ })).toContainText("Choose from the listed options.");
  await expect(page.getByLabel("First name")).toHaveValue("Ida");
  await expect(page.getByLabel("Last name")).toHaveValue("Wells");
});

test("registration: a first name over the limit says so, not that it is missing", async ({ page, visit }) => {
  await visit("/register?method=email");
  // The input stops at 100 characters; a hand-made request does not.
  await tamperWithNextPost(page, "/register", (form) => form.set("firstName", "I".repeat(10_000)));
  await page.getByLabel("First name").fill("Ida");
  await page.getByLabel("Last name").fill("Wells");
  await page.getByLabel("Email").fill(uniqueEmail("long"));
  await page.getByLabel("Password").fill("crusade-1892");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByLabel("First name")).toHaveAccessibleDescription("At most 100 characters.");
  await expect(page.getByLabel("Last name")).toHaveValue("Wells");
});

test("profile: a refused value is shown next to its field and the other edits stay", async ({ page, signInAs, visit }) => {
  const email = uniqueEmail("profile");
  await ensurePasswordUser(db, { email, password: "unused-password", firstName: "Fannie", lastName: "Hamer", role: "user" });
  await signInAs(email);
  await visit("/profile?edit=1");
  await tamperWithNextPost(page, "/profile", (form) => form.set("votingFrequency", "Whenever"));
  await page.getByLabel("City").fill("Ruleville");
  await page.getByLabel("Political affiliation").selectOption("Independent");
  await page.getByRole("checkbox", { name: "Civil Rights" }).check();
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page.getByRole("alert")).toContainText("Failed to update profile");
  await expect(page.getByLabel("Voting")).toHaveAccessibleDescription("Choose one of the listed options.");
  await expect(page.getByLabel("City")).toHaveValue("Ruleville");
  await expect(page.getByLabel("Political affiliation")).toHaveValue("independent");
  await expect(page.getByRole("checkbox", { name: "Civil Rights" })).toBeChecked();
  expect((await db.user.findUniqueOrThrow({ where: { email } })).city).toBeNull();
});

test("sign-in never leaves the site, whatever redirectTo says", async ({ page, visit, baseURL }) => {
  const email = uniqueEmail("redirect");
  await ensurePasswordUser(db, { email, password: "right-password", firstName: "Diane", lastName: "Nash", role: "user" });
  // Browsers drop the tab: "/\t/evil.example" would be followed as "//evil.example".
  await visit(`/sign-in?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("right-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.locator("summary").filter({ hasText: "Account menu" })).toBeVisible();
});

test("a body that is not a form gets 415 with a message; a bad theme 400", async ({ request, baseURL }) => {
  const json = await request.post("/sign-in", { headers: { Origin: baseURL! }, data: { email: "a@b.org", password: "x" } });
  expect(json.status()).toBe(415);
  const page415 = await json.text();
  expect(page415).toContain("Unsupported Request");
  expect(page415).toContain("This address takes a form");
  const broken = await request.post("/contact", {
    headers: { Origin: baseURL!, "Content-Type": "multipart/form-data; boundary=xyz" },
    data: "not multipart at all",
  });
  expect(broken.status()).toBe(400);
  expect(await broken.text()).toContain("The form could not be read.");

  const theme = await request.post("/resources/theme", { headers: { Origin: baseURL! }, form: { theme: "blue" }, maxRedirects: 0 });
  expect(theme.status()).toBe(400);
  expect(await theme.json()).toEqual({ message: "Theme must be light or dark." });
  const offsite = await request.post("/resources/theme", {
    headers: { Origin: baseURL! },
    form: { theme: "dark", redirectTo: "/\t/evil.example" },
    maxRedirects: 0,
  });
  expect(offsite.headers()["location"]).toBe("/");
});
