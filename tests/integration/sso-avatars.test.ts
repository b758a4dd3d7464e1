// SSO users' pictures from our own origin (decision 0026): the whole sign-in through the local
// OAuth provider against the production build, on this file's database copy. The provider serves
// tests/fixtures/photos as the person's picture, or a missing or too-large one.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { freePort, startBuiltServer, type BuiltServer } from "../support/built-server";
import { PICTURES, pictureRequests, startFakeOAuthProvider } from "../support/fake-oauth-provider";

let server: BuiltServer;
let provider: Awaited<ReturnType<typeof startFakeOAuthProvider>>;
beforeAll(async () => {
  const port = await freePort();
  provider = await startFakeOAuthProvider(port);
  const oauth = `http://127.0.0.1:${port}`;
  server = await startBuiltServer({
    ...Object.fromEntries(
      ["GOOGLE", "GITHUB"].flatMap((p) => [
        [`${p}_CLIENT_ID`, `civic-atlas-${p.toLowerCase()}`],
        [`${p}_CLIENT_SECRET`, "test-secret"],
        [`${p}_AUTHORIZATION_URL`, `${oauth}/authorize`],
        [`${p}_TOKEN_URL`, `${oauth}/token`],
        [`${p}_PROFILE_URL`, p === "GITHUB" ? oauth : `${oauth}/userinfo`],
      ]),
    ),
    // The pictures are on the provider: the outbound guard lets the server fetch them there (decision 0031).
    OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => provider.close(resolve));
});

const get = (path: string, cookie?: string, init: RequestInit = {}) =>
  fetch(server.url + path, { redirect: "manual", ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...init.headers } });
const cookiePart = (setCookie: string) => setCookie.split(";")[0];

/** Signs in through the provider as a browser would, approving `email` with `picture`; the session cookie. */
async function ssoSignIn(providerId: "google" | "github", email: string, picture: string) {
  const start = await get(`/api/login?provider=${providerId}`);
  expect(start.status).toBe(302);
  const stateCookie = cookiePart(start.headers.getSetCookie().find((c) => c.startsWith(`ca_oauth_${providerId}`))!);
  const authorize = new URL(start.headers.get("location")!);
  const consent = new URLSearchParams({ email, name: "Fannie Hamer", verified: "on", picture });
  for (const key of ["redirect_uri", "state", "code_challenge", "client_id"]) consent.set(key, authorize.searchParams.get(key)!);
  const approved = await fetch(new URL("/authorize", authorize), { method: "POST", body: consent, redirect: "manual" });
  const back = new URL(approved.headers.get("location")!);
  const callback = await get(back.pathname + back.search, stateCookie);
  expect(callback.status).toBe(302);
  expect(callback.headers.get("location")).toBe("/");
  const session = callback.headers.getSetCookie().find((c) => c.startsWith("ca_session="));
  expect(session, "signed in").toBeDefined();
  return cookiePart(session!);
}

const avatarOf = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { avatar: true } })).avatar;
/** The account menu's summary on the home page, as the server renders it. */
async function headerAvatar(cookie: string) {
  const html = await (await get("/", cookie)).text();
  const start = html.indexOf("Account menu");
  return html.slice(start, html.indexOf("</summary>", start));
}
const sessionOf = async (role: string) => {
  const user = await db.user.create({ data: { email: `${role}-${Date.now()}-${Math.random()}@example.org`, role, emailConfirmed: true } });
  return cookiePart((await createSession(user.id)).cookie);
};

