// Mailing-list leads: the values, labels and texts the public sign-up and the staff's Lead
// Management show. No zod here: the welcome dialog on every public page imports this file, and
// the schemas (models/leads.server.ts, the edit form's in components/lead-edit-form.tsx) would
// bring zod into those pages' JavaScript.

export const POLITICAL_AFFILIATIONS = ["Democratic", "Republican", "Independent", "Other"] as const;

export const WELCOME_TEXTS = {
  existingAccount:
    "A profile with that email address already exists. Please log in or reset your password to adjust your mailing preferences.",
  complete: "Thank you for joining us!",
  successToast: {
    title: "Welcome to Civic Atlas!",
    description: "You've been added to our mailing list. We'll keep you informed about important political developments.",
  },
  errorToast: { title: "Error", description: "There was an error adding you to our mailing list. Please try again." },
} as const;

export const LEAD_STATUSES = ["active", "unsubscribed", "converted"] as const;
export const LEAD_SOURCES = ["welcome_popup", "newsletter", "event", "others"] as const;

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
const STATUS_TONES = { active: "good", unsubscribed: "warn", converted: "neutral" } as const;
/** A lead's status as its badge shows it (StatusBadge). */
export const leadStatusLook = (status: string) => ({
  label: STATUS_LABELS[status] ?? status,
  tone: STATUS_TONES[status as keyof typeof STATUS_TONES] ?? ("neutral" as const),
});
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

/** The query parameters that open a dialog on /admin/leads: leaving the dialog or the page drops them. */
export const LEAD_DIALOG_PARAMS = ["edit", "delete", "index"];

/** The list's own address: the search, filters and page kept, any dialog closed. */
export function listUrl(url: URL) {
  const params = new URLSearchParams(url.search);
  for (const key of LEAD_DIALOG_PARAMS) params.delete(key);
  return `/admin/leads${params.size ? `?${params}` : ""}`;
}
