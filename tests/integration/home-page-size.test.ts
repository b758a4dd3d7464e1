// The home page arrives in TCP's first round trip: its headers and gzipped HTML together fit in an
// initial congestion window of 10 segments of 1,460 bytes (RFC 6928), the window Lighthouse's
// simulated slow 4G uses too (decision 0025). Against the production build in production mode, so
// the headers are the ones a visitor gets; the map's outlines are a separate file, cached for good.
import http from "node:http";
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