describe("an SSO user's picture", () => {
  test("is fetched at sign-in, stored in four sizes, and shown in the header from /avatars with its size set", async () => {
    const email = `fannie-${Date.now()}@example.org`;
    const cookie = await ssoSignIn("google", email, PICTURES.portrait);
    const avatar = await avatarOf(email);
    expect(avatar?.sourceUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pictures\/C000127\.jpg$/);
    for (const [column, format, size] of [
      ["webp120", "webp", 120],
      ["webp240", "webp", 240],
      ["jpeg120", "jpeg", 120],
      ["jpeg240", "jpeg", 240],
    ] as const) {
      expect(await sharp(Buffer.from(avatar![column])).metadata()).toMatchObject({ format, width: size, height: size });
    }
    const header = await headerAvatar(cookie);
    expect(header).toContain(`srcSet="/avatars/${avatar!.hash}-120.webp 120w, /avatars/${avatar!.hash}-240.webp 240w"`);
    expect(header).toMatch(new RegExp(`<img[^>]*src="/avatars/${avatar!.hash}-120\\.jpg"[^>]*width="36" height="36"`));
    expect(header).toContain(">F<"); // the initial stays underneath

    const picture = await get(`/avatars/${avatar!.hash}-240.webp`, cookie);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect(picture.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(240);
    // Images still come from this site only.
    expect((await get("/", cookie)).headers.get("content-security-policy")).toMatch(/img-src 'self' data:;/);
  });

  test("is fetched again only when its address changes, and a new picture replaces the old one", async () => {
    const email = `ella-${Date.now()}@example.org`;
    await ssoSignIn("google", email, PICTURES.portrait);
    const first = await avatarOf(email);
    const asked = pictureRequests.length;
    await ssoSignIn("google", email, PICTURES.portrait);
    expect(pictureRequests.length).toBe(asked);
    expect((await avatarOf(email))?.fetchedAt).toEqual(first!.fetchedAt);

    // GitHub, same verified email: the same account, with GitHub's (different) picture.
    const cookie = await ssoSignIn("github", email, PICTURES.other);
    expect(pictureRequests.slice(asked)).toEqual([`/pictures/${PICTURES.other}`]);
    const second = await avatarOf(email);
    expect(second!.hash).not.toBe(first!.hash);
    expect(await headerAvatar(cookie)).toContain(`/avatars/${second!.hash}-120.jpg`);
    expect((await get(`/avatars/${first!.hash}-120.jpg`, cookie)).status).toBe(404);
  });

  test("missing (404) or too large: sign-in still works, the header shows the initial, and the failure is logged", async () => {
    for (const [picture, reason] of [
      [PICTURES.missing, "HTTP 404"],
      [PICTURES.huge, "larger than 5000000 bytes"],
    ]) {
      const email = `medgar-${picture}-${Date.now()}@example.org`;
      const cookie = await ssoSignIn("google", email, picture);
      expect(await avatarOf(email)).toBeNull();
      const header = await headerAvatar(cookie);
      expect(header).toContain(">F<");
      expect(header).not.toContain("<img");
      expect(server.output()).toMatch(new RegExp(`SSO picture of user \\S+ was not stored: \\S+/pictures/${picture}: .*${reason}`));
    }
  });

  test("a picture that fails later leaves the stored one in place", async () => {
    const email = `diane-${Date.now()}@example.org`;
    await ssoSignIn("google", email, PICTURES.portrait);
    const stored = await avatarOf(email);
    const cookie = await ssoSignIn("google", email, PICTURES.missing);
    expect((await avatarOf(email))?.hash).toBe(stored!.hash);
    expect(await headerAvatar(cookie)).toContain(`/avatars/${stored!.hash}-120.jpg`);
  });
});

describe("/avatars", () => {
  let hash: string;
  let owner: { id: string; cookie: string };
  beforeAll(async () => {
    const email = `bayard-${Date.now()}@example.org`;
    const cookie = await ssoSignIn("google", email, PICTURES.portrait);
    const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, avatar: { select: { hash: true } } } });
    hash = user.avatar!.hash;
    owner = { id: user.id, cookie };
  });

  test("serves the picture to its owner and to staff who may open the user's page, in both sizes and formats", async () => {
    const staff = [await sessionOf("moderator"), await sessionOf("admin"), await sessionOf("owner")];
    for (const cookie of [owner.cookie, ...staff]) {
      for (const [file, type] of [
        [`${hash}-120.webp`, "image/webp"],
        [`${hash}-240.webp`, "image/webp"],
        [`${hash}-120.jpg`, "image/jpeg"],
        [`${hash}-240.jpg`, "image/jpeg"],
      ]) {
        const response = await get(`/avatars/${file}`, cookie);
        expect(response.status, file).toBe(200);
        expect(response.headers.get("content-type")).toBe(type);
      }
    }
    // The staff user page shows it too.
    const page = await (await get(`/admin/users/${owner.id}`, staff[1])).text();
    expect(page).toContain(`src="/avatars/${hash}-120.jpg"`);
  });

  test("to anyone else, signed in or not, it does not exist", async () => {
    const other = await sessionOf("user");
    for (const cookie of [other, undefined]) {
      const response = await get(`/avatars/${hash}-120.jpg`, cookie);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("No picture has this address.");
    }
  });

  test("odd addresses are 404 and other methods 405, even for the owner", async () => {
    for (const path of [
      `${hash}-999.webp`,
      `${hash}-120.png`,
      `${hash.toUpperCase()}-120.webp`,
      `${hash}.webp`,
      "0123456789abcdef-120.webp",
      `${hash}-120.webp/more`,
      "..%2F..%2Fhealthz",
      "",
    ]) {
      expect((await get(`/avatars/${path}`, owner.cookie)).status, path).toBe(404);
    }
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await get(`/avatars/${hash}-120.jpg`, owner.cookie, { method, headers: { Origin: server.url } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
    }
  });
});
