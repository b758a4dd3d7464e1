// The real roll calls a fresh install ships with (prisma/data/roll-calls), as the seed stores them:
// the Immigration issue page names a real roll call with its source; Climate, Economy and Healthcare
// each map a shipped roll call on their shipped bill, Marijuana none; a sitting member's profile
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

// Each asked for by its key: other tests store older roll calls on these issues, and a map shows a
// passage vote first, which the Senate's motion to proceed is not.
for (const { slug, vote, name, source, bill } of [
  {
    slug: "climate",
    vote: "senate-119-2-135",
    name: "Senate roll call 135",
    source: "https://www.senate.gov/legislative/LIS/roll_call_votes/vote1192/vote_119_2_00135.xml",
    bill: "S.J.Res. 188",
  },
  {
    slug: "economy",
    vote: "house-119-2-226",
    name: "House roll call 226",
    source: "https://clerk.house.gov/evs/2026/roll226.xml",
    bill: "H.R. 915",
  },
  {
    slug: "healthcare",
    vote: "house-119-2-250",
    name: "House roll call 250",
    source: "https://clerk.house.gov/evs/2026/roll250.xml",
    bill: "H.R. 4541",
  },
]) {
  test(`/issues/${slug} maps the shipped roll call on ${bill}, ${name} of 2026, with its official file`, async ({ page, visit }) => {
    await visit(`/issues/${slug}?vote=${vote}`);
    await expect(page.getByTestId("chosen-roll-call")).toContainText(`${bill}, ${name}`);
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", source);
    await expect(page.getByText("Share of the state’s members voting Yes").last()).toBeVisible();
  });
}

test("/issues/marijuana says no roll call is stored: no shipped bill is filed under Marijuana", async ({ page, visit }) => {
  await visit("/issues/marijuana");
  await expect(page.getByRole("status").filter({ hasText: "No roll call on this issue is stored yet." })).toBeVisible();
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
