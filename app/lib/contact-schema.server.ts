// The contact form's schema (name, email, subject and message required; category optional), for the /contact action and POST /api/contact.
// Server-only: the page gets its fields' constraints (required, maxlength) from its loader, and
// the server's answer carries every message, so the browser never loads zod (decision 0025).
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/lib/zod";
import { CONTACT_CATEGORIES } from "~/lib/contact";
import { emailAddress, requiredText } from "~/lib/field-schemas";

export const ContactSchema = z.object({
  name: requiredText(100, "Required"),
  email: emailAddress({ invalid: "Please enter a valid email address.", missing: "Required" }),
  subject: requiredText(200, "Required"),
  category: z.enum(CONTACT_CATEGORIES, "Choose one of the listed categories.").optional(),
  message: requiredText(5000, "Required"),
});
export type ContactInput = z.infer<typeof ContactSchema>;

/** The HTML constraints of the form's fields (required, maxlength), for Conform in the page. */
export const CONTACT_CONSTRAINT = getZodConstraint(ContactSchema);

/** The submitted form, checked: Conform's submission (its reply re-renders the form with the errors). */
export const parseContactForm = (formData: FormData) => parseWithZod(formData, { schema: ContactSchema });
