// No page breaks its own Content Security Policy (decision 0025): nothing it loads or runs is refused,
// so neither the console nor Chrome's Issues panel (what Lighthouse's best-practices score reads)
// reports a CSP violation. With JavaScript on this covers the pages' scripts (zod's eval probe was
// one); with it off, what the HTML alone loads (images, styles, fonts).
import type { Page } from "@playwright/test";
import { db } from "~/db.server";
import { createAccount, expect, moveAndHydrate, test } from "./fixtures";

/** Opens a page and returns every CSP violation it reported, once its scripts (if any) have all run. */
async function cspReportsOf(page: Page, path: string, javaScriptEnabled: boolean) {
  const console: string[] = [];
  const onConsole = (m: { text(): string }) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  };
  page.on("console", onConsole);
  await page.goto(path);
  // Hydrated, after every route module has been evaluated (the home page waits for the pointer).
  if (javaScriptEnabled) await moveAndHydrate(page);
  page.off("console", onConsole);
  // Chrome keeps the page's issues and sends them all when the Audits domain is enabled.
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue") issues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send("Audits.enable");
  await cdp.detach();
  return [...console, ...issues];
}

test("public, account and staff pages report no CSP violation", async ({ page, javaScriptEnabled, signInAs }) => {
  test.slow(); // twelve pages, signed out and signed in
  const profile = await db.official.findFirstOrThrow({ where: { bioguideId: "S000033" }, select: { id: true } }); // Bernie Sanders
  const publicPaths = [
    "/",
    "/state/TX",
    `/representative/${profile.id}`,
    "/contact",
    "/sign-in",
    "/register?method=email",
    "/forgot-password",
    "/reset-password?token=not-a-real-token",
  ];
  const reports: Record<string, string[]> = {};
  const check = async (path: string) => {
    const found = await cspReportsOf(page, path, javaScriptEnabled);
    if (found.length > 0) reports[path] = found;
  };
  for (const path of publicPaths) await check(path);
  // A signed-in visitor's own profile form, and staff pages' forms.
  const admin = await createAccount({ role: "admin", firstName: "Csp", lastName: "Check" });
  await signInAs(admin.email);
  for (const path of ["/profile", "/admin/users", "/admin/leads"]) await check(path);
  expect(reports).toEqual({});
});

test("the sign-in form still checks the email in the browser as the field is left @js-only", async ({ page }) => {
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST") posts++;
  });
  await page.goto("/sign-in");
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Email").blur();
  await expect(page.getByText("Valid email is required")).toBeVisible();
  await page.getByLabel("Password").focus();
  await page.getByLabel("Password").blur();
  await expect(page.getByText("Password is required")).toBeVisible();
  expect(posts).toBe(0); // the messages came from the browser, not from a submitted form
});
