// Rendered public pages shared by visitors without a session (decision 0020).
// A page is kept per URL and theme, tagged with the public data's version read before it was
// rendered; it is served again only while that version is current and for at most MAX_AGE_MS
// (relative dates such as "verified 5 months ago" move on). The CSP nonce is never shared: the
// page is kept in parts split where the nonce was and each answer gets its own between them.
// Its gzip form is kept the same way: each part compressed ending on a byte boundary, so the
// parts, a freshly compressed nonce between them and a final empty block form one valid deflate
// stream (RFC 1951 §3.2.3; RFC 1952 for the wrapper). A part may refer back into the parts before
// it (deflatedParts), so the page compresses as well as in one piece.
//
// The home page of a signed-in visitor is kept too, as a template that never holds a real person's
// values: it is rendered for a stand-in of the visitor whose personal fields are placeholders, and
// each visitor's own values are put in their place, encoded for where each stands (HTML, or the
// loader data's script). It is kept per role, per which personal fields are empty and per profile
// ZIP, the only things of a visitor that change what the page shows other than those values.
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { renderAsStandIn, userOfCookie, type CurrentUser } from "~/auth/session.server";
import { env } from "~/env.server";
import { PRIVATE_NO_STORE, SESSION_COOKIE_NAME } from "~/lib/private-responses";
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
/**
 * The pages kept as templates for signed-in visitors: their loaders read the visitor only through
 * getUser, and show its fields as they are (tests/integration/page-cache.test.ts compares each
 * with a fresh render for awkward names).
 */
const PERSONAL_PATHS = [/^\/$/];
/** The one cookie a shared page may depend on; it is part of the key. */
const THEME_COOKIE = /^theme=(light|dark)$/;
const SESSION_COOKIE = new RegExp(`^${SESSION_COOKIE_NAME}=`);
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
  /** The body split where the nonce was (and, in a template, where each placeholder was). */
  parts: Buffer[];
  /** A template's holes between its parts, in order; none in a shared page, whose holes are all the nonce. */
  holes?: Hole[];
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
export function sharedKey({ method, url, cookie }: Asked): string | null {
  if (method !== "GET") return null;
  if (!SHARED_PATHS.some((path) => path.test(url.pathname))) return null;
  const cookies = cookiesOf(cookie);
  if (cookies.length > 1 || (cookies.length === 1 && !THEME_COOKIE.test(cookies[0]))) return null;
  const theme = cookies[0]?.split("=")[1] ?? "system";
  return `${theme} ${pageOf(url)}`;
}

/** A Cookie header's cookies, each "name=value". */
const cookiesOf = (cookie: string | null | undefined) =>
  (cookie ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter(Boolean);

/** The path and the query, sorted: one page however its parameters are ordered. */
function pageOf(url: URL): string {
  const sorted = new URL(url);
  sorted.searchParams.sort();
  return `${sorted.pathname}${sorted.search}`;
}

/**
 * Whether a request is for a page kept as a template for signed-in visitors: a GET of one of
 * PERSONAL_PATHS carrying a session cookie and nothing but the theme besides. Its theme, or null.
 */
export function personalPage({ method, url, cookie }: Asked): string | null {
  if (method !== "GET" || !PERSONAL_PATHS.some((path) => path.test(url.pathname))) return null;
  const cookies = cookiesOf(cookie);
  const session = cookies.filter((c) => SESSION_COOKIE.test(c));
  const theme = cookies.filter((c) => THEME_COOKIE.test(c));
  if (session.length !== 1 || theme.length > 1 || session.length + theme.length !== cookies.length) return null;
  return theme[0]?.split("=")[1] ?? "system";
}

/** A visitor's own values a template leaves holes for: the text fields of getUser's answer. */
const PERSONAL_FIELDS = ["id", "email", "firstName", "lastName", "profileImageUrl", "initial", "avatarHash"] as const;
type PersonalField = (typeof PERSONAL_FIELDS)[number];
type Hole = "nonce" | { field: PersonalField; inScript: boolean };
/** Placeholders no page can hold otherwise: a random prefix of this process, the field, an end mark. */
const PLACEHOLDER = `tpl${randomBytes(8).toString("hex")}`;
const placeholder = (field: PersonalField) => `${PLACEHOLDER}${field}_`;
const PLACEHOLDERS = new RegExp(`${PLACEHOLDER}(${PERSONAL_FIELDS.join("|")})_`);
/** Where the page's loader data begins: Remix writes it into scripts after the HTML. */
const LOADER_DATA = "window.__remixContext.streamController.enqueue(";

const personalValues = (user: CurrentUser): Record<PersonalField, string | null> => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profileImageUrl: user.profileImageUrl,
  initial: user.initial,
  avatarHash: user.avatarHash,
});

