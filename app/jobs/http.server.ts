// Outgoing requests of the data jobs: every one has a time limit and a size limit, stops when the
// run is cancelled, and names us in its User-Agent. A failure is a FetchError whose message is a
// sentence for staff (fetchProblem): which host could not be reached and why, or which address
// answered what, never a bare error code. Every connection goes through the outbound guard
// (outbound-guard.server.ts): an address on this machine or a private network is refused, "refused:
// internal address", at each hop of a redirect too.
import { isIP } from "node:net";
import { env } from "~/env.server";
import { guardedDispatcher, INTERNAL_ADDRESS_CODE } from "~/jobs/outbound-guard.server";
import { isInternalAddress } from "~/lib/address-ranges";

export type FetchLimits = {
  /** Give up after this long (default 15 s). */
  timeoutMs?: number;
  /** Refuse a body larger than this (default 10 MB). */
  maxBytes?: number;
  accept?: string;
  /** false: answer a redirect as it is (its `location` set), for a caller that checks each hop itself. */
  followRedirects?: boolean;
  /** An Authorization header for the first address's origin only: never sent on after a redirect elsewhere. */
  authorization?: string;
};

export type FetchedText = { url: string; status: number; ok: boolean; contentType: string; text: string; location: string | null };
export type FetchedBytes = Omit<FetchedText, "text"> & { bytes: Buffer };

export const userAgent = () => `CivicAtlasBot/1.0 (+${env().APP_URL})`;

/**
 * Under NODE_ENV=test the jobs reach only this machine (fixture servers), never the internet:
 * localhost and internal IP literals, which the outbound guard then lets through only when allowed.
 */
const allowed = (url: string) => {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");
  return env().NODE_ENV !== "test" || host === "localhost" || (isIP(host) !== 0 && isInternalAddress(host));
};

const MAX_REDIRECTS = 5;

/** GET `url` (following redirects) and read the body as text within the limits; a non-2xx answer is returned, not thrown. */
export async function fetchText(fetchImpl: typeof fetch, url: string, signal: AbortSignal, limits: FetchLimits = {}): Promise<FetchedText> {
  const { bytes, ...answer } = await fetchBytes(fetchImpl, url, signal, limits);
  return { ...answer, text: new TextDecoder().decode(bytes) };
}

