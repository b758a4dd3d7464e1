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

test("the district narrowed for a split ZIP stays while the profile keeps that ZIP and is cleared when the ZIP changes", async ({
  page,
  visit,
  signInAs,
}) => {
  test.slow(); // four pages, each checked with axe
  const user = await createAccount({ zipCode: "90210", homeDistrict: "CA-36", homeDistrictZip: "90210" });
  const district = () => db.user.findUniqueOrThrow({ where: { id: user.id }, select: { homeDistrict: true, homeDistrictZip: true } });
  const saveZip = async (zip: string) => {
    await visit("/profile?edit=1");
    await page.getByLabel("ZIP code", { exact: true }).fill(zip);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile updated" })).toBeVisible();
  };
  await signInAs(user.email);

  await saveZip("90210-1234"); // the same ZIP (as ZIP+4): the district still applies
  expect(await district()).toEqual({ homeDistrict: "CA-36", homeDistrictZip: "90210" });

  await saveZip("05401");
  expect(await district()).toEqual({ homeDistrict: null, homeDistrictZip: null });

  await saveZip("90210"); // back to the split ZIP: every candidate again, until a street address narrows it
  await visit("/my");
  await expect(page.locator("section[aria-labelledby=zip-house]").getByRole("link", { name: /^CA District/ })).toHaveCount(3);
  await expect(page.getByLabel("Enter your street address to narrow it down")).toBeVisible();
});

test("the 11th street-address lookup in 15 minutes is refused in the form, with the address kept", async ({ page, visit, signInAs }) => {
  const user = await createAccount({ zipCode: "90210" });
  await signInAs(user.email);
  await visit("/my");
  // Ten lookups spend the user's allowance (an address the geocoder cannot place still costs one).
  for (let i = 0; i < 10; i++) {
    const spent = await page.request.post("/my", { form: { intent: "district", address: `${i + 1} Nowhere Rd` } });
    expect(spent.status()).toBe(400);
  }
  const address = page.getByLabel("Enter your street address to narrow it down");
  await address.fill("455 N Rexford Dr, Beverly Hills");
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && /^\/my(\.data)?$/.test(new URL(r.url()).pathname));
  await page.getByRole("button", { name: "Narrow it down" }).click();
  expect((await answered).status()).toBe(429);
  await expect(page.getByText("Too many address lookups. Please wait 15 minutes and try again.")).toBeVisible();
  await expect(address).toHaveValue("455 N Rexford Dr, Beverly Hills");
  expect(await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { homeDistrict: true } })).toEqual({ homeDistrict: null });
});
