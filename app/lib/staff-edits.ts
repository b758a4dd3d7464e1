// Staff edits of states and officials: the fields staff may change, their labels,
// and one Zod schema per form, shared by the pages (Conform), their actions and the JSON calls.
//
// Values: an empty text means "clear the field" and becomes null; a field not sent at all stays as
// it is, in a form (see sentFields() below) as in a JSON call.
import { z } from "~/lib/zod";
import { internalHostName } from "~/lib/address-ranges";
import { dateOfBirthRefusal } from "~/lib/official-age";
import { PARTIES } from "~/lib/party";
import { PHONE_MESSAGE, storedPhone } from "~/lib/phone";
import { MAX_ID } from "~/lib/route-params";

export { EDITABLE_FIELDS, OFFICIAL_FIELDS, STATE_FIELDS, fieldLabel, type EntityType } from "~/lib/editable-fields";

// Choices offered by the staff forms.
export const PARTY_CONTROL_CHOICES = ["Democratic", "Republican", "Split", "Independent"] as const;
export const GOVERNOR_PARTY_CHOICES = ["Democratic", "Republican", "Independent"] as const;
export const OFFICE_CHOICES = ["Senator", "Representative", "Governor"] as const;
export const GENDER_CHOICES = ["Male", "Female", "Other"] as const;
export const PRIORITIES = ["high", "medium", "low"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The critical fields of the Missing Data tab and the official columns each one stands for. */
export const CRITICAL_FIELDS = {
  email: ["email"],
  phone: ["phone"],
  officeAddress: ["officeAddress"],
  websiteUrl: ["website"],
  socialMediaLinks: ["xProfileUrl", "facebookUrl", "instagramUrl", "youtubeUrl", "mastodonUrl"],
  biography: ["biography"],
  committees: ["committees"],
} as const;
export type CriticalField = keyof typeof CRITICAL_FIELDS;

/**
 * How urgent an official's missing data is: high when the phone or the website is missing (how
 * constituents reach an office), medium when the email or the office address is, low otherwise.
 */
export function missingDataPriority(missing: readonly CriticalField[]): Priority {
  if (missing.includes("phone") || missing.includes("websiteUrl")) return "high";
  if (missing.includes("email") || missing.includes("officeAddress")) return "medium";
  return "low";
}

// ---------------------------------------------------------------- field schemas

const VALID_URL = "Please enter a valid URL";
const webUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });
const isCalendarDate = (s: string) => {
  const date = new Date(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(s);
};
const clearedIfEmpty = (s: string) => (s === "" ? null : s);

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const optionalText = (max: number) => text(max).transform(clearedIfEmpty).nullable().optional();
const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);
const optionalUrl = z
  .string()
  .trim()
  .max(500, "At most 500 characters.")
  .refine((s) => s === "" || webUrl.safeParse(s).success, { message: VALID_URL, abort: true })
  // The jobs fetch officials' websites and photos: no names of this machine or a private network.
  .superRefine((s, ctx) => {
    const internal = s === "" ? null : internalHostName(new URL(s).hostname);
    if (internal) ctx.addIssue({ code: "custom", message: `Please enter a public web address: ${internal}` });
  })
  .transform(clearedIfEmpty)
  .nullable()
  .optional();
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "At most 254 characters.")
  .refine((s) => s === "" || z.email().safeParse(s).success, "Please enter a valid email address")
  .transform(clearedIfEmpty)
  .nullable()
  .optional();
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string("Choose one of the listed options.")
    .trim()
    .refine((s) => s === "" || values.includes(s), "Choose one of the listed options.")
    .transform((s) => (s === "" ? null : (s as T[number])))
    .nullable()
    .optional();
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === "" ? message : "Choose one of the listed options.") });
const optionalWholeNumber = (message: string) =>
  z
    .union([z.number(), z.string().trim()], message)
    .refine((v) => v === "" || /^\d+$/.test(String(v)), message)
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((n) => n === null || n <= 2_000_000_000, message)
    .nullable()
    .optional();

