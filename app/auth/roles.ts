// Roles and their labels (user shows as Patriot). Importable by server and
// client: the server enforces, the UI only hides. The full matrix lives in permissions.ts.

export const ROLES = ["user", "moderator", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Administrator",
  moderator: "Moderator",
  user: "Patriot",
};

/** "Administrator" is the profile's word; elsewhere an admin is "Admin". */
export const STAFF_ROLE_LABELS: Record<Role, string> = { ...ROLE_LABELS, admin: "Admin" };

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
