// Every public page has a meta description of its own, against the production build.
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const page = async (path: string) => cheerio.load(await (await fetch(server.url + path)).text());

describe("meta descriptions", () => {
  test("every public page, account and legal pages included, has one description of its own", async () => {
    const official = await db.official.findFirstOrThrow({ where: { bioguideId: "S000033" }, select: { id: true } });
    const paths = [
      "/",
      "/state/TX",
      `/representative/${official.id}`,
      "/district/TX-19",
      "/find",
      "/our-mission",
      "/contact",
      "/current-legislation",
      "/sign-in",
      "/register",
      "/register?method=email",
      "/join",
      "/forgot-password",
      "/reset-password?token=not-a-real-token",
      "/confirm-email?token=not-a-real-token",
      "/profile",
      "/welcome",
      "/unsubscribe",
      "/rejoin",
      "/privacy",
      "/terms",
      "/no-such-page",
    ];
    const seen = new Map<string, string>();
    for (const path of paths) {
      const $ = await page(path);
      const descriptions = $('meta[name="description"]');
      expect(descriptions.length, path).toBe(1);
      const text = descriptions.attr("content") ?? "";
      expect(text.length, path).toBeGreaterThan(40);
      seen.set(path, text);
    }
    // The account and legal pages say what they are, not the home page's words.
    for (const path of ["/sign-in", "/register", "/forgot-password", "/privacy", "/terms", "/profile"])
      expect(seen.get(path), path).not.toBe(seen.get("/"));
  });
});
