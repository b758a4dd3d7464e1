// Mailing-list sign-up (spec 1 §5): the schemas used by the /welcome action (the page and the
// dialog) and by POST /api/leads.
import { z } from "~/lib/zod";
import { emailAddress, requiredText } from "~/lib/field-schemas";
import { POLITICAL_AFFILIATIONS } from "~/lib/leads";

export const LeadEmailSchema = z.object({
  email: emailAddress({ invalid: "Please enter a valid email address." }),
});

const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();
export const LeadDetailsSchema = LeadEmailSchema.extend({
  firstName: requiredText(100, "First name is required"),
  lastName: requiredText(100, "Last name is required"),
  phone: optional(30),
  address: optional(200),
  city: optional(100),
  state: optional(50),
  zipCode: optional(10),
  occupation: optional(100),
  // "Prefer not to say" submits an empty value: it means not given.
  politicalAffiliation: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(POLITICAL_AFFILIATIONS, "Choose one of the listed affiliations.").optional(),
  ),
});
export type LeadDetails = z.infer<typeof LeadDetailsSchema>;

const DETAIL_FIELDS = Object.keys(LeadDetailsSchema.shape).filter((key) => key !== "email");

/**
 * One sign-up, parsed in one pass. A body that carries any of the lead's detail fields is a
 * sign-up with details (first and last name then required); otherwise it is the email alone
 * ("Skip for Now"). Any other key (source, the honeypot, anything unknown) is ignored and never
 * decides which of the two it is.
 */
export const LeadSignUpSchema = z.preprocess(
  (body) =>
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? { ...body, withDetails: DETAIL_FIELDS.some((key) => (body as Record<string, unknown>)[key] !== undefined) }
      : body,
  z.discriminatedUnion("withDetails", [
    LeadEmailSchema.extend({ withDetails: z.literal(false) }),
    LeadDetailsSchema.extend({ withDetails: z.literal(true) }),
  ]),
);
export type LeadSignUp = z.infer<typeof LeadSignUpSchema>;
