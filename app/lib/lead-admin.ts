// Lead management (spec 3 §2, §3, §9): the edit form's schema, the status and source choices,
// and the texts the page shows.
import { z } from "~/lib/zod";
import { EmailField } from "~/auth/account-schemas";
import { POLITICAL_AFFILIATIONS } from "~/lib/leads";

export const LEAD_STATUSES = ["active", "unsubscribed", "converted"] as const;
export const LEAD_SOURCES = ["welcome_popup", "newsletter", "event", "others"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional();
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, "Choose one of the listed options.");

/** Edit Lead dialog. A JSON PUT may send only the fields it changes. */
export const LeadEditSchema = z.object({
  email: EmailField,
  firstName: optionalText(100),
  lastName: optionalText(100),
  phone: optionalText(30),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: optionalText(10),
  occupation: optionalText(100),
  politicalAffiliation: z
    .union([z.literal(""), choice(POLITICAL_AFFILIATIONS)], "Choose one of the listed affiliations.")
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional(),
  status: choice(LEAD_STATUSES),
  source: choice(LEAD_SOURCES),
});
export type LeadEdit = z.infer<typeof LeadEditSchema>;

export const LeadSearchSchema = z.object({
  search: z.string().trim().max(100, "The search is at most 100 characters.").optional(),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  source: z.enum(LEAD_SOURCES).optional().catch(undefined),
});

export const LEAD_TEXTS = {
  updated: "Lead updated successfully",
  converted: "Lead converted to user successfully",
  deleted: "Lead deleted successfully",
  deleteConfirm: "Are you sure you want to delete this lead? This action cannot be undone.",
  alreadyConverted: "This lead was already converted to a user.",
  notFound: "Lead not found",
  empty: "No leads found",
  loadFailed: "Error loading leads. Please try again.",
  accessDenied: "Access denied. Admin privileges required.",
  accessToast: "You need admin privileges to access lead management.",
  signedOut: "Please log in to access Lead Management.",
} as const;
