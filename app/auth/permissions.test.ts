import { describe, expect, test } from "vitest";
import type { Role } from "./roles";
import { PERMISSIONS, can, type Permission } from "./permissions";
import {
  ACCOUNT_RULES,
  MATRIX_NOTES,
  MATRIX_ROWS,
  assignableRoles,
  canEditNotes,
  createRefusal,
  deleteRefusal,
  modifyRefusal,
  roleChangeRefusal,
  rowAllowed,
  setActiveRefusal,
  canChangeRole,
  canCreateUserWithRole,
  canDeleteUser,
  canModifyUser,
  canSetActive,
} from "./account-rules";

// The roles-and-permissions matrix, written out cell by cell: owner / admin / moderator / user.
const EXPECTED: Record<Permission, [boolean, boolean, boolean, boolean]> = {
  "users:view": [true, true, false, false],
  "users:view-details": [true, true, false, false],
  "users:create": [true, true, false, false],
  "users:update": [true, true, false, false],
  "users:update-role": [true, true, false, false],
  "users:set-active": [true, true, false, false],
  "users:delete": [true, true, false, false],
  "users:export": [true, false, false, false],
  "users:transfer-ownership": [true, false, false, false],
  "data-updates:view": [true, true, true, false],
  "data-updates:create": [true, true, true, false],
  "data-updates:approve": [true, true, false, false],
  "missing-data:view": [true, true, true, false],
  "data-health:dismiss": [true, true, true, false],
  "staff-records:view": [true, true, true, false],
  "crawler-jobs:view": [true, true, false, false],
  "crawler-jobs:create": [true, true, false, false],
  "batch-jobs:view": [true, true, false, false],
  "batch-jobs:create": [true, true, false, false],
  "system-stats:view": [true, true, false, false],
  "scheduled-jobs:view": [true, true, false, false],
  "integrations:configure": [true, true, false, false],
  "integrations:cancel-run": [true, true, false, false],
  "integrations:toggle": [true, false, false, false],
  "content:view": [true, true, true, true],
  "profile:view-own": [true, true, true, true],
  "profile:edit-own": [true, true, true, true],
  "admin:dashboard-data": [true, true, false, false],
  "audit-logs:view": [true, true, false, false],
  "admin-notes:edit": [true, true, true, false],
  "leads:manage": [true, true, false, false],
  "contact-messages:manage": [true, true, false, false],
  "page:dashboard": [true, true, true, false],
  "page:data-management": [true, true, true, false],
  "page:data-health": [true, true, true, false],
  "page:data-updates": [true, true, true, false],
  "page:leads": [true, true, true, false],
  "page:users": [true, true, false, false],
  "page:user-detail": [true, true, true, false],
  "page:contact-messages": [true, true, false, false],
  "page:state-detail": [true, true, true, false],
  "page:representative-detail": [true, true, true, false],
  "page:batch-jobs": [true, true, false, false],
  "page:contact-crawler": [true, true, false, false],
  "ribbon:show": [true, true, true, false],
};
const ROLE_ORDER: Role[] = ["owner", "admin", "moderator", "user"];

