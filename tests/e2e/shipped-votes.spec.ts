// The real roll calls a fresh install ships with (prisma/data/roll-calls), as the seed stores them:
// the Immigration issue page names a real roll call with its source, and a sitting member's profile
// lists real latest votes. Read only: nothing here changes the shipped data. JavaScript on and off.
import { db } from "~/db.server";
import { expect, test } from "./fixtures";
import { openProfileCard } from "./profile-cards";

test("/issues/immigration names the real roll call it maps: H.R. 1958, House roll call 94 of 2026, with the Clerk's file", async ({
  page,
  visit,
}) => {
  await visit("/issues/immigration");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Immigration");
  const chosen = page.getByTestId("chosen-roll-call");
  await expect(chosen).toContainText("H.R. 1958, House roll call 94");
  await expect(page.getByRole("link", { name: "House roll call 94", exact: true })).toHaveAttribute(
    "href",
    "https://clerk.house.gov/evs/2026/roll094.xml",
  );
  const bill = page.getByRole("article").filter({ hasText: "Deporting Fraudsters Act of 2026" });
  await expect(bill.getByRole("link", { name: "H.R. 1958", exact: true })).toHaveAttribute(
    "href",
    "https://www.congress.gov/bill/119th-congress/house-bill/1958",
  );
  await expect(page.getByText("Share of the state’s members voting Yes").last()).toBeVisible();
});

test("a sitting member's Recent Voting Record lists real roll calls of 2026, newest first, and On the issues his immigration vote", async ({
  page,
  visit,
}) => {
  const jeffries = await db.official.findFirstOrThrow({ where: { bioguideId: "J000294" } });
  await visit(`/representative/${jeffries.id}`);
  const recent = await openProfileCard(page, "Recent Voting Record");
  const latest = recent.getByRole("list", { name: "Latest votes" }).getByRole("listitem");
  await expect(latest).toHaveCount(10);
  await expect(latest.first()).toContainText("July 23, 2026");
  await expect(latest.first().getByRole("link", { name: /House roll call 283/ })).toHaveAttribute(
    "href",
    "https://clerk.house.gov/evs/2026/roll283.xml",
  );

  const issues = await openProfileCard(page, "On the issues");
  const immigration = issues.getByRole("region", { name: "Immigration" });
  await expect(immigration).toContainText("0 Yes · 1 No · 0 not voting");
  await expect(immigration.getByRole("listitem").first()).toContainText("On Passage · Result: Passed");
});
