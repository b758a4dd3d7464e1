// The public experience (map, search, filters, state and official pages): every journey with JavaScript on and off; what only
// JavaScript adds is tagged @js-only.
import { db } from "~/db.server";
import { expect, moveAndHydrate, test } from "./fixtures";

const details = (page: import("@playwright/test").Page) => page.locator("#state-details");
/** A state on the map, found by its accessible name (its title): "Colorado, Party control …". */
const mapState = (page: import("@playwright/test").Page, name: string) =>
  page.getByTestId("us-map").getByRole("link", { name: new RegExp(`^${name},`) });

test("select a state on the map, see its officials, clear the selection", async ({ page, visit }) => {
  await visit("/");
  await expect(details(page)).toContainText("Click on any state in the map above to view details about its elected officials.");
  await expect(mapState(page, "Colorado")).toHaveAccessibleName(
    "Colorado, Party control (all officials): Democratic, 5,773,714 people, 10 electoral votes",
  );
  await mapState(page, "Colorado").click();
  await expect(page).toHaveURL(/[?&]state=CO/);
  await expect(details(page).getByRole("heading", { name: "Colorado Elected Officials" })).toBeVisible();
  await expect(details(page)).toContainText("Electoral Votes");
  await expect(details(page).getByRole("heading", { name: "Governor" })).toBeVisible();
  await expect(details(page).getByRole("heading", { name: "Senators" })).toBeVisible();
  await expect(details(page).getByRole("heading", { name: "House Representatives" })).toBeVisible();
  await expect(details(page)).toContainText("State cabinet information coming soon");
  await expect(mapState(page, "Colorado")).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "Clear selection" }).click();
  await expect(page).not.toHaveURL(/state=/);
  await expect(details(page)).toContainText("Click on any state in the map above");
});

test("list view: the first click selects, a click on the selected tile opens the state page", async ({ page, visit }) => {
  await visit("/");
  await page.getByRole("link", { name: "List View" }).click();
  await expect(page).toHaveURL(/view=list/);
  await visit(page.url()); // axe on the list view too
  await expect(page.getByRole("heading", { name: "States List" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /\(AL\)$/ }) })).toContainText("Alabama");
  await expect(page.getByRole("link", { name: "Guam (GU)" })).toBeVisible(); // territories are listed
  await page.getByRole("link", { name: "Texas (TX)" }).click();
  await expect(page).toHaveURL(/view=list.*state=TX|state=TX.*view=list/);
  await expect(details(page).getByRole("heading", { name: "Texas Elected Officials" })).toBeVisible();
  await page.getByRole("link", { name: "Texas (TX), selected: open the state page" }).click();
  await expect(page).toHaveURL(/\/state\/TX$/);
  await expect(page.getByRole("heading", { name: "Texas (TX)" })).toBeVisible();
});

test("groups show one section; a topic shows all and colours the map by its roll call, not by party; tabs clear each other", async ({
  page,
  visit,
}) => {
  await visit("/?state=CA");
  await page.getByRole("link", { name: "Senators", exact: true }).click();
  await expect(page).toHaveURL(/group=senators/);
  await expect(details(page).getByRole("heading", { name: "Senators" })).toBeVisible();
  await expect(details(page).getByRole("heading", { name: "Governor" })).toHaveCount(0);
  await expect(details(page).getByRole("heading", { name: "House Representatives" })).toHaveCount(0);
  await expect(page.getByText("State Cabinet")).toHaveAttribute("title", "Coming soon!");

  await page.getByRole("link", { name: "Topic Overlay" }).click();
  await expect(page).toHaveURL(/tab=topics/);
  await expect(page).not.toHaveURL(/group=/);
  await page.getByRole("link", { name: "Economy", exact: true }).click();
  await expect(page).toHaveURL(/topic=economy/);
  await expect(details(page).getByRole("heading", { name: "Governor" })).toBeVisible();
  // A topic colours the map by its roll call (tests/e2e/issues.spec.ts), never by party.
  await expect(mapState(page, "California").locator("use")).not.toHaveAttribute("fill", "#3b82f6");
  await page.getByRole("link", { name: "Economy", exact: true }).click(); // choosing it again clears it
  await expect(page).not.toHaveURL(/topic=/);
  await expect(mapState(page, "California").locator("use")).toHaveAttribute("fill", "#3b82f6");

  await page.getByRole("link", { name: "Apply Filters" }).click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(page.getByRole("link", { name: "All Officials", exact: true })).toHaveAttribute("aria-current", "true");
});

