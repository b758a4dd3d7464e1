// Shared test fixtures: an axe check on every page a test visits, and signing in by planting
// a real session row's cookie (the tests of sign-in itself go through the form).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { ReceivedEmail } from "../support/smtp-sink";

/** Waits for the newest email to an address on the tests' SMTP server. */
export async function emailTo(address: string, subjectIncludes: string): Promise<ReceivedEmail> {
  const dir = process.env.E2E_MAIL_DIR!;
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      () => {
        const emails = readdirSync(dir)
          .sort()
          .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as ReceivedEmail);
        found = emails.reverse().find((e) => e.to.includes(address.toLowerCase()) && e.subject.includes(subjectIncludes));
        return Boolean(found);
      },
      { message: `an email to ${address} about "${subjectIncludes}"`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Resolves once React has hydrated the page (app/entry.client.tsx says so). */
export const hydrated = (page: Page) => page.waitForFunction(() => window.__hydrated === true);

/**
 * The visitor moves the pointer onto the page, and the page's scripts run. The home page loads them
 * only at such a first sign of intent (app/lib/scripts-on-intent.server.ts).
 */
export async function moveAndHydrate(page: Page) {
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await hydrated(page);
}

export async function expectNoSeriousA11yViolations(page: Page, javaScriptEnabled = true) {
  const results = javaScriptEnabled ? await axe(page).analyze() : await analyzeWithoutJavaScript(page);
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}

/**
 * axe runs as a script, which a JavaScript-disabled page cannot host (nor can Playwright read its
 * DOM). Without JavaScript the DOM is what the server sends, so that HTML (fetched with the same
 * cookies, scripts removed) is replayed at the same URL in a scripting context with the same
 * viewport and styles, and checked there. Only the page and its styles and fonts load there; the
 * replay page is kept for the worker's browser, so its cache holds them after the first page.
 */
async function analyzeWithoutJavaScript(page: Page) {
  // The server closes keep-alive connections idle for 5 s; a GET sent on one at that instant is reset
  // unanswered. Browsers send such a GET again, so this does too, once.
  const get = () => page.context().request.get(page.url(), { failOnStatusCode: false });
  const response = await get().catch((error: unknown) => (/ECONNRESET/.test(String(error)) ? get() : Promise.reject(error)));
  const html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const copy = await replayPage(page.context().browser()!);
  // The document request carries no #fragment, so the address to answer is the page's without it.
  replays.set(copy, { url: page.url().split("#")[0], html });
  await copy.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
  await copy.goto(page.url());
  return axe(copy).analyze();
}

/**
 * axe in the page itself, collecting only violations. The default mode opens a second page for every
 * check to merge results from frames (the site has none) and lists every passing node as well: both
 * together make a check three times slower.
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });

const replays = new WeakMap<Page, { url: string; html: string }>();
const replayPages = new WeakMap<Browser, Promise<Page>>();
function replayPage(browser: Browser) {
  if (!replayPages.has(browser)) {
    const created = browser.newContext({ javaScriptEnabled: true }).then(async (context) => {
      const copy = await context.newPage();
      await copy.route("**/*", (route) => {
        const replay = replays.get(copy)!;
        if (route.request().url() === replay.url) return route.fulfill({ contentType: "text/html; charset=utf-8", body: replay.html });
        return ["stylesheet", "font"].includes(route.request().resourceType()) ? route.continue() : route.abort();
      });
      return copy;
    });
    replayPages.set(browser, created);
  }
  return replayPages.get(browser)!;
}

/** Query parameters that page or narrow a list, or mark a row in it, without changing what kind of page it is. */
const SAME_PAGE_PARAMS = new Set([
  "page",
  "before",
  "after",
  "history",
  "history_after",
  "history_before",
  "submitter",
  "highlight",
  "redirectTo",
]);

/**
 * axe takes seconds a page on these machines (up to 20 s for a long staff list under load), so the
 * automatic checks (on each visit and after each test) look at each kind of page once per run and
 * JavaScript setting, whichever worker gets there first: the same path with other ids, codes or
 * numbers, or another page or filter of the same list, is the same page, unless it is signed in,
 * shows an alert, an invalid field or an open dialog, which make it another kind. An explicit
 * expectNoSeriousA11yViolations always runs.
 */
