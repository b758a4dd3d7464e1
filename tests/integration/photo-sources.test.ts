// Where officials' portraits come from and what is stored: governors through
// GOVERNOR_PHOTOS_URL from a local server, only answers sharp decodes as an image, and a failed
// fetch keeps the photo stored before. The photo step against fixture servers on 127.0.0.1 and this
// file's own database copy.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { jobSources, parseEnv } from "~/env.server";
import type { ItemKind } from "~/jobs/job";
import { governorPhotoSource, importPhotos } from "~/jobs/official-photos.server";
import { startFixtureServer } from "../support/fixture-server";
import { testJobContext } from "../support/job-context";

const WA_PORTRAIT = "https://governor.wa.gov/sites/default/files/styles/max_650x650/public/2025-01/Bob%20Bio%20Headshot.JPG";
let photos: Awaited<ReturnType<typeof startFixtureServer>>;
let governorId: number;
let memberId: number;

beforeAll(async () => {
  photos = await startFixtureServer({}, 0, { "/photos": "tests/fixtures/photos" });
  // Only the two officials of this file are in office, so each run asks for their portraits alone.
  await db.official.updateMany({ data: { isActive: false } });
  const governor = await db.official.findFirstOrThrow({ where: { office: "Governor", state: { abbreviation: "WA" } } });
  await db.official.update({ where: { id: governor.id }, data: { isActive: true, photoUrl: WA_PORTRAIT } });
  governorId = governor.id;
  const member = await db.official.update({ where: { bioguideId: "C000127" }, data: { isActive: true } });
  memberId = member.id;
});
afterAll(() => photos.close());

/** The photo step with these sources; what it reports as item failures is returned with its counts. */
async function run(sources: { congressPhotos?: string; governorPhotos?: string }) {
  const failures: { kind: ItemKind; sentence: string }[] = [];
  const counts = await importPhotos(
    testJobContext(db, {
      sources: { congressPhotos: `${photos.url}/photos`, ...sources },
      itemFailed: (kind, sentence) => failures.push({ kind, sentence }),
    }),
  );
  return { counts, failures };
}
const photoOf = (officialId: number) => db.officialPhoto.findUnique({ where: { officialId } });

describe("governors' portraits", () => {
  test("GOVERNOR_PHOTOS_URL: unset, the address in the data; set, {base}/{host}{path} of it", () => {
    expect(governorPhotoSource(WA_PORTRAIT, undefined)).toBe(WA_PORTRAIT);
    expect(governorPhotoSource(WA_PORTRAIT, "http://127.0.0.1:4000/governor-photos/")).toBe(
      "http://127.0.0.1:4000/governor-photos/governor.wa.gov/sites/default/files/styles/max_650x650/public/2025-01/Bob%20Bio%20Headshot.JPG",
    );
    expect(jobSources(parseEnv({ NODE_ENV: "test", GOVERNOR_PHOTOS_URL: "http://127.0.0.1:4000/g" })).governorPhotos).toBe(
      "http://127.0.0.1:4000/g",
    );
    expect(jobSources(parseEnv({ NODE_ENV: "test" })).governorPhotos).toBeUndefined();
  });

  test("unset, the governor's own address is asked (outside this machine under test: a failure, nothing stored)", async () => {
    const { counts, failures } = await run({});
    expect(counts).toMatchObject({ stored: 1, failed: 1 }); // the member's portrait, not the governor's
    expect(failures).toEqual([
      {
        kind: { failed: "photos not available", of: 2 },
        sentence: expect.stringMatching(
          /^Photo of .+ not stored: https:\/\/governor\.wa\.gov\/.+: outside requests are off under NODE_ENV=test$/,
        ),
      },
    ]);
    expect(await photoOf(governorId)).toBeNull();
  });

  test("set, the portrait is served from the local server and stored", async () => {
    photos.routes["/governor-photos/governor.wa.gov/sites/default/files/styles/max_650x650/public/2025-01/Bob%20Bio%20Headshot.JPG"] = {
      file: "tests/fixtures/photos/governor-wa.jpg",
    };
    const { counts, failures } = await run({ governorPhotos: `${photos.url}/governor-photos` });
    expect(failures).toEqual([]);
    expect(counts).toMatchObject({ stored: 1, failed: 0, unchanged: 1 });
    const stored = await photoOf(governorId);
    expect(stored?.sourceUrl).toBe(governorPhotoSource(WA_PORTRAIT, `${photos.url}/governor-photos`));
    expect(await sharp(Buffer.from(stored!.jpeg240)).metadata()).toMatchObject({ format: "jpeg", width: 240, height: 240 });
  });
});

describe("what is stored", () => {
  test("a web page at a photo address is not stored: the photo stored before stays, and the failure says what came", async () => {
    const before = await photoOf(memberId);
    expect(before).not.toBeNull();
    // The collection moves, and its new host answers an HTML page (a sign-in wall, an error page) with 200.
    const moved = await startFixtureServer({
      "/photos/C000127.jpg": { body: "<!doctype html><title>Please sign in</title>", type: "text/html; charset=utf-8" },
    });
    try {
      const { counts, failures } = await run({ congressPhotos: `${moved.url}/photos`, governorPhotos: `${photos.url}/governor-photos` });
      expect(counts).toMatchObject({ stored: 0, failed: 1 });
      expect(failures.map((f) => f.sentence)).toEqual([
        expect.stringMatching(
          new RegExp(`^Photo of .+ not stored: ${moved.url}/photos/C000127\\.jpg: the answer is a web page \\(text/html\\), not an image$`),
        ),
      ]);
      expect(await photoOf(memberId)).toEqual(before);
    } finally {
      await moved.close();
    }
  });

  test("bytes that are no image at all are not stored either, and a missing photo keeps the one stored before", async () => {
    const before = await photoOf(memberId);
    const broken = await startFixtureServer({
      "/photos/C000127.jpg": { body: "\u00ff\u00d8 not really a JPEG", type: "image/jpeg" },
    });
    try {
      const { failures } = await run({ congressPhotos: `${broken.url}/photos`, governorPhotos: `${photos.url}/governor-photos` });
      expect(failures.map((f) => f.sentence)).toEqual([
        expect.stringMatching(/C000127\.jpg: the answer is not an image that can be read \(image\/jpeg\)$/),
      ]);
      delete broken.routes["/photos/C000127.jpg"];
      const missing = await run({ congressPhotos: `${broken.url}/photos`, governorPhotos: `${photos.url}/governor-photos` });
      expect(missing.failures.map((f) => f.sentence)).toEqual([
        expect.stringMatching(/C000127\.jpg: HTTP 404, no such page at the source$/),
      ]);
      expect(await photoOf(memberId)).toEqual(before);
    } finally {
      await broken.close();
    }
  });
});
