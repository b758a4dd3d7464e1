// What server.ts does to every request before and after the routes, against the production build
// in its own process on this file's database copy, one test for each way the running site was probed.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

const LIMIT = 3;
let server: BuiltServer;
// Behind a proxy: each test gives its requests an address of its own, so budgets never mix.
beforeAll(async () => {
  server = await startBuiltServer({
    TRUSTED_IP_HEADER: "Fly-Client-IP",
    AUTH_RATE_LIMIT: String(LIMIT),
    PUBLIC_FORM_RATE_LIMIT: String(LIMIT),
  });
});
afterAll(() => server.stop());

let lastAddress = 0;
const newAddress = () => (++lastAddress, `198.18.${lastAddress >> 8}.${lastAddress & 255}`);
const send = (path: string, init: RequestInit & { from?: string } = {}) =>
  fetch(server.url + path, { redirect: "manual", ...init, headers: { "Fly-Client-IP": init.from ?? newAddress(), ...init.headers } });
const stackTrace = /^\s+at .+:\d+:\d+\)?$/m;

/** A raw HTTP exchange: writes `request`, resolves with all the server sent once it closes the connection. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(request));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("request targets", () => {
  test("an over-long URL or one with thousands of segments is refused with 414", async () => {
    const long = await send("/a".repeat(7000));
    expect(long.status).toBe(414);
    expect(await long.text()).toBe("The address is too long.");
    expect((await send("/state/" + "x/".repeat(40))).status).toBe(414);
    expect((await send("/api/" + "x/".repeat(40))).headers.get("content-type")).toMatch(/json/);
  });

  // The latency goal for this case (median under 200 ms) is measured by `npm run bench`, not here.
  test("/healthz keeps answering while long-URL requests keep arriving", async () => {
    let attacking = true;
    const attacker = async () => {
      while (attacking) await (await send("/a".repeat(7000))).text();
    };
    const attackers = Array.from({ length: 8 }, attacker);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send("/healthz")).status);
    attacking = false;
    await Promise.all(attackers);
    expect(statuses).toEqual(Array(10).fill(200));
  });

  test("malformed percent-encoding in a path is a 400, for files and pages alike", async () => {
    for (const path of ["/x%zz", "/representative/%", "/build/%E2%9C"]) {
      const response = await send(path);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toBe("The address is not valid.");
    }
  });

  test("a Host header that is not a host name is a 400, so it cannot change the path a route sees", async () => {
    const answer = await rawExchange("GET / HTTP/1.1\r\nHost: evil.example/contact?\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("The Host header is not valid.");
  });

  test("headers larger than 16 KB are refused with 431", async () => {
    const response = await send("/", { headers: { "X-Padding": "x".repeat(20_000) } });
    expect(response.status).toBe(431);
  });
});

describe("route manifest (decision 0027)", () => {
  test("a page brings the whole route manifest, so no link waits on a discovery request; /__manifest is not answered", async () => {
    const page = await (await send("/state/TX")).text();
    expect(page).toMatch(/<link rel="modulepreload" href="\/build\/manifest-[0-9A-Z]+\.js"\/>/);
    // The home page lists it with the scripts it loads at the visitor's first intent (decision 0052).
    const home = await (await send("/")).text();
    expect(home).toMatch(/\["\/build\/manifest-[0-9A-Z]+\.js",/);
    expect((await send("/__manifest?p=%2Fstate%2FTX&version=1")).status).toBe(404);
  });
});

describe("request bodies", () => {
  const json = { "Content-Type": "application/json" };

  test("a declared body over 64 KB is refused with 413 before any of it is read", async () => {
    const answer = await rawExchange(
      "POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('{"message":"The request is too large: forms and JSON may be at most 64 KB."}');
  });

  test("a chunked body is cut off at 64 KB with 413; a body just under the limit reaches the route", async () => {
    const chunked = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.url}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      let status: number | undefined;
      request.on("response", (response) => {
        status = response.statusCode!;
        resolve(status);
        request.destroy();
      });
      // Once the server has answered and closed, a write still in flight may fail (EPIPE): not the answer.
      request.on("error", (error) => status ?? reject(error));
      // 80 KB in 16 KB chunks without a Content-Length, and no end: the server must answer before the body ends.
      const chunk = "message=" + "x".repeat(16 * 1024);
      for (let i = 0; i < 5; i++) request.write(chunk);
    });
    expect(chunked).toBe(413);

    const justUnder = await send("/api/contact", { method: "POST", headers: json, body: JSON.stringify({ message: "x".repeat(60_000) }) });
    expect(justUnder.status).toBe(400); // the route's own answer: fields missing, message too long
    expect((await justUnder.json()).message).not.toMatch(/too large/);
  });
});

describe("methods", () => {
  test("PUT, PATCH, DELETE and OPTIONS on a page answer 405 with Allow and a plain message, and never run its action", async () => {
    const subject = `method-test-${Date.now()}`;
    const form = new URLSearchParams({ name: "Ida B. Wells", email: "ida@example.org", subject, category: "general", message: "Hello" });
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      for (const path of ["/contact", "/contact.data"]) {
        const response = await send(path, { method, body: method === "OPTIONS" ? undefined : form });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
        expect(await response.text()).toBe(`This address does not accept ${method} requests.`);
      }
    }
    expect(await db.contactMessage.count({ where: { subject } })).toBe(0);
    expect((await send("/our-mission", { method: "POST" })).headers.get("allow")).toBe("GET, HEAD");
  });

  test("HEAD answers like GET without a body", async () => {
    const response = await send("/contact", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(await response.text()).toBe("");
  });

  test("GET on the action-only JSON routes answers 405 with Allow: POST", async () => {
    for (const path of ["/api/contact", "/api/register", "/api/auth/sign-in", "/api/admin/users/1/resend-confirmation"]) {
      const response = await send(path);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toEqual({ message: "This address does not accept GET requests." });
    }
  });

  test("a JSON route's own methods still reach it, others get its Allow", async () => {
    expect((await send("/api/profile", { method: "PATCH", body: "{}" })).status).toBe(401);
    const post = await send("/api/profile", { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, PATCH");
    // /api/leads: a public POST (sign-up) and the staff GET (the lead list).
    const put = await send("/api/leads", { method: "PUT", body: "{}" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  test("none of these refusals wrote a stack trace to the log", () => {
    expect(server.output()).not.toMatch(stackTrace);
    expect(server.output()).not.toMatch(/did not provide|Invalid request method/);
  });
});

describe("per-address limits hold for every URL form of a route", () => {
  // Each limited route, how its requests are made, and the other URL forms that reach it.
  const routes: [path: string, method: string, query?: string][] = [
    ["/contact", "POST"],
    ["/welcome", "POST"],
    ["/api/contact", "POST"],
    ["/api/leads", "POST"],
    ["/api/check-email", "GET", "?email=someone%40example.org"],
    ["/sign-in", "POST"],
    ["/register", "POST"],
    ["/forgot-password", "POST"],
    ["/reset-password", "POST"],
    ["/confirm-email", "POST"],
    ["/api/auth/sign-in", "POST"],
    ["/api/register", "POST"],
    ["/api/admin/users/1/resend-confirmation", "POST"],
  ];
  const variants = (path: string) => {
    const i = path.lastIndexOf("/") + 1;
    return {
      ".data": `${path}.data`,
      "percent-encoded": `${path.slice(0, i)}%${path.charCodeAt(i).toString(16)}${path.slice(i + 1)}`,
      "trailing slash": `${path}/`,
      "upper case": path.toUpperCase(),
    };
  };

  for (const [path, method, query = ""] of routes) {
    test(`${method} ${path}`, async () => {
      // A submission the public forms take (the honeypot's answer is a success): their invalid ones do not count.
      const fields = { email: "someone@example.org", intent: "email", website_url: "bot" };
      const json = { ...fields, name: "x", subject: "x", message: "x", firstName: "x", lastName: "x" };
      const body = path.startsWith("/api/") ? JSON.stringify(json) : new URLSearchParams(fields);
      const headers = path.startsWith("/api/") ? { "Content-Type": "application/json" } : undefined;
      const request = (url: string, from: string) =>
        send(url + query, { method, from, headers, body: method === "POST" ? body : undefined });
      const limited = async (response: Response) => response.status === 429 && /from your network/.test(await response.text());
      for (const [name, variant] of Object.entries(variants(path))) {
        // The variant counts against the route's budget, and is refused once it is spent: both ways round.
        for (const [first, then] of [
          [path, variant],
          [variant, path],
        ]) {
          const from = newAddress();
          for (let i = 0; i < LIMIT; i++) {
            const response = await request(first, from);
            expect(await limited(response), `${name}: request ${i + 1} to ${first}`).toBe(false);
            expect(response.headers.get("ratelimit"), `${name}: ${first}`).toMatch(/limit=3/);
          }
          expect(await limited(await request(then, from)), `${name}: ${then} after ${LIMIT} to ${first}`).toBe(true);
        }
      }
    });
  }
});

describe("a refused page is shown inside the site's shell", () => {
  test("a refused forgot-password form comes back inside the site's shell with the message and the email kept; the old refusal page does not exist", async () => {
    const from = newAddress();
    const post = () => send("/forgot-password", { method: "POST", from, body: new URLSearchParams({ email: "ada@example.org" }) });
    for (let i = 0; i < LIMIT; i++) await post();
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/text\/html/);
    const html = await refused.text();
    expect(html).toContain("<header");
    expect(html).toContain("Too many attempts from your network. Please wait 15 minutes and try again.");
    expect(html).toContain('value="ada@example.org"');
    expect((await send("/too-many-requests", { from: newAddress() })).status).toBe(404);
  });

  test("a refused address lookup says submissions, not messages", async () => {
    const from = newAddress();
    const post = () => send("/find", { method: "POST", from, body: new URLSearchParams({ address: "1600 Pennsylvania Ave" }) });
    // The email check shares the budget (an address refused as invalid gives its request back).
    for (let i = 0; i < LIMIT; i++) await send("/api/check-email?email=someone%40example.org", { from });
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many submissions from your network. Please wait 15 minutes and try again.");
  });
});

describe("a refused form submission is answered in the form", () => {
  const message = "Too many submissions from your network. Please wait 15 minutes and try again.";
  const typed = { name: "Ada Lovelace", email: "ada@example.org", subject: "Refused", message: "Kept", website_url: "bot" };
  const spend = async (from: string) => {
    for (let i = 0; i < LIMIT; i++)
      expect((await send("/contact", { method: "POST", from, body: new URLSearchParams(typed) })).status).toBe(302);
  };

  test("without JavaScript the contact page comes back with the message and what was typed", async () => {
    const from = newAddress();
    await spend(from);
    const refused = await send("/contact", { method: "POST", from, body: new URLSearchParams(typed) });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain(message);
    expect(html).toContain('value="Ada Lovelace"');
    expect(html).toContain(">Kept</textarea>");
    expect(html).not.toContain('value="bot"');
  });

  test("a JavaScript data request gets the same answer as the route's data, not a plain-text error", async () => {
    const from = newAddress();
    await spend(from);
    const refused = await send("/contact.data", { method: "POST", from, body: new URLSearchParams(typed) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/text\/x-script/);
    const body = await refused.text();
    expect(body).toContain(message);
    expect(body).toContain("Ada Lovelace");
  });

  test("a body too large for a form is answered in the form too", async () => {
    const big = new URLSearchParams({ ...typed, message: "x".repeat(70_000) });
    const refused = await send("/welcome.data", { method: "POST", body: big });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toContain("The request is too large");
  });

  // A realistic visit (decision 0037): 3 mistyped and 2 sent contact messages, and a mailing-list
  // sign-up with 3 mistakes on its way: 4 submissions count, whatever the typos.
  test("a visit with typos spends only what was sent: 2 contact messages, 2 welcome steps", async () => {
    const contactFrom = newAddress();
    const contact = (fields: Record<string, string>) =>
      send("/contact.data", { method: "POST", from: contactFrom, body: new URLSearchParams(fields) });
    const real = { ...typed, website_url: "" };
    for (const bad of [{}, { ...real, email: "ada@" }, { ...real, subject: "" }]) expect((await contact(bad)).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await contact(typed)).status).toBe(202); // sent (the honeypot's redirect)
    // Two of the three submissions the limit allows are spent: one more is taken, then none.
    expect((await contact(typed)).status).toBe(202);
    expect((await contact(typed)).status).toBe(429);

    const welcomeFrom = newAddress();
    const welcome = (fields: Record<string, string>) =>
      send("/welcome.data", {
        method: "POST",
        from: welcomeFrom,
        body: new URLSearchParams({ mode: "dialog", website_url: "bot", ...fields }),
      });
    const email = { intent: "email", email: "fannie@example.org" };
    expect((await welcome({ intent: "email", email: "" })).status).toBe(400);
    expect((await welcome({ intent: "email", email: "fannie@" })).status).toBe(400);
    expect((await welcome(email)).status).toBe(200);
    expect((await welcome({ intent: "save", email: "fannie@example.org", firstName: "" })).status).toBe(400);
    expect((await welcome({ intent: "save", email: "fannie@example.org", firstName: "Fannie Lou", lastName: "Hamer" })).status).toBe(200);
    expect((await welcome(email)).status).toBe(200);
    expect((await welcome(email)).status).toBe(429);
  });

  test("invalid submissions do not count against the limit; sign-in attempts all do", async () => {
    const from = newAddress();
    const empty = () => send("/contact", { method: "POST", from, body: new URLSearchParams({ name: "", email: "" }) });
    for (let i = 0; i < LIMIT + 2; i++) expect((await empty()).status).toBe(400);
    await spend(from);
    expect((await empty()).status).toBe(429);
    const signIn = () => send("/sign-in", { method: "POST", from: newAddress(), body: new URLSearchParams({ email: "x" }) });
    expect((await signIn()).status).toBe(400);
    const other = newAddress();
    for (let i = 0; i < LIMIT; i++) await send("/sign-in", { method: "POST", from: other, body: new URLSearchParams({ email: "x" }) });
    const refused = await send("/sign-in", { method: "POST", from: other, body: new URLSearchParams({ email: "someone@example.org" }) });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('value="someone@example.org"');
  });
});

describe("the client address", () => {
  const contact = (extra: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/json", ...extra },
    body: JSON.stringify({ name: "Bayard Rustin", email: "bayard@example.org", subject: `address-${Math.random()}`, message: "Hi" }),
  });

  test("behind the configured proxy, its header is the address: in the limits and in what the app stores", async () => {
    const from = newAddress();
    const init = contact({ "X-Forwarded-For": "203.0.113.50" });
    expect((await send("/api/contact", { ...init, from })).status).toBe(201);
    const { subject } = JSON.parse(init.body);
    expect((await db.contactMessage.findFirstOrThrow({ where: { subject } })).ipAddress).toBe(from);
    // A new X-Forwarded-For value is no new budget.
    for (let i = 1; i < LIMIT; i++) await send("/api/contact", { ...contact({ "X-Forwarded-For": `203.0.113.${i}` }), from });
    expect((await send("/api/contact", { ...contact({ "X-Forwarded-For": "203.0.113.99" }), from })).status).toBe(429);
  });

  test("reached directly, forwarded-address headers are ignored", async () => {
    const direct = await startBuiltServer({ PUBLIC_FORM_RATE_LIMIT: String(LIMIT) });
    try {
      const statuses: number[] = [];
      let subject = "";
      for (let i = 0; i < LIMIT + 1; i++) {
        const init = contact({ "X-Forwarded-For": `203.0.113.${i}`, "Fly-Client-IP": `192.0.2.${i}` });
        subject ||= JSON.parse(init.body).subject;
        statuses.push((await fetch(`${direct.url}/api/contact`, init)).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await db.contactMessage.findFirstOrThrow({ where: { subject } })).ipAddress).toBe("127.0.0.1");
    } finally {
      await direct.stop();
    }
  });
});

describe("caching and browser features", () => {
  test("every answer that depends on the signed-in session is private, no-store", async () => {
    const user = await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" } });
    const { cookie } = await createSession(user.id);
    const signedIn = { headers: { Cookie: cookie.split(";")[0] } };
    for (const path of ["/profile", "/profile.data", "/_root.data", "/", "/api/auth/user", "/api/profile"]) {
      const response = await send(path, signedIn);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // The public JSON API stays cacheable, and signed-out pages are left alone.
    expect((await send("/api/states", signedIn)).headers.get("cache-control")).toMatch(/^public/);
    expect((await send("/our-mission")).headers.get("cache-control")).toBeNull();
  });

  test("images come from this site only, signed in or not: img-src has no https:, and the avatar is an initial", async () => {
    const user = await db.user.create({
      data: {
        email: `sso-avatar-${Date.now()}@example.org`,
        firstName: "Grace",
        authMethod: "sso",
        emailConfirmed: true,
        profileImageUrl: "https://avatars.example.com/u/1",
      },
    });
    const { cookie } = await createSession(user.id);
    for (const headers of [{}, { Cookie: cookie.split(";")[0] }] as Record<string, string>[]) {
      const response = await send("/our-mission", { headers });
      const imgSrc = response.headers.get("content-security-policy")?.match(/img-src ([^;]*)/)?.[1];
      expect(imgSrc).toBe("'self' data:");
      const html = await response.text();
      expect(html).not.toContain("avatars.example.com");
    }
  });

  test("pages deny camera, microphone, geolocation and other powerful features", async () => {
    const policy = (await send("/")).headers.get("permissions-policy");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(policy).toContain(`${feature}=()`);
  });
});

describe("connection timeouts", () => {
  test("a connection that never finishes its headers is answered 408 and closed in seconds", async () => {
    const answer = await rawExchange("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
