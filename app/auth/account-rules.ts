// The rules about who may change whom (the matrix's notes and the user detail page's rules), on top
// of the matrix in permissions.ts, and the matrix as the permissions dialog prints it. Each rule
// returns its refusal text: the models answer with it, the dialog lists it.
import { can, type Permission } from "~/auth/permissions";
import type { Role } from "~/auth/roles";

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2, owner: 3 };

type Account = { id: string; role: Role };

/**
 * The rules beyond the matrix (its notes, plus the user detail page's rules), each
 * worded once: the server answers with these texts and the permissions dialog lists them.
 */
export const ACCOUNT_RULES = {
  onlyOwnersCreateAdmins: "Only owners can create admin users.",
  adminsCannotModifyOwners: "Admins cannot modify owner accounts.",
  onlyOwnersPromote: "Only owners can promote to owner or admin.",
  noSelfDemotion: "No self-demotion: nobody can lower their own role.",
  ownersProtected: "Owner accounts cannot be deactivated or deleted.",
  noSelfDelete: "No self-delete: nobody can delete their own account.",
  ownerRoleFixed: "The owner's role cannot be changed.",
  ownersEditThemselves: "Owner accounts are not edited here: each owner edits their own details on My Profile.",
  noSelfDeactivate: "Nobody can deactivate their own account.",
  newUserRoles: "New users are Patriots, Moderators or Admins.",
  ownershipIsTransferred: "Ownership is transferred, not given: the owner uses Transfer ownership on the account's Settings tab.",
  transferNeedsSignIn: "Ownership goes only to an active account with a confirmed email and a password.",
  alreadyOwner: "This account is already an owner.",
  transferConfirmation: "Type the account's email exactly to confirm.",
} as const;

/** Why a rule refuses, in its own words; null means allowed. A model throws it as a 403 Refusal (app/lib/refusal.ts). */
export type RefusalReason = string | null;
const FORBIDDEN = "Forbidden: your role does not allow this.";

/**
 * What the actor's role alone refuses, before any account is looked up: a role that may not do
 * this learns nothing about which accounts exist (a missing id and a real one both answer 403).
 */
export function roleRefusal(actor: Role, permission: Permission): RefusalReason {
  return can(actor, permission) ? null : FORBIDDEN;
}

/** Role choices when adding a user: Patriot and Moderator for admins; Admin too for the owner (only owners create admins). */
export function assignableRoles(actor: Role): Role[] {
  if (actor === "owner") return ["user", "moderator", "admin"];
  if (actor === "admin") return ["user", "moderator"];
  return [];
}

export function createRefusal(actor: Role, role: Role): RefusalReason {
  if (!can(actor, "users:create")) return FORBIDDEN;
  if (role === "owner") return ACCOUNT_RULES.newUserRoles;
  if (role === "admin" && actor !== "owner") return ACCOUNT_RULES.onlyOwnersCreateAdmins;
  return null;
}

/** Edit and Delete only for admins and only on non-owner accounts. */
export function modifyRefusal(actor: Account, target: Account): RefusalReason {
  if (!can(actor.role, "users:update")) return FORBIDDEN;
  if (target.role === "owner") return actor.role === "owner" ? ACCOUNT_RULES.ownersEditThemselves : ACCOUNT_RULES.adminsCannotModifyOwners;
  return null;
}

/** Changing the role to `newRole`; keeping the current role is no change and always allowed to an editor. */
export function roleChangeRefusal(actor: Account, target: Account, newRole: Role): RefusalReason {
  if (!can(actor.role, "users:update-role")) return FORBIDDEN;
  // Sending the role an account already has is no role change: only the edit's own rule applies.
  if (newRole === target.role) return modifyRefusal(actor, target);
  if (target.role === "owner") return ACCOUNT_RULES.ownerRoleFixed;
  const modify = modifyRefusal(actor, target);
  if (modify) return modify;
  if (newRole === "owner") return actor.role === "owner" ? ACCOUNT_RULES.ownershipIsTransferred : ACCOUNT_RULES.onlyOwnersPromote;
  if (newRole === "admin" && actor.role !== "owner") return ACCOUNT_RULES.onlyOwnersPromote;
  if (actor.id === target.id && RANK[newRole] < RANK[actor.role]) return ACCOUNT_RULES.noSelfDemotion;
  return null;
}

export function setActiveRefusal(actor: Account, target: Account): RefusalReason {
  if (!can(actor.role, "users:set-active")) return FORBIDDEN;
  if (target.role === "owner") return ACCOUNT_RULES.ownersProtected;
  if (actor.id === target.id) return ACCOUNT_RULES.noSelfDeactivate;
  return modifyRefusal(actor, target);
}

