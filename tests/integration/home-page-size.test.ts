// The home page arrives in TCP's first round trip: its headers and gzipped HTML together fit in an
// initial congestion window of 10 segments of 1,460 bytes (RFC 6928), the window Lighthouse's
// simulated slow 4G uses too (decision 0025). Against the production build in production mode, so
// the headers are the ones a visitor gets; the map's outlines are a separate file, cached for good.
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { FIRST_ROUND_TRIP_BYTES, headerBytesOf } from "../support/wire-size";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({
    NODE_ENV: "production",
    SESSION_SECRET: "s".repeat(40),
    SMTP_URL: "smtp://127.0.0.1:9",
    MAIL_FROM: "Civic Atlas <hello@civicatlas.test>",
    SUPPORT_EMAIL: "support@civicatlas.test",
  });
});
afterAll(() => server.stop());

/** A request as a browser makes it (gzip accepted); the bytes on the wire: status line and headers, body. */
function wireGet(path: string): Promise<{ headerBytes: number; bodyBytes: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(server.url + path, { headers: { "Accept-Encoding": "gzip, deflate" } }, (res) => {
        let bodyBytes = 0;
        res.on("data", (chunk: Buffer) => (bodyBytes += chunk.length));
        res.on("end", () => {
          resolve({ headerBytes: headerBytesOf(res), bodyBytes, headers: res.headers });
        });
      })
      .on("error", reject);
  });
}

describe("the home page", () => {
  test("fits in the first round trip, rendered fresh and when kept for the next visitor", async () => {
    for (const visit of ["fresh", "kept"]) {
      const page = await wireGet("/");
      expect(page.headers["content-encoding"], visit).toBe("gzip");
      expect(
        page.headerBytes + page.bodyBytes,
        `${visit}: ${page.headerBytes} B of headers, ${page.bodyBytes} B of HTML`,
      ).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    }
  });

  test("every state on the map uses an outline its outlines file holds, and that file is cached for good", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const uses = [...html.matchAll(/<use href="([^"#]+)#([A-Z]{2})"/g)];
    expect(uses.length).toBe(51); // the 50 states and DC
    const files = new Set(uses.map((m) => m[1]));
    expect(files.size).toBe(1);
    const [file] = files;
    const outlines = await fetch(server.url + file);
    expect(outlines.headers.get("content-type")).toBe("image/svg+xml");
    expect(outlines.headers.get("cache-control")).toMatch(/immutable/);
    const svg = await outlines.text();
    for (const [, , state] of uses) expect(svg, state).toMatch(new RegExp(`<path id="${state}" d="M[^"]+"`));
  });
});

describe("the home page's scripts", () => {
  /** The raw answer to a GET asking for these encodings. */
  const raw = (path: string, acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(server.url + path, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  test("go brotli-encoded to a browser that accepts brotli, each the same file and smaller than gzip in all (by about a tenth); gzip to one that does not", async () => {
    const html = (await raw("/", "identity")).body.toString();
    // Listed in the script that loads them on the visitor's first intent (scripts-on-intent.server.ts).
    const scripts = [...new Set([...html.matchAll(/"(\/build\/[^"\\]+\.js)/g)].map((m) => m[1]))];
    expect(scripts.length).toBeGreaterThan(5);
    let brotliBytes = 0;
    let gzipBytes = 0;
    for (const script of scripts) {
      const [plain, brotli, gzip] = await Promise.all([
        raw(script, "identity"),
        raw(script, "gzip, deflate, br"),
        raw(script, "gzip, deflate"),
      ]);
      expect(brotli.headers["content-type"]?.toLowerCase(), script).toBe(plain.headers["content-type"]?.toLowerCase());
      expect(brotli.headers["cache-control"], script).toMatch(/immutable/);
      expect(brotli.headers.vary, script).toMatch(/Accept-Encoding/i);
      const brotliText = brotli.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(brotli.body) : brotli.body;
      expect(brotliText.equals(plain.body), script).toBe(true);
      if (plain.body.length >= 1024) expect(brotli.headers["content-encoding"], script).toBe("br");
      expect(gzip.headers["content-encoding"] ?? "none", script).not.toBe("br");
      brotliBytes += brotli.body.length;
      gzipBytes += gzip.headers["content-encoding"] === "gzip" ? gzip.body.length : zlib.gzipSync(gzip.body).length;
    }
    expect(brotliBytes).toBeLessThan(gzipBytes * 0.95); // the middleware's own brotli is no smaller than gzip
  });
});
