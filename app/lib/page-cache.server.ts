// Rendered public pages shared by visitors without a session (decision 0020).
// A page is kept per URL and theme, tagged with the public data's version read before it was
// rendered; it is served again only while that version is current and for at most MAX_AGE_MS
// (relative dates such as "verified 5 months ago" move on). The CSP nonce is never shared: the
// page is kept in parts split where the nonce was and each answer gets its own between them.
// Its gzip form is kept the same way: each part compressed ending on a byte boundary, so the
// parts, a freshly compressed nonce between them and a final empty block form one valid deflate
// stream (RFC 1951 §3.2.3; RFC 1952 for the wrapper). A part may refer back into the parts before
// it (deflatedParts), so the page compresses as well as in one piece.
import zlib from "node:zlib";
import { env } from "~/env.server";
import { publicDataVersion } from "~/models/public-data.server";

/**
 * The pages and the API that read only public data, each raising the version when it changes: the
 * ZIP lookup's GET (ZipCode rows), the change history (FieldUpdate rows), the district pages and
 * the search call (officials, states, terms).
 */
const SHARED_PATHS = [
  /^\/$/,
  /^\/state\/[^/]+$/,
  /^\/representative\/[^/]+$/,
  /^\/district\/[^/]+$/,
  /^\/find$/,
  /^\/changes$/,
  /^\/our-mission$/,
  /^\/api\/representatives$/,
  /^\/api\/search$/,
];
/** The one cookie a shared page may depend on; it is part of the key. */
const THEME_COOKIE = /^theme=(light|dark)$/;
const MAX_AGE_MS = 5 * 60 * 1000;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/**
 * How long visitors wait for another visitor's rendering of the same page before rendering their
 * own: a rendering whose visitor went away may never finish its body, and nobody waits on it.
 */
const WAIT_MS = 3_000;

type Entry = {
  version: number;
  storedAt: number;
  status: number;
  headers: [string, string][];
  /** The body split where the nonce was. */
  parts: Buffer[];
  /** The parts deflated (deflatedParts), for the requests that accept gzip. */
  deflated: Buffer[];
  /** The length of the nonce the page was rendered with: the deflated parts fit only a nonce this long. */
  nonceLength: number;
  /** The whole gzip body of a page without a nonce (JSON): the same for everyone, so made once. */
  gzipped?: Buffer[];
  bytes: number;
};

/** What a request for a page is shared by. */
type Asked = { method: string; url: URL; cookie: string | null | undefined };

/**
 * The key a request's page is shared under, or null when it must be rendered for this visitor
 * alone: anything but GET, a path outside SHARED_PATHS, or any cookie but the theme (a session,
 * a toast, or whatever a later feature adds).
 */
export function sharedKey({ method, url: asked, cookie }: Asked): string | null {
  if (method !== "GET") return null;
  if (!SHARED_PATHS.some((path) => path.test(asked.pathname))) return null;
  const url = new URL(asked);
  const cookies = (cookie ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter(Boolean);
  if (cookies.length > 1 || (cookies.length === 1 && !THEME_COOKIE.test(cookies[0]))) return null;
  const theme = cookies[0]?.split("=")[1] ?? "system";
  url.searchParams.sort();
  return `${theme} ${url.pathname}${url.search}`;
}

/** Only a plain success may be shared: no cookie set, nothing private, HTML or JSON. */
function shareable(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    !/private|no-store/i.test(response.headers.get("Cache-Control") ?? "") &&
    /^(text\/html|application\/json)/.test(type)
  );
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]); // deflate, no name, no time, unknown OS
const FINAL_BLOCK = Buffer.from([0x03, 0x00]); // an empty last block
/** Deflated on its own, ending on a byte boundary with nothing after it depending on it. */
const deflatePart = (data: Buffer) => zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_FULL_FLUSH });
/** How far back deflate refers (RFC 1951 §2). */
const WINDOW_BYTES = 32 * 1024;

/**
 * The parts deflated in turn, each with what comes before it as its preset history, so it may
 * refer back into earlier parts the way one stream would. In that history a placeholder of NUL
 * bytes as long as the nonce stands where each nonce will be, so the distances stay right for any
 * nonce of that length; no part contains a NUL byte, so no reference copies from a placeholder.
 * (A page that does contain one gets its parts deflated each on its own.)
 */
function deflatedParts(parts: Buffer[], nonceLength: number): Buffer[] {
  if (parts.some((part) => part.includes(0))) return parts.map(deflatePart);
  const placeholder = Buffer.alloc(nonceLength);
  let history = Buffer.alloc(0);
  return parts.map((part) => {
    const deflated = zlib.deflateRawSync(part, {
      finishFlush: zlib.constants.Z_FULL_FLUSH,
      ...(history.length > 0 && { dictionary: history }),
    });
    history = Buffer.concat([history, part, placeholder]).subarray(-WINDOW_BYTES);
    return deflated;
  });
}

/** The parts with the nonce between each two. */
function interleave(parts: Buffer[], nonce: Buffer): Buffer[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part]));
}

