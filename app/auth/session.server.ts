// Database sessions behind a signed, httpOnly, SameSite=Lax cookie. Deleting the row
// revokes the session at once; a deactivated user's sessions stop working too.
import { AsyncLocalStorage } from "node:async_hooks";
import { createCookie, redirect } from "@remix-run/node";
import type Database from "better-sqlite3";
import { db, readingWhenFree, readOnlyDb } from "~/db.server";
import { env } from "~/env.server";
import { avatarInitial } from "~/lib/avatar";
import { SESSION_COOKIE_NAME } from "~/lib/private-responses";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const sessionCookie = createCookie(SESSION_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env().NODE_ENV === "production",
  secrets: [env().SESSION_SECRET],
  maxAge: SESSION_TTL_MS / 1000,
});

export async function getSessionId(request: Request): Promise<string | null> {
  return sessionIdOf(request.headers.get("Cookie"));
}

async function sessionIdOf(cookie: string | null): Promise<string | null> {
  const value = await sessionCookie.parse(cookie);
  return typeof value === "string" ? value : null;
}

/**
 * The signed-in, active user, or null; with the avatar's initial, worked out here so that every
 * value a page shows of its visitor is a field of this object (the page cache's templates rely on it).
 */
export async function getUser(request: Request): Promise<CurrentUser | null> {
  return templateVisitor.getStore() ?? userOfCookie(request.headers.get("Cookie"));
}

/**
 * The signed-in, active user of a Cookie header, or null. Every request with a session asks it, so
 * it is one prepared statement on the read-only connection (readOnlyDb), not a Prisma query.
 */
export async function userOfCookie(cookie: string | null): Promise<CurrentUser | null> {
  const sessionId = await sessionIdOf(cookie);
  if (!sessionId) return null;
  sessionUser ??= readOnlyDb().prepare(SESSION_USER);
  const row = await readingWhenFree(() => sessionUser!.get(sessionId));
  if (!row || new Date(row.expirationDate) < new Date() || !row.isActive) return null;
  const { expirationDate: _expires, isActive: _active, ...user } = row;
  return { ...user, initial: avatarInitial(user) };
}

/** What pages know of their signed-in visitor. */
export type CurrentUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  profileImageUrl: string | null;
  zipCode: string | null;
  avatarHash: string | null;
  /** The avatar's letter (avatarInitial). */
  initial: string;
};

type SessionUserRow = Omit<CurrentUser, "initial"> & { expirationDate: string; isActive: number };
const SESSION_USER = `
  SELECT s."expirationDate", u."isActive", u."id", u."email", u."firstName", u."lastName", u."role",
         u."profileImageUrl", u."zipCode", a."hash" AS "avatarHash"
  FROM "Session" s JOIN "User" u ON u."id" = s."userId" LEFT JOIN "UserAvatar" a ON a."userId" = u."id"
  WHERE s."id" = ?`;
let sessionUser: Database.Statement<[string], SessionUserRow> | null = null;

/**
 * While a page renders as the template for signed-in visitors (app/lib/page-cache.server.ts),
 * getUser answers this stand-in, whose personal fields are placeholders, for every loader.
 */
const templateVisitor = new AsyncLocalStorage<CurrentUser>();
export const renderAsStandIn = <T>(standIn: CurrentUser, render: () => Promise<T>) => templateVisitor.run(standIn, render);

/** Creates a session row and returns the Set-Cookie header value for it. */
export async function createSession(userId: string, meta: { ipAddress?: string; userAgent?: string } = {}) {
  const session = await db.session.create({
    data: { userId, expirationDate: new Date(Date.now() + SESSION_TTL_MS), ...meta },
    select: { id: true },
  });
  return { sessionId: session.id, cookie: await sessionCookie.serialize(session.id) };
}

export async function destroySession(request: Request) {
  const sessionId = await getSessionId(request);
  if (sessionId) await db.session.deleteMany({ where: { id: sessionId } });
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** Sign-in, coming back to this page afterwards. */
export function signInUrl(request: Request) {
  const url = new URL(request.url);
  return `/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

export async function requireUser(request: Request) {
  const user = await getUser(request);
  if (!user) throw redirect(signInUrl(request));
  return user;
}
