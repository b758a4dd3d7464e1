// The back office's second pass, as staff meet it, with JavaScript on and off: the representative
// page shows the stored photo, the crawler page tells a finished run by its own words, ownership is
// transferred with a typed confirmation, and an unsubscribed lead is never re-subscribed by staff.
import { readFileSync } from "node:fs";
import { db } from "~/db.server";
import { photoHash, photoVariants } from "~/jobs/official-photos.server";
import { savePhoto } from "~/models/official-photos.server";
import { createAccount, createOfficial, expect, test } from "./fixtures";

test("the staff representative page shows the official's stored photo", async ({ page, signInAs, visit }) => {
  const official = await createOfficial();
  // A real portrait with bytes after its end marker that make its hash this test's own.
  const original = Buffer.concat([readFileSync("tests/fixtures/photos/C000127.jpg"), Buffer.from(`${official.id}`)]);
  const hash = photoHash(original);
  await savePhoto(db, official.id, {
    sourceUrl: "https://example.org/p.jpg",
    hash,
    fetchedAt: new Date(),
    variants: await photoVariants(original),
  });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/representative-detail/${official.id}`);
  const portrait = page.locator("main header img");
  await expect(portrait).toHaveAttribute("src", new RegExp(hash));
  const served = await page.request.get((await portrait.getAttribute("src"))!);
  expect([served.status(), served.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
});

test("the owner transfers ownership with a typed confirmation and becomes an admin; a wrong email keeps what was typed", async ({
  page,
  signInAs,
  visit,
}) => {
  const owner = await createAccount({ role: "owner" });
  const heir = await createAccount({ firstName: "Hera", password: { create: { hash: "not-a-real-hash" } } });
  const unconfirmed = await createAccount({ emailConfirmed: false });
  await signInAs(owner.email);

  await visit(`/admin/users/${unconfirmed.id}?tab=settings`);
  await expect(page.getByText("Ownership goes only to an active account with a confirmed email and a password.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Transfer ownership" })).toHaveCount(0);

  await visit(`/admin/users/${heir.id}?tab=settings`);
  const confirm = page.getByLabel(`Type ${heir.email} to confirm`);
  await confirm.fill("hera@example.org");
  await page.getByRole("button", { name: "Transfer ownership" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Type the account's email exactly to confirm." })).toBeVisible();
  await expect(page.getByLabel(`Type ${heir.email} to confirm`)).toHaveValue("hera@example.org");
  expect((await db.user.findUniqueOrThrow({ where: { id: heir.id } })).role).toBe("user");

  await page.getByLabel(`Type ${heir.email} to confirm`).fill(heir.email);
  await page.getByRole("button", { name: "Transfer ownership" }).click();
  await expect(page.getByTestId("toast")).toContainText("Ownership transferred");
  const roles = await db.user.findMany({ where: { id: { in: [owner.id, heir.id] } }, select: { id: true, role: true } });
  expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({ [owner.id]: "admin", [heir.id]: "owner" });
  await expect(page.getByRole("button", { name: "Transfer ownership" })).toHaveCount(0); // an admin now
});

test("on a 390 px phone the permissions matrix shows every role column, and emails wrap between their parts", async ({
  page,
  signInAs,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs((await createAccount({ role: "admin" })).email);
  const user = await createAccount({ email: `a-rather-long-address-${Date.now()}@subdomain.example.org` });
  await visit(`/admin/users?q=${encodeURIComponent(user.email)}`);
  const cell = page.getByRole("row").filter({ hasText: user.email }).getByRole("cell").nth(1);
  await expect(cell).toHaveText(user.email);
  // The address may wrap after "@" and after each dot, never inside a word.
  expect(await cell.innerHTML()).toContain("@<wbr>");

  await page.getByRole("link", { name: "Permissions Matrix" }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions Matrix" });
  for (const role of ["Owner", "Admin", "Moderator", "Patriot"])
    await expect(dialog.getByRole("columnheader", { name: role })).toBeInViewport();
});