/** The visitor with a placeholder for each personal value they have: what a template is rendered for. */
function standIn(user: CurrentUser): CurrentUser {
  const values = personalValues(user);
  const held = (field: PersonalField) => (values[field] ? placeholder(field) : values[field]);
  return {
    ...user,
    id: placeholder("id"),
    email: placeholder("email"),
    firstName: held("firstName"),
    lastName: held("lastName"),
    profileImageUrl: held("profileImageUrl"),
    initial: placeholder("initial"),
    avatarHash: held("avatarHash"),
  };
}

/** The template a visitor's page is kept under: everything of theirs that changes the page other than their values. */
function templateKey(theme: string, url: URL, user: CurrentUser): string {
  const values = personalValues(user);
  const empty = PERSONAL_FIELDS.map((field) => (values[field] ? 1 : 0)).join("");
  return `signed-in ${theme} ${user.role} ${empty} ${JSON.stringify(user.zipCode)} ${pageOf(url)}`;
}

/** React's escape for text and attribute values. */
const htmlEscaped = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
/**
 * A string inside Remix's loader-data script: a JSON string (turbo-stream) inside a JSON string
 * (the enqueue call), then Remix's script escape.
 */
const scriptEscaped = (value: string) =>
  JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * A rendered template in parts and holes, or null when a placeholder shows in some other form (a
 * value worked out from it in the page): then no visitor's page can be made from it.
 */
function templateOf(body: string, nonce: string): { parts: Buffer[]; holes: Hole[] } | null {
  const dataAt = body.indexOf(LOADER_DATA);
  const literal = nonce.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const holeAt = new RegExp(nonce ? `${literal}|${PLACEHOLDERS.source}` : PLACEHOLDERS.source, "g");
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  let from = 0;
  for (const match of body.matchAll(holeAt)) {
    parts.push(Buffer.from(body.slice(from, match.index)));
    holes.push(match[1] ? { field: match[1] as PersonalField, inScript: dataAt >= 0 && match.index >= dataAt } : "nonce");
    from = match.index + match[0].length;
  }
  parts.push(Buffer.from(body.slice(from)));
  return parts.some((part) => part.includes(PLACEHOLDER)) ? null : { parts, holes };
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
function deflatedParts(parts: Buffer[], nonceLength: number, holes?: Hole[]): Buffer[] {
  if (parts.some((part) => part.includes(0))) return parts.map(deflatePart);
  const placeholder = Buffer.alloc(nonceLength);
  let history = Buffer.alloc(0);
  return parts.map((part, i) => {
    const deflated = zlib.deflateRawSync(part, {
      finishFlush: zlib.constants.Z_FULL_FLUSH,
      ...(history.length > 0 && { dictionary: history }),
    });
    // A template's personal value varies in length, so the part after it refers back to nothing before it.
    const personalNext = holes?.[i] !== undefined && holes[i] !== "nonce";
    history = personalNext ? Buffer.alloc(0) : Buffer.concat([history, part, placeholder]).subarray(-WINDOW_BYTES);
    return deflated;
  });
}

/** The parts with the nonce between each two. */
function interleave(parts: Buffer[], nonce: Buffer): Buffer[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part]));
}

/** A gzip body in pieces: the plain pieces, given each one deflated on its own and ending on a byte boundary. */
function gzipped(pieces: Buffer[], deflatedPieces: Buffer[]): Buffer[] {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = zlib.crc32(piece, crc);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return [GZIP_HEADER, ...deflatedPieces, FINAL_BLOCK, trailer];
}

