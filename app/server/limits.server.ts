// The per-address rate limits and the request body's size limit, checked before any route runs.
// A form that shows refusals gets the refusal in place, what was typed kept (with or without
// JavaScript); another page is refused inside the site's shell; an API gets JSON.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { rateLimit } from "express-rate-limit";
import { rateLimitKey } from "../lib/client-address.js";
import { isUnder } from "../lib/route-target.js";
import { answer, locals, writes } from "./locals.server.js";

/** Forms and JSON are small and nothing here takes uploads, so no body is read past this. */
export const MAX_BODY_BYTES = 64 * 1024;

// The forms whose actions answer a refused submission (context.refused) with its message and what
// was typed (app/lib/refused-submission.ts), so the refusal shows in the form, never an error page.
const FORMS_SHOWING_REFUSALS = [
  "/contact",
  "/welcome",
  "/sign-in",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/confirm-email",
  "/find",
];
// Per-account limits live in the app (app/auth/sign-in.server.ts, the reset and resend models).
const ACCOUNT_FORMS = [
  "/sign-in",
  "/register",
  "/confirm-email",
  "/forgot-password",
  "/reset-password",
  "/api/auth/sign-in",
  "/api/register",
  "/api/admin/users",
];
const PUBLIC_FORMS = ["/contact", "/welcome", "/api/contact", "/api/leads", "/find"]; // /find: POST sends an address to the Census geocoder

const showsRefusals = (req: Request, res: Response) =>
  writes(req.method) && Boolean(locals(res).route) && isUnder(locals(res).route!.pattern, FORMS_SHOWING_REFUSALS);
function refuseToForm(res: Response, status: number, message: string, next: NextFunction) {
  locals(res).refused = { status, message };
  next();
}

/**
 * A per-address limit over 15 minutes on the requests `counts` picks by method and route pattern.
 * With `uncountedStatus`, an answer with that status gives its request back (a form refused as invalid).
 */
function perAddressLimit(
  limit: number,
  message: string,
  counts: (method: string, pattern: string) => boolean,
  { uncountedStatus }: { uncountedStatus?: number } = {},
): RequestHandler {
  return rateLimit({
    skipFailedRequests: uncountedStatus !== undefined,
    requestWasSuccessful: (_req, res) => res.statusCode !== uncountedStatus,
    windowMs: 15 * 60 * 1000,
    limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    keyGenerator: (_req, res) => rateLimitKey(locals(res).clientAddress),
    skip: (req, res) => !locals(res).route || !counts(req.method, locals(res).route!.pattern),
    handler: (req, res, next) => {
      const where = locals(res).route?.pattern ?? req.path;
      if (showsRefusals(req, res)) return refuseToForm(res, 429, message, next);
      if (where.toLowerCase().startsWith("/api/") || req.path.endsWith(".data")) return answer(req, res, 429, message);
      locals(res).refusal = message;
      next();
    },
  });
}

/** Sign-in, registration and the password and confirmation forms, per address. */
export const accountFormLimit = (limit: number) =>
  perAddressLimit(
    limit,
    "Too many attempts from your network. Please wait 15 minutes and try again.",
    (method, pattern) => writes(method) && isUnder(pattern, ACCOUNT_FORMS),
  );

/** The public forms and the email check, per address. */
export const publicFormLimit = (limit: number) =>
  perAddressLimit(
    limit,
    "Too many submissions from your network. Please wait 15 minutes and try again.",
    (method, pattern) => (writes(method) && isUnder(pattern, PUBLIC_FORMS)) || pattern === "/api/check-email",
    // A typo costs nothing: only submissions the server takes (or answers as a success: the honeypot)
    // count, not the ones refused as invalid (400). Sign-in attempts all count (guessing passwords).
    { uncountedStatus: 400 },
  );

/** The request body, or null as soon as more than `limit` bytes have arrived (whatever Content-Length said). */
function readBody(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      req.pause();
      resolve(null);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
    req.once("close", () => reject(new Error("The client closed the request before its body ended.")));
  });
}

/** A write's body is read whole before any route runs (locals.body), or refused past MAX_BODY_BYTES. */
export const bodyLimit: RequestHandler = async (req, res, next) => {
  const tooLarge = () => {
    res.set("Connection", "close"); // the rest of the body is not read
    const message = "The request is too large: forms and JSON may be at most 64 KB.";
    if (showsRefusals(req, res)) return refuseToForm(res, 413, message, next);
    answer(req, res, 413, message);
  };
  if (Number(req.get("content-length") ?? 0) > MAX_BODY_BYTES) return tooLarge();
  if (!writes(req.method)) return next(); // Remix ignores a GET's body; Node discards it
  try {
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body) return tooLarge();
    locals(res).body = body;
    next();
  } catch (error) {
    next(error);
  }
};
