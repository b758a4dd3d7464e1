// The roles-and-permissions matrix. The single source: loaders and
// actions enforce it (permissions.server.ts), the UI reads it only to hide what would be refused.
// The public pages do not load it: the root loader decides the header's staff links.
// The rules about who may change whom, built on it, are in account-rules.ts.
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
  // User management
  "users:view": ADMINS,
  "users:view-details": ADMINS,
  "users:create": ADMINS,
  "users:update": ADMINS,
  "users:update-role": ADMINS,
  "users:set-active": ADMINS,
  "users:delete": ADMINS,
  "users:export": OWNER,
  // Ownership moves from the owner to one other account (account-rules.ts transferRefusal).
  "users:transfer-ownership": OWNER,
  // Data
  "data-updates:view": STAFF,
  "data-updates:create": STAFF,
  "data-updates:approve": ADMINS,
  "missing-data:view": STAFF,
  // Data Health (decision 0030): what the data does not say yet. Moderators see it and dismiss an
  // item with a note, as they propose edits; dismissing changes no public value.
  "data-health:dismiss": STAFF,
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
  "contact-messages:manage": ADMINS,
  // Pages (the permissive reading of the page gates)
  "page:dashboard": STAFF,
  "page:data-management": STAFF,
  "page:data-health": STAFF,
  // The spec lets any signed-in user open the review page; its whole content is the staff data behind
  // data-updates:view, so Patriots are refused rather than shown an empty page (decision 0007).
  "page:data-updates": STAFF,
  "page:leads": STAFF,
  "page:users": ADMINS,
  "page:user-detail": STAFF,
  "page:contact-messages": ADMINS,
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
