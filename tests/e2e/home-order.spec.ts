// The home page's order and landing places: the search box comes before the map on screen and in
// the document, so the keyboard reaches it in a few Tabs; a search or a filter without JavaScript
// reloads onto its answer (the link's #fragment), at desktop and phone widths; on a phone nothing
// moves while the page's HTML arrives slowly.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Tabs from the top of the page until the search box has the focus; the number of presses, or null after 10. */
async function tabsToSearch(page: Page): Promise<number | null> {
  for (let presses = 1; presses <= 10; presses++) {
    await page.keyboard.press("Tab");
    if (await page.locator("#search-input").evaluate((input) => input === document.activeElement)) return presses;
  }
  return null;
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });

    test("a keyboard user reaches the search box within 10 Tabs, before any state on the map", async ({ page, visit }) => {
      await visit("/");
      expect(await tabsToSearch(page)).not.toBeNull();
      // Document order: the search box comes before the map's first state link.
      const searchFirst = await page.evaluate(() => {
        const search = document.querySelector("#search-input")!;
        const state = document.querySelector('[data-testid="us-map"] a')!;
        return Boolean(search.compareDocumentPosition(state) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(searchFirst).toBe(true);
    });

    // With JavaScript the dropdown answers in place.
    test("without JavaScript a search reloads onto its results", { tag: "@no-js-only" }, async ({ page, visit }) => {
      await visit("/");
      if (viewport.width === 1440) await expect(page.locator("#search-input")).toBeInViewport();
      await page.locator("#search-input").fill("Bernie");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/\?q=Bernie#search-results$/);
      const heading = page.getByRole("heading", { name: "Results for “Bernie”" });
      await expect(heading).toBeInViewport();
      await expect(page.getByRole("region", { name: "Results for “Bernie”" }).getByRole("link").first()).toContainText("Bernard Sanders");
    });

    // With JavaScript the page updates in place.
    test("without JavaScript a filter reloads onto the officials it filters", { tag: "@no-js-only" }, async ({ page, visit }) => {
      test.slow(); // two visits of a state's full list of officials, each with its accessibility check
      await visit("/?state=CA");
      if (viewport.width < 768) await page.getByText("Search & Filters").click();
      await page.getByRole("link", { name: "Senators", exact: true }).click();
      await expect(page).toHaveURL(/\/\?state=CA&group=senators#state-details$/);
      await expect(page.getByRole("heading", { name: "California Elected Officials" })).toBeInViewport();
    });
  });
}

test.describe("with the welcome dialog", () => {
  test.use({ showWelcome: true, viewport: { width: 1440, height: 900 } });

  test("@js-only the dialog takes the focus; the next Tabs continue into the page, and after Escape the search box is still a few Tabs away", async ({
    page,
    visit,
  }) => {
    await visit("/");
    const dialog = page.locator("#welcome-dialog");
    await expect(dialog).toBeVisible();
    const focusInDialog = () => dialog.evaluate((d) => d.contains(document.activeElement));
    await expect.poll(focusInDialog).toBe(true);
    // Ignored: Tab leaves the dialog into the page's first controls, and reaches the search box.
    let presses = 0;
    while ((await focusInDialog()) && presses < 10) {
      await page.keyboard.press("Tab");
      presses++;
    }
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("footer")))).toBe(false);
    expect(await tabsToSearch(page)).not.toBeNull();
    // Closed with Escape: the focus goes back, and the dialog is gone.
    await dialog.focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test("on a phone the home page stays still while its HTML arrives slowly: nothing is painted where the search box is about to go, and no header button grows round what comes into it", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A slow link between the browser and the site: the home page's HTML arrives in pieces, cut just
  // inside the menu (before its button), before the button's icon and before the search box, a
  // second apart (the browser paints what it has meanwhile; a busy browser may paint at any point,
  // and these are the points where something painted would move); everything else passes straight
  // through.
  const slowLink = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url!, baseURL), { headers: { "Accept-Encoding": "identity" } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers = [...upstream.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name));
      response.writeHead(upstream.status, Object.fromEntries(headers));
      const cuts =
        request.url === "/"
          ? ['<summary class="flex h-10 w-10', '<span class="sr-only">Menu</span>', 'id="search-input"'].map((marker) =>
              body.indexOf(marker),
            )
          : [];
      let sent = 0;
      for (const cut of cuts.filter((at) => at > 0)) {
        response.write(body.subarray(sent, cut));
        sent = cut;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      response.end(body.subarray(sent));
    })();
  });
  await new Promise<void>((resolve) => slowLink.listen(0, "127.0.0.1", resolve));
  try {
    // Layout shifts as Chrome records them, through the DevTools protocol: this works with JavaScript off too.
    const cdp = await page.context().newCDPSession(page);
    const shifts: LayoutShift[] = [];
    cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => shifts.push(event.layoutShiftDetails!));
    await cdp.send("PerformanceTimeline.enable", { eventTypes: ["layout-shift"] });
    await page.goto(`http://127.0.0.1:${(slowLink.address() as AddressInfo).port}/`);
    await expect(page.getByRole("searchbox").or(page.getByRole("combobox", { name: "Search" }))).toBeVisible();
    await cdp.send("PerformanceTimeline.enable", { eventTypes: [] }); // answered after every event sent before it
    expect(await describeShifts(cdp, shifts)).toEqual([]);
  } finally {
    await page.goto("/"); // the accessibility check after each test reads the page again, from the site itself
    slowLink.close();
  }
});

type LayoutShift = { value: number; sources: { nodeId?: number; previousRect: Rect; currentRect: Rect }[] };
type Rect = { x: number; y: number; width: number; height: number };

/** Each shift as "the element that moved: from rect → to rect", so a failure names what moved. */
async function describeShifts(cdp: CDPSession, shifts: LayoutShift[]): Promise<string[]> {
  const rect = ({ x, y, width, height }: Rect) => `${x},${y} ${width}×${height}`;
  const described: string[] = [];
  for (const { value, sources } of shifts) {
    for (const { nodeId, previousRect, currentRect } of sources) {
      const node = nodeId
        ? await cdp.send("DOM.describeNode", { backendNodeId: nodeId }).then(
            ({ node }) => node,
            () => null,
          )
        : null;
      const attributes = Object.fromEntries((node?.attributes ?? []).flatMap((_, i, all) => (i % 2 ? [] : [[all[i], all[i + 1]]])));
      const name = node ? `<${node.localName} id="${attributes.id ?? ""}" class="${attributes.class ?? ""}">` : "a node since removed";
      described.push(`${name} moved (score ${value.toFixed(4)}): ${rect(previousRect)} → ${rect(currentRect)}`);
    }
  }
  return described;
}
