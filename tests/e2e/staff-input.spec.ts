// Staff input on /admin/representative-detail/{id}, with JavaScript on and off: a
// contact-tab save changes only what it sends, phones are US numbers stored in one format and
// shown as (202) 224-3121, a date of birth in the future is refused, and one that makes a senator
// 27 is saved with a warning. Each test makes its own official (inactive) and staff account.
import { db } from "~/db.server";
import { createAccount, createOfficial, expect, test } from "./fixtures";

test.beforeEach(() => test.slow());

test("a moderator's contact save suggests only the phone; the other tabs' fields and the ids stay", async ({ page, signInAs, visit }) => {
  const official = await createOfficial({
    religion: "Quaker",
    terms: "2019-present",
    govtrackId: "412345",
    fecId: "H0VT00001",
    icpsrId: "21502",
  });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/representative-detail/${official.id}?tab=contact&edit=1`);
  await page.getByLabel("Phone").fill("(202) 555-0123");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("1 change(s) submitted for admin review");
  const suggested = await db.fieldUpdate.findMany({
    where: { entityType: "official", entityId: official.id },
    select: { fieldName: true, newValue: true },
  });
  expect(suggested).toEqual([{ fieldName: "phone", newValue: "202-555-0123" }]);
  expect(await db.official.findUniqueOrThrow({ where: { id: official.id } })).toMatchObject({
    religion: "Quaker",
    terms: "2019-present",
    govtrackId: "412345",
    fecId: "H0VT00001",
    icpsrId: "21502",
  });
});

test("a bad phone is refused with what was typed kept; another format is stored and shown as (202) 224-3121", async ({
  page,
  signInAs,
  visit,
}) => {
  const official = await createOfficial();
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`/admin/representative-detail/${official.id}?tab=contact&edit=1`);
  await page.getByLabel("Phone").fill("call me maybe");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a US phone number: 10 digits, like (202) 224-3121, and an optional extension (x123).")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveValue("call me maybe");

  await page.getByLabel("Phone").fill("202.224.3121");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/tab=contact$/);
  await expect(page.getByText("(202) 224-3121", { exact: true })).toBeVisible();
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe("202-224-3121");

  await visit(`/representative/${official.id}`);
  await expect(page.getByRole("link", { name: "(202) 224-3121" })).toHaveAttribute("href", "tel:+12022243121");
});

test("a future date of birth is refused; a 27-year-old senator's is saved with a visible warning", async ({ page, signInAs, visit }) => {
  const official = await createOfficial({ office: "Senator", district: null });
  await signInAs((await createAccount({ role: "admin" })).email);
  await visit(`/admin/representative-detail/${official.id}?edit=1`);
  await page.getByLabel("Date of birth").fill("2030-01-01");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Date of birth must be in the past")).toBeVisible();
  await expect(page.getByLabel("Date of birth")).toHaveValue("2030-01-01");

  const young = `${new Date().getFullYear() - 28}-12-31`; // 27 until the last day of the year
  await page.getByLabel("Date of birth").fill(young);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/representative-detail/${official.id}$`));
  await expect(page.getByRole("note")).toHaveText(
    /^Check the date of birth: it makes them 2[78], younger than the 30 years a senator must be\.$/,
  );
  expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).dateOfBirth).toBe(young);
});
