// Mailing-list sign-up (spec 1 §5): one schema per step, used by the /welcome action (the page
// and the dialog) and by POST /api/leads.
import { z } from "zod";
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
