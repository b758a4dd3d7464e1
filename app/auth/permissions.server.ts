// Server-side enforcement of app/auth/permissions.ts: every protected loader and action calls
// one of these. Pages answer with a redirect carrying a toast (it shows with or without
// JavaScript); JSON calls answer 401 or 403 with a message.
import { can, type Permission } from "~/auth/permissions";
import { isRole, type Role } from "~/auth/roles";
import { getUser, signInUrl, type CurrentUser } from "~/auth/session.server";
import { redirectWithToast, type Toast } from "~/toast.server";
import { jsonError } from "~/json-response.server";

/** A signed-in user whose role the guard has checked. */
export type PermittedUser = CurrentUser & { role: Role };

type Denied = {
  /** Where a signed-in user without the permission goes; a function of their role when it depends on it. */
  redirectTo: string | ((role: string) => string);
  toast: Pick<Toast, "title" | "description">;
};

/** A page that needs a permission: signed-out visitors go to sign-in, others to `denied.redirectTo`. */
export async function requirePermission(request: Request, permission: Permission, denied: Denied): Promise<PermittedUser> {
  const user = await getUser(request);
  if (!user) throw await redirectWithToast(signInUrl(request), { ...denied.toast, variant: "destructive" });
  if (!isRole(user.role) || !can(user.role, permission)) {
    const to = typeof denied.redirectTo === "function" ? denied.redirectTo(user.role) : denied.redirectTo;
    throw await redirectWithToast(to, { ...denied.toast, variant: "destructive" });
  }
  return { ...user, role: user.role };
}

/** A JSON call that needs a permission. */
export async function requireApiPermission(request: Request, permission: Permission): Promise<PermittedUser> {
  const user = await getUser(request);
  if (!user) throw jsonError(401, "Unauthorized: please sign in.");
  if (!isRole(user.role) || !can(user.role, permission)) throw jsonError(403, "Forbidden: your role does not allow this.");
  return { ...user, role: user.role };
}

/** Staff inside the back office go back to the dashboard; everyone else to the home page. */
const dashboardOrHome = (role: string) => (isRole(role) && can(role, "page:dashboard") ? "/admin" : "/");

/** The refusals of the back-office pages (toast and where to go), each worded once. */
export const DENIED = {
  dashboard: {
    redirectTo: "/",
    toast: { title: "Unauthorized", description: "You need admin or moderator privileges to access this page." },
  },
  userManagement: {
    redirectTo: dashboardOrHome,
    toast: { title: "Unauthorized", description: "You need admin privileges to access user management." },
  },
  adminOnly: {
    redirectTo: dashboardOrHome,
    toast: { title: "Unauthorized", description: "You need admin privileges to access this page." },
  },
} satisfies Record<string, Denied>;