describe("the permissions matrix", () => {
  test("every permission in the module is checked here", () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
  for (const [permission, row] of Object.entries(EXPECTED)) {
    ROLE_ORDER.forEach((role, i) => {
      test(`${role} ${row[i] ? "may" : "may not"} ${permission}`, () => {
        expect(can(role, permission as Permission)).toBe(row[i]);
      });
    });
  }
  test("a signed-out visitor has no permission", () => {
    expect(can(null, "content:view")).toBe(false);
  });
});

const owner = { id: "o", role: "owner" as const };
const otherOwner = { id: "o2", role: "owner" as const };
const admin = { id: "a", role: "admin" as const };
const otherAdmin = { id: "a2", role: "admin" as const };
const moderator = { id: "m", role: "moderator" as const };
const user = { id: "u", role: "user" as const };

describe("rules about changing accounts", () => {
  test("only owners create admins; Add User offers Admin only to the owner", () => {
    expect(assignableRoles("owner")).toEqual(["user", "moderator", "admin"]);
    expect(assignableRoles("admin")).toEqual(["user", "moderator"]);
    expect(assignableRoles("moderator")).toEqual([]);
    expect(canCreateUserWithRole("owner", "admin")).toBe(true);
    expect(canCreateUserWithRole("admin", "admin")).toBe(false);
    expect(canCreateUserWithRole("admin", "moderator")).toBe(true);
    expect(canCreateUserWithRole("owner", "owner")).toBe(false);
    expect(canCreateUserWithRole("moderator", "user")).toBe(false);
  });

  test("admins cannot modify owner accounts; owners can modify admins; nobody edits an owner account here", () => {
    expect(canModifyUser(admin, owner)).toBe(false);
    expect(modifyRefusal(admin, owner)).toBe(ACCOUNT_RULES.adminsCannotModifyOwners);
    expect(modifyRefusal(owner, otherOwner)).toBe(ACCOUNT_RULES.ownersEditThemselves);
    expect(modifyRefusal(owner, owner)).toBe(ACCOUNT_RULES.ownersEditThemselves);
    expect(canModifyUser(owner, admin)).toBe(true);
    expect(canModifyUser(admin, otherAdmin)).toBe(true);
    expect(canModifyUser(moderator, user)).toBe(false);
  });

  test("only owners promote to admin; nobody is made owner by a role change (ownership is transferred); the owner's role never changes; no self-demotion", () => {
    expect(canChangeRole(owner, user, "admin")).toBe(true);
    expect(canChangeRole(admin, user, "admin")).toBe(false);
    expect(canChangeRole(admin, user, "moderator")).toBe(true);
    expect(canChangeRole(owner, admin, "owner")).toBe(false);
    expect(canChangeRole(admin, user, "owner")).toBe(false);
    expect(canChangeRole(owner, otherOwner, "admin")).toBe(false);
    expect(canChangeRole(owner, owner, "admin")).toBe(false);
    expect(canChangeRole(admin, admin, "moderator")).toBe(false);
    expect(canChangeRole(admin, otherAdmin, "moderator")).toBe(true);
  });

  test("owner accounts cannot be deactivated or deleted; nobody deactivates or deletes themselves", () => {
    expect(canSetActive(admin, user)).toBe(true);
    expect(canSetActive(owner, otherOwner)).toBe(false);
    expect(canSetActive(admin, admin)).toBe(false);
    expect(canSetActive(moderator, user)).toBe(false);
    expect(canDeleteUser(admin, moderator)).toBe(true);
    expect(canDeleteUser(owner, otherOwner)).toBe(false);
    expect(canDeleteUser(owner, owner)).toBe(false);
    expect(canDeleteUser(admin, owner)).toBe(false);
  });
});

describe("each refusal names its rule", () => {
  test("creating users", () => {
    expect(createRefusal("admin", "admin")).toBe(ACCOUNT_RULES.onlyOwnersCreateAdmins);
    expect(createRefusal("owner", "owner")).toBe(ACCOUNT_RULES.newUserRoles);
    expect(createRefusal("moderator", "user")).toMatch(/Forbidden/);
    expect(createRefusal("owner", "admin")).toBeNull();
  });
  test("changing roles", () => {
    expect(roleChangeRefusal(admin, user, "admin")).toBe(ACCOUNT_RULES.onlyOwnersPromote);
    expect(roleChangeRefusal(owner, otherOwner, "admin")).toBe(ACCOUNT_RULES.ownerRoleFixed);
    expect(roleChangeRefusal(admin, admin, "user")).toBe(ACCOUNT_RULES.noSelfDemotion);
    expect(roleChangeRefusal(admin, admin, "admin")).toBeNull(); // keeping one's role is no change
    expect(roleChangeRefusal(moderator, user, "moderator")).toMatch(/Forbidden/);
  });
  test("status and deletion", () => {
    expect(setActiveRefusal(owner, otherOwner)).toBe(ACCOUNT_RULES.ownersProtected);
    expect(setActiveRefusal(admin, admin)).toBe(ACCOUNT_RULES.noSelfDeactivate);
    expect(deleteRefusal(admin, admin)).toBe(ACCOUNT_RULES.noSelfDelete);
    expect(deleteRefusal(admin, owner)).toBe(ACCOUNT_RULES.ownersProtected);
    expect(deleteRefusal(moderator, user)).toMatch(/Forbidden/);
  });
  test("admin notes: every staff role, owner accounts only by owners", () => {
    expect(canEditNotes(moderator, user)).toBe(true);
    expect(canEditNotes(moderator, admin)).toBe(true);
    expect(canEditNotes(admin, owner)).toBe(false);
    expect(canEditNotes(owner, otherOwner)).toBe(true);
    expect(canEditNotes(user, user)).toBe(false);
  });
});

describe("the matrix as the dialog shows it", () => {
  const cells = (i: number) => ROLE_ORDER.map((role) => rowAllowed(role, MATRIX_ROWS[i]));
  test("each printed row reads as the spec prints it", () => {
    expect(MATRIX_ROWS.map((_, i) => cells(i))).toEqual([
      [true, true, false, false],
      [true, false, false, false],
      [true, false, false, false], // transfer ownership
      [true, true, true, false],
      [true, true, false, false],
      [true, true, false, false],
      [true, true, true, true],
      [true, true, true, false], // open the dashboard
      [true, true, false, false],
      [true, true, true, false],
    ]);
  });
  test("the six notes of the spec are listed", () => {
    expect(MATRIX_NOTES).toEqual(
      expect.arrayContaining([
        "Only owners can create admin users.",
        "Admins cannot modify owner accounts.",
        "Owner accounts cannot be deactivated or deleted.",
      ]),
    );
    expect(MATRIX_NOTES.some((n) => /self-demotion/.test(n))).toBe(true);
    expect(MATRIX_NOTES.some((n) => /self-delete/.test(n))).toBe(true);
    expect(MATRIX_NOTES.some((n) => /promote to owner/.test(n))).toBe(true);
  });
});
