// A profile's "On the issues" card and Recent Voting Record, on real recorded roll calls of real
// bills (tests/e2e/profile-votes-data.ts): each vote's bill on congress.gov, its roll call at the
// Clerk, the question, result and date, the counts by issue, and a governor's line. JavaScript on
// and off; the governor at a phone's width.
import { db } from "~/db.server";
import { createOfficial, expect, test } from "./fixtures";
import { openProfileCard } from "./profile-cards";
import { storeProfileVotes } from "./profile-votes-data";

test("a member's profile shows their votes by issue and their latest votes, with links to each bill and roll call", async ({
  page,
  visit,
}) => {
  const member = await createOfficial();
  await storeProfileVotes(db, member.id);
  await visit(`/representative/${member.id}`);

  const issues = await openProfileCard(page, "On the issues");
  const abortion = issues.getByRole("region", { name: "Abortion" });
  await expect(abortion).toContainText("1 Yes · 1 No · 1 not voting");
  const abortionVotes = abortion.getByRole("list", { name: "Votes on Abortion" }).getByRole("listitem");
  await expect(abortionVotes).toHaveCount(3);
  // Newest first: H.R. 2471's roll 65 (2022), then H.R. 3762's roll 6 (2016) and roll 568 (2015).
  const passage = abortionVotes.nth(2);
  await expect(passage.getByRole("link", { name: "H.R. 3762" })).toHaveAttribute(
    "href",
    "https://www.congress.gov/bill/114th-congress/house-bill/3762",
  );
  await expect(passage.getByRole("link", { name: "House roll call 568, 2015" })).toHaveAttribute(
    "href",
    "http://clerk.house.gov/evs/2015/roll568.xml",
  );
  await expect(passage).toContainText("On Passage · Result: Passed");
  await expect(passage).toContainText("October 23, 2015");
  await expect(passage.getByText("No", { exact: true })).toHaveClass(/bg-red-700/);
  await expect(passage).toContainText("Library of Congress terms: Abortion");
  await expect(passage).toContainText(/clerk\.house\.gov, fetched \w{3} \d+, \d{4}/);
  await expect(passage.getByRole("link", { name: "Library of Congress bill status" })).toHaveAttribute(
    "href",
    "https://www.govinfo.gov/bulkdata/BILLSTATUS/114/hr/BILLSTATUS-114hr3762.xml",
  );
  await expect(issues.getByRole("region", { name: "Healthcare" })).toContainText("0 Yes · 1 No · 1 not voting");
  await expect(issues.getByRole("region", { name: "Climate" })).toContainText("1 Yes · 0 No · 0 not voting");
  await expect(issues.getByText("No votes on file on Immigration, Marijuana, Education.")).toBeVisible();

  const recent = await openProfileCard(page, "Recent Voting Record");
  const latest = recent.getByRole("list", { name: "Latest votes" }).getByRole("listitem");
  await expect(latest).toHaveCount(3);
  await expect(latest.first().getByRole("link", { name: "H.R. 2471" })).toHaveAttribute(
    "href",
    "https://www.congress.gov/bill/117th-congress/house-bill/2471",
  );
  await expect(latest.first()).toContainText("Consolidated Appropriations Act, 2022");
  await expect(latest.first()).toContainText("On Motion to Concur in the Senate Amendment with an Amendment · Result: Agreed to");
  await expect(latest.first().getByText("Yes", { exact: true })).toHaveClass(/bg-green-700/);
  await expect(latest.first().getByRole("link", { name: "House roll call 65, 2022" })).toHaveAttribute(
    "href",
    "https://clerk.house.gov/evs/2022/roll065.xml",
  );
  await expect(latest.nth(1)).toContainText("Not Voting");

  // The issue's own page is one click away.
  await abortion.getByRole("link", { name: "Abortion", exact: true }).click();
  await expect(page).toHaveURL(/\/issues\/abortion$/);
});

test("a governor's profile says governors do not vote in Congress, at a phone's width", async ({ page, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const governor = await createOfficial({ office: "Governor", district: null });
  await visit(`/representative/${governor.id}`);
  const issues = await openProfileCard(page, "On the issues");
  await expect(issues.getByText("Governors do not vote in Congress.")).toBeVisible();
  const recent = await openProfileCard(page, "Recent Voting Record");
  await expect(recent.getByText("Governors do not vote in Congress.")).toBeVisible();
  await expect(recent).not.toContainText("Coming soon!");
});
