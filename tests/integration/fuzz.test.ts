// Malformed requests to every route of the production build, against the real server process on
// this file's SQLite copy. The routes come from the build's own manifest, so a new route is fuzzed
// without touching this file. Every answer must be below 500 and show no stack trace or file path,
// and afterwards no row may hold an over-long value.
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

type Case = {
  method: string;
  path: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  signedIn?: boolean;
  cookie?: string;
  label: string;
};

const SEED = Number(process.env.FUZZ_SEED ?? 20260122); // FUZZ_SEED=… explores other cases
const CASES_PER_ROUTE = 20;
const CONCURRENCY = 4;
const MAX_TEXT = 10_000;
const MAX_EMAIL = 254;

// A small deterministic random source, so a failure can be replayed.
function random(seed: number) {
  let t = seed;
  const next = () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

const long = (n: number, unit = "x") => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
const ODD_PARAMS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "99999999999999999999",
  "abc",
  "1",
  "CA",
  "zz",
  "null",
  "__proto__",
  "%00",
  "%20",
  "%F0%9F%92%A9",
  "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
  "%3Cscript%3E",
  "'%20OR%201=1--",
  long(300, "a"),
];
const ODD_VALUES = [
  "",
  " ",
  "a",
  "x@y",
  "someone@example.org",
  `${long(300, "a")}@example.org`,
  `${long(64, "a")}@${long(250, "b")}.org`,
  long(20_000),
  long(12_000, "é"),
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\u0000\u0001\u0002",
  "𝕏🇺🇸",
  "-1",
  "1e309",
  "true",
  "blue",
  "dark",
  "//evil.example/",
  "javascript:alert(1)",
];
const ODD_COOKIES = ["theme=blue", "ca_session=forged.signature", "ca_toast=%7Bnot-json", "theme=dark; theme=light", `theme=${long(3000)}`];
const FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "name",
  "subject",
  "message",
  "category",
  "firstName",
  "lastName",
  "phone",
  "zipCode",
  "city",
  "state",
  "country",
  "timezone",
  "address",
  "profileImageUrl",
  "primaryIssues",
  "preferredSources",
  "politicalAffiliation",
  "theme",
  "redirectTo",
  "token",
  "lead",
  "intent",
  "step",
  "website",
];
const QUERIES = [
  "",
  "?q=%zz",
  `?q=${long(3000)}`,
  "?email=%40%40%40",
  `?email=${long(300, "a")}%40example.org`,
  "?index",
  "?_data=root",
  "?_data=routes%2Fcontact",
  "?_routes=root,routes%2F_index",
  "?page=-1&limit=1e9",
  "?issue=%00&filterType=%3Cx%3E",
  "?redirectTo=%2F%2Fevil.example",
  `?token=${long(500, "A")}`,
  "?provider=evil",
  "?edit=1",
  "?from=state",
  "?step=complete",
  "?lead=1&token=x&signature=y",
  "?q[]=a&q[]=b",
  "?__proto__=x&constructor=y",
];

// Values a real form would send, so that one odd value among them gets past the other checks.
const PLAUSIBLE: Record<string, string> = {
  email: "fuzz@example.org",
  password: "correct-horse-battery-9",
  confirmPassword: "correct-horse-battery-9",
  name: "Fuzz Case",
  subject: "A question",
  message: "Hello there",
  category: "general",
  firstName: "Fuzz",
  lastName: "Case",
  zipCode: "20500",
  theme: "dark",
  redirectTo: "/",
  step: "details",
};