export function deleteRefusal(actor: Account, target: Account): RefusalReason {
  if (!can(actor.role, "users:delete")) return FORBIDDEN;
  if (target.role === "owner") return ACCOUNT_RULES.ownersProtected;
  if (actor.id === target.id) return ACCOUNT_RULES.noSelfDelete;
  return modifyRefusal(actor, target);
}

/**
 * Transfer ownership: the owner hands the role to one other account, which must be able to sign in
 * (active, confirmed email, a password), and becomes an admin. Ownership is moved, never multiplied,
 * so there is always exactly one way to undo it: the new owner transfers it back.
 */
export function transferRefusal(
  actor: Account,
  target: Account & { isActive: boolean; emailConfirmed: boolean; hasPassword: boolean },
): RefusalReason {
  if (!can(actor.role, "users:transfer-ownership")) return FORBIDDEN;
  if (target.role === "owner") return ACCOUNT_RULES.alreadyOwner;
  if (!target.isActive || !target.emailConfirmed || !target.hasPassword) return ACCOUNT_RULES.transferNeedsSignIn;
  return null;
}

/** Admin notes: every staff role (the matrix), but only owners write notes on owner accounts. */
export function notesRefusal(actor: Account, target: Account): RefusalReason {
  if (!can(actor.role, "admin-notes:edit")) return FORBIDDEN;
  if (target.role === "owner" && actor.role !== "owner") return ACCOUNT_RULES.adminsCannotModifyOwners;
  return null;
}

export const canCreateUserWithRole = (actor: Role, role: Role) => createRefusal(actor, role) === null;
export const canModifyUser = (actor: Account, target: Account) => modifyRefusal(actor, target) === null;
export const canChangeRole = (actor: Account, target: Account, newRole: Role) => roleChangeRefusal(actor, target, newRole) === null;
export const canSetActive = (actor: Account, target: Account) => setActiveRefusal(actor, target) === null;
export const canDeleteUser = (actor: Account, target: Account) => deleteRefusal(actor, target) === null;
export const canEditNotes = (actor: Account, target: Account) => notesRefusal(actor, target) === null;

/**
 * The matrix as the product prints it, for the permissions dialog: each row's cell for a role is
 * "yes" when the role holds every permission of the row, so the dialog shows what is enforced.
 */
export const MATRIX_ROWS: { area: string; capability: string; permissions: Permission[] }[] = [
  {
    area: "User Management",
    capability: "View all users, view details, create users, update details, update roles, activate/deactivate, delete",
    permissions: [
      "users:view",
      "users:view-details",
      "users:create",
      "users:update",
      "users:update-role",
      "users:set-active",
      "users:delete",
    ],
  },
  { area: "User Management", capability: "Export", permissions: ["users:export"] },
  { area: "User Management", capability: "Transfer ownership", permissions: ["users:transfer-ownership"] },
  { area: "Data", capability: "View and create data updates", permissions: ["data-updates:view", "data-updates:create"] },
  { area: "Data", capability: "Approve data updates", permissions: ["data-updates:approve"] },
  {
    area: "System operations",
    capability: "Crawler jobs view/create, batch jobs view/create, system stats, scheduled jobs",
    permissions: [
      "crawler-jobs:view",
      "crawler-jobs:create",
      "batch-jobs:view",
      "batch-jobs:create",
      "system-stats:view",
      "scheduled-jobs:view",
    ],
  },
  {
    area: "Content",
    capability: "View representatives, states, activities; view and edit own profile",
    permissions: ["content:view", "profile:view-own", "profile:edit-own"],
  },
  // Moderators open the dashboard (its Data Management and Data Updates cards); its stats, jobs and the
  // audit logs are admin data (decision 0002), so the dialog shows the two apart, as the server enforces them.
  { area: "Admin features", capability: "Open the dashboard", permissions: ["page:dashboard"] },
  { area: "Admin features", capability: "Dashboard stats and jobs, audit logs", permissions: ["admin:dashboard-data", "audit-logs:view"] },
  { area: "Admin features", capability: "Admin notes", permissions: ["admin-notes:edit"] },
];

export const MATRIX_NOTES: string[] = [
  ACCOUNT_RULES.onlyOwnersCreateAdmins,
  ACCOUNT_RULES.adminsCannotModifyOwners,
  ACCOUNT_RULES.onlyOwnersPromote,
  ACCOUNT_RULES.noSelfDemotion,
  ACCOUNT_RULES.ownersProtected,
  ACCOUNT_RULES.noSelfDelete,
  ACCOUNT_RULES.ownerRoleFixed,
  ACCOUNT_RULES.noSelfDeactivate,
  ACCOUNT_RULES.ownershipIsTransferred,
];

export const rowAllowed = (role: Role, row: (typeof MATRIX_ROWS)[number]) => row.permissions.every((p) => can(role, p));
