// /admin/messages: every stored contact message is seen by staff, newest first; one is opened,
// a failed one is sent again to the support mailbox (the tests' SMTP server), and it is marked
// handled. With JavaScript on and off.
import { db } from "~/db.server";
import { createAccount, emailTo, expect, test } from "./fixtures";

test("admins list the stored messages newest first, send a failed one again and mark it handled", async ({ page, signInAs, visit }) => {
  test.slow(); // several pages, each checked with axe
  const tag = `Wrong number ${test.info().project.name} ${Date.now()}`;
  const failed = await db.contactMessage.create({
    data: {
      name: "Ella Baker",
      email: "ella@example.org",
      subject: `${tag} (failed)`,
      category: "report",
      message: "The district office phone number is wrong.\nIt rings a bakery.",
      status: "failed",
      sendError: "connect ECONNREFUSED 127.0.0.1:9",
      createdAt: new Date(Date.now() - 120_000),
    },
  });
  const stuck = await db.contactMessage.create({
    data: {
      name: "Bob Moses",
      email: "bob@example.org",
      subject: `${tag} (stuck)`,
      message: "Hello",
      createdAt: new Date(Date.now() - 60_000),
    },
  });
  await signInAs((await createAccount({ role: "admin", firstName: "Ada", lastName: "Admin" })).email);
  await visit("/admin");
  await page.getByRole("link", { name: /not delivered to support/ }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?filter=unsent$/);
  await expect(page.getByRole("link", { name: "Not delivered" })).toHaveAttribute("aria-current", "page");
  const subjects = await page.getByRole("table").locator("tbody tr td:last-child").allTextContents();
  const order = subjects.filter((s) => s.startsWith(tag));
  expect(order).toEqual([stuck.subject, failed.subject]); // newest first
  const failedRow = page.getByRole("row").filter({ hasText: failed.subject });
  await expect(failedRow).toContainText("Failed");
  await expect(failedRow).toContainText("Ella Baker");
  await expect(failedRow).toContainText("Report incorrect data");
  await expect(page.getByRole("row").filter({ hasText: stuck.subject })).toContainText("Not sent");

  await failedRow.getByRole("link", { name: failed.subject }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/messages/${failed.id}$`));
  await expect(page.getByText("It rings a bakery.")).toBeVisible();
  await expect(page.getByText("connect ECONNREFUSED 127.0.0.1:9")).toBeVisible();
  await page.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message sent");
  await expect(page.getByRole("button", { name: "Send again" })).toHaveCount(0);
  const forwarded = await emailTo("support@civicatlas.test", `[Contact #${failed.id}]`);
  expect(forwarded.text).toContain("It rings a bakery.");

  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message handled");
  await expect(page.getByText(/by Ada Admin/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark as handled" })).toHaveCount(0);
  expect(await db.contactMessage.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: "sent", sendError: null });

  await visit("/admin/messages?filter=unhandled");
  await expect(page.getByRole("row").filter({ hasText: failed.subject })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: stuck.subject })).toHaveCount(1);
  await visit("/admin/messages");
  await expect(page.getByRole("row").filter({ hasText: failed.subject })).toContainText("Handled");

  const missing = await page.goto("/admin/messages/999999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Message not found" })).toBeVisible();
});

test("moderators may not read or change contact messages", async ({ page, signInAs }) => {
  const message = await db.contactMessage.create({
    data: { name: "Jo", email: "jo@example.org", subject: "Private", message: "Hello", status: "failed" },
  });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await page.goto(`/admin/messages/${message.id}`);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("toast")).toContainText("You need admin privileges to access this page.");
  const refused = await page.request.post(`/admin/messages/${message.id}`, { form: { intent: "handled" }, maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect((await db.contactMessage.findUniqueOrThrow({ where: { id: message.id } })).handledAt).toBeNull();
});