/** The gzip body of an entry with this nonce, from its kept deflated parts, in pieces. */
function gzipBody(entry: Entry, nonce: Buffer): Buffer[] {
  if (entry.gzipped) return entry.gzipped;
  let crc = 0;
  let length = 0;
  for (const piece of interleave(entry.parts, nonce)) {
    crc = zlib.crc32(piece, crc);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const deflatedNonce = deflatePart(nonce);
  const body = [GZIP_HEADER, ...interleave(entry.deflated, deflatedNonce), FINAL_BLOCK, trailer];
  if (entry.parts.length === 1) entry.gzipped = body;
  return body;
}

/** A kept page as the server sends it, the body in pieces to write one after the other: gzip-encoded when the request accepts it. */
export type KeptAnswer = { status: number; headers: [string, string][]; body: Buffer[] | null };

export function createPageCache({
  version: versionOf,
  now = Date.now,
  maxBytes = MAX_BYTES,
}: {
  version: () => number;
  now?: () => number;
  maxBytes?: number;
}) {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let bytes = 0;
  const drop = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };

  function answer(entry: Entry, ifNoneMatch: string | null | undefined, nonce: string, gzip: boolean): KeptAnswer {
    const etag = entry.headers.find(([name]) => name.toLowerCase() === "etag")?.[1];
    if (etag && ifNoneMatch?.split(",").some((t) => t.trim() === etag)) return { status: 304, headers: entry.headers, body: null };
    const nonceBytes = Buffer.from(nonce);
    if (!gzip || nonceBytes.length !== entry.nonceLength)
      return { status: entry.status, headers: entry.headers, body: interleave(entry.parts, nonceBytes) };
    const body = gzipBody(entry, nonceBytes);
    const headers: [string, string][] = [...entry.headers, ["Content-Encoding", "gzip"], ["Vary", "Accept-Encoding"]];
    return { status: entry.status, headers, body };
  }

  const asResponse = ({ status, headers, body }: KeptAnswer) =>
    new Response(body && new Uint8Array(Buffer.concat(body)), { status, headers });

  function store(key: string, entry: Entry) {
    if (entry.bytes > MAX_PAGE_BYTES) return;
    drop(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /** Renders and keeps the page; visitors asking for it meanwhile wait for this one rendering (at most WAIT_MS). */
  async function renderOnce(
    key: string,
    version: number,
    request: Request,
    nonce: string,
    render: () => Promise<Response>,
  ): Promise<Response> {
    let settle!: (entry: Entry | null) => void;
    const settled = new Promise<Entry | null>((resolve) => (settle = resolve));
    rendering.set(key, settled);
    const release = () => {
      settle(null);
      if (rendering.get(key) === settled) rendering.delete(key);
    };
    const timer = setTimeout(release, WAIT_MS);
    request.signal.addEventListener("abort", release, { once: true });
    try {
      const response = await render();
      if (!shareable(response)) {
        settle(null);
        return response;
      }
      const body = await response.text();
      const parts = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part));
      const nonceLength = Buffer.byteLength(nonce);
      const deflated = deflatedParts(parts, nonceLength);
      const entry: Entry = {
        version,
        storedAt: now(),
        status: response.status,
        headers: [...response.headers],
        parts,
        deflated,
        nonceLength,
        bytes: [...parts, ...deflated].reduce((sum, part) => sum + part.length, 0),
      };
      store(key, entry);
      settle(entry);
      return new Response(body, { status: response.status, headers: response.headers });
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", release);
      if (rendering.get(key) === settled) rendering.delete(key);
    }
  }

  const current = (entry: Entry | null | undefined, version: number): entry is Entry =>
    Boolean(entry && entry.version === version && now() - entry.storedAt < MAX_AGE_MS);

  /** The public data's version, or null when it cannot be read (then nothing is shared). */
  function readVersion(): number | null {
    try {
      return versionOf();
    } catch (error) {
      console.warn("Reading the public data version failed; rendering without the cache:", error);
      return null;
    }
  }

  /** The kept entry for a shared key while it is current, or null. */
  function currentEntry(key: string, version: number): Entry | null {
    const kept = entries.get(key);
    if (!current(kept, version)) return null;
    entries.delete(key); // most recently used last
    entries.set(key, kept);
    return kept;
  }

  return {
    /**
     * The answer to a request whose page is kept and current, ready to send; null when it must go
     * through the app (not shared, not kept yet, or the data changed). The server asks this first,
     * before it builds a Request for Remix.
     */
    kept(asked: Asked & { ifNoneMatch?: string | null; gzip: boolean }, nonce: string): KeptAnswer | null {
      // A HEAD asks for the GET's status and headers; the server sends them without the body.
      const key = sharedKey(asked.method === "HEAD" ? { ...asked, method: "GET" } : asked);
      const version = key === null ? null : readVersion();
      const entry = key !== null && version !== null && currentEntry(key, version);
      return entry ? answer(entry, asked.ifNoneMatch, nonce, asked.gzip) : null;
    },

    /** The page for `request`: shared when it may be, otherwise (and the first time) from `render`. */
    async render(request: Request, nonce: string, render: () => Promise<Response>): Promise<Response> {
      const key = sharedKey({ method: request.method, url: new URL(request.url), cookie: request.headers.get("Cookie") });
      const version = key === null ? null : readVersion();
      if (key === null || version === null) return render();
      const ifNoneMatch = request.headers.get("If-None-Match");
      const kept = currentEntry(key, version);
      if (kept) return asResponse(answer(kept, ifNoneMatch, nonce, false));
      const inFlight = rendering.get(key);
      if (inFlight) {
        const entry = await inFlight;
        return current(entry, version) ? asResponse(answer(entry, ifNoneMatch, nonce, false)) : render();
      }
      return renderOnce(key, version, request, nonce, render);
    },
  };
}

const pageCache =
  env().NODE_ENV === "development"
    ? { kept: () => null, render: (_request: Request, _nonce: string, render: () => Promise<Response>) => render() }
    : createPageCache({ version: publicDataVersion });

/** The server's cache (server.ts asks it first, then wraps the Remix handler with it); off in development, where code changes. */
export const keptAnswer = pageCache.kept;
export const cachedRender = pageCache.render;