/** A US phone number, stored as 202-224-3121 (x123 for an extension); empty clears it. */
const optionalPhone = z
  .string()
  .trim()
  .max(40, PHONE_MESSAGE)
  .refine((s) => s === "" || storedPhone(s) !== null, PHONE_MESSAGE)
  .transform((s) => (s === "" ? null : storedPhone(s)))
  .nullable()
  .optional();
/** A date of birth: a calendar day in the past that makes the person at least 18. */
const optionalDateOfBirth = z
  .string()
  .trim()
  .refine((s) => s === "" || isCalendarDate(s), { message: "Please enter a valid date", abort: true })
  .superRefine((s, ctx) => {
    const refusal = s === "" ? null : dateOfBirthRefusal(s);
    if (refusal) ctx.addIssue({ code: "custom", message: refusal });
  })
  .transform(clearedIfEmpty)
  .nullable()
  .optional();

// ---------------------------------------------------------------- forms

/** State Details form: name required, a 2-letter abbreviation, a valid URL or none. */
export const StateEditSchema = z.object({
  name: requiredText("State name is required"),
  abbreviation: z
    .string({ error: "State abbreviation must be 2 characters" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "State abbreviation must be 2 characters"),
  partyControl: optionalChoice(PARTY_CONTROL_CHOICES),
  governorParty: optionalChoice(GOVERNOR_PARTY_CHOICES),
  population: optionalWholeNumber("Population must be a whole number"),
  electoralVotes: optionalWholeNumber("Electoral votes must be a whole number"),
  officialWebsite: optionalUrl,
  notes: optionalText(5000),
});
export type StateEdit = z.infer<typeof StateEditSchema>;

/**
 * Representative detail form: first and last name, party and office required; email and URLs
 * valid or empty. The office address is read-only there.
 */
export const RepresentativeEditSchema = z.object({
  firstName: requiredText("First name is required"),
  lastName: requiredText("Last name is required"),
  dateOfBirth: optionalDateOfBirth,
  gender: optionalChoice(GENDER_CHOICES),
  religion: optionalText(100),
  office: requiredChoice(OFFICE_CHOICES, "Office is required"),
  party: requiredChoice(PARTIES, "Party is required"),
  district: optionalText(10),
  photoUrl: optionalUrl,
  biography: optionalText(10_000),
  email: optionalEmail,
  phone: optionalPhone,
  website: optionalUrl,
  xProfileUrl: optionalUrl,
  bioguideId: optionalText(20),
  govtrackId: optionalText(20),
  opensecretId: optionalText(20),
  fecId: optionalText(20),
  ballotpediaSlug: optionalText(200),
  wikipediaSlug: optionalText(200),
  washingtonPostSlug: optionalText(200),
  votesmartId: optionalText(20),
  icpsrId: optionalText(20),
  terms: optionalText(5000),
  leadership: optionalText(5000),
  committees: optionalText(5000),
  notes: optionalText(5000),
});

/**
 * Add an incoming official: a member-elect or governor-elect for a seat, with the day their term
 * begins (after today: someone already serving is edited on their own page). The seat's district
 * or class is checked against the state by proposeIncomingOfficial, which knows the states.
 */
export const IncomingOfficialSchema = z
  .object({
    office: requiredChoice(OFFICE_CHOICES, "Office is required"),
    state: z
      .string({ error: "State is required" })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "State is required"),
    district: optionalText(10),
    senateClass: optionalChoice(["1", "2", "3"] as const),
    firstName: requiredText("First name is required"),
    lastName: requiredText("Last name is required"),
    party: requiredChoice(PARTIES, "Party is required"),
    start: z.string({ error: "Start date is required" }).trim().refine(isCalendarDate, "Please enter a valid date (YYYY-MM-DD)"),
    sourceUrl: optionalUrl,
    notes: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (v.office === "Representative" && !v.district)
      ctx.addIssue({ code: "custom", path: ["district"], message: "District is required for a representative" });
    if (v.office === "Senator" && !v.senateClass)
      ctx.addIssue({ code: "custom", path: ["senateClass"], message: "Senate class is required for a senator" });
  });
export type IncomingOfficialInput = z.infer<typeof IncomingOfficialSchema>;

