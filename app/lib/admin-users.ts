// The staff user forms' schemas: Add User, the detail page's edit form and
// admin notes. One schema per form, used by Conform in the browser, the page's action and the
// matching JSON call.
import { z } from "~/lib/zod";
import { EmailField, ProfileSchema } from "~/auth/account-schemas";
import { ROLES } from "~/auth/roles";
import { jsonError } from "~/json-response.server";

/** The user detail's Activity tab shows this many of the newest entries. */
export const ACTIVITY_ENTRIES_SHOWN = 10;

/** Add User: only the email is required; the role defaults to Patriot. */
export const NewUserSchema = z.object({
  email: z.string({ error: "Email is required" }).pipe(EmailField),
  firstName: ProfileSchema.shape.firstName,
  lastName: ProfileSchema.shape.lastName,
  role: z.enum(ROLES, "Choose one of the listed roles.").default("user"),
});
export type NewUserInput = z.infer<typeof NewUserSchema>;

/** The detail page's Edit form: email, names, role, profile image URL, phone, time zone and address fields. */
export const StaffUserSchema = z.object({
  email: z.string({ error: "Email is required" }).pipe(EmailField),
  role: z.enum(ROLES, "Choose one of the listed roles.").optional(),
  profileImageUrl: z
    .url({ protocol: /^https?$/, error: "Please enter a valid URL" })
    .max(500, "At most 500 characters.")
    .optional(),
  ...ProfileSchema.pick({
    firstName: true,
    lastName: true,
    phone: true,
    timezone: true,
    address: true,
    zipCode: true,
    city: true,
    country: true,
    state: true,
  }).shape,
});
export type StaffUserInput = z.infer<typeof StaffUserSchema>;

export const AdminNotesSchema = z.object({
  adminNotes: z.string().trim().max(5000, "At most 5000 characters.").optional(),
});

/** PATCH /api/admin/users/{id}: any of the edit fields, or only adminNotes. */
export const StaffUserPatchSchema = StaffUserSchema.partial().extend(AdminNotesSchema.shape).strict();
export type StaffUserPatch = z.infer<typeof StaffUserPatchSchema>;

export const StatusPatchSchema = z.object({ isActive: z.boolean("isActive must be true or false.") }).strict();

/** The list's GET filters (empty ones mean "all"); a value that is not one of them is a 400. */
export const UserListQuerySchema = z.object({
  q: z.string().trim().max(200, "The search is at most 200 characters.").optional(),
  role: z.enum(ROLES, "role must be one of user, moderator, admin, owner.").optional(),
  status: z.enum(["active", "inactive"], "status must be active or inactive.").optional(),
  page: z.coerce.number().int("page must be a whole number from 1.").min(1, "page must be a whole number from 1.").optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** Reads a query string against a schema, leaving out empty values; a bad value is a 400 with a message. */
export function parseQuery<T extends z.ZodType>(url: string, schema: T): z.infer<T> {
  const params = Object.fromEntries([...new URL(url).searchParams].filter(([, v]) => v.trim() !== ""));
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  throw jsonError(400, parsed.error.issues[0].message);
}
