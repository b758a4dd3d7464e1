// The contact form's categories and texts. Its schema is in
// contact-schema.server.ts, so the page loads no zod in the browser (decision 0025).

export const CONTACT_CATEGORIES = ["technical", "help", "report", "feature", "general"] as const;
export const CATEGORY_LABELS: Record<(typeof CONTACT_CATEGORIES)[number], string> = {
  technical: "Technical issue",
  help: "Help using the site",
  report: "Report incorrect data",
  feature: "Feature request",
  general: "General question",
};

export const CONTACT_TOASTS = {
  missing: { title: "Missing information", description: "Please fill in all required fields." },
  sent: { title: "Message sent successfully", description: "We'll get back to you within 24-48 hours." },
  failed: { title: "Failed to send message", description: "Please try again or contact us directly via email." },
} as const;
