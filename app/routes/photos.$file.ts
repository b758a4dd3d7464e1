// GET /photos/{hash}-{120|240}.{webp|jpg}: an official's stored portrait (app/models/official-photos.server.ts).
// The address changes whenever the photo does, so browsers and proxies may keep it for a year.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { PHOTO_FILE, type PhotoWidth } from "~/lib/photos";
import { photoBytes } from "~/models/official-photos.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const match = PHOTO_FILE.exec(params.file ?? "");
  const bytes = match && (await photoBytes(db, match[1], Number(match[2]) as PhotoWidth, match[3] as "webp" | "jpg"));
  if (!bytes) return new Response("No photo has this address.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(bytes, {
    headers: {
      "Content-Type": match[3] === "webp" ? "image/webp" : "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
