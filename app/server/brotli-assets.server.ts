// The build's assets in brotli for browsers that accept it: each JavaScript, CSS and SVG file has a
// twin made at build time (scripts/precompress-assets.ts), about a fifth smaller than gzip. The
// request is pointed at the twin before the static files answer; everything else (ranges, ETags,
// the year-long cache) is theirs.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler, Response } from "express";

/** The URL paths under `dir` that have a brotli twin, read once at start. */
function twinsIn(dir: string): Set<string> {
  try {
    const names = readdirSync(dir, { recursive: true, encoding: "utf8" });
    return new Set(names.filter((name) => name.endsWith(".br")).map((name) => `/${name.slice(0, -3).split(path.sep).join("/")}`));
  } catch {
    return new Set(); // no build yet
  }
}

/** Sends a request for an asset with a twin to the twin, when the browser accepts brotli. */
export function brotliTwins(dir: string): RequestHandler {
  const twins = twinsIn(dir);
  return (req, res, next) => {
    const wanted = (req.method === "GET" || req.method === "HEAD") && twins.has(req.path);
    if (wanted) res.vary("Accept-Encoding");
    if (wanted && req.acceptsEncodings("br") === "br") req.url = `${req.path}.br`;
    next();
  };
}

/** The static files' setHeaders: a twin is its original's type, brotli-encoded. */
export function brotliHeaders(res: Response, file: string) {
  if (!file.endsWith(".br")) return;
  res.setHeader("Content-Encoding", "br");
  res.type(path.extname(file.slice(0, -3)));
}
