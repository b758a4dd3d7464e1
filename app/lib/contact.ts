// The contact form's schema and texts (spec 1 §2, §4, §5, §8).
import { z } from "zod";

export const CONTACT_CATEGORIES = ["technical", "help", "report", "feature", "general"] as const;
export const CATEGORY_LABELS: Record<(typeof CONTACT_CATEGORIES)[number], string> = {
  technical: "Technical issue",
  help: "Help using the site",
  report: "Report incorrect data",
  feature: "Feature request",
  general: "General question",
};

const required = (max: number) => z.string({ error: "Required" }).trim().min(1, "Required").max(max, `At most ${max} characters.`);

export const ContactSchema = z.object({
  name: required(100),
  email: z.string({ error: "Required" }).trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
  subject: required(200),
  category: z.enum(CONTACT_CATEGORIES, "Choose one of the listed categories.").optional(),
  message: required(5000),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const CONTACT_TOASTS = {
  missing: { title: "Missing information", description: "Please fill in all required fields." },
  sent: { title: "Message sent successfully", description: "We'll get back to you within 24-48 hours." },
  failed: { title: "Failed to send message", description: "Please try again or contact us directly via email." },
} as const;
