// Database sessions behind a signed, httpOnly, SameSite=Lax cookie. Deleting the row
// revokes the session at once; a deactivated user's sessions stop working too.
import { createCookie, redirect } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
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

export const USER_PUBLIC_FIELDS = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  profileImageUrl: true,
  isActive: true,
  avatar: { select: { hash: true } },
} as const;

export async function getSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The signed-in, active user, or null. */
export async function getUser(request: Request) {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const session = await db.session.findUnique({
    where: { id: sessionId },
    select: { expirationDate: true, user: { select: USER_PUBLIC_FIELDS } },
  });
  if (!session || session.expirationDate < new Date() || !session.user.isActive) return null;
  return session.user;
}

export type CurrentUser = NonNullable<Awaited<ReturnType<typeof getUser>>>;

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
