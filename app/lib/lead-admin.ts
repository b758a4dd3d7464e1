// Lead management (spec 3 §2, §3, §9): the edit form's schema, the status and source choices,
// and the texts the page shows.
import { z } from "~/lib/zod";
import { EmailField } from "~/auth/account-schemas";
import { CursorParam, pageHref, type PageLink } from "~/lib/keyset";
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
  after: CursorParam,
  before: CursorParam,
});
export type LeadSearch = z.infer<typeof LeadSearchSchema>;

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

export const STATUS_LABELS: Record<string, string> = { active: "Active", unsubscribed: "Unsubscribed", converted: "Converted" };
export const STATUS_TONES = { active: "good", unsubscribed: "warn", converted: "neutral" } as const;
export const SOURCE_LABELS: Record<string, string> = {
  welcome_popup: "Welcome popup",
  newsletter: "Newsletter",
  event: "Event",
  others: "Others",
};
/** What the Edit dialog may set: Convert is the only way to converted. */
export const EDITABLE_STATUSES = LEAD_STATUSES.filter((s) => s !== "converted");
/**
 * Someone who unsubscribed is subscribed again only by their own action: the re-join link emailed
 * when they sign up again (app/routes/rejoin.tsx). Staff may record an unsubscription, never undo one.
 */
export const ONLY_THEY_RESUBSCRIBE =
  "Only the person can subscribe again: signing up on the site emails them a re-join link. Staff cannot re-subscribe an address.";
export const LEAD_FAILURES = { update: "Failed to update lead", convert: "Failed to convert lead", delete: "Failed to delete lead" };
export const EMAIL_NOT_SENT = "The email with the password link could not be sent. They can use Forgot password? on the sign-in page.";

/** The list's own address: the search, filters and page kept, any dialog closed. */
export function listUrl(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const key of ["edit", "delete", "index"]) params.delete(key);
  return `/admin/leads${params.size ? `?${params}` : ""}`;
}

/** Another page of the list: the search and filters kept, the cursor replaced, any dialog closed. */
export const pageUrl = (url: URL, link: PageLink) => pageHref(url, link, ["edit", "delete", "index"]);

/** An edit form sends every field: an emptied one is cleared, not left as it was. */
export function wholeEdit(value: LeadEdit): LeadEdit {
  const cleared = Object.fromEntries(Object.keys(LeadEditSchema.shape).map((key) => [key, value[key as keyof LeadEdit] ?? null]));
  return { ...cleared, email: value.email, status: value.status, source: value.source } as LeadEdit;
}
