import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import type { CurrentUser } from "~/auth/session.server";
import { createPageCache } from "~/lib/page-cache.server";

const page = (body: BodyInit) => new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });

test("a visitor who leaves while their page renders does not keep the next visitor of that page waiting", async () => {
  const { render: cachedRender } = createPageCache({ version: () => 1 });
  const leaving = new AbortController();
  // The first visitor's page never finishes its body (their connection is gone).
  void cachedRender(new Request("http://localhost/", { signal: leaving.signal }), "nonce-1", async () =>
    page(new ReadableStream({ start() {} })),
  );
  await new Promise((resolve) => setImmediate(resolve));
  leaving.abort();
  const next = await cachedRender(new Request("http://localhost/"), "nonce-2", async () => page("<p>nonce-2</p>"));
  expect(await next.text()).toBe("<p>nonce-2</p>");
});

test("two visitors at once share one rendering, each with their own nonce", async () => {
  const { render: cachedRender } = createPageCache({ version: () => 1 });
  let renders = 0;
  const render = (nonce: string) => async () => {
    renders++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return page(`<script nonce="${nonce}"></script>`);
  };
  const [a, b] = await Promise.all([
    cachedRender(new Request("http://localhost/state/TX"), "aaa", render("aaa")),
    cachedRender(new Request("http://localhost/state/TX"), "bbb", render("bbb")),
  ]);
  expect(renders).toBe(1);
  expect(await a.text()).toBe('<script nonce="aaa"></script>');
  expect(await b.text()).toBe('<script nonce="bbb"></script>');
});

const asked = (path: string, gzip: boolean, cookie?: string) => ({ method: "GET", url: new URL(path, "http://localhost"), cookie, gzip });

test("a kept page is answered whole with each visitor's own nonce, gzip-encoded when asked, and decodes to the same text", async () => {
  const cache = createPageCache({ version: () => 1 });
  // Several nonces, non-ASCII text and a body far larger than one deflate block.
  const body = (nonce: string) =>
    `<!DOCTYPE html><script nonce="${nonce}">1</script>${"<p>Ångström · Wyoming</p>".repeat(5000)}<script nonce="${nonce}">2</script>`;
  expect(cache.kept(asked("/state/WY", false), "first")).toBeNull();
  await (await cache.render(new Request("http://localhost/state/WY"), "first", async () => page(body("first")))).text();

  const plain = cache.kept(asked("/state/WY", false), "second")!;
  expect(plain.status).toBe(200);
  expect(Buffer.concat(plain.body!).toString()).toBe(body("second"));
  expect(plain.headers).not.toContainEqual(["Content-Encoding", "gzip"]);

  for (const nonce of ["third", "4th+/"]) {
    const gzipped = cache.kept(asked("/state/WY", true), nonce)!;
    expect(gzipped.headers).toContainEqual(["Content-Encoding", "gzip"]);
    expect(gzipped.headers).toContainEqual(["Vary", "Accept-Encoding"]);
    expect(zlib.gunzipSync(Buffer.concat(gzipped.body!)).toString()).toBe(body(nonce));
    expect(Buffer.concat(gzipped.body!).length).toBeLessThan(Buffer.byteLength(body(nonce)) / 10);
  }
});

test("a kept page's gzip form refers back across the nonces, so it is as small as the page compressed in one piece", async () => {
  const cache = createPageCache({ version: () => 1 });
  // The text after the second nonce repeats the text before it, as a page's data repeats its names.
  const text = randomBytes(8_000).toString("hex");
  const body = (nonce: string) => `<script nonce="${nonce}">1</script><p>${text}</p><script nonce="${nonce}">["${text}"]</script>`;
  await (await cache.render(new Request("http://localhost/state/OK"), "one", async () => page(body("one")))).text();
  const gzipped = Buffer.concat(cache.kept(asked("/state/OK", true), "two")!.body!);
  expect(zlib.gunzipSync(gzipped).toString()).toBe(body("two"));
  expect(gzipped.length).toBeLessThan(zlib.gzipSync(body("two")).length * 1.05);
});

test("a kept page is answered right to a nonce of another length (plain), and to a page holding a NUL byte", async () => {
  const cache = createPageCache({ version: () => 1 });
  const body = (nonce: string) =>
    `<script nonce="${nonce}">1</script><p>a\u0000b ${"Idaho ".repeat(100)}</p><script nonce="${nonce}">2</script>`;
  await (await cache.render(new Request("http://localhost/state/ID"), "abcd", async () => page(body("abcd")))).text();
  const longer = cache.kept(asked("/state/ID", true), "abcdefgh")!;
  expect(longer.headers).not.toContainEqual(["Content-Encoding", "gzip"]);
  expect(Buffer.concat(longer.body!).toString()).toBe(body("abcdefgh"));
  const same = cache.kept(asked("/state/ID", true), "wxyz")!;
  expect(same.headers).toContainEqual(["Content-Encoding", "gzip"]);
  expect(zlib.gunzipSync(Buffer.concat(same.body!)).toString()).toBe(body("wxyz"));
});

