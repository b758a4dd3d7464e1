// /my, what an account gives: the officials of the ZIP on the profile, the officials and issues the
// user follows (each with Unfollow), and the email digest choice, with JavaScript on and off.
import { db } from "~/db.server";
import { createAccount, createOfficial, expect, test } from "./fixtures";

test("signed out, /my asks to sign in and comes back", async ({ page, visit }) => {
  await visit("/my");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fmy$/);
});

test("a Patriot's own officials, what they follow, Unfollow, and the digest choice", async ({ page, visit, signInAs }) => {
  const user = await createAccount({ zipCode: "05401" });
  const followed = await createOfficial();
  await db.follow.createMany({
    data: [
      { userId: user.id, officialId: followed.id },
      { userId: user.id, issueSlug: "climate" },
    ],
  });
  await signInAs(user.email);
  await visit("/my");
  await expect(page.getByRole("heading", { level: 1, name: "My Officials" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your officials for ZIP 05401 (Vermont)" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Becca Balint/ }).first()).toBeVisible();

  const following = page.getByRole("region", { name: "Following" });
  await expect(following.getByRole("link", { name: followed.name })).toBeVisible();
  await expect(following.getByRole("link", { name: "Climate" })).toHaveAttribute("href", "/issues/climate");

  await following.getByRole("button", { name: `Unfollow ${followed.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Unfollowed" })).toBeVisible();
  await expect(following.getByRole("link", { name: followed.name })).toHaveCount(0);
  await expect(following.getByRole("link", { name: "Climate" })).toBeVisible();
  expect(await db.follow.count({ where: { userId: user.id } })).toBe(1);

  const updates = page.getByRole("region", { name: "Updates by email" });
  await expect(updates.getByRole("radio", { name: "Off" })).toBeChecked();
  await updates.getByRole("radio", { name: "Weekly" }).check();
  await updates.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You will get a weekly digest." })).toBeVisible();
  await expect(updates.getByRole("radio", { name: "Weekly" })).toBeChecked();
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).digestFrequency).toBe("weekly");
});

test("what one user follows is not shown to another; without a ZIP the page says how to add one", async ({ page, visit, signInAs }) => {
  const owner = await createAccount();
  await db.follow.create({ data: { userId: owner.id, issueSlug: "abortion" } });
  const other = await createAccount();
  await signInAs(other.email);
  await visit("/my");
  await expect(page.getByText("You follow no official or issue yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit my profile" })).toHaveAttribute("href", "/profile?edit=1");
});

test("Follow on a profile and on an issue's page; /my lists both; signed out, Follow asks to sign in first", async ({
  page,
  visit,
  signInAs,
}) => {
  const official = await createOfficial();
  await visit(`/representative/${official.id}`);
  await page.getByRole("button", { name: `Follow ${official.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?redirectTo=${encodeURIComponent(`/representative/${official.id}`)}$`));

  const user = await createAccount();
  await signInAs(user.email);
  await visit(`/representative/${official.id}`);
  await page.getByRole("button", { name: `Follow ${official.name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Following" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Unfollow ${official.name}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/representative/${official.id}$`));

  await visit("/issues/healthcare");
  await page.getByRole("button", { name: "Follow Healthcare" }).click();
  await expect(page.getByRole("button", { name: "Unfollow Healthcare" })).toBeVisible();

  await visit("/my");
  const following = page.getByRole("region", { name: "Following" });
  await expect(following.getByRole("link", { name: official.name })).toBeVisible();
  await expect(following.getByRole("link", { name: "Healthcare" })).toHaveAttribute("href", "/issues/healthcare");
});

test("a split ZIP on the profile, narrowed by street address on /my, lists that district's House member alone", async ({
  page,
  visit,
  signInAs,
}) => {
  const user = await createAccount({ zipCode: "90210" });
  await signInAs(user.email);
  await visit("/my");
  const districts = page.locator("section[aria-labelledby=zip-house]").getByRole("link", { name: /^CA District/ });
  await expect(districts).toHaveCount(3);
  await page.getByLabel("Enter your street address to narrow it down").fill("455 N Rexford Dr, Beverly Hills");
  await page.getByRole("button", { name: "Narrow it down" }).click();
  await expect(page.getByRole("status").filter({ hasText: "District saved" })).toBeVisible();
  await expect(districts).toHaveCount(1);
  await expect(districts).toHaveText("CA District 36");
  await visit("/my"); // kept for the ZIP; the address itself is not
  await expect(districts).toHaveCount(1);
  expect(await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { homeDistrict: true, address: true } })).toEqual({
    homeDistrict: "CA-36",
    address: null,
  });
});
