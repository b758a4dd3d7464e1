// Shared rendered pages (app/lib/page-cache.server.ts) against the production
// build in its own process on this file's database copy: what one visitor sees never leaks to
// another, and a change to public data shows at once.
import http from "node:http";
import zlib from "node:zlib";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { districtHref } from "~/lib/districts";
import { approveFieldUpdates, submitStaffEdit } from "~/models/data-updates.server";
import { toastHeaders } from "~/toast.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const get = (path: string, cookie?: string) => fetch(server.url + path, { headers: cookie ? { Cookie: cookie } : {} });
const scriptNonces = (html: string) => new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
const cspNonce = (response: Response) => response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];

/** A senator of the seed (each test takes its own), and the staff who edit and approve. */
const senator = (skip: number) => db.official.findFirstOrThrow({ where: { office: "Senator" }, orderBy: { id: "asc" }, skip });
const staff = (email: string) => db.user.findUniqueOrThrow({ where: { email } });

/** A raw request (GET unless told): the bytes as sent, without fetch's decoding. */
function rawGet(
  path: string,
  acceptEncoding?: string,
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(server.url + path, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("a shared page", () => {
  test("a kept page goes gzip-encoded to a browser that accepts it, plain to one that does not, the same page with its own nonce", async () => {
    await rawGet("/state/VT", "gzip"); // rendered and kept
    const gzipped = await rawGet("/state/VT", "gzip, deflate, br");
    const plain = await rawGet("/state/VT");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const decoded = zlib.gunzipSync(gzipped.body).toString();
    const nonceOf = (headers: http.IncomingHttpHeaders) => String(headers["content-security-policy"]).match(/'nonce-([^']+)'/)![1];
    expect(decoded).toContain("Vermont");
    expect(decoded).toContain(`nonce="${nonceOf(gzipped.headers)}"`);
    expect(plain.body.toString()).toContain(`nonce="${nonceOf(plain.headers)}"`);
    expect(decoded.split(nonceOf(gzipped.headers)).join("N")).toBe(plain.body.toString().split(nonceOf(plain.headers)).join("N"));
    expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
  });

  test("a HEAD for a kept page gets the kept GET's status and headers, with its own nonce and no body", async () => {
    const get = await rawGet("/state/NH"); // rendered and kept
    const head = await rawGet("/state/NH", undefined, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    expect(Number(head.headers["content-length"])).toBe(get.body.length); // the nonce's length never changes
    expect((await rawGet("/state/NH", "gzip", "HEAD")).headers["content-encoding"]).toBe("gzip");
    expect(head.headers["content-security-policy"]).not.toBe(get.headers["content-security-policy"]);
  });

  test("two visitors of the same page each get their own nonce, in the CSP header and on every script", async () => {
    const official = await senator(0);
    const answers = [await get(`/representative/${official.id}`), await get(`/representative/${official.id}`)];
    const nonces = await Promise.all(
      answers.map(async (response) => {
        const inPage = scriptNonces(await response.text());
        expect(inPage.size).toBe(1);
        expect([...inPage][0]).toBe(cspNonce(response));
        return cspNonce(response);
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("a signed-in visitor gets the page rendered for them, never the one shared by visitors without a session", async () => {
    const admin = await staff("admin@civicatlas.test");
    const { cookie } = await createSession(admin.id);
    const shared = await (await get("/state/WA")).text();
    expect(shared).not.toContain("admin@civicatlas.test");
    const own = await get("/state/WA", cookie.split(";")[0]);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(await own.text()).toContain("admin@civicatlas.test");
    // And the other way round: the signed-in page is not shared afterwards.
    expect(await (await get("/state/WA")).text()).not.toContain("admin@civicatlas.test");
  });

  test("after a staff change is approved, the profile and the API show the new value at once", async () => {
    const official = await senator(1);
    const before = await (await get(`/representative/${official.id}`)).text();
    const api = async () =>
      ((await (await get("/api/representatives")).json()) as { id: number; phone: string | null }[]).find((o) => o.id === official.id);
    await api(); // kept for later visitors
    const moderator = await staff("moderator@civicatlas.test");
    const admin = await staff("admin@civicatlas.test");
    const phone = "202-555-0142";
    expect(before).not.toContain(phone);
    const edit = await submitStaffEdit(db, moderator, { entityType: "official", entityId: official.id, values: { phone } });
    const pending = await db.fieldUpdate.findMany({ where: { dataUpdateId: edit!.dataUpdateId! }, select: { id: true } });
    expect(await (await get(`/representative/${official.id}`)).text()).not.toContain(phone); // not approved yet
    await approveFieldUpdates(
      db,
      admin,
      pending.map((u) => u.id),
    );
    expect(await (await get(`/representative/${official.id}`)).text()).toContain(phone);
    expect((await api())?.phone).toBe(phone);
  });

  test("the ZIP lookup is kept per ZIP, and an approved staff edit of one of its officials shows on it at once", async () => {
    const governor = await db.official.findFirstOrThrow({ where: { office: "Governor", state: { abbreviation: "CA" } } });
    const lookup = async (zip: string) => {
      const response = await get(`/find?zip=${zip}`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const [first, kept, vermont] = [await lookup("94110"), await lookup("94110"), await lookup("05401")];
    expect(kept).toContain("Gavin Newsom");
    expect(kept.replace(/nonce="[^"]+"/g, "")).toBe(first.replace(/nonce="[^"]+"/g, ""));
    expect(vermont).not.toContain("Gavin Newsom"); // each ZIP has its own answer
    // The lookup's cards show names, parties and offices (not phones), so the edit is of the name.
    const edit = await submitStaffEdit(db, await staff("moderator@civicatlas.test"), {
      entityType: "official",
      entityId: governor.id,
      values: { firstName: "Gavino" },
    });
    expect(await lookup("94110")).not.toContain("Gavino Newsom"); // not approved yet
    const pending = await db.fieldUpdate.findMany({ where: { dataUpdateId: edit!.dataUpdateId! }, select: { id: true } });
    await approveFieldUpdates(
      db,
      await staff("admin@civicatlas.test"),
      pending.map((u) => u.id),
    );
    expect(await lookup("94110")).toContain("Gavino Newsom");
  });

  test("the change history, a district page and the search call are kept, and an approved edit shows on each at once", async () => {
    const member = await db.official.findFirstOrThrow({
      where: { office: "Representative", district: "07", state: { abbreviation: "WA" } },
      include: { state: true },
    });
    const pages = [`/changes`, districtHref("WA", 7), `/api/search?q=${member.lastName}`];
    const read = async () => Promise.all(pages.map(async (path) => (await get(path)).text()));
    const [first, kept] = [await read(), await read()];
    const withoutNonces = (texts: string[]) => texts.map((text) => text.replace(/nonce="[^"]+"/g, ""));
    expect(withoutNonces(kept)).toEqual(withoutNonces(first));
    for (const text of kept) expect(text).not.toContain("Jeremiah");
    const edit = await submitStaffEdit(db, await staff("moderator@civicatlas.test"), {
      entityType: "official",
      entityId: member.id,
      values: { firstName: "Jeremiah" },
    });
    for (const text of await read()) expect(text).not.toContain("Jeremiah"); // not approved yet
    const pending = await db.fieldUpdate.findMany({ where: { dataUpdateId: edit!.dataUpdateId! }, select: { id: true } });
    await approveFieldUpdates(
      db,
      await staff("admin@civicatlas.test"),
      pending.map((u) => u.id),
    );
    for (const text of await read()) expect(text).toContain("Jeremiah");
  });

  test("a signed-in visitor's ZIP lookup is rendered for them and never kept for others", async () => {
    const admin = await staff("admin@civicatlas.test");
    const { cookie } = await createSession(admin.id);
    const own = await get("/find?zip=95814", cookie.split(";")[0]);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(await own.text()).toContain("admin@civicatlas.test");
    expect(await (await get("/find?zip=95814")).text()).not.toContain("admin@civicatlas.test");
  });

  test("a toast is shown only to the visitor it was meant for", async () => {
    const title = "Your message was sent to the shared-page test.";
    const toastCookie = (await toastHeaders({ title }))["Set-Cookie"].split(";")[0];
    const before = await get("/our-mission");
    expect(await before.text()).not.toContain(title);
    const mine = await get("/our-mission", toastCookie);
    expect(await mine.text()).toContain(title);
    const next = await get("/our-mission");
    expect(await next.text()).not.toContain(title);
  });

  test("the theme cookie's choice is respected: each theme gets its own page", async () => {
    const htmlClass = async (cookie?: string) =>
      (await (await get("/state/OR", cookie)).text()).match(/<html lang="en" class="([^"]+)"/)?.[1];
    expect(await htmlClass()).toBe("system");
    expect(await htmlClass("theme=dark")).toBe("dark");
    expect(await htmlClass("theme=light")).toBe("light");
    expect(await htmlClass()).toBe("system");
  });

  test("a repeat read of the shared API answer with its ETag is a 304", async () => {
    const first = await get("/api/representatives");
    await first.arrayBuffer();
    const again = await fetch(server.url + "/api/representatives", { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  test("an unknown page is never shared as a success", async () => {
    const first = await get("/representative/999999");
    expect(first.status).toBe(404);
    expect((await get("/representative/999999")).status).toBe(404);
  });
});

type VisitorData = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
  zipCode?: string;
  avatarHash?: string;
};

describe("a signed-in visitor's home page, kept as a template and filled in for each", () => {
  /** A signed-in visitor of their own, and their session's cookie. */
  async function visitorWith({ avatarHash, ...data }: VisitorData) {
    const user = await db.user.create({ data: { ...data, email: `${Date.now()}-${data.email}` } });
    if (avatarHash) {
      const picture = new Uint8Array([1]);
      const pictures = { webp120: picture, webp240: picture, jpeg120: picture, jpeg240: picture };
      await db.userAvatar.create({
        data: { userId: user.id, sourceUrl: "https://example.org/a.png", hash: avatarHash, fetchedAt: new Date(), ...pictures },
      });
    }
    return { user, cookie: (await createSession(user.id)).cookie.split(";")[0] };
  }
  /** The page's HTML before the loader data, and the loader data decoded, with the nonce taken out. */
  async function homeFor(cookie: string) {
    const response = await get("/", cookie);
    expect(response.status).toBe(200);
    const html = (await response.text()).split(cspNonce(response)!).join("NONCE");
    const dataAt = html.indexOf("window.__remixContext.streamController.enqueue(");
    const stream = [...html.slice(dataAt).matchAll(/enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]) as string).join("");
    const { value } = await decode(new Blob([stream]).stream());
    return { html: html.slice(0, dataAt), scripts: html.slice(dataAt), data: value };
  }

  test("each visitor's page is the one rendered for them alone, for names that need escaping in HTML and in the loader data's script", async () => {
    const visitors = [
      { email: "o'brien+tag&co@example.org", firstName: `O'Brien "Bo" <b>&amp;`, lastName: "</script><script>alert(1)</script>" },
      { email: "zoe@example.org", firstName: "Zoë \\ back\\slash \u2028 \u2029 end", lastName: "😀 Smith" },
      // Strings the page's data already holds: a fresh render's loader data refers back to those
      // instead of writing them again, so only the data they decode to is the same.
      { email: "ca@example.org", firstName: "California", lastName: "routes/_index", refersBack: true },
      { email: "nameless@example.org", firstName: null, lastName: null },
      { email: "staff@example.org", firstName: "Ada", lastName: "Admin", role: "admin" },
      { email: "vermont@example.org", firstName: "Val", zipCode: "05401", avatarHash: "0123456789abcdef" },
    ];
    for (const { refersBack, ...data } of visitors) {
      const { user, cookie } = await visitorWith(data);
      const kept = await homeFor(cookie);
      // Any other cookie beside the session: rendered for this request alone.
      const fresh = await homeFor(`${cookie}; unrelated=1`);
      expect(kept.html).toBe(fresh.html);
      expect(kept.data).toEqual(fresh.data);
      if (!refersBack) expect(kept.scripts).toBe(fresh.scripts);
      expect(kept.html).toContain(`>${user.email.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")}<`);
      if (data.avatarHash) expect(kept.html).toContain(`/avatars/${data.avatarHash}-120.jpg`);
      // Asked again, now from the kept template.
      expect((await homeFor(cookie)).html).toBe(fresh.html);
    }
  });

  test("a visitor who changes their name or profile ZIP sees it on their next page; another with the same template never sees theirs", async () => {
    const first = await visitorWith({ email: "first@example.org", firstName: "Primo", zipCode: "05401" });
    const second = await visitorWith({ email: "second@example.org", firstName: "Secondo", zipCode: "05401" });
    expect((await homeFor(first.cookie)).html).toContain(">Primo<");
    const other = await homeFor(second.cookie);
    expect(other.html).toContain(">Secondo<");
    expect(other.html).not.toContain("Primo");
    expect(other.html).toContain("Vermont");
    await db.user.update({ where: { id: first.user.id }, data: { firstName: "Renamed", zipCode: "94110" } });
    const renamed = await homeFor(first.cookie);
    expect(renamed.html).toContain(">Renamed<");
    expect(renamed.html).not.toContain("Primo");
    expect(renamed.html).toContain("California");
    expect((await homeFor(second.cookie)).html).not.toContain("Renamed");
  });

  test("a revoked session's next page is a signed-out visitor's, and a deactivated user's too", async () => {
    const revoked = await visitorWith({ email: "revoked@example.org", firstName: "Revoked" });
    const deactivated = await visitorWith({ email: "deactivated@example.org", firstName: "Deactivated" });
    expect((await homeFor(revoked.cookie)).html).toContain(">Revoked<");
    expect((await homeFor(deactivated.cookie)).html).toContain(">Deactivated<");
    await db.session.deleteMany({ where: { userId: revoked.user.id } });
    await db.user.update({ where: { id: deactivated.user.id }, data: { isActive: false } });
    // A session cookie that was never signed by this site reads as no session at all.
    const forged = await homeFor(`ca_session=${encodeURIComponent(revoked.cookie.split("=")[1].replace(/.$/, "x"))}`);
    expect(forged.html).toContain(">Sign In<");
    for (const { user, cookie } of [revoked, deactivated]) {
      const page = await homeFor(cookie);
      expect(page.html).not.toContain(user.email);
      expect(page.html).toContain(">Sign In<");
    }
  });
});