test("nothing is answered from the cache after the data changes, for a session, or for another page", async () => {
  let version = 1;
  const cache = createPageCache({ version: () => version });
  await (await cache.render(new Request("http://localhost/"), "n1", async () => page("<p>old</p>"))).text();
  expect(Buffer.concat(cache.kept(asked("/", false), "n2")!.body!).toString()).toBe("<p>old</p>");
  expect(cache.kept(asked("/", false, "ca_session=abc"), "n2")).toBeNull();
  expect(cache.kept(asked("/?q=x", false), "n2")).toBeNull();
  expect(cache.kept({ ...asked("/", false), method: "POST" }, "n2")).toBeNull();
  version = 2;
  expect(cache.kept(asked("/", false), "n2")).toBeNull();
});

test("a kept answer without a nonce (the JSON API) decodes the same for every visitor", async () => {
  const cache = createPageCache({ version: () => 1 });
  const json = JSON.stringify(Array.from({ length: 2000 }, (_, id) => ({ id, name: `Official ${id}` })));
  const answer = () => new Response(json, { headers: { "Content-Type": "application/json" } });
  await (await cache.render(new Request("http://localhost/api/representatives"), "n1", async () => answer())).text();
  for (const nonce of ["n2", "n3"]) {
    const gzipped = cache.kept(asked("/api/representatives", true), nonce)!;
    expect(zlib.gunzipSync(Buffer.concat(gzipped.body!)).toString()).toBe(json);
  }
});

test("the cache holds pages within its size bound however long it runs, the newest kept", async () => {
  let version = 1;
  const html = (i: number) => `<script nonce="n">${i}</script><p>${randomBytes(10_000).toString("hex")}</p>`; // ~31 KB kept, gzip included
  const cache = createPageCache({ version: () => version, maxBytes: 200_000 });
  // Data changes and visitors come and go: each round renders three pages and sends them gzip-encoded.
  for (let round = 0; round < 200; round++) {
    version++;
    for (const path of ["/", "/state/TX", "/state/CA"]) {
      await (await cache.render(new Request(`http://localhost${path}`), "n", async () => page(html(round)))).text();
      expect(cache.kept(asked(path, true), "m"), `${path} in round ${round}`).not.toBeNull();
    }
  }
});

describe("a signed-in visitor's home page, kept as a template", () => {
  const visitor = (id: string, firstName: string | null, role = "user"): CurrentUser => ({
    id,
    email: `${id}@example.org`,
    firstName,
    lastName: null,
    role,
    profileImageUrl: null,
    zipCode: "05401",
    avatarHash: null,
    initial: (firstName ?? id).charAt(0),
  });
  /** A page showing its visitor in HTML and in the loader data's script, as Remix writes them. */
  const pageOf = (user: CurrentUser, nonce: string) =>
    page(
      `<p nonce="${nonce}">${role(user)} ${escape(user.firstName ?? "")} ${escape(user.email)} ${user.initial}</p>` +
        `<script>window.__remixContext.streamController.enqueue(${JSON.stringify(JSON.stringify({ email: user.email, id: user.id }))});</script>`,
    );
  const role = (user: CurrentUser) => (user.role === "admin" ? "<a>Admin Panel</a>" : "");
  const escape = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

  test("rendered once for a stand-in, then filled in for each visitor with their own values, never another's", async () => {
    const standIns = new AsyncLocalStorage<CurrentUser>();
    const signedIn = new Map<string, CurrentUser>([
      ["a", visitor("ann", "Ann <b>&")],
      ["b", visitor("bob", `Bo "B" O'Neil`)],
      ["c", visitor("cat", "Cat", "admin")],
    ]);
    const cache = createPageCache({
      version: () => 1,
      visitor: async (cookie) => signedIn.get(cookie!.split("=")[1]) ?? null,
      asStandIn: (standIn, render) => standIns.run(standIn, render),
    });
    let renders = 0;
    const get = async (session: string, nonce: string) => {
      const request = new Request("http://localhost/", { headers: { Cookie: `ca_session=${session}` } });
      const response = await cache.render(request, nonce, async () => {
        renders++;
        const user = standIns.getStore() ?? signedIn.get(session);
        return user ? pageOf(user, nonce) : page("");
      });
      return response.text();
    };
    const expected = async (session: string, nonce: string) => pageOf(signedIn.get(session)!, nonce).text();
    expect(await get("a", "n1")).toBe(await expected("a", "n1"));
    expect(await get("b", "n2")).toBe(await expected("b", "n2"));
    expect(renders).toBe(1);
    // Another role is another template.
    expect(await get("c", "n3")).toBe(await expected("c", "n3"));
    expect(renders).toBe(2);
    // Answered before the app, gzip-encoded or plain, private, each with its own nonce and values.
    const asked = (session: string, gzip: boolean) => ({
      method: "GET",
      url: new URL("http://localhost/"),
      cookie: `ca_session=${session}`,
      gzip,
    });
    const zipped = (await cache.keptPersonal(asked("b", true), "n5"))!;
    expect(zlib.gunzipSync(Buffer.concat(zipped.body!)).toString()).toBe(await expected("b", "n5"));
    expect(zipped.headers).toContainEqual(["Cache-Control", "private, no-store"]);
    expect(Buffer.concat((await cache.keptPersonal(asked("a", false), "n6"))!.body!).toString()).toBe(await expected("a", "n6"));
    expect(await cache.keptPersonal(asked("gone", true), "n7")).toBeNull();
    expect(renders).toBe(2);
    // A session that is not signed in (anymore) is rendered for its request, as is any other cookie.
    expect(await get("gone", "n4")).toBe("");
    expect(renders).toBe(3);
  });
});
