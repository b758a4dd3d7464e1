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
};

export type FetchedText = { url: string; status: number; ok: boolean; contentType: string; text: string };

export const userAgent = () => `CivicAtlasBot/1.0 (+${env().APP_URL})`;

/** GET `url` and read the body as text within the limits; a non-2xx answer is returned, not thrown. */
export async function fetchText(
  fetchImpl: typeof fetch,
  url: string,
  signal: AbortSignal,
  { timeoutMs = 15_000, maxBytes = 10_000_000, accept = "*/*" }: FetchLimits = {},
): Promise<FetchedText> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { "User-Agent": userAgent(), Accept: accept },
      redirect: "follow",
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (error) {
    signal.throwIfAborted();
    const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : describe(error);
    throw new Error(`${url}: ${reason}`);
  }
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
    url: response.url || url,
    status: response.status,
    ok: response.ok,
    contentType: response.headers.get("content-type") ?? "",
    text: new TextDecoder().decode(Buffer.concat(chunks)),
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
