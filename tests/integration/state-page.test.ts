// A state's page against the production build: every state page but one links to its official website.
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const page = async (path: string) => cheerio.load(await (await fetch(server.url + path)).text());

describe("official state websites", () => {
  test("a state page links to its official website; the one without a source says so", async () => {
    const texas = await page("/state/TX");
    expect(texas('a:contains("Official State Website")').attr("href")).toBe("https://texas.gov/");
    const marianas = await page("/state/MP");
    expect(marianas('a:contains("Official State Website")')).toHaveLength(0);
    expect(marianas.text()).toContain("Official State Website (not on file yet)");
  });
});
