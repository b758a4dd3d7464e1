// The ZIP codes and street addresses visitors look up never reach the server's output: the request
// log keeps parameter names but not their values (app/lib/log-url.ts), and the error paths of the
// address refinement (bad input, a Census geocoder that fails) print nothing of them either.
import { afterAll, beforeAll, expect, test } from "vitest";
import { CENSUS_PATH, censusAnswer } from "../support/census-geocoder";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { startFixtureServer } from "../support/fixture-server";

let census: Awaited<ReturnType<typeof startFixtureServer>>;
let server: BuiltServer;
beforeAll(async () => {
  // The recorded answers, and a server error for any address naming "Broken".
  census = await startFixtureServer({
    [CENSUS_PATH]: (request) =>
      /broken/i.test(decodeURIComponent(request.url ?? "")) ? { status: 500, body: "Internal error" } : censusAnswer(request),
  });
  server = await startBuiltServer({
    CENSUS_GEOCODER_URL: census.url,
    OUTBOUND_ALLOW_HOSTS: new URL(census.url).host, // the outbound guard lets the server reach it (decision 0031)
    PUBLIC_FORM_RATE_LIMIT: "1000",
  });
});
afterAll(async () => {
  await server?.stop();
  await census?.close();
});

const post = (fields: Record<string, string>) =>
  fetch(`${server.url}/find`, { method: "POST", headers: { Origin: server.url }, body: new URLSearchParams(fields), redirect: "manual" });

test("no ZIP code or street address a visitor looks up appears in the server's output, only the parameter names", async () => {
  // The search box (no JavaScript: redirected to /find), its dropdown, the ZIP form and the JSON API.
  const home = await fetch(`${server.url}/?q=90210`);
  expect(home.url).toBe(`${server.url}/find?zip=90210`);
  expect((await fetch(`${server.url}/api/search?q=90210`)).status).toBe(200);
  expect((await fetch(`${server.url}/find?zip=10001`)).status).toBe(200);
  expect((await fetch(`${server.url}/api/lookup?zip=10001`)).status).toBe(200);
  expect((await fetch(`${server.url}/find?zip=10001-12`)).status).toBe(400);

  // The street-address form: placed, not found, Census failing, and each kind of bad input (400).
  const placed = await post({ zip: "90210", address: "455 N Rexford Dr, Beverly Hills" });
  expect(await placed.text()).toContain("placed 455 N REXFORD DR, BEVERLY HILLS, CA, 90210 in this district");
  expect((await post({ zip: "90210", address: "77 Quietlane Ave, Beverly Hills" })).status).toBe(200);
  expect(await (await post({ zip: "90210", address: "12 Brokenfield Rd, Beverly Hills" })).text()).toContain("could not be checked");
  expect((await post({ zip: "90210", address: `455 N Rexford Dr ${"x".repeat(200)}` })).status).toBe(400);
  expect((await post({ zip: "9021", address: "455 N Rexford Dr, Beverly Hills" })).status).toBe(400);
  expect((await post({ zip: "82001", address: "455 N Rexford Dr, Beverly Hills" })).status).toBe(400);

  expect(await server.stop()).toBe(0); // every log line is written once the process has exited
  const output = server.output();
  // The requests were logged, with their parameter names...
  for (const line of ["GET /?q=- 302", "GET /find?zip=- 200", "GET /api/lookup?zip=- 200", "GET /api/search?q=- 200", "POST /find 400"]) {
    expect(output).toContain(line);
  }
  // ...and nothing of what was typed (digits not part of a longer number, such as a size in bytes).
  for (const zip of ["90210", "10001", "9021", "82001"]) expect(output).not.toMatch(new RegExp(`(?<!\\d)${zip}(?!\\d)`));
  expect(output).not.toMatch(/rexford|quietlane|brokenfield/i);
});
