// Mailing-list sign-up (spec 1 §3 Lead, §5): one schema per step, shared by the welcome dialog,
// the /welcome page and POST /api/leads.
import { z } from "zod";

export const POLITICAL_AFFILIATIONS = ["Democratic", "Republican", "Independent", "Other"] as const;

export const LeadEmailSchema = z.object({
  email: z.string({ error: "Please enter a valid email address." }).trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
});

const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();
export const LeadDetailsSchema = LeadEmailSchema.extend({
  firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100),
  lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100),
  phone: optional(30),
  address: optional(200),
  city: optional(100),
  state: optional(50),
  zipCode: optional(10),
  occupation: optional(100),
  // "Prefer not to say" submits an empty value: it means not given.
  politicalAffiliation: z.preprocess((v) => (v === "" ? undefined : v), z.enum(POLITICAL_AFFILIATIONS, "Choose one of the listed affiliations.").optional()),
});
export type LeadDetails = z.infer<typeof LeadDetailsSchema>;

export const WELCOME_TEXTS = {
  existingAccount: "A profile with that email address already exists. Please log in or reset your password to adjust your mailing preferences.",
  complete: "Thank you for joining us!",
  successToast: { title: "Welcome to Civic Atlas!", description: "You've been added to our mailing list. We'll keep you informed about important political developments." },
  errorToast: { title: "Error", description: "There was an error adding you to our mailing list. Please try again." },
} as const;
