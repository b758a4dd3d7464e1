// The roles-and-permissions matrix of spec 2 §6 and spec 3 §6, and the rules about who may
// change whom. The single source: loaders and actions enforce it (permissions.server.ts), the
// UI reads it only to hide what would be refused.
//
// Where the spec gives two readings, the page gate takes the more permissive one and the data
// rule the stricter one (docs/decisions/0002-permissions.md): moderators reach the dashboard and
// the lead page, but the data behind admin-only cards stays admin-only.
import { ROLES, type Role } from "~/auth/roles";

const ALL: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ["owner", "admin", "moderator"];
const ADMINS: readonly Role[] = ["owner", "admin"];
const OWNER: readonly Role[] = ["owner"];

export const PERMISSIONS = {
  // User management (spec 2 §6)
  "users:view": ADMINS,
  "users:view-details": ADMINS,
  "users:create": ADMINS,
  "users:update": ADMINS,
  "users:update-role": ADMINS,
  "users:set-active": ADMINS,
  "users:delete": ADMINS,
  "users:export": OWNER,
  // Data
  "data-updates:view": STAFF,
  "data-updates:create": STAFF,
  "data-updates:approve": ADMINS,
  "missing-data:view": STAFF,
  // The full state and official records with staff notes (the staff detail pages and their calls)
  "staff-records:view": STAFF,
  // System operations
  "crawler-jobs:view": ADMINS,
  "crawler-jobs:create": ADMINS,
  "batch-jobs:view": ADMINS,
  "batch-jobs:create": ADMINS,
  "system-stats:view": ADMINS,
  "scheduled-jobs:view": ADMINS,
  "integrations:configure": ADMINS,
  "integrations:cancel-run": ADMINS,
  "integrations:toggle": OWNER,
  // Content
  "content:view": ALL,
  "profile:view-own": ALL,
  "profile:edit-own": ALL,
  // Admin features
  "admin:dashboard-data": ADMINS,
  "audit-logs:view": ADMINS,
  "admin-notes:edit": STAFF,
  "leads:manage": ADMINS,
  // Pages (the permissive reading of the page gates)
  "page:dashboard": STAFF,
  "page:data-management": STAFF,
  "page:leads": STAFF,
  "page:user-detail": STAFF,
  "page:state-detail": STAFF,
  "page:representative-detail": STAFF,
  "page:batch-jobs": ADMINS,
  "page:contact-crawler": ADMINS,
  "ribbon:show": STAFF,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? (PERMISSIONS[permission] as readonly Role[]).includes(role) : false;
}

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2, owner: 3 };

type Account = { id: string; role: Role };

/** Role choices when adding a user: Patriot and Moderator for admins; Admin too for the owner (only owners create admins). */
export function assignableRoles(actor: Role): Role[] {
  if (actor === "owner") return ["user", "moderator", "admin"];
  if (actor === "admin") return ["user", "moderator"];
  return [];
}

export function canCreateUserWithRole(actor: Role, role: Role): boolean {
  return can(actor, "users:create") && assignableRoles(actor).includes(role);
}

/** Admins cannot modify owner accounts. */
export function canModifyUser(actor: Account, target: Account): boolean {
  if (!can(actor.role, "users:update")) return false;
  return !(target.role === "owner" && actor.role !== "owner");
}

/**
 * Role changes: the owner's role cannot be changed; only owners promote to owner or admin;
 * nobody lowers their own role.
 */
export function canChangeRole(actor: Account, target: Account, newRole: Role): boolean {
  if (!can(actor.role, "users:update-role") || !canModifyUser(actor, target)) return false;
  if (target.role === "owner") return false;
  if ((newRole === "owner" || newRole === "admin") && actor.role !== "owner") return false;
  if (actor.id === target.id && RANK[newRole] < RANK[actor.role]) return false;
  return true;
}

/** Owner accounts cannot be deactivated; nobody deactivates themselves. */
export function canSetActive(actor: Account, target: Account): boolean {
  return can(actor.role, "users:set-active") && canModifyUser(actor, target) && target.role !== "owner" && actor.id !== target.id;
}

/** Owner accounts cannot be deleted; no self-delete. */
export function canDeleteUser(actor: Account, target: Account): boolean {
  return can(actor.role, "users:delete") && canModifyUser(actor, target) && target.role !== "owner" && actor.id !== target.id;
}
