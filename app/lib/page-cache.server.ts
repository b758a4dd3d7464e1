// Rendered public pages shared by visitors without a session (issue 13 item 14, decision 0020).
// A page is kept per URL and theme, tagged with the public data's version read before it was
// rendered; it is served again only while that version is current and for at most MAX_AGE_MS
// (relative dates such as "verified 5 months ago" move on). The CSP nonce is never shared: the
// page is kept with a placeholder where the nonce was and each answer gets its own.
import { env } from "~/env.server";
import { publicDataVersion } from "~/models/public-data.server";

/** The pages and the API that read only public data. */
const SHARED_PATHS = [/^\/$/, /^\/state\/[^/]+$/, /^\/representative\/[^/]+$/, /^\/our-mission$/, /^\/api\/representatives$/];
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

type Entry = { version: number; storedAt: number; status: number; headers: [string, string][]; parts: string[]; bytes: number };

/**
 * The key a request's page is shared under, or null when it must be rendered for this visitor
 * alone: anything but GET, a path outside SHARED_PATHS, or any cookie but the theme (a session,
 * a toast, or whatever a later feature adds).
 */
export function sharedKey(request: Request): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!SHARED_PATHS.some((path) => path.test(url.pathname))) return null;
  const cookies = (request.headers.get("Cookie") ?? "")
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

export function createPageCache({ version: versionOf, now = Date.now }: { version: () => number; now?: () => number }) {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let bytes = 0;
  const drop = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };

  function answer(entry: Entry, request: Request, nonce: string): Response {
    const headers = new Headers(entry.headers);
    const etag = headers.get("ETag");
    const match = request.headers.get("If-None-Match");
    if (etag && match?.split(",").some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });
    return new Response(entry.parts.join(nonce), { status: entry.status, headers });
  }

  function store(key: string, entry: Entry) {
    if (entry.bytes > MAX_PAGE_BYTES) return;
    drop(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= MAX_BYTES) break;
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
      const entry = {
        version,
        storedAt: now(),
        status: response.status,
        headers: [...response.headers],
        parts: nonce ? body.split(nonce) : [body],
        bytes: body.length * 2,
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

  /** The page for `request`: shared when it may be, otherwise (and the first time) from `render`. */
  return async function cachedRender(request: Request, nonce: string, render: () => Promise<Response>): Promise<Response> {
    const key = sharedKey(request);
    if (!key) return render();
    let version: number;
    try {
      version = versionOf();
    } catch (error) {
      console.warn("Reading the public data version failed; rendering without the cache:", error);
      return render();
    }
    const kept = entries.get(key);
    if (current(kept, version)) {
      entries.delete(key); // most recently used last
      entries.set(key, kept);
      return answer(kept, request, nonce);
    }
    const inFlight = rendering.get(key);
    if (inFlight) {
      const entry = await inFlight;
      return current(entry, version) ? answer(entry, request, nonce) : render();
    }
    return renderOnce(key, version, request, nonce, render);
  };
}

/** The server's cache (server.ts wraps the Remix handler with it); off in development, where code changes. */
export const cachedRender =
  env().NODE_ENV === "development"
    ? (_request: Request, _nonce: string, render: () => Promise<Response>) => render()
    : createPageCache({ version: publicDataVersion });