/** The gzip body of an entry with this nonce, from its kept deflated parts, in pieces. */
function gzipBody(entry: Entry, nonce: Buffer): Buffer[] {
  if (entry.gzipped) return entry.gzipped;
  const body = gzipped(interleave(entry.parts, nonce), interleave(entry.deflated, deflatePart(nonce)));
  if (entry.parts.length === 1) entry.gzipped = body;
  return body;
}

/**
 * A template's page for one visitor, gzip-encoded when asked: their nonce and their own values in
 * its holes, each hole's text deflated on its own (deflatedParts says how the parts were).
 */
function filledAnswer(entry: Entry, nonce: string, user: CurrentUser, gzip: boolean): KeptAnswer {
  const { parts, holes = [], deflated, headers } = entry;
  const values = personalValues(user);
  const texts = holes.map((hole) => (hole === "nonce" ? nonce : (hole.inScript ? scriptEscaped : htmlEscaped)(values[hole.field] ?? "")));
  // Each different text made into bytes (and deflated) once: the nonce fills most holes.
  const bytes = new Map(texts.map((text) => [text, Buffer.from(text)]));
  const pieces = parts.flatMap((part, i) => (i === 0 ? [part] : [bytes.get(texts[i - 1])!, part]));
  if (!gzip || Buffer.byteLength(nonce) !== entry.nonceLength) return { status: 200, headers, body: pieces };
  const deflatedTexts = new Map([...bytes].map(([text, piece]) => [text, deflatePart(piece)]));
  const deflatedPieces = deflated.flatMap((part, i) => (i === 0 ? [part] : [deflatedTexts.get(texts[i - 1])!, part]));
  return {
    status: 200,
    headers: [...headers, ["Content-Encoding", "gzip"], ["Vary", "Accept-Encoding"]],
    body: gzipped(pieces, deflatedPieces),
  };
}

/** A kept page as the server sends it, the body in pieces to write one after the other: gzip-encoded when the request accepts it. */
export type KeptAnswer = { status: number; headers: [string, string][]; body: Buffer[] | null };

