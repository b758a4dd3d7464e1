// The contact form's schema and texts (spec 1 §2, §4, §5, §8).
import { z } from "zod";
import { emailAddress, requiredText } from "~/lib/field-schemas";

export const CONTACT_CATEGORIES = ["technical", "help", "report", "feature", "general"] as const;
export const CATEGORY_LABELS: Record<(typeof CONTACT_CATEGORIES)[number], string> = {
  technical: "Technical issue",
  help: "Help using the site",
  report: "Report incorrect data",
  feature: "Feature request",
  general: "General question",
};

export const ContactSchema = z.object({
  name: requiredText(100, "Required"),
  email: emailAddress({ invalid: "Please enter a valid email address.", missing: "Required" }),
  subject: requiredText(200, "Required"),
  category: z.enum(CONTACT_CATEGORIES, "Choose one of the listed categories.").optional(),
  message: requiredText(5000, "Required"),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const CONTACT_TOASTS = {
  missing: { title: "Missing information", description: "Please fill in all required fields." },
  sent: { title: "Message sent successfully", description: "We'll get back to you within 24-48 hours." },
  failed: { title: "Failed to send message", description: "Please try again or contact us directly via email." },
} as const;