/** fetchText's request, the body as bytes (images). */
export async function fetchBytes(
  fetchImpl: typeof fetch,
  url: string,
  signal: AbortSignal,
  { timeoutMs = 15_000, maxBytes = 10_000_000, accept = "*/*", followRedirects = true, authorization }: FetchLimits = {},
): Promise<FetchedBytes> {
  // The deadline is a timer of our own. AbortSignal.timeout() given to AbortSignal.any() is held only
  // weakly there (Node 20): once garbage-collected it never fires, and a site that never answers
  // held the crawl for good (a "slow" fixture site was once read in full after 3 s, past a 1 s limit).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException("The operation timed out.", "TimeoutError")), timeoutMs);
  const timeout = AbortSignal.any([signal, deadline.signal]);
  try {
    // Redirects are followed here, one hop at a time, so each address is checked before it is asked.
    let response: Response | undefined;
    let current = url;
    let location: string | null = null;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (!allowed(current)) throw new FetchError(current, { offUnderTest: true });
      const headers: Record<string, string> = { "User-Agent": userAgent(), Accept: accept };
      if (authorization && new URL(current).origin === new URL(url).origin) headers.Authorization = authorization;
      // The guard's dispatcher is not the caller's to choose: whatever fetch is passed, its connections are checked.
      const init: RequestInit & { dispatcher: unknown } = { headers, redirect: "manual", signal: timeout, dispatcher: guardedDispatcher() };
      try {
        // A kept-alive connection the server closed just then is reset; a GET is safe to send once more.
        response = await fetchImpl(current, init).catch((error: { cause?: { code?: string } }) => {
          if (error.cause?.code !== "ECONNRESET" || timeout.aborted) throw error;
          return fetchImpl(current, init);
        });
      } catch (error) {
        signal.throwIfAborted();
        const refused = findCause(error, (e) => e.code === INTERNAL_ADDRESS_CODE);
        throw new FetchError(current, refused ? { internal: String(refused.message) } : { error, timeoutMs });
      }
      location = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
      if (!location || !followRedirects) break;
      await response.body?.cancel();
      current = new URL(location, current).toString();
      if (hop === MAX_REDIRECTS) throw new FetchError(url, { redirects: MAX_REDIRECTS });
    }
    response = response!;
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > maxBytes) {
      await response.body?.cancel();
      throw new FetchError(current, { tooLarge: maxBytes });
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
        size += part.value.byteLength;
        if (size > maxBytes) {
          await reader!.cancel();
          throw new FetchError(current, { tooLarge: maxBytes });
        }
        chunks.push(part.value);
      }
    } catch (error) {
      signal.throwIfAborted();
      if (error instanceof FetchError) throw error;
      throw new FetchError(current, { error, timeoutMs, cutOff: true });
    }
    return {
      url: current,
      location,
      status: response.status,
      ok: response.ok,
      contentType: response.headers.get("content-type") ?? "",
      bytes: Buffer.concat(chunks),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** fetchText that throws on a non-2xx answer, then parses JSON. */
export async function fetchJson<T>(fetchImpl: typeof fetch, url: string, signal: AbortSignal, limits?: FetchLimits): Promise<T> {
  const answer = await fetchText(fetchImpl, url, signal, { accept: "application/json", ...limits });
  if (!answer.ok) throw new FetchError(answer.url, { status: answer.status });
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new FetchError(answer.url, { notValid: "JSON" });
  }
}

// ---------------------------------------------------------------- failures as sentences

/** What went wrong with one request. */
export type FetchProblemKind =
  /** The request or its body failed before a whole answer came (DNS, connection, TLS, time limit). */
  | { error: unknown; timeoutMs?: number; cutOff?: boolean }
  /** An answer that is not a success (HTTP 4xx, 5xx, a redirect without a target). */
  | { status: number }
  | { tooLarge: number }
  /** The answer came but is not the format the job reads. */
  | { notValid: "JSON" | "YAML" | "XML" }
  | { redirects: number }
  | { offUnderTest: true }
  /** The outbound guard refused the address: why, e.g. "localhost is 127.0.0.1, loopback (127.0.0.0/8)". */
  | { internal: string };

/** A failed request of a data job; `message` is fetchProblem's sentence. */
export class FetchError extends Error {
  readonly url: string;
  /** The system's code when the host could not be reached (ENOTFOUND, ECONNREFUSED, ...). */
  readonly code: string | null;
  readonly status: number | null;
  /** Why the outbound guard refused the address, when it did. */
  readonly internal: string | null;
  constructor(url: string, problem: FetchProblemKind) {
    super(fetchProblem(url, problem));
    this.name = "FetchError";
    this.url = url;
    this.internal = "internal" in problem ? problem.internal : null;
    this.code = "error" in problem ? (errorCode(problem.error) ?? null) : null;
    this.status = "status" in problem ? problem.status : null;
  }
}

type Coded = { code?: unknown; message?: string; cause?: unknown; errors?: unknown[] };

/** The first error under fetch's "fetch failed" that `test` accepts: undici puts it on the cause, or on an AggregateError's parts. */
function findCause(error: unknown, test: (e: Coded) => boolean): Coded | undefined {
  for (let e = error as Coded | undefined, depth = 0; e && typeof e === "object" && depth < 4; e = e.cause as Coded, depth++) {
    if (test(e)) return e;
    const inner = e.errors?.find((x): x is Coded => typeof x === "object" && x !== null && test(x as Coded));
    if (inner) return inner;
  }
  return undefined;
}

/** The system error code under fetch's "fetch failed" (ENOTFOUND, ECONNREFUSED, ...). */
const errorCode = (error: unknown) => findCause(error, (e) => typeof e.code === "string")?.code as string | undefined;

