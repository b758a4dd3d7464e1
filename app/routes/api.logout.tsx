// GET /api/logout: the header's plain Logout link (spec 1 §1). Deletes the session row, so the
// old cookie no longer authenticates, and goes home. (A GET that writes: the spec makes logout a
// link; it is idempotent and needs no form.)
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySession, getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { logActivity } from "~/models/users.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const cookie = await destroySession(request);
  if (user) await logActivity(db, { userId: user.id, action: "sign_out", ipAddress: context.ipAddress });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}
