// The page shell (header, footer, theme, toasts, what signed-in and staff users see), with JavaScript on and off.
import { toastHeaders } from "~/toast.server";
import { createAccount, expect, test } from "./fixtures";

const year = new Date().getFullYear();

test("the home page renders the header, navigation and footer", async ({ page, visit }) => {
  await visit("/");
  await expect(page.getByRole("link", { name: "Civic Atlas home" })).toHaveAttribute("href", "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Maps" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Our Mission" })).toHaveAttribute("href", "/our-mission");
  await expect(page.getByRole("link", { name: "Join Us" })).toHaveAttribute("href", "/join");
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of [
    ["Privacy Policy", "/privacy"],
    ["Terms of Service", "/terms"],
    ["Contact Us", "/contact"],
    ["Sign In", "/sign-in"],
  ]) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(footer).toContainText(`© 2024–${year} Civic Atlas`);
  await expect(page.getByRole("main").getByRole("heading", { name: "Welcome to Civic Atlas" })).toBeVisible();
});

test("an unknown path answers 404 with the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("GET /healthz answers 200 while the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("OK");
});

test("every page carries an enforced CSP with a fresh nonce on its scripts", async ({ page, request }) => {
  const first = await request.get("/");
  const csp = first.headers()["content-security-policy"];
  expect(first.headers()["content-security-policy-report-only"]).toBeUndefined();
  const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
  // Images from this site only (official photos and avatars included), for every visitor.
  expect(csp).toMatch(/img-src 'self' data:(;|$)/);
  expect(nonce).toBeTruthy();
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const second = await request.get("/");
  expect(second.headers()["content-security-policy"]).not.toContain(nonce!);

  if (test.info().project.name === "js-on") {
    await page.goto("/");
    // An injected inline script without the nonce must not run.
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.append(s);
    });
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  }
});

test("a cross-site POST is refused; a same-site one is served", async ({ request, baseURL }) => {
  const crossSite = await request.post("/resources/theme", {
    headers: { Origin: "https://evil.example" },
    form: { theme: "dark" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const sameSite = await request.post("/resources/theme", { headers: { Origin: baseURL! }, form: { theme: "dark" }, maxRedirects: 0 });
  expect(sameSite.status()).toBe(302);
});

test.describe("theme", () => {
  test("the toggle switches to dark and back, and the choice survives a reload", async ({ page, context, visit }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await visit("/");
    await expect(page.locator("html")).toHaveClass("system");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    if (test.info().project.name === "js-on") {
      expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    }
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).toHaveClass("light");
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
  });

  test("with no choice saved the page follows a dark system setting from the first paint", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass("system");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeHidden();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
  });

  test("a choice saved in localStorage is applied and restored to the cookie @js-only", async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await context.clearCookies({ name: "theme" });
    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
  });
});

test("on a small screen the navigation opens in a drawer", async ({ page, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const drawer = page.getByRole("navigation", { name: "Mobile" });
  await expect(drawer).toBeHidden();
  await page.locator("summary").filter({ hasText: "Menu" }).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Our Mission" })).toHaveAttribute("href", "/our-mission");
  await expect(drawer.getByRole("link", { name: "Join Us" })).toBeVisible();
});

test("a signed-in user sees the avatar menu instead of Join Us and Sign In", async ({ page, signInAs, visit }) => {
  await signInAs("patriot@civicatlas.test");
  await visit("/");
  await expect(page.getByRole("link", { name: "Join Us" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await page.locator("summary").filter({ hasText: "Account menu" }).click();
  await expect(page.getByText("patriot@civicatlas.test")).toBeVisible();
  await expect(page.getByText("Pat", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "My Profile" })).toHaveAttribute("href", "/profile");
  await expect(page.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");
  await expect(page.locator("summary").getByText("P", { exact: true })).toBeVisible();
});

test("a toast carried in the cookie is rendered by the server once", async ({ page, context, baseURL }) => {
  const headers = await toastHeaders({ title: "Profile updated", description: "Your profile has been updated successfully." });
  const [name, value] = headers["Set-Cookie"].split(";")[0].split("=");
  await context.addCookies([{ name, value, url: baseURL! }]);
  await page.goto("/");
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Profile updated");
  await expect(toast).toContainText("Your profile has been updated successfully.");
  await page.reload();
  await expect(page.getByTestId("toast")).toHaveCount(0);
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

test("staff see the role-mode ribbon; patriots do not", async ({ page, context, signInAs, visit }) => {
  await signInAs("admin@civicatlas.test");
  await visit("/");
  const ribbon = page.getByTestId("role-ribbon");
  await expect(ribbon).toContainText("ADMIN MODE");
  await expect(ribbon.getByRole("link", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");

  await context.clearCookies();
  await signInAs("moderator@civicatlas.test");
  await page.reload();
  await expect(ribbon).toContainText("MODERATOR MODE");
  await expect(ribbon.getByRole("link", { name: "Manage Data" })).toHaveAttribute("href", "/admin/data-management");

  await context.clearCookies();
  await signInAs("patriot@civicatlas.test");
  await page.reload();
  await expect(page.getByTestId("role-ribbon")).toHaveCount(0);
});
