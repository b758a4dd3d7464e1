// Officials' photos from our own origin: the photo step of congress_import on
// fixture images (tests/fixtures/photos, generated with sharp), then the production build serving
// them, on this file's database copy.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { importPhotos } from "~/jobs/official-photos.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { startFixtureServer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";

let server: BuiltServer;
let sources: Awaited<ReturnType<typeof startFixtureServer>>;
beforeAll(async () => {
  sources = await startFixtureServer({}, 0, { "/photos": "tests/fixtures/photos" });
  server = await startBuiltServer();
});
afterAll(async () => {
  await server.stop();
  await sources.close();
});

const official = (bioguideId: string) => db.official.findUniqueOrThrow({ where: { bioguideId }, include: { photo: true } });
const run = () => importPhotos(testJobContext(db, { sources: { congressPhotos: `${sources.url}/photos` } }));

describe("the photo step and /photos", () => {
  test("stores 120 and 240 px squares as WebP and JPEG, fetches each photo once, and the pages show them with their size set", async () => {
    const governor = await db.official.findFirstOrThrow({ where: { office: "Governor", state: { abbreviation: "WA" } } });
    await db.official.update({ where: { id: governor.id }, data: { photoUrl: `${sources.url}/photos/governor-wa.jpg` } });
    const first = await run();
    expect(first.stored).toBe(3);

    for (const { photo } of [
      await official("C000127"),
      await db.official.findUniqueOrThrow({ where: { id: governor.id }, include: { photo: true } }),
    ]) {
      for (const [column, format, size] of [
        ["webp120", "webp", 120],
        ["webp240", "webp", 240],
        ["jpeg120", "jpeg", 120],
        ["jpeg240", "jpeg", 240],
      ] as const) {
        expect(await sharp(Buffer.from(photo![column])).metadata()).toMatchObject({ format, width: size, height: size });
      }
    }
    const asked = sources.requests.length;
    const again = await run();
    expect(again.stored).toBe(0);
    expect(sources.requests.slice(asked).some((r) => r.includes("C000127") || r.includes("governor-wa"))).toBe(false);

    const html = await (await fetch(`${server.url}/state/WA`)).text();
    const { photo } = await official("C000127");
    expect(html).toContain(`srcSet="/photos/${photo!.hash}-120.webp 120w, /photos/${photo!.hash}-240.webp 240w"`);
    expect(html).toMatch(new RegExp(`<img[^>]*src="/photos/${photo!.hash}-120\\.jpg"[^>]*width="48" height="48"`));
  });

  test("serves both sizes and formats with immutable caching and their content type; an unknown photo is a 404", async () => {
    await run();
    const { photo } = await official("M001111");
    for (const [file, type] of [
      [`${photo!.hash}-120.webp`, "image/webp"],
      [`${photo!.hash}-240.webp`, "image/webp"],
      [`${photo!.hash}-120.jpg`, "image/jpeg"],
      [`${photo!.hash}-240.jpg`, "image/jpeg"],
    ]) {
      const response = await fetch(`${server.url}/photos/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(Number(file.split("-")[1].split(".")[0]));
    }
    for (const file of ["0123456789abcdef-120.webp", `${photo!.hash}-999.webp`, "not-a-photo.png"]) {
      expect((await fetch(`${server.url}/photos/${file}`)).status, file).toBe(404);
    }
  });

  test("an official without a stored photo shows initials and no image", async () => {
    const without = await db.official.findFirstOrThrow({
      where: { isActive: true, photo: null, office: "Senator", state: { abbreviation: "TX" } },
    });
    const html = await (await fetch(`${server.url}/representative/${without.id}`)).text();
    const header = html.slice(html.indexOf('<header class="mt-4'), html.indexOf("</header>", html.indexOf('<header class="mt-4')));
    expect(header).toContain(`${without.firstName[0]}${without.lastName[0]}`);
    expect(header).not.toContain("<img");
    expect(await (await fetch(`${server.url}/`)).text()).not.toMatch(/<img[^>]+src="https:/);
  });
});
