// The home page's map, its States List and the selected state's card tell the same party control for
// every state, and a state's cards show names and districts whole, at desktop and phone widths,
// with JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const COLORS: Record<string, string> = { Democratic: "#3b82f6", Republican: "#ef4444", Independent: "#8b5cf6" };
const LETTERS: Record<string, string> = { Democratic: "D", Republican: "R", Independent: "I", "Not applicable": "N/A" };
const standingIn = (label: string) => /Party control \([^)]+\): ([^,]+)/.exec(label)?.[1];

async function mapStandings(page: Page) {
  return page.locator("svg a[data-state]").evaluateAll((links) =>
    links.map((a) => ({
      state: a.getAttribute("data-state")!,
      label: a.querySelector("title")!.textContent!, // the link's name and its tooltip without JavaScript
      fill: a.querySelector("use")!.getAttribute("fill")!,
    })),
  );
}

test("every state's map colour, list letter, summary card and tooltip words agree (all 56)", async ({ page }) => {
  test.slow();
  await page.goto("/?view=list");
  const tiles = await page
    .getByRole("heading", { name: "States List" })
    .locator("xpath=..")
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((a) => {
        const letter = a.querySelector("[data-standing]")!;
        return { label: `${a.getAttribute("aria-label")}, ${letter.getAttribute("title")}`, letter: letter.textContent! };
      }),
    );
  expect(tiles).toHaveLength(56);
  const listed = new Map<string, string>();
  for (const tile of tiles) {
    const standing = standingIn(tile.label);
    expect(standing, tile.label).toBeTruthy();
    expect(tile.letter, tile.label).toBe(LETTERS[standing!] ?? "–");
    listed.set(/\(([A-Z]{2})\)/.exec(tile.label)![1], standing!);
  }

  await page.goto("/");
  const drawn = await mapStandings(page);
  expect(drawn.length).toBeGreaterThanOrEqual(51);
  for (const { state, label, fill } of drawn) {
    const standing = standingIn(label)!;
    expect(fill, label).toBe(COLORS[standing] ?? "#9ca3af");
    expect(standing, `${state}: the map and the list tile`).toBe(listed.get(state));
  }

  // The summary card of the selected state says what the map's colour means.
  for (const abbreviation of ["AZ", "ME"]) {
    await page.goto(`/?state=${abbreviation}`);
    const map = (await mapStandings(page)).find((s) => s.state === abbreviation)!;
    await expect(page.locator("#state-details dl").first()).toContainText(`Party control (all officials)${standingIn(map.label)}`);
  }
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  test(`a Texas card shows its full name and district at ${width} px`, async ({ page, visit }) => {
    test.slow();
    await page.setViewportSize({ width, height });
    await visit("/?state=TX");
    const card = page.locator("#state-details").getByRole("link", { name: /Jodey C\. Arrington/ });
    await expect(card).toContainText("Jodey C. Arrington");
    await expect(card).toContainText("District 19");
    // Neither is cut: the name and the district are each wholly inside the card.
    for (const text of ["Jodey C. Arrington", "District 19"]) {
      const part = card.getByText(text, { exact: true });
      await expect(part).toBeVisible();
      const [box, inner] = [await card.boundingBox(), await part.boundingBox()];
      expect(inner!.x + inner!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(await part.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });
}
