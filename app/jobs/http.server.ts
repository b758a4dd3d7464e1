// Outgoing requests of the data jobs: every one has a time limit and a size limit, stops when the
// run is cancelled, and names us in its User-Agent. A failure is an Error whose message says which
// URL and why, fit for the execution's log.
import { env } from "~/env.server";

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

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/** Under NODE_ENV=test the jobs reach only this machine (fixture servers), never the internet. */
const allowed = (url: string) => env().NODE_ENV !== "test" || LOOPBACK.test(new URL(url).hostname);

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
  // Redirects are followed here, one hop at a time, so each address is checked before it is asked.
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
  let response: Response | undefined;
  let current = url;
  let location: string | null = null;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!allowed(current)) throw new Error(`${current}: outside requests are off under NODE_ENV=test`);
    const headers: Record<string, string> = { "User-Agent": userAgent(), Accept: accept };
    if (authorization && new URL(current).origin === new URL(url).origin) headers.Authorization = authorization;
    const init: RequestInit = { headers, redirect: "manual", signal: timeout };
    try {
      // A kept-alive connection the server closed just then is reset; a GET is safe to send once more.
      response = await fetchImpl(current, init).catch((error: { cause?: { code?: string } }) => {
        if (error.cause?.code !== "ECONNRESET" || timeout.aborted) throw error;
        return fetchImpl(current, init);
      });
    } catch (error) {
      signal.throwIfAborted();
      const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : describe(error);
      throw new Error(`${url}: ${reason}`);
    }
    location = response.status >= 300 && response.status < 400 ? response.headers.get("location") : null;
    if (!location || !followRedirects) break;
    await response.body?.cancel();
    current = new URL(location, current).toString();
    if (hop === MAX_REDIRECTS) throw new Error(`${url}: more than ${MAX_REDIRECTS} redirects`);
  }
  response = response!;
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > maxBytes) {
    await response.body?.cancel();
    throw new Error(`${url}: the answer is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
      size += part.value.byteLength;
      if (size > maxBytes) {
        await reader!.cancel();
        throw new Error(`${url}: the answer is larger than ${maxBytes} bytes`);
      }
      chunks.push(part.value);
    }
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof Error && error.message.startsWith(url)) throw error;
    throw new Error(`${url}: ${describe(error)}`);
  }
  return {
    url: current,
    location,
    status: response.status,
    ok: response.ok,
    contentType: response.headers.get("content-type") ?? "",
    bytes: Buffer.concat(chunks),
  };
}

/** fetchText that throws on a non-2xx answer, then parses JSON. */
export async function fetchJson<T>(fetchImpl: typeof fetch, url: string, signal: AbortSignal, limits?: FetchLimits): Promise<T> {
  const answer = await fetchText(fetchImpl, url, signal, { accept: "application/json", ...limits });
  if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new Error(`${url}: the answer is not valid JSON`);
  }
}

function describe(error: unknown) {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
