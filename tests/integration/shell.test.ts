// Loaders and actions of the shell, called with real Requests against the real database.
import { describe, expect, test } from "vitest";
import { createSession, getUser, destroySession } from "~/auth/session.server";
import { db } from "~/db.server";
import { loader as healthz } from "~/routes/healthz";
import { action as themeAction } from "~/routes/resources.theme";
import { getToast, toastHeaders } from "~/toast.server";
import { routeContext } from "../support/route-calls";

const args = (request: Request) => ({ request, params: {}, context: routeContext });
const cookieOf = (setCookie: string) => setCookie.split(";")[0];

describe("healthz", () => {
  test("answers 200 when the database answers", async () => {
    const response = await healthz();
    expect(response.status).toBe(200);
  });
});

describe("theme action", () => {
  const post = (body: Record<string, string>) =>
    new Request("http://localhost/resources/theme", { method: "POST", body: new URLSearchParams(body) });

  test("stores the choice in a cookie and goes back to a same-site path", async () => {
    const response = (await themeAction(args(post({ theme: "dark", redirectTo: "/state/CA" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/state/CA");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=dark;/);
  });

  test("refuses another site as the redirect and a bad theme with a 400", async () => {
    const offsite = (await themeAction(args(post({ theme: "light", redirectTo: "https://evil.example" })))) as Response;
    expect(offsite.headers.get("Location")).toBe("/");
    // A Response of its own: a resource route's data() would answer 200.
    const bad = (await themeAction(args(post({ theme: "purple" })))) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Theme must be light or dark." });
  });
});

describe("database sessions", () => {
  test("a session cookie identifies its user until the row is deleted", async () => {
    const user = await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" } });
    const { cookie } = await createSession(user.id);
    const request = new Request("http://localhost/", { headers: { Cookie: cookieOf(cookie) } });
    expect((await getUser(request))?.email).toBe("patriot@civicatlas.test");
    await destroySession(request);
    expect(await getUser(request)).toBeNull();
  });

  test("a deactivated user's open session stops working", async () => {
    const user = await db.user.findUniqueOrThrow({ where: { email: "moderator@civicatlas.test" } });
    const { cookie } = await createSession(user.id);
    const request = new Request("http://localhost/", { headers: { Cookie: cookieOf(cookie) } });
    await db.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await getUser(request)).toBeNull();
  });

  test("a forged cookie is ignored", async () => {
    const request = new Request("http://localhost/", { headers: { Cookie: "ca_session=not-signed" } });
    expect(await getUser(request)).toBeNull();
  });
});

describe("toasts", () => {
  test("a toast survives the redirect once", async () => {
    const headers = await toastHeaders({ title: "Profile updated", description: "Saved." });
    const request = new Request("http://localhost/", { headers: { Cookie: cookieOf(headers["Set-Cookie"]) } });
    const { toast, headers: clear } = await getToast(request);
    expect(toast).toEqual({ title: "Profile updated", description: "Saved.", variant: "default" });
    expect(new Headers(clear!).get("Set-Cookie")).toMatch(/ca_toast=;/);
  });
});
