// The moderated edit from end to end, through the pages only, with JavaScript on and
// off: a moderator edits an official's phone and email; the live profile is unchanged; an admin
// approves the phone and rejects the email with a note on Data Management; the profile shows the
// new phone with the staff source; the moderator's Submission History shows both decisions.
import type { BrowserContext } from "@playwright/test";
import { officeLabel } from "~/lib/officials-order";
import { createAccount, createOfficial, expect, test } from "./fixtures";

// Three people's pages, each checked with axe.
test.beforeEach(() => test.slow());

const switchTo = async (context: BrowserContext, signInAs: (email: string) => Promise<void>, email: string) => {
  await context.clearCookies();
  await signInAs(email);
};

test("a moderator's phone and email edit is reviewed field by field by an admin", async ({ page, context, signInAs, visit }) => {
  const official = await createOfficial();
  const label = `${official.name} (${officeLabel(official.office)}, VT)`;
  const moderator = await createAccount({ role: "moderator", firstName: "Mona", lastName: `Journey${Date.now()}` });
  const admin = await createAccount({ role: "admin" });
  const newPhone = "(202) 555-0142";
  const newEmail = `journey.${Date.now()}@house.example.gov`;

  // The moderator suggests two changes.
  await signInAs(moderator.email);
  await visit(`/admin/representative-detail/${official.id}?tab=contact&edit=1`);
  await page.getByLabel("Phone").fill(newPhone);
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("2 change(s) submitted for admin review");

  // Nothing is live yet.
  await visit(`/representative/${official.id}`);
  await expect(page.getByText("(202) 555-0100")).toBeVisible();
  await expect(page.getByText(newPhone)).toHaveCount(0);

  // The admin approves the phone and rejects the email with a note.
  await switchTo(context, signInAs, admin.email);
  await visit("/admin/data-management/pending");
  await page.getByRole("checkbox", { name: `Phone of ${label}` }).check();
  await page.getByRole("button", { name: "Approve selected" }).click();
  await expect(page.getByTestId("toast")).toContainText("Updates approved successfully");
  await expect(page.getByRole("checkbox", { name: `Phone of ${label}` })).toHaveCount(0);

  await page.getByRole("checkbox", { name: `Email of ${label}` }).check();
  await page.getByRole("button", { name: "Reject selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject Updates" });
  await dialog.getByLabel("Rejection notes (optional)").fill("Not the office's published address");
  await dialog.getByRole("button", { name: "Confirm Rejection" }).click();
  await expect(page.getByTestId("toast")).toContainText("Updates rejected successfully");
  await expect(page.getByRole("checkbox", { name: `Email of ${label}` })).toHaveCount(0);

  // The profile shows the new phone, from the staff, and the old email.
  await visit(`/representative/${official.id}`);
  await expect(page.getByText(newPhone)).toBeVisible();
  await expect(page.getByText(/Civic Atlas staff · verified/).first()).toBeVisible();
  await expect(page.getByText(official.email!)).toBeVisible();
  await expect(page.getByText(newEmail)).toHaveCount(0);

  // The moderator sees both decisions, with the admin's note.
  await switchTo(context, signInAs, moderator.email);
  await visit("/admin/data-management/submitted");
  const history = page.getByRole("table", { name: /Submission History/i });
  // Staff lists show the phone as stored (202-555-0142); the profile shows it as (202) 555-0142.
  await expect(history.getByRole("row").filter({ hasText: "202-555-0142" })).toContainText("Approved");
  const rejected = history.getByRole("row").filter({ hasText: newEmail });
  await expect(rejected).toContainText("Rejected");
  await expect(rejected).toContainText("Not the office's published address");
});
