import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { env } from "~/env.server";
import { deferScriptsToIntent, type ScriptsOnIntent } from "~/lib/scripts-on-intent.server";

// Parse the configuration when the build loads, so a bad value stops the server at start.
env();

// server.ts starts the data jobs' runner and schedules from the build (app/jobs/scheduler.server.ts).
export { startJobs } from "~/jobs/scheduler.server";
// server.ts shares rendered public pages between visitors without a session through it.
export { cachedRender, keptAnswer, keptPersonalAnswer, personalPage, sharedKey } from "~/lib/page-cache.server";

export const streamTimeout = 5_000;

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    ipAddress?: string | null;
    /** Set by server.ts when it refuses a page request (rate limit): the message to show. */
    refusal?: string;
    /** Set by server.ts when it refuses a write to a form that shows the refusal in place. */
    refused?: import("~/lib/refused-submission").Refused;
    /** True once the client has taken what the answer sent so far, false if it has gone: a long streamed body waits on it. */
    whenWritable: () => Promise<boolean>;
  }
  // Types loader data for single fetch (the v3_singleFetch flag in remix.config.js).
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The whole document is rendered before anything is sent (nothing here defers data, so streaming
 * gains nothing). Remix renders its data scripts after the document (after </html>, which is
 * invalid HTML and which browsers move into the body anyway); they are moved inside </body>, where
 * browsers would put them, so the parsed page is the same and the HTML valid.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  return new Promise((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(scriptsAsRouteAsks(remixContext, closeAfterScripts(Buffer.concat(chunks).toString("utf8"))), {
                  headers: responseHeaders,
                  status: didError ? 500 : responseStatusCode,
                }),
              );
              done();
            },
          });
          pipe(document);
        },
        onShellError: reject,
        onError(error: unknown) {
          didError = true;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

const CLOSE = "</body></html>";
/** Moves what follows the document's closing tags (Remix's data scripts) before them. */
function closeAfterScripts(html: string): string {
  const at = html.indexOf(CLOSE);
  return at === -1 ? html : html.slice(0, at) + html.slice(at + CLOSE.length) + CLOSE;
}

/** A route whose `handle` asks for it (ScriptsOnIntent) loads its scripts at the visitor's first intent. */
function scriptsAsRouteAsks({ staticHandlerContext: { matches, loaderData }, routeModules }: EntryContext, html: string): string {
  const handles = matches.map((match) => routeModules[match.route.id]?.handle as Partial<ScriptsOnIntent<unknown>> | undefined);
  const onIntent = handles.find((handle) => handle?.scriptsOnIntent)?.scriptsOnIntent;
  if (!onIntent) return html;
  const root = loaderData.root as { user?: unknown } | undefined;
  return deferScriptsToIntent(html, { signedOut: !root?.user, ...onIntent });
}
