// The email digest end to end, with JavaScript on and off: a user follows an official and chose
// weekly updates; an admin runs Email Digests (the nightly chain's job after the imports) from its
// page; the digest arrives at the SMTP server with the official's new vote; the user's page says
// when it went; the link in the email stops digests, and so does a mail client's one-click POST.
import { db } from "~/db.server";
import { linkIn } from "../support/smtp-sink";
import { createAccount, createOfficial, emailTo, expect, test } from "./fixtures";
import { finished, withJobLock } from "./job-fixtures";

const DAY = 24 * 60 * 60 * 1000;

test("a followed official's new vote arrives in a weekly digest, and its unsubscribe link and one-click POST stop digests", async ({
  page,
  context,
  signInAs,
  visit,
  javaScriptEnabled,
}) => {
  test.slow(); // a job run and five pages
  const reader = await createAccount({ firstName: "Wren", digestFrequency: "weekly", digestSince: new Date(Date.now() - 8 * DAY) });
  const official = await createOfficial();
  await db.follow.create({ data: { userId: reader.id, officialId: official.id } });
  const voteId = `h-digest-e2e-${official.id}`;
  await db.votingRecord.create({
    data: {
      officialId: official.id,
      voteId,
      chamber: "house",
      billTitle: "A bill to name a post office in Burlington, Vermont",
      billNumber: "H.R. 9999",
      voteDate: "2026-11-20",
      votePosition: "Yea",
      sourceUrl: "https://clerk.house.gov/evs/2026/roll999.xml",
    },
  });

  const admin = await createAccount({ role: "admin" });
  await signInAs(admin.email);
  await visit("/admin/integration/email_digests");
  await expect(page.getByRole("heading", { level: 1, name: "Email Digests" })).toBeVisible();
  await withJobLock("email_digests", async () => {
    await page.getByRole("button", { name: "Run Now" }).click();
    await expect(page.getByTestId("toast")).toContainText("Email Digests has been triggered manually.");
    const run = await db.jobExecution.findFirstOrThrow({ where: { jobType: "email_digests", triggeredById: admin.id } });
    await finished(run.id);
  });

  // Staff see it too: the dashboard's count and the user's settings.
  await visit("/admin");
  await expect(page.getByText(/Email digests in the last 7 days: [\d,]+ sent, [\d,]+ not sent\./)).toBeVisible();
  await visit(`/admin/users/${reader.id}?tab=settings`);
  await expect(page.getByText(/Weekly\. Last digest sent \w{3} \d{1,2}, \d{4} .* UTC, with 1 new item\./)).toBeVisible();

  const email = await emailTo(reader.email, "Your Civic Atlas weekly digest: 1 new");
  expect(email.text).toContain(`${official.name}: Yes on H.R. 9999, A bill to name a post office in Burlington, Vermont (2026-11-20).`);
  expect(email.text).toContain("Source: https://clerk.house.gov/evs/2026/roll999.xml");
  const unsubscribe = linkIn(email, "/unsubscribe?user=");
  expect(email.headers?.["list-unsubscribe"]).toBe(`<${unsubscribe}>`);

  await context.clearCookies();
  await signInAs(reader.email);
  await visit("/my");
  const updates = page.getByRole("region", { name: "Updates by email" });
  await expect(updates).toContainText(/Last digest sent \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M UTC, with 1 new item\./);
  await expect(updates.getByRole("radio", { name: "Weekly" })).toBeChecked();

  // The link in the email: with JavaScript the page submits itself; without, one button press.
  await visit(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(/You will not receive Civic Atlas digest emails any more/)).toBeVisible();
  await visit("/my");
  await expect(page.getByRole("region", { name: "Updates by email" }).getByRole("radio", { name: "Off" })).toBeChecked();

  // A mail client's one-click unsubscribe (RFC 8058): a POST with no page and no origin.
  await db.user.update({ where: { id: reader.id }, data: { digestFrequency: "weekly" } });
  const oneClick = await page.request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(oneClick.status()).toBeLessThan(400);
  expect((await db.user.findUniqueOrThrow({ where: { id: reader.id } })).digestFrequency).toBe("off");
});