test("search by name and by abbreviation and open a result", async ({ page, visit }) => {
  await visit("/");
  const box = page.getByPlaceholder("Search for elected officials or states...");
  await box.fill("Padilla");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=Padilla/);
  const results = page.locator("section[aria-labelledby=search-results-heading]");
  await results.getByRole("link", { name: /Alex Padilla/ }).click();
  await expect(page).toHaveURL(/state=CA.*highlight=\d+/);
  await expect(page.locator("[data-highlighted]")).toContainText("Alex Padilla");

  await box.fill("TX");
  await page.getByRole("button", { name: "Search" }).click();
  await page.locator("section[aria-labelledby=search-results-heading]").getByRole("link", { name: /Texas/ }).first().click();
  await expect(details(page).getByRole("heading", { name: "Texas Elected Officials" })).toBeVisible();
});

test("searching the name people use finds the official: Bernie Sanders", async ({ page }) => {
  test.slow();
  await page.goto("/?q=Bernie+Sanders");
  await expect(page.getByRole("link", { name: /Bernard Sanders/ }).first()).toBeVisible();
});

test("state page: cards open and close, every back link leads where it says", async ({ page, visit }) => {
  await visit("/state/wa");
  await expect(page.getByRole("heading", { name: "Washington (WA)", level: 1 })).toBeVisible();
  await expect(page.getByText("Population", { exact: true })).toBeVisible(); // State Overview is open
  const senators = page.locator("details", { has: page.getByRole("heading", { name: /^Senators/ }) });
  await expect(senators.getByRole("link", { name: /Maria Cantwell/ })).toBeHidden();
  await senators.locator("summary").click();
  await senators.getByRole("link", { name: /Maria Cantwell/ }).click();
  await expect(page.getByRole("heading", { name: "Maria Cantwell", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to Washington" }).click();
  await expect(page).toHaveURL(/\/state\/WA$/);
  await page.getByRole("link", { name: "Back to Map" }).click();
  await expect(details(page).getByRole("heading", { name: "Washington Elected Officials" })).toBeVisible();
  await details(page)
    .getByRole("link", { name: /Maria Cantwell/ })
    .click();
  await page.getByRole("link", { name: "Back to Map" }).click();
  await expect(page).toHaveURL(/\/\?state=WA/);
});

test("state page: a House seat with no current holder is shown as vacant", async ({ page, visit }) => {
  // The shipped congress-legislators snapshot has CA-14 vacant.
  await visit("/state/ca");
  const house = page.locator("details", { has: page.getByRole("heading", { name: /^House Representatives/ }) });
  await house.locator("summary").click();
  await expect(house.getByRole("list", { name: "Vacant seats" }).getByText("District 14: Vacant")).toBeVisible();
});

test("official profile: contact links, provenance, external profiles, voting record", async ({ page, visit }) => {
  const cantwell = await db.official.findUniqueOrThrow({ where: { bioguideId: "C000127" } });
  await visit(`/representative/${cantwell.id}`);
  await expect(page.getByRole("link", { name: "(202) 224-3441" })).toHaveAttribute("href", "tel:+12022243441");
  await expect(page.getByRole("link", { name: "@SenatorCantwell" })).toHaveAttribute("href", "https://x.com/SenatorCantwell");
  // The shipped snapshot of Jun 15, 2026 reads "last confirmed Jun 15, 2026" until an import checks the
  // source (the chain's e2e test runs one against recorded files on this shared database): then "verified".
  await expect(
    page.getByRole("link", { name: /^congress-legislators · (verified today|last confirmed Jun 15, 2026)$/ }).first(),
  ).toBeVisible();
  const background = page.locator("details", { has: page.getByRole("heading", { name: "Background Information" }) });
  await background.locator("summary").first().click(); // its own; the second is "Source of each value"
  await expect(background.getByRole("link", { name: "GovTrack" })).toHaveAttribute(
    "href",
    "https://www.govtrack.us/congress/members/300018",
  );
  await expect(background.getByRole("link", { name: "OpenSecrets" })).toHaveAttribute("href", /cid=N00007836/);
  await expect(background.getByRole("link", { name: "Ballotpedia" })).toHaveAttribute("href", "https://ballotpedia.org/Maria_Cantwell");
  await expect(background).toContainText("October 13, 1958");
  const votes = page.locator("details", { has: page.getByRole("heading", { name: "Recent Voting Record" }) });
  await votes.locator("summary").click();
  // Her real votes from the seed's shipped roll calls (prisma/data/roll-calls), newest first: Yes on
  // Senate vote 226 of 2026, No on vote 225 (a nomination).
  const latest = votes.getByRole("list", { name: "Latest votes" }).getByRole("listitem");
  await expect(latest.first()).toContainText("Senate roll call 226, 2026");
  await expect(latest.nth(1).getByText("No", { exact: true })).toHaveClass(/bg-red-700/);
});

test("the old profile path redirects; unknown states and officials get their not-found pages", async ({ page, visit }) => {
  const response = await page.goto("/representatives/1");
  expect(page.url()).toMatch(/\/representative\/1$/);
  expect(response?.status()).toBe(200);
  await visit("/state/zz");
  await expect(page.getByRole("heading", { name: "State Not Found" })).toBeVisible();
  await expect(page.getByText("The state you're looking for could not be found.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  const missing = await page.goto("/representative/999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Elected Official Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Map" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the map tooltip shows a state's facts on hover @js-only", async ({ page, visit }) => {
  await visit("/");
  await moveAndHydrate(page);
  await mapState(page, "Colorado").hover();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toContainText("Colorado");
  await expect(tooltip).toContainText("5,773,714");
  await page.mouse.move(1, 1);
  await expect(tooltip).toHaveCount(0);
});

test("the search dropdown: arrows cycle, Escape closes, Enter picks and highlights for 3 s @js-only", async ({ page, visit }) => {
  await visit("/");
  const box = page.getByRole("combobox");
  await box.pressSequentially("ca");
  const options = page.getByRole("option");
  await expect(options.first()).toContainText("California");
  await expect(options).toHaveCount(8);
  await box.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowUp");
  await expect(options.nth(7)).toHaveAttribute("aria-selected", "true");
  await box.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await box.fill("");
  await box.pressSequentially("cantwell");
  await expect(options).toHaveCount(1);
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(/state=WA.*highlight=/);
  await expect(box).toHaveValue("");
  const card = page.locator("[id^=official-][data-highlighted]");
  await expect(card).toContainText("Maria Cantwell");
  await expect(card).toBeInViewport();
  await expect(page.locator("[id^=official-][data-highlighted]")).toHaveCount(0, { timeout: 6000 });
});

test("the split pane resizes by keyboard @js-only", async ({ page, visit }) => {
  await visit("/");
  await moveAndHydrate(page);
  const handle = page.getByRole("separator", { name: "Resize the search and details panes" });
  await expect(handle).toHaveAttribute("aria-valuenow", "50");
  await handle.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(handle).toHaveAttribute("aria-valuenow", "40");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(handle).toHaveAttribute("aria-valuenow", "70");
});

test("on a 390 px screen a tap opens the state dialog and Select picks it @js-only", async ({ page, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit("/");
  await moveAndHydrate(page);
  await mapState(page, "Colorado").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Colorado");
  await expect(dialog).toContainText("Electoral votes");
  await dialog.getByRole("button", { name: "Select" }).click();
  await expect(page).toHaveURL(/state=CO/);
  await expect(details(page).getByRole("heading", { name: "Colorado Elected Officials" })).toBeInViewport();
});

test("restore rules: a new session restores the last state; Maps starts fresh @js-only", async ({ page, context, visit }) => {
  await visit("/?state=OR");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lastSelectedStateId"))).not.toBeNull();
  // A new tab is a new session: the first load restores the stored state.
  const second = await context.newPage();
  await second.goto("/");
  await expect(second).toHaveURL(/state=OR/);
  await expect(second.locator("#state-details")).toContainText("Oregon Elected Officials");
  // Maps marks the navigation fresh: the selection and the stored id are cleared.
  await second.getByRole("link", { name: "Our Mission" }).click();
  await expect(second).toHaveURL(/\/our-mission$/);
  await second.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Maps" }).click();
  await expect(second).toHaveURL(/\/$/);
  await expect.poll(() => second.evaluate(() => localStorage.getItem("lastSelectedStateId"))).toBeNull();
  await second.close();
});

test("the map size slider sets the map's width on a desktop, with Apply without JavaScript and as it moves with it", async ({
  page,
  visit,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await visit("/");
  if (javaScriptEnabled) await moveAndHydrate(page);
  const map = page.getByTestId("us-map");
  await expect(map).toHaveAttribute("style", /--map-size:\s*75%/);
  await page.getByRole("slider", { name: "Map size" }).fill("60");
  if (javaScriptEnabled) await expect(map).toHaveAttribute("style", /--map-size:\s*60%/); // as it moves
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/size=60/);
  await expect(map).toHaveAttribute("style", /--map-size:\s*60%/);
  await expect(page.getByRole("slider", { name: "Map size" })).toHaveValue("60");
});