function bodyFor(rng: ReturnType<typeof random>): Pick<Case, "contentType" | "body" | "label"> {
  // Either random fields with odd values, or a plausible form with one field made odd.
  const fields = (): [string, string][] => {
    const odd: [string, string] = [rng.pick(FIELDS), rng.pick(ODD_VALUES)];
    if (rng.next() < 0.5)
      return [odd, ...Array.from({ length: Math.floor(rng.next() * 5) }, (): [string, string] => [rng.pick(FIELDS), rng.pick(ODD_VALUES)])];
    return [...Object.entries(PLAUSIBLE).filter(([k]) => k !== odd[0] && rng.next() < 0.7), odd];
  };
  const kinds: (() => Pick<Case, "contentType" | "body" | "label">)[] = [
    () => ({ label: "form", contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(fields()).toString() }),
    () => ({ label: "form, bad encoding", contentType: "application/x-www-form-urlencoded", body: "email=%zz&name=%E2%9C&message=%" }),
    () => ({ label: "form, empty", contentType: "application/x-www-form-urlencoded", body: "" }),
    () => ({ label: "json", contentType: "application/json", body: JSON.stringify(Object.fromEntries(fields())) }),
    () => ({
      label: "json, odd types",
      contentType: "application/json",
      body: JSON.stringify({ email: 5, password: null, name: ["a"], message: { $gt: "" }, primaryIssues: "x", firstName: true }),
    }),
    () => ({
      label: "json, malformed",
      contentType: "application/json",
      body: rng.pick(["{", "[", "null", '"text"', "1e999", "{'a':1}", "\u0000"]),
    }),
    () => ({ label: "json, deep", contentType: "application/json", body: "[".repeat(5000) + "]".repeat(5000) }),
    () => ({ label: "json as text/plain", contentType: "text/plain", body: JSON.stringify(Object.fromEntries(fields())) }),
    () => ({
      label: "multipart",
      contentType: "multipart/form-data; boundary=fuzz",
      body: fields()
        .map(([k, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join("")
        .concat("--fuzz--\r\n"),
    }),
    () => ({ label: "multipart, broken", contentType: "multipart/form-data; boundary=fuzz", body: "--nope\r\n\r\n" }),
    () => ({ label: "xml", contentType: "application/xml", body: "<?xml version='1.0'?><a>&lt;</a>" }),
    () => ({ label: "bytes", contentType: "application/octet-stream", body: new Uint8Array(512).map(() => Math.floor(rng.next() * 256)) }),
    () => ({ label: "no content type", body: "email=a%40b.org" }),
    () => ({ label: "json, utf-16 declared", contentType: "application/json; charset=utf-16", body: '{"email":"a@b.org"}' }),
  ];
  return rng.pick(kinds)();
}

type Route = { pattern: string; writeMethods: string[] };

/** Every route's URL pattern and the methods its action takes, from the build's route manifest. */
async function buildRoutes(): Promise<Route[]> {
  type ManifestRoute = { parentId?: string; path?: string; module: { action?: unknown; actionMethods?: string[] } };
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as { routes: Record<string, ManifestRoute> };
  const patternOf = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    return route ? [patternOf(route.parentId), route.path].filter(Boolean).join("/") : "";
  };
  // The root and the index route share "/": one entry per pattern.
  const byPattern = new Map<string, Set<string>>();
  for (const [id, route] of Object.entries(build.routes)) {
    const methods = byPattern.get("/" + patternOf(id)) ?? new Set<string>();
    if (route.module.action) for (const m of route.module.actionMethods ?? ["POST"]) methods.add(m);
    byPattern.set("/" + patternOf(id), methods);
  }
  return [...byPattern]
    .map(([pattern, methods]) => ({ pattern, writeMethods: [...methods] }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** A plausible form for the route (JSON under /api/) with one field far too long. */
function overLong(pattern: string, field: string): Pick<Case, "contentType" | "body" | "label"> {
  const value = /email/i.test(field) ? `${long(300, "a")}@example.org` : long(20_000);
  const fields = { ...PLAUSIBLE, [field]: value };
  return pattern.startsWith("/api/")
    ? { label: `json, over-long ${field}`, contentType: "application/json", body: JSON.stringify(fields) }
    : { label: `form, over-long ${field}`, contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() };
}

function casesFor({ pattern, writeMethods }: Route, rng: ReturnType<typeof random>): Case[] {
  const fill = () =>
    pattern
      .split("/")
      .map((s) => (s.startsWith(":") ? rng.pick(ODD_PARAMS) : s === "*" ? rng.pick(["x", "a/b/c", "%2F", "%2E%2E", "wp-admin"]) : s))
      .join("/");
  const variant = (p: string) => rng.pick([p, p, `${p === "/" ? "/_root" : p}.data`, `${p}/`.replace("//", "/"), p.toUpperCase()]);
  const extras = (): Pick<Case, "signedIn" | "cookie"> => ({
    signedIn: rng.next() < 0.3,
    cookie: rng.next() < 0.2 ? rng.pick(ODD_COOKIES) : undefined,
  });
  const request = (method: string): Case => {
    const withBody = !["GET", "HEAD", "OPTIONS"].includes(method);
    return { method, path: variant(fill()) + rng.pick(QUERIES), ...(withBody ? bodyFor(rng) : { label: "no body" }), ...extras() };
  };
  // Every method once; a plausible submission with each field over-long, and one in the other
  // format; then more of what the route takes.
  const cases = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map(request);
  for (const method of writeMethods) {
    for (const field of Object.keys(PLAUSIBLE)) {
      cases.push({ method, path: fill(), ...overLong(pattern, field), signedIn: rng.next() < 0.5 });
    }
    // The other family's body: a form to a JSON route, JSON to a form.
    cases.push(
      pattern.startsWith("/api/")
        ? {
            method,
            path: fill(),
            label: "form to a JSON route",
            contentType: "application/x-www-form-urlencoded",
            body: new URLSearchParams(PLAUSIBLE).toString(),
          }
        : { method, path: fill(), label: "json", contentType: "application/json", body: JSON.stringify(PLAUSIBLE) },
    );
  }
  while (cases.length < CASES_PER_ROUTE) cases.push(request(rng.pick(writeMethods.length ? writeMethods : ["GET"])));
  return cases;
}

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({ AUTH_RATE_LIMIT: "1000000", PUBLIC_FORM_RATE_LIMIT: "1000000" });
});
afterAll(() => server?.stop());

const leak = /\n\s+at .+:\d+:\d+\)?|\/(work|home|root|usr|tmp)\/|node_modules|file:\/\/|\.tsx?:\d+/;

// The 300 s limit guards against a hang (some 1,400 requests), it is not a speed goal.
test("malformed bodies, content types, methods, paths and queries to every route: no 5xx, no leaks, no over-long rows", async () => {
  const rng = random(SEED);
  const routes = await buildRoutes();
  expect(routes.length).toBeGreaterThan(30);
  const cases = routes.flatMap((route) => casesFor(route, rng));
  const patriot = await db.user.findUniqueOrThrow({ where: { email: "patriot@civicatlas.test" }, select: { id: true } });

  const byStatus = new Map<number, number>();
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const headers: Record<string, string> = {};
      if (c.contentType) headers["Content-Type"] = c.contentType;
      const cookies = [c.cookie, c.signedIn && (await createSession(patriot.id)).cookie.split(";")[0]].filter(Boolean);
      if (cookies.length) headers.Cookie = cookies.join("; ");
      const describe = `${c.method} ${c.path.slice(0, 100)} [${c.label}${c.signedIn ? ", signed in" : ""}${c.cookie ? `, cookie ${c.cookie.slice(0, 30)}` : ""}]`;
      let status: number;
      let text: string;
      try {
        const response = await fetch(server.url + c.path, { method: c.method, headers, body: c.body, redirect: "manual" });
        status = response.status;
        text = await response.text();
      } catch (error) {
        failures.push(`${describe}: no answer (${(error as Error).message})`);
        continue;
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (status >= 500) failures.push(`${describe} → ${status}: ${text.slice(0, 160)}`);
      if (leak.test(text)) failures.push(`${describe} → ${status} shows internals: ${text.match(leak)?.[0]}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  // No row may keep an over-long value, whatever got through.
  const sqlite = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""), { readonly: true });
  const tables = sqlite.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_prisma%'",
  );
  for (const { name } of tables.all() as { name: string }[]) {
    for (const column of sqlite.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string }[]) {
      if (!/text/i.test(column.type)) continue;
      const max = /email/i.test(column.name) ? MAX_EMAIL : MAX_TEXT;
      const over = sqlite.prepare(`SELECT count(*) AS n FROM "${name}" WHERE length("${column.name}") > ?`).get(max) as { n: number };
      if (over.n) failures.push(`${over.n} row(s) of ${name}.${column.name} longer than ${max} characters`);
    }
  }
  sqlite.close();

  const classes = [2, 3, 4, 5].map(
    (k) => `${k}xx: ${[...byStatus].filter(([s]) => Math.floor(s / 100) === k).reduce((n, [, c]) => n + c, 0)}`,
  );
  console.log(
    `Fuzz: ${cases.length} cases over ${routes.length} routes (seed ${SEED}). Answers ${classes.join(", ")}.` +
      ` By status: ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
  );
  expect(failures).toEqual([]);
}, 300_000);
