// SSO pictures (decision 0026): signing in with the local provider, whose picture is a fixture
// portrait on 127.0.0.1, shows that picture in the header from this site's /avatars; without a
// usable picture the initial shows. JavaScript on and off.
import { db } from "~/db.server";
import { createAccount, expect, test } from "./fixtures";

const uniqueEmail = (name: string) => `${name}-${test.info().project.name}-${Date.now()}@example.org`;

async function signInWithGoogle(page: import("@playwright/test").Page, email: string, picture: string) {
  await page.getByRole("link", { name: "Google", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Name").fill("Fannie Hamer");
  await page.getByLabel("Picture").selectOption({ label: picture });
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("an SSO user's header avatar is their provider's picture, served from /avatars", async ({ page, visit }) => {
  test.slow(); // three pages and a provider round trip, each checked with axe
  const email = uniqueEmail("fannie");
  await visit("/sign-in");
  await signInWithGoogle(page, email, "portrait");
  const { avatar } = await db.user.findUniqueOrThrow({ where: { email }, select: { avatar: { select: { hash: true } } } });
  const picture = page.locator("summary").filter({ hasText: "Account menu" }).locator("img");
  await expect(picture).toHaveAttribute("src", `/avatars/${avatar!.hash}-120.jpg`);
  await expect(picture).toHaveAttribute("width", "36");
  await expect(picture).toHaveAttribute("height", "36");
  // The browser loaded it (the 120 px WebP, drawn at 36 px, so its density-corrected width is 36) from this site.
  await expect(picture).toHaveJSProperty("naturalWidth", 36);
  expect(await picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(`/avatars/${avatar!.hash}-120.webp`);
  await visit("/"); // axe with the picture in the header
});

test("an SSO user whose provider's picture cannot be fetched is signed in and sees their initial", async ({ page, visit }) => {
  const email = uniqueEmail("medgar");
  await visit("/sign-in");
  await signInWithGoogle(page, email, "missing");
  const summary = page.locator("summary").filter({ hasText: "Account menu" });
  await expect(summary.locator('span[aria-hidden="true"]')).toHaveText("F");
  await expect(summary.locator("img")).toHaveCount(0);
  await summary.click();
  await expect(page.getByText(email)).toBeVisible();
});

test("a signed-in visitor's avatar is their initial, not a picture from their sign-in provider", async ({ page, signInAs, visit }) => {
  const user = await createAccount({ firstName: "Grace", authMethod: "sso", profileImageUrl: "https://avatars.example.com/u/42" });
  await signInAs(user.email);
  await visit("/our-mission");
  const menu = page.locator("summary").filter({ hasText: "Account menu" });
  await expect(menu).toContainText("G");
  await expect(page.locator('img[src*="avatars.example.com"]')).toHaveCount(0);
});
