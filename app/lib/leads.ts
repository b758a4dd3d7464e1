// Mailing-list sign-up (spec 1 §3 Lead): the values and texts the dialog and page show. The
// schemas are in leads.server.ts, so zod stays out of the browser bundle.

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
