// The back office's second pass, as staff meet it, with JavaScript on and off: the representative
// page shows the stored photo, the crawler page tells a finished run by its own words, ownership is
// transferred with a typed confirmation, and an unsubscribed lead is never re-subscribed by staff.
import { readFileSync } from "node:fs";
import { db } from "~/db.server";
import { photoHash, photoVariants } from "~/jobs/official-photos.server";
import { savePhoto } from "~/models/official-photos.server";
import { createAccount, createOfficial, expect, test } from "./fixtures";

test("the staff representative page shows the official's stored photo", async ({ page, signInAs, visit }) => {
  const official = await createOfficial();
  // A real portrait with bytes after its end marker that make its hash this test's own.
  const original = Buffer.concat([readFileSync("tests/fixtures/photos/C000127.jpg"), Buffer.from(`${official.id}`)]);
  const hash = photoHash(original);
  await savePhoto(db, official.id, {
    sourceUrl: "https://example.org/p.jpg",
    hash,
    fetchedAt: new Date(),
    variants: await photoVariants(original),
  });
  await signInAs((await createAccount({ role: "moderator" })).email);
  await visit(`/admin/representative-detail/${official.id}`);
  const portrait = page.locator("main header img");
  await expect(portrait).toHaveAttribute("src", new RegExp(hash));
  const served = await page.request.get((await portrait.getAttribute("src"))!);
  expect([served.status(), served.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
});
