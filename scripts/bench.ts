// npm run bench: the size and speed goals of the public experience, measured against the
// production build on a freshly seeded database. Prints the figures and exits 1 when a size
// budget is exceeded. Run `npm run build` first.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { createSeededDatabase } from "../tests/setup/base-db";
import { US_STATE_PATHS } from "../app/lib/us-map-paths";

const PORT = Number(process.env.BENCH_PORT ?? 3190);
const BASE = `http://localhost:${PORT}`;
const BUDGET = { htmlGzip: 40 * 1024, cssGzip: 15 * 1024, jsGzip: 120 * 1024 };
const LOAD = { connections: 20, durationSeconds: Number(process.env.BENCH_SECONDS ?? 10) };

/** The bytes the server sends with gzip, and the decoded text. */
function getGzipped(url: string): Promise<{ gzipBytes: number; text: string; status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip", "User-Agent": "Mozilla/5.0 (bench)" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const gzip = res.headers["content-encoding"] === "gzip";
          // Small files may go out uncompressed; count what a browser would receive compressed.
          const gzipBytes = gzip ? raw.length : zlib.gzipSync(raw).length;
          resolve({ gzipBytes, text: (gzip ? zlib.gunzipSync(raw) : raw).toString("utf8"), status: res.statusCode ?? 0 });
        });
      })
      .on("error", reject);
  });
}

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("The server did not start.");
}

async function load(url: string) {
  const result = await autocannon({ url, connections: LOAD.connections, duration: LOAD.durationSeconds });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  if (!existsSync("build/server.js")) throw new Error("No production build: run `npm run build` first.");
  const db = path.resolve("tests/.data/bench.db");
  createSeededDatabase(db);
  const server = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: `file:${db}`,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      // Required in production; the benchmark sends no mail.
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "Civic Atlas <bench@civicatlas.test>",
      SUPPORT_EMAIL: "support@civicatlas.test",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let failed = false;
  try {
    await waitForServer();
    const home = await getGzipped(`${BASE}/`);
    const css = [...home.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    const js = [
      ...new Set(
        [...home.text.matchAll(/(?:<link rel="modulepreload" href="|import\(?\s*"|src=")(\/build\/[^"]+\.js)"/g)].map((m) => m[1]),
      ),
    ];
    const cssBytes = (await Promise.all(css.map((href) => getGzipped(BASE + href)))).reduce((sum, r) => sum + r.gzipBytes, 0);
    const jsBytes = (await Promise.all(js.map((href) => getGzipped(BASE + href)))).reduce((sum, r) => sum + r.gzipBytes, 0);
    const samplePath = US_STATE_PATHS.CA.slice(0, 40);
    const pathCopies = home.text.split(samplePath).length - 1;

    const check = (label: string, value: number, budget: number) => {
      const ok = value <= budget;
      failed ||= !ok;
      console.log(`${ok ? "ok  " : "FAIL"} ${label}: ${kb(value)} (budget ${kb(budget)})`);
    };
    console.log("Home page, map view, no state selected, as served without JavaScript:");
    check("HTML gzipped (SVG included)", home.gzipBytes, BUDGET.htmlGzip);
    check(`CSS gzipped (${css.length} file)`, cssBytes, BUDGET.cssGzip);
    check(`JavaScript gzipped (${js.length} files)`, jsBytes, BUDGET.jsGzip);
    const once = pathCopies === 1;
    failed ||= !once;
    console.log(`${once ? "ok  " : "FAIL"} map path data appears ${pathCopies} time(s) in the HTML (markup only, not in loader data)`);

    const { results } = (await (await fetch(`${BASE}/api/search?q=cantwell`)).json()) as { results: { id: number }[] };
    console.log(
      `\nServer time, ${LOAD.connections} concurrent connections for ${LOAD.durationSeconds} s each (autocannon, production build):`,
    );
    for (const [label, url] of [
      ["home page", `${BASE}/`],
      ["official profile", `${BASE}/representative/${results[0].id}`],
    ] as const) {
      const r = await load(url);
      console.log(`     ${label}: ${r.rps} requests/s, p99 latency ${r.p99} ms, ${r.errors} errors`);
    }

    // Long-URL requests are refused (414) before any route work, so they must not slow the rest.
    const goalMs = 200;
    let flooding = true;
    const flood = async () => {
      while (flooding) await (await fetch(`${BASE}${"/a".repeat(7000)}`)).text();
    };
    const flooders = Array.from({ length: 8 }, flood);
    const timings: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await (await fetch(`${BASE}/healthz`)).text();
      timings.push(performance.now() - start);
    }
    flooding = false;
    await Promise.all(flooders);
    const median = timings.sort((a, b) => a - b)[10];
    const fast = median < goalMs;
    failed ||= !fast;
    console.log(
      `${fast ? "ok  " : "FAIL"} /healthz median ${Math.round(median)} ms while 8 clients send over-long URLs (goal ${goalMs} ms)`,
    );
  } finally {
    server.kill("SIGTERM");
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
