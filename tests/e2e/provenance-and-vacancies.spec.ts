// Sources and vacant seats: a profile names each card's source once, with each value's exact source one
// click away (a details element, so also without JavaScript), and a seat the test vacates itself shows
// as "Vacant since …" on the home page and the state page. Each test owns its official and its seat.
// (Ended terms and former officials: former-officials.spec.ts.)
import { db } from "~/db.server";
import { createOfficial, expect, test } from "./fixtures";

const card = (page: import("@playwright/test").Page, title: string | RegExp) =>
  page.locator("details", { has: page.getByRole("heading", typeof title === "string" ? { name: title, exact: true } : { name: title }) });
const LEGISLATORS = "https://unitedstates.github.io/congress-legislators/legislators-current.json";

test("a profile says a card's shared source once, a differing one under its value, and each value's source in a details element", async ({
  page,
  visit,
}) => {
  test.slow();
  const official = await createOfficial();
  const provenance = (fieldName: string, sourceName: string, method: string, verifiedAt: string, sourceUrl: string | null = null) =>
    db.provenance.create({
      data: {
        entityType: "official",
        entityId: official.id,
        fieldName,
        sourceName,
        sourceUrl,
        method,
        retrievedAt: new Date(verifiedAt),
        verifiedAt: new Date(verifiedAt),
      },
    });
  for (const field of ["district", "office", "party", "email", "website"])
    await provenance(field, "congress-legislators", "import", "2026-06-15T00:00:00Z", LEGISLATORS);
  await provenance("phone", "Civic Atlas staff", "staff_edit", "2026-11-20T09:00:00Z");

  // The test's official is a former one (inactive): the source's values of the office read "as of
  // when they left" (issue 26), staff's keep their verified date.
  await visit(`/representative/${official.id}`);
  const district = card(page, "District Information");
  // Three values from one source: one line for the card, none under the values.
  await expect(district.getByText(/congress-legislators · as of when they left/)).toHaveCount(1);
  await expect(district.getByText(/^Source:/)).toContainText("congress-legislators · as of when they left");
  await expect(district.getByRole("link", { name: /congress-legislators · as of when they left/ })).toHaveAttribute("href", LEGISLATORS);

  // The phone came from staff: said under the phone; the email and website share the card's line.
  const contact = card(page, "Contact Information");
  const fields = contact.locator("dl").first().locator(":scope > div");
  await expect(fields.filter({ hasText: "Phone" })).toContainText("Civic Atlas staff · verified");
  await expect(fields.filter({ hasText: "Email" })).not.toContainText("congress-legislators");
  await expect(contact.getByText(/congress-legislators · as of when they left/)).toHaveCount(1);
  await expect(contact.getByText(/^Source:/)).toContainText("congress-legislators · as of when they left");

  // The exact source of each value, one click away.
  const each = contact.locator("details");
  await expect(each.getByText("Civic Atlas staff, entered by Civic Atlas staff, verified Nov 20, 2026")).toBeHidden();
  await each.getByText("Source of each value").click();
  await expect(each.getByText("Civic Atlas staff, entered by Civic Atlas staff, verified Nov 20, 2026")).toBeVisible();
  const imported = each.getByRole("link", { name: "congress-legislators, imported, as of when they left office (date not on file)" });
  await expect(imported).toHaveCount(2); // email and website
  await expect(imported.first()).toHaveAttribute("href", LEGISLATORS);
  await expect(each.getByRole("definition").filter({ hasText: "Civic Atlas staff" })).toHaveCount(1);
  await expect(each.getByRole("term")).toHaveText(["Phone", "Email", "Website"]);
});

test("a real profile no longer repeats its source under every field", async ({ page, visit }) => {
  test.slow();
  const cantwell = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
  await visit(`/representative/${cantwell.id}`);
  const background = card(page, "Background Information");
  await background.locator("summary").first().click();
  // One line per card with sourced values (district, contact, background), not one per field, whether
  // it says "verified …" or "last confirmed …" (a source not checked for 30 days).
  await expect(page.getByText(/congress-legislators · (verified|last confirmed) /)).toHaveCount(3);
});

