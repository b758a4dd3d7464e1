// Public pages for visitors without a session, rendered once per data version and kept by the app,
// and signed-in visitors' home pages kept as templates (app/lib/page-cache.server.ts, exported by
// the build's entry). The server answers a kept page
// before the work only other requests need, and sends a shared page's first rendering through
// the cache, which needs the page as Remix answers it, before it is sent.
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { locals } from "./locals.server.js";
// The adapter's own conversions, so a shared page is read and sent exactly as every other answer
// (@remix-run/express is pinned; these two are in its type declarations, not in its index).
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";

/** A kept page as the server sends it, the body in pieces to write one after the other. */
type KeptAnswer = { status: number; headers: [string, string][]; body: Buffer[] | null };
type Asked = { method: string; url: URL; cookie: string | null | undefined };
type PageCache = {
  sharedKey: (asked: Asked) => string | null;
  personalPage: (asked: Asked) => string | null;
  keptAnswer: (asked: Asked & { ifNoneMatch?: string; gzip: boolean }, nonce: string) => KeptAnswer | null;
  keptPersonalAnswer: (asked: Asked & { gzip: boolean }, nonce: string) => Promise<KeptAnswer | null>;
  cachedRender: (request: Request, nonce: string, render: () => Promise<Response>) => Promise<Response>;
};
const pageCache = (build: ServerBuild) => build.entry.module as unknown as Partial<PageCache>;

/**
 * A kept page, sent as kept with this answer's nonce (already gzip-encoded when the visitor accepts
 * that); or a signed-in visitor's page from its kept template, filled in for them.
 */
export const keptPages =
  (currentBuild: () => ServerBuild): RequestHandler =>
  async (req, res, next) => {
    const cache = pageCache(currentBuild());
    const asked = {
      method: req.method,
      url: locals(res).url,
      cookie: req.get("cookie"),
      ifNoneMatch: req.get("if-none-match"),
      gzip: req.acceptsEncodings("gzip") === "gzip",
    };
    let kept: KeptAnswer | null | undefined;
    try {
      kept = cache.keptAnswer?.(asked, locals(res).cspNonce) ?? (await cache.keptPersonalAnswer?.(asked, locals(res).cspNonce));
    } catch (error) {
      // The page is rendered instead, which reads the session again and answers what fails.
      console.warn("Answering a kept page failed; rendering it:", error);
    }
    if (!kept) return next();
    res.status(kept.status);
    for (const [name, value] of kept.headers) res.append(name, value);
    if (!kept.body) return void res.end();
    res.set("Content-Length", String(kept.body.reduce((sum, piece) => sum + piece.length, 0)));
    if (req.method === "HEAD") return void res.end();
    res.cork();
    for (const piece of kept.body) res.write(piece);
    res.end();
    res.uncork();
  };

/**
 * A page visitors may share, or a signed-in visitor's page kept as a template, through the cache;
 * every other request goes on to the Remix adapter.
 */
export const sharedPages =
  (
    currentBuild: () => ServerBuild,
    handleRequest: (request: Request, context: AppLoadContext) => Promise<Response>,
    loadContext: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => AppLoadContext,
  ): RequestHandler =>
  async (req, res, next) => {
    const { sharedKey, personalPage, cachedRender } = pageCache(currentBuild());
    const { url, refusal, cspNonce } = locals(res);
    const asked = { method: req.method, url, cookie: req.get("cookie") };
    if (refusal || !cachedRender || ((sharedKey?.(asked) ?? null) === null && (personalPage?.(asked) ?? null) === null)) return next();
    try {
      const request = createRemixRequest(req, res);
      const response = await cachedRender(request, cspNonce, () => handleRequest(request, loadContext(req, res)));
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