const deepestMessage = (error: unknown) => {
  let e = error as { message?: unknown; cause?: unknown } | undefined;
  let message = "";
  for (let depth = 0; e && typeof e === "object" && depth < 4; e = e.cause as typeof e, depth++)
    if (typeof e.message === "string" && e.message) message = e.message;
  return message || String(error);
};

/** Why a host could not be reached, by the system's error code. */
const UNREACHABLE: [RegExp, string][] = [
  [/^(ENOTFOUND|EAI_NONAME|EAI_NODATA)$/, "the name did not resolve"],
  [/^EAI_AGAIN$/, "the name could not be looked up just then (a DNS problem on our side or theirs)"],
  [/^ECONNREFUSED$/, "the connection was refused"],
  [/^(ECONNRESET|UND_ERR_SOCKET|EPIPE)$/, "the connection was closed before the answer was complete"],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)$/, "the connection timed out"],
  [/^(EHOSTUNREACH|ENETUNREACH|ENETDOWN|EHOSTDOWN)$/, "the network could not reach it"],
  [
    /CERT|^(UNABLE_TO_|SELF_SIGNED|DEPTH_ZERO|ERR_TLS_)/,
    "its security certificate was not accepted (expired, for another name, or not signed by a known authority)",
  ],
  [/^(ERR_SSL_|EPROTO$)/, "the secure (TLS) connection could not be set up"],
];

/** What an HTTP status means for a job, after "HTTP {status}". */
function statusMeaning(url: URL, status: number) {
  if (status === 404 || status === 410) return "no such page at the source";
  if (status === 429) return "too many requests: the source limits how often it is asked; the next run tries again";
  if (status === 403 && url.hostname === "api.github.com")
    return "refused: GitHub allows 60 requests an hour without a token; set GITHUB_TOKEN or wait for the next run";
  if (status === 401 || status === 403) return "refused: the source does not let us read this (it may be limiting how often it is asked)";
  if (status >= 500) return "the source had a problem of its own; the next run tries again";
  if (status >= 300 && status < 400) return "a redirect without an address to follow";
  return "the source did not accept the request";
}

/**
 * A failed request as a sentence for staff, the one wording every job's failures use: "Could not
 * reach unitedstates.github.io: the name did not resolve (ENOTFOUND)", "https://…/roll240.xml:
 * HTTP 503, the source had a problem of its own; the next run tries again".
 */
export function fetchProblem(address: string, problem: FetchProblemKind): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `${address}: not a valid web address`;
  }
  if ("offUnderTest" in problem) return `${address}: outside requests are off under NODE_ENV=test`;
  if ("internal" in problem) return `${address}: refused: internal address (${problem.internal})`;
  if ("status" in problem) return `${address}: HTTP ${problem.status}, ${statusMeaning(url, problem.status)}`;
  if ("tooLarge" in problem) return `${address}: the answer is larger than ${problem.tooLarge} bytes, the most that is read`;
  if ("notValid" in problem) return `${address}: the answer is not valid ${problem.notValid}`;
  if ("redirects" in problem) return `${address}: more than ${problem.redirects} redirects`;
  const { error, timeoutMs, cutOff } = problem;
  if (error instanceof Error && error.name === "TimeoutError" && timeoutMs !== undefined)
    return cutOff
      ? `${address}: the answer did not arrive in full within ${timeoutMs / 1000} s`
      : `${address}: no answer within ${timeoutMs / 1000} s`;
  const code = errorCode(error);
  const reason = code && UNREACHABLE.find(([pattern]) => pattern.test(code))?.[1];
  if (cutOff) return `${address}: the answer was cut off (${reason ?? deepestMessage(error)}${code ? `, ${code}` : ""})`;
  if (reason) return `Could not reach ${url.host}: ${reason} (${code})`;
  return `Could not reach ${url.host}: ${deepestMessage(error)}${code ? ` (${code})` : ""}`;
}
