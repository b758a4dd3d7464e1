// A former official's profile says so at the top (the office they held and when), links to
// whoever holds the seat now and shows their contact details as of when they left, with no verified
// claim; a Senate seat whose appointee's term ended at a special election, with no successor on
// file, says exactly that on the state page, the home page and the ZIP answer. Each test creates its
// own former official, and each project its own seat.
import { db } from "~/db.server";
import { createOfficial, expect, test } from "./fixtures";

const card = (page: import("@playwright/test").Page, title: string | RegExp) =>
  page.locator("details", { has: page.getByRole("heading", typeof title === "string" ? { name: title, exact: true } : { name: title }) });
const LEGISLATORS = "https://unitedstates.github.io/congress-legislators/legislators-current.json";
const ENDED = "Term ended Nov 3, 2026 (special election); the source has not yet named who holds the seat";

test("a former senator's page says so at the top, links to the senator who holds the seat now, and dates their contact details to when they left", async ({
  page,
  visit,
}) => {
  test.slow();
  const ohio = await db.state.findUniqueOrThrow({ where: { abbreviation: "OH" } });
  const holder = await db.official.findFirstOrThrow({ where: { stateId: ohio.id, office: "Senator", senateClass: 1, isActive: true } });
  const former = await createOfficial({ office: "Senator", district: null, stateId: ohio.id, senateClass: 1, party: "Democratic" });
  await db.officialTerm.createMany({
    data: [
      { officialId: former.id, type: "sen", start: "2013-01-03", end: "2019-01-03", state: "OH", senateClass: 1, isCurrent: false },
      { officialId: former.id, type: "sen", start: "2019-01-03", end: "2025-01-03", state: "OH", senateClass: 1, isCurrent: false },
    ],
  });
  // The import's values, checked against the source today: a serving senator's would read "verified today".
  for (const fieldName of ["phone", "email", "office"]) {
    await db.provenance.create({
      data: {
        entityType: "official",
        entityId: former.id,
        fieldName,
        sourceName: "congress-legislators",
        sourceUrl: LEGISLATORS,
        method: "import",
        retrievedAt: new Date(),
        verifiedAt: new Date(),
      },
    });
  }

  await visit(`/representative/${former.id}`);
  await expect(page).toHaveTitle(`${former.name}, former U.S. Senator from Ohio · Civic Atlas`);
  const header = page.locator("header", { has: page.getByRole("heading", { level: 1, name: former.name }) });
  await expect(header.getByText("Former U.S. Senator from Ohio, Jan 3, 2013 – Jan 3, 2025")).toBeVisible();
  await expect(header).toContainText(`Who holds the seat now: ${holder.name}`);

  const contact = card(page, "Contact Information");
  await expect(contact.getByText("As of when they left office on Jan 3, 2025: they may no longer use these.")).toBeVisible();
  await expect(contact.getByRole("link", { name: former.phone! })).toBeVisible();
  await expect(contact.getByText(/^Source:/)).toHaveText("Source: congress-legislators · as of when they left");
  await expect(contact).not.toContainText("verified");
  await contact.getByText("Source of each value").click();
  await expect(
    contact.getByRole("link", { name: "congress-legislators, imported, as of when they left office on Jan 3, 2025" }),
  ).toHaveCount(2);

  // Still in the change history; out of search.
  await header.getByRole("link", { name: /^History:/ }).click();
  await expect(page).toHaveURL(new RegExp(`/representative/${former.id}/history$`));
  await visit(`/?q=${former.lastName}`);
  await expect(page.locator("section[aria-labelledby=search-results-heading]")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(former.lastName) })).toHaveCount(0);

  // The holder's page is one click away.
  await visit(`/representative/${former.id}`);
  await header.getByRole("link", { name: holder.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(holder.name);
  await expect(page.getByText(/^Former /)).toHaveCount(0);
});

// One state per project, so the two runs never see each other's seat: Ohio's and Florida's class 3
// seats are the two real ones (appointees whose terms ended at the Nov 3, 2026 special election).
const SEATS = {
  "js-on": { state: "OH", name: "Ohio", zip: "43215" },
  "js-off": { state: "FL", name: "Florida", zip: "32301" },
};

test("a Senate seat whose term ended at a special election with no successor on file says so on the state, home and former senator's pages and the ZIP answer", async ({
  page,
  visit,
}, info) => {
  test.slow();
  const seat = SEATS[info.project.name as keyof typeof SEATS] ?? SEATS["js-on"];
  const state = await db.state.findUniqueOrThrow({ where: { abbreviation: seat.state } });
  // Nobody serving holds the class 3 seat: its last term is this test's appointee's, ended at the special election.
  const holders = await db.official.findMany({ where: { stateId: state.id, office: "Senator", senateClass: 3, isActive: true } });
  await db.official.updateMany({ where: { id: { in: holders.map((h) => h.id) } }, data: { isActive: false } });
  const appointee = await createOfficial({ office: "Senator", district: null, stateId: state.id, senateClass: 3, party: "Republican" });
  await db.officialTerm.create({
    data: {
      officialId: appointee.id,
      type: "sen",
      start: "2026-01-05",
      end: "2026-11-03",
      endReason: "special-election",
      state: seat.state,
      senateClass: 3,
      isCurrent: false,
    },
  });
  const words = `Senate seat (class 3): ${ENDED}`;
  try {
    await visit(`/state/${seat.state}`);
    const senators = card(page, /^Senators/);
    await senators.locator("summary").first().click();
    await expect(senators.getByRole("list", { name: "Vacant Senate seats" }).getByRole("listitem")).toHaveText(words);

    await visit(`/?state=${seat.state}`);
    await expect(page.locator("#state-details").getByRole("list", { name: "Vacant Senate seats" }).getByRole("listitem")).toHaveText(words);

    await visit(`/find?zip=${seat.zip}`);
    await expect(page.getByRole("region", { name: "U.S. Senators" }).getByText(ENDED)).toBeVisible();

    await visit(`/representative/${appointee.id}`);
    await expect(page.getByText(`Former U.S. Senator from ${seat.name}, Jan 5, 2026 – Nov 3, 2026`)).toBeVisible();
    await expect(page.getByText(`Who holds the seat now: ${ENDED}`)).toBeVisible();
  } finally {
    await db.official.delete({ where: { id: appointee.id } });
    await db.official.updateMany({ where: { id: { in: holders.map((h) => h.id) } }, data: { isActive: true } });
  }
});