// One seat per project, so the two runs never see each other's vacancy: both seats are empty in the
// shipped snapshot and no other test uses them.
const SEATS = {
  "js-on": { state: "FL", name: "Florida", district: 20, zip: "33313" },
  "js-off": { state: "GA", name: "Georgia", district: 13, zip: "30013" },
};

test("a seat the test vacates shows as vacant since its holder's term ended, on the home, state and district pages and the ZIP answer", async ({
  page,
  visit,
}, info) => {
  test.slow();
  const seat = SEATS[info.project.name as keyof typeof SEATS] ?? SEATS["js-on"];
  const label = `District ${seat.district}`;
  const state = await db.state.findUniqueOrThrow({ where: { abbreviation: seat.state } });
  const holder = await createOfficial({ stateId: state.id, district: String(seat.district).padStart(2, "0"), isActive: true });
  const term = await db.officialTerm.create({
    data: {
      officialId: holder.id,
      type: "rep",
      start: "2026-06-02", // a special election's winner, after the seat's last member left
      end: "2027-01-03",
      state: seat.state,
      district: seat.district,
      isCurrent: true,
    },
  });
  try {
    // Held: the holder's card, no vacancy.
    await visit(`/?state=${seat.state}`);
    const details = page.locator("#state-details");
    await expect(details.getByRole("link", { name: new RegExp(holder.lastName) })).toBeVisible();
    await expect(details.getByRole("list", { name: "Vacant seats" })).toHaveCount(0);

    // The holder leaves, as congress_import records it: inactive, the term ended.
    await db.official.update({ where: { id: holder.id }, data: { isActive: false } });
    await db.officialTerm.update({ where: { id: term.id }, data: { isCurrent: false, end: "2026-11-02" } });

    await visit(`/?state=${seat.state}`);
    const vacant = details.getByRole("list", { name: "Vacant seats" });
    await expect(vacant.getByRole("listitem")).toHaveText(`${label}: Vacant since Nov 2, 2026`);
    await expect(details.getByRole("link", { name: new RegExp(holder.lastName) })).toHaveCount(0);
    await expect(vacant.getByRole("link", { name: label })).toHaveAttribute("href", `/district/${seat.state}-${seat.district}`);

    await visit(`/state/${seat.state}`);
    const house = card(
      page,
      `House Representatives (${await db.official.count({ where: { stateId: state.id, office: "Representative", isActive: true } })})`,
    );
    await house.locator("summary").first().click();
    await expect(house.getByRole("list", { name: "Vacant seats" }).getByRole("listitem")).toHaveText(`${label}: Vacant since Nov 2, 2026`);

    await visit(`/district/${seat.state}-${seat.district}`);
    await expect(page.locator("section", { has: page.getByRole("heading", { name: "Representative" }) })).toContainText(
      "Vacant since Nov 2, 2026",
    );

    await visit(`/find?zip=${seat.zip}`);
    const houseAnswer = page.getByRole("region", { name: /^U\.S\. House/ });
    await expect(houseAnswer.getByRole("listitem")).toContainText(`${seat.state} ${label}`);
    await expect(houseAnswer.getByText("Vacant since Nov 2, 2026")).toBeVisible();
  } finally {
    await db.official.delete({ where: { id: holder.id } });
  }
});

test("a seat vacant in the shipped snapshot is vacant since its last member left, the same words on every page", async ({
  page,
  visit,
}) => {
  // CA-14: its last member's term (the historical file's) ended on April 14, 2026.
  await visit("/district/CA-14");
  await expect(page.locator("section", { has: page.getByRole("heading", { name: "Representative" }) })).toContainText(
    "Vacant since Apr 14, 2026",
  );
  await visit("/district/CA-12"); // borders CA-14
  await expect(page.getByRole("listitem").filter({ hasText: "California's 14th" })).toContainText("(Vacant since Apr 14, 2026)");

  await visit("/find?zip=94541");
  const houseAnswer = page.getByRole("region", { name: /^U\.S\. House/ });
  await expect(houseAnswer.getByText("Vacant since Apr 14, 2026")).toBeVisible();

  await visit("/state/CA");
  const house = card(page, /^House Representatives/);
  await house.locator("summary").first().click();
  await expect(house.getByRole("list", { name: "Vacant seats" }).getByRole("listitem")).toHaveText(
    "District 14: Vacant since Apr 14, 2026",
  );
});