/**
 * Missing Data dialog: at least one field; the entered fields only (an empty one is not given),
 * and optional notes for the reviewer.
 */
export const MissingDataSchema = z
  .object({
    email: optionalEmail,
    phone: optionalPhone,
    officeAddress: optionalText(500),
    websiteUrl: optionalUrl,
    notes: optionalText(2000),
  })
  .refine((v) => Boolean(v.email || v.phone || v.officeAddress || v.websiteUrl), {
    message: "Enter at least one field.",
    path: ["email"],
  });
export type MissingDataInput = z.infer<typeof MissingDataSchema>;

/** Missing-data fields as official columns: only what was entered. */
export function missingDataValues(input: MissingDataInput) {
  const values = { email: input.email, phone: input.phone, officeAddress: input.officeAddress, website: input.websiteUrl };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Record<string, string>;
}

/** Rejection dialog: optional notes. */
export const RejectSchema = z.object({ notes: optionalText(2000) });

const UPDATE_ID_MESSAGE = "Each update id must be a positive whole number.";
/** The chosen field updates of the Pending Updates tab (checkbox values arrive as text). */
const UpdateIds = z
  .array(z.coerce.number(UPDATE_ID_MESSAGE).int(UPDATE_ID_MESSAGE).positive(UPDATE_ID_MESSAGE).max(MAX_ID, UPDATE_ID_MESSAGE), {
    error: "Choose at least one update.",
  })
  .min(1, "Choose at least one update.")
  .max(1000, "At most 1000 updates at a time.");
export const BulkApproveSchema = z.object({ updateIds: UpdateIds });
export const BulkRejectSchema = RejectSchema.extend({ updateIds: UpdateIds });

/**
 * The part of a form's schema the submission sent: a field the form data does not name at all
 * stays as it is (a tab's form, an older page, a script posting a few fields), while one sent
 * empty is checked (a required field cannot be cleared) and, where allowed, cleared.
 */
export function sentFields<S extends z.ZodObject>(schema: S, formData: FormData): S {
  const sent = Object.fromEntries(Object.keys(schema.shape).flatMap((key) => (formData.has(key) ? [[key, true as const]] : [])));
  return schema.pick(sent as never) as unknown as S;
}

/**
 * The values of a parsed form submission, every field of `schema` given: Conform drops empty
 * inputs, so a field the person emptied arrives missing and means "clear it". Pass the schema of
 * sentFields(), so a field not sent is not cleared. (JSON calls skip this: a missing key means unchanged.)
 */
export function formValues<S extends z.ZodObject>(schema: S, value: z.infer<S>) {
  const values = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, values[key] ?? null])) as {
    [K in keyof z.infer<S>]-?: Exclude<z.infer<S>[K], undefined> | null;
  };
}

// ---------------------------------------------------------------- texts (toasts and empty states)

export const DATA_UPDATE_TEXTS = {
  suggestionSubmitted: (count: number) => ({
    title: "Change Suggestion Submitted",
    description: `${count} change(s) submitted for admin review`,
  }),
  stateUpdated: "State information updated successfully",
  representativeUpdated: "Representative information updated successfully",
  missingDataSubmitted: { title: "Update submitted", description: "Your changes have been submitted for admin approval." },
  decisionRecorded: "Data update decision recorded",
  approved: "Update approved",
  rejected: "Update rejected",
  bulkApproved: "Updates approved successfully",
  bulkRejected: "Updates rejected successfully",
  noChanges: "No changes to save.",
} as const;

/** The notice after a staff edit of a form: applied, sent for review, or nothing to save, and a warning on what was saved. */
export function editOutcomeToast(
  outcome: { status: "pending_review" | "applied" | "unchanged"; suggestions: number },
  appliedText: string,
  warning: string | null = null,
) {
  const toast: { title: string; description?: string } =
    outcome.status === "pending_review"
      ? DATA_UPDATE_TEXTS.suggestionSubmitted(outcome.suggestions)
      : { title: outcome.status === "applied" ? appliedText : DATA_UPDATE_TEXTS.noChanges };
  return warning ? { ...toast, description: [toast.description, warning].filter(Boolean).join(" ") } : toast;
}