async function checkPageOnce(page: Page, javaScriptEnabled: boolean) {
  const url = new URL(page.url());
  const general = (text: string) => (/^c[a-z0-9]{20,}$/.test(text) ? ":id" : text.replace(/\d+/g, "#").replace(/\b[A-Z]{2}\b/g, "XX"));
  const path = url.pathname
    .split("/")
    .map((segment) => (/\d|^[A-Z]{2}(-|$)|^[a-z0-9]{20,}$/.test(segment) ? ":id" : segment))
    .join("/");
  const query = [...url.searchParams]
    .filter(([k]) => !SAME_PAGE_PARAMS.has(k))
    .map(([k, v]) => `${k}=${general(v)}`)
    .sort();
  const states = await Promise.all(
    [
      page.getByText("Account menu", { exact: true }),
      ...["[role=alert]:not(:empty)", "[aria-invalid=true]", "dialog[open]"].map((css) => page.locator(css)),
    ].map((l) => l.count()),
  );
  const key = [javaScriptEnabled, path, ...query, ...states.map(Boolean)].join(" ");
  if (!claimFirstCheck(key)) return;
  await expectNoSeriousA11yViolations(page, javaScriptEnabled);
}

/**
 * True for the first worker of this run to ask about this kind of page: a directory per kind beside
 * the e2e database, which tests/e2e/serve.sh clears with the database (mkdir is atomic across workers).
 */
function claimFirstCheck(key: string) {
  const checked = `${process.env.DATABASE_URL!.replace(/^file:/, "")}.a11y-checked`;
  mkdirSync(checked, { recursive: true });
  try {
    mkdirSync(path.join(checked, createHash("sha1").update(key).digest("hex")));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

let accounts = 0;
/**
 * A fresh account owned by the calling test: a unique email, confirmed, active, no password
 * unless the test sets one. Tests that change accounts use these, never the shared demo ones.
 */
export async function createAccount(data: Omit<Prisma.UserCreateInput, "email"> & { email?: string } = {}) {
  const tag = `${test.info().project.name}-${process.pid}-${Date.now()}-${++accounts}`;
  return db.user.create({
    data: { email: `${data.role ?? "user"}-${tag}@example.org`, emailConfirmed: true, emailConfirmedAt: new Date(), ...data },
  });
}

let officials = 0;
/**
 * An official owned by the calling test: a real row with a unique name, inactive so that no public
 * list, search or count shows it (its profile page and the staff pages do).
 */
export async function createOfficial(data: Partial<Prisma.OfficialUncheckedCreateInput> = {}) {
  const tag = `${test.info().project.name.replace("-", "")}${process.pid}x${Date.now()}x${++officials}`;
  const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" }, select: { id: true } });
  return db.official.create({
    data: {
      name: `Testa Rep${tag}`,
      firstName: "Testa",
      lastName: `Rep${tag}`,
      party: "Independent",
      office: "Representative",
      district: "AL",
      stateId: vermont.id,
      isActive: false,
      phone: "(202) 555-0100",
      email: `testa.${tag.toLowerCase()}@house.example.gov`,
      ...data,
    },
  });
}

type Fixtures = {
  /** Let the welcome dialog open (off by default: it would cover the page 2 s after load). */
  showWelcome: boolean;
  welcomeSetting: void;
  /** Navigates and runs axe on the page that loaded. */
  visit: (path: string) => Promise<void>;
  /** Signs the browser context in as the seeded account with this email. */
  signInAs: (email: string) => Promise<void>;
  a11yAfterEach: void;
};

export const test = base.extend<Fixtures>({
  showWelcome: [false, { option: true }],
  welcomeSetting: [
    async ({ context, showWelcome }, use) => {
      if (!showWelcome) {
        await context.addInitScript(() => {
          try {
            sessionStorage.setItem("welcomePopupShown", "true");
          } catch {
            /* storage unavailable */
          }
        });
      }
      await use();
    },
    { auto: true },
  ],
  visit: async ({ page, javaScriptEnabled }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await checkPageOnce(page, javaScriptEnabled);
    });
  },
  signInAs: async ({ context, baseURL }, use) => {
    await use(async (email) => {
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      const { cookie } = await createSession(user.id);
      const [name, value] = cookie.split(";")[0].split("=");
      await context.addCookies([{ name, value, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    });
  },
  // Whatever page a test ends on is checked too, on a clock of its own: the test's 30 s are for the test.
  a11yAfterEach: [
    async ({ page, javaScriptEnabled }, use) => {
      await use();
      if (page.url().startsWith("http")) await checkPageOnce(page, javaScriptEnabled);
    },
    { auto: true, timeout: 30_000 },
  ],
});

export { expect };
