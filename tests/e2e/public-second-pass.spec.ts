// Issue 13, the public site's second pass: consistent facts and the wording a first-time visitor
// meets, with JavaScript on and off, at desktop width and on a 390 px phone.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { createAccount, expect, test } from "./fixtures";

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

test.describe("the welcome dialog", () => {
  test.use({ showWelcome: true });

  test("is part of the content pages only: never on /sign-in, /register, /forgot-password, /contact or an error page", async ({ page }) => {
    test.slow();
    // The dialog element is on the page (closed until its delay) only where it may open.
    for (const path of ["/", "/state/TX", "/our-mission"]) {
      await page.goto(path);
      await expect(page.locator("#welcome-dialog"), path).toBeAttached();
    }
    for (const path of ["/sign-in", "/register", "/forgot-password", "/contact", "/state/ZZ", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("#welcome-dialog"), path).toHaveCount(0);
    }
  });
});

test("a server toast sits in the page under the header and can be dismissed, with or without JavaScript", async ({ page, signInAs }) => {
  test.slow();
  const user = await createAccount({ role: "user" });
  await signInAs(user.email);
  await page.goto("/admin/leads"); // refused: back to the home page with a toast
  await expect(page).toHaveURL(/\/$/);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Unauthorized");
  // In the flow of the page: below the header, not floating over what follows.
  const [header, box] = [await page.getByRole("banner").boundingBox(), await toast.boundingBox()];
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  expect(await toast.evaluate((el) => getComputedStyle(el.closest("[role=region]")!).position)).toBe("static");
  await toast.getByTitle("Close notification").click();
  await expect(toast).toBeHidden();
});

test("a failed sign-in after confirming shows the error alone, without the green thank-you banner", async ({ page }) => {
  test.slow();
  const user = await createAccount();
  await page.goto("/sign-in?confirmed=true");
  await expect(page.getByText("Thank you for confirming your email!")).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password. Please try again.")).toBeVisible();
  await expect(page.getByText("Thank you for confirming your email!")).toHaveCount(0);
});

test("searching the name people use finds the official: Bernie Sanders", async ({ page }) => {
  test.slow();
  await page.goto("/?q=Bernie+Sanders");
  await expect(page.getByRole("link", { name: /Bernard Sanders/ }).first()).toBeVisible();
});

test("on a phone the home page stays still while its HTML arrives slowly: nothing is painted where the search box is about to go", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A slow link between the browser and the site: the home page's HTML arrives in two pieces, cut
  // just before the search box, a second apart; everything else passes straight through.
  const slowLink = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url!, baseURL), { headers: { "Accept-Encoding": "identity" } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers = [...upstream.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name));
      response.writeHead(upstream.status, Object.fromEntries(headers));
      const cut = request.url === "/" ? body.indexOf('id="search-input"') : -1;
      if (cut > 0) {
        response.write(body.subarray(0, cut));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      response.end(body.subarray(Math.max(cut, 0)));
    })();
  });
  await new Promise<void>((resolve) => slowLink.listen(0, "127.0.0.1", resolve));
  try {
    // Layout shifts as Chrome records them, through the DevTools protocol: this works with JavaScript off too.
    const cdp = await page.context().newCDPSession(page);
    const shifts: unknown[] = [];
    cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => shifts.push(event.layoutShiftDetails));
    await cdp.send("PerformanceTimeline.enable", { eventTypes: ["layout-shift"] });
    await page.goto(`http://127.0.0.1:${(slowLink.address() as AddressInfo).port}/`);
    await expect(page.getByRole("searchbox").or(page.getByRole("combobox", { name: "Search" }))).toBeVisible();
    await cdp.send("PerformanceTimeline.enable", { eventTypes: [] }); // answered after every event sent before it
    expect(shifts).toEqual([]);
    await page.goto("/"); // the accessibility check after each test reads the page again, from the site itself
  } finally {
    slowLink.close();
  }
});
