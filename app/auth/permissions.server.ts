// Server-side enforcement of app/auth/permissions.ts: every protected loader and action calls
// one of these. Pages answer with a redirect carrying a toast (it shows with or without
// JavaScript); JSON calls answer 401 or 403 with a message.
import { can, type Permission } from "~/auth/permissions";
import { isRole } from "~/auth/roles";
import { getUser, signInUrl, type CurrentUser } from "~/auth/session.server";
import { redirectWithToast, type Toast } from "~/toast.server";

type Denied = { redirectTo: string; toast: Pick<Toast, "title" | "description"> };

/** A page that needs a permission: signed-out visitors go to sign-in, others to `denied.redirectTo`. */
export async function requirePermission(request: Request, permission: Permission, denied: Denied): Promise<CurrentUser> {
  const user = await getUser(request);
  if (!user) throw await redirectWithToast(signInUrl(request), { ...denied.toast, variant: "destructive" });
  if (!isRole(user.role) || !can(user.role, permission))
    throw await redirectWithToast(denied.redirectTo, { ...denied.toast, variant: "destructive" });
  return user;
}

/** A JSON call that needs a permission. */
export async function requireApiPermission(request: Request, permission: Permission): Promise<CurrentUser> {
  const user = await getUser(request);
  if (!user) throw Response.json({ message: "Unauthorized: please sign in." }, { status: 401 });
  if (!isRole(user.role) || !can(user.role, permission))
    throw Response.json({ message: "Forbidden: your role does not allow this." }, { status: 403 });
  return user;
}
