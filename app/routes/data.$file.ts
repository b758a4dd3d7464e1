// GET /data/{file}: one open data download (app/models/open-data.server.ts), streamed from its file
// on disk. Its ETag is the file's SHA-256 and Last-Modified the time it was generated, so a repeat
// download of unchanged data is a 304. GET and HEAD only (server.ts answers 405 to other methods:
// this route has no action); an unknown name is a 404.
import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { DOWNLOAD_FILES } from "~/lib/open-data";
import { currentOpenData, openDataPath } from "~/models/open-data.server";

const notFound = () =>
  new Response("No download has this name: see /data for the list.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

const contentType = (file: string) =>
  file.endsWith(".csv") ? "text/csv; charset=utf-8; header=present" : "application/json; charset=utf-8";

/** Whether the client's copy is current: If-None-Match decides when sent, else If-Modified-Since. */
function notModified(request: Request, etag: string, lastModified: Date) {
  const match = request.headers.get("If-None-Match");
  if (match !== null) return match.split(",").some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}` || tag.trim() === "*");
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!DOWNLOAD_FILES.includes(file)) return notFound();
  const manifest = await currentOpenData(db);
  const info = manifest.files[file];
  const lastModified = new Date(manifest.generatedAt);
  const headers = new Headers({
    ETag: `"${info.hash.slice(0, 32)}"`,
    "Last-Modified": lastModified.toUTCString(),
    // Shared caches may keep it, but must ask again before each use: the data changes nightly.
    "Cache-Control": "public, no-cache",
    "Content-Type": contentType(file),
    "Content-Disposition": `inline; filename="${file}"`,
  });
  if (notModified(request, headers.get("ETag")!, lastModified)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(info.bytes));
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(createReadableStreamFromReadable(createReadStream(openDataPath(manifest, file))), { headers });
}