export function createPageCache({
  version: versionOf,
  now = Date.now,
  maxBytes = MAX_BYTES,
  visitor = async () => null,
  asStandIn = (_user, render) => render(),
}: {
  version: () => number;
  now?: () => number;
  maxBytes?: number;
  /** The signed-in visitor of a request's Cookie header, or null. */
  visitor?: (cookie: string | null) => Promise<CurrentUser | null>;
  /** Renders with loaders that see this stand-in as the signed-in visitor. */
  asStandIn?: (standIn: CurrentUser, render: () => Promise<Response>) => Promise<Response>;
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

  /** The kept entry of a rendered page, or null when it may not be kept. */
  function sharedEntry(response: Response, body: string, nonce: string, version: number): Entry | null {
    if (!shareable(response)) return null;
    const parts = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part));
    const nonceLength = Buffer.byteLength(nonce);
    const deflated = deflatedParts(parts, nonceLength);
    return {
      version,
      storedAt: now(),
      status: response.status,
      headers: [...response.headers],
      parts,
      deflated,
      nonceLength,
      bytes: [...parts, ...deflated].reduce((sum, part) => sum + part.length, 0),
    };
  }

  /**
   * A rendered template's entry, or null: only a plain HTML success (private, as every signed-in
   * answer is) setting no cookie, whose placeholders all show as they are.
   */
  function templateEntry(response: Response, body: string, nonce: string, version: number): Entry | null {
    const plain = response.status === 200 && !response.headers.has("Set-Cookie");
    const template = plain && /^text\/html/.test(response.headers.get("Content-Type") ?? "") ? templateOf(body, nonce) : null;
    if (!template) return null;
    const { parts, holes } = template;
    const nonceLength = Buffer.byteLength(nonce);
    const deflated = deflatedParts(parts, nonceLength, holes);
    const bytes = [...parts, ...deflated].reduce((sum, part) => sum + part.length, 0);
    // Answered before the server's own rules run (keptPersonal), so it says itself that it is private.
    const headers: [string, string][] = [
      ...[...response.headers].filter(([name]) => name !== "cache-control"),
      ["Cache-Control", PRIVATE_NO_STORE],
    ];
    return { version, storedAt: now(), status: 200, headers, parts, holes, deflated, nonceLength, bytes };
  }

  /**
   * Renders the page and keeps it as `keep` makes it; visitors asking for it meanwhile wait for this
   * one rendering (at most WAIT_MS). The response is the page as rendered, the entry what was kept.
   */
  async function renderOnce(
    key: string,
    version: number,
    request: Request,
    nonce: string,
    render: () => Promise<Response>,
    keep: (response: Response, body: string, nonce: string, version: number) => Entry | null,
  ): Promise<{ response: Response; entry: Entry | null }> {
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
      // A page that is no 200 is never kept, so its body is passed on as it streams.
      if (response.status !== 200) {
        settle(null);
        return { response, entry: null };
      }
      const body = await response.text();
      const entry = keep(response, body, nonce, version);
      if (entry) store(key, entry);
      settle(entry);
      return { response: new Response(body, { status: response.status, headers: response.headers }), entry };
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", release);
      if (rendering.get(key) === settled) rendering.delete(key);
    }
  }

  /**
   * A signed-in visitor's page of PERSONAL_PATHS (`theme` is not null) from its template, which is
   * rendered for a stand-in when there is none; any other page, and any page whose template cannot
   * be kept, is rendered for the visitor.
   */
  async function personalRender(request: Request, theme: string | null, nonce: string, render: () => Promise<Response>) {
    const version = theme === null ? null : readVersion();
    const user = version === null ? null : await visitor(request.headers.get("Cookie"));
    if (theme === null || version === null || !user) return render();
    const key = templateKey(theme, new URL(request.url), user);
    const filled = (entry: Entry) => asResponse(filledAnswer(entry, nonce, user, false));
    const kept = currentEntry(key, version) ?? (await rendering.get(key));
    if (current(kept, version) && kept.holes) return filled(kept);
    const { response, entry } = await renderOnce(key, version, request, nonce, () => asStandIn(standIn(user), render), templateEntry);
    if (entry) return filled(entry);
    await response.body?.cancel();
    return render();
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

    /**
     * A signed-in visitor's page from its kept template, ready to send; null when it must go
     * through the app. Like `kept`, asked before the server's other work (one session lookup).
     */
    async keptPersonal(asked: Asked & { gzip: boolean }, nonce: string): Promise<KeptAnswer | null> {
      const theme = personalPage(asked);
      const version = theme === null ? null : readVersion();
      const user = version === null ? null : await visitor(asked.cookie ?? null);
      const entry = theme !== null && version !== null && user ? currentEntry(templateKey(theme, asked.url, user), version) : null;
      return entry?.holes && user ? filledAnswer(entry, nonce, user, asked.gzip) : null;
    },

    /** The page for `request`: shared when it may be, otherwise (and the first time) from `render`. */
    async render(request: Request, nonce: string, render: () => Promise<Response>): Promise<Response> {
      const asked = { method: request.method, url: new URL(request.url), cookie: request.headers.get("Cookie") };
      const key = sharedKey(asked);
      if (key === null) return personalRender(request, personalPage(asked), nonce, render);
      const version = readVersion();
      if (version === null) return render();
      const ifNoneMatch = request.headers.get("If-None-Match");
      const kept = currentEntry(key, version);
      if (kept) return asResponse(answer(kept, ifNoneMatch, nonce, false));
      const inFlight = rendering.get(key);
      if (inFlight) {
        const entry = await inFlight;
        return current(entry, version) ? asResponse(answer(entry, ifNoneMatch, nonce, false)) : render();
      }
      return (await renderOnce(key, version, request, nonce, render, sharedEntry)).response;
    },
  };
}

const pageCache =
  env().NODE_ENV === "development"
    ? {
        kept: () => null,
        keptPersonal: async () => null,
        render: (_request: Request, _nonce: string, render: () => Promise<Response>) => render(),
      }
    : createPageCache({ version: publicDataVersion, visitor: userOfCookie, asStandIn: renderAsStandIn });

/** The server's cache (server.ts asks it first, then wraps the Remix handler with it); off in development, where code changes. */
export const keptAnswer = pageCache.kept;
export const keptPersonalAnswer = pageCache.keptPersonal;
export const cachedRender = pageCache.render;
