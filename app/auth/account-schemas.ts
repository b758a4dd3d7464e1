// The account forms' Zod schemas and option lists (spec 2 §3, §5). One schema per form, used by
// Conform in the browser, by the page's action and by the matching JSON call.
import { z } from "zod";
import { atMost, emailAddress, optionalText, requiredText } from "~/lib/field-schemas";

export const REGISTRATION_OPTIONS = {
  primaryIssues: [
    "Economy & Jobs",
    "Healthcare",
    "Education",
    "Climate & Environment",
    "Immigration",
    "Criminal Justice",
    "Foreign Policy",
    "Infrastructure",
    "Social Issues",
    "Technology & Privacy",
    "Veterans Affairs",
    "Housing",
  ],
  preferredSources: [
    "Local Newspapers",
    "National TV News",
    "Online News Sites",
    "Social Media",
    "Podcasts",
    "Radio",
    "Government Websites",
    "Political Newsletters",
  ],
  timezone: ["EST", "CST", "MST", "PST"],
  politicalAffiliation: ["democrat", "republican", "independent", "libertarian", "green", "other", "prefer-not-to-say"],
  votingFrequency: ["every-election", "major-elections", "sometimes", "rarely", "never"],
  governmentTrust: ["high", "moderate", "low", "very-low"],
  politicalEngagement: ["very-active", "somewhat-active", "occasionally-active", "not-very-active"],
  newsConsumption: ["daily", "weekly", "occasionally", "rarely"],
} as const;

/** Registration values whose label is not their words capitalised. */
const REGISTRATION_LABELS: Record<string, string> = { green: "Green Party", "prefer-not-to-say": "Prefer not to say" };

/**
 * The label of a stored choice, whichever list it came from: a registration value (lower case,
 * hyphenated: "every-election") reads "Every election"; a profile value is its own label, as
 * written ("2-3 times per week").
 */
export const optionLabel = (value: string) => {
  if (REGISTRATION_LABELS[value]) return REGISTRATION_LABELS[value];
  if (!/^[a-z]+(-[a-z]+)*$/.test(value)) return value;
  const text = value.replace(/-/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The profile option a stored choice stands for (registration's "independent" is the profile's "Independent"). */
export const sameProfileOption = (value: string, options: readonly string[]) =>
  options.find((o) => o === value || o.toLowerCase() === optionLabel(value).toLowerCase());

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, "Choose one of the listed options.").optional();
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values, "Choose from the listed options.")).max(values.length, "Choose from the listed options.").optional();

export const EmailField = emailAddress({ invalid: "Valid email is required" });
export const PASSWORD_MAX = 200;
const NewPassword = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(PASSWORD_MAX, atMost(PASSWORD_MAX));

/** Contact and location: the same optional fields at registration and on the profile. */
const CONTACT_FIELDS = {
  phone: optionalText(30),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zipCode: optionalText(10),
  country: optionalText(100),
};

export const RegisterSchema = z.object({
  firstName: requiredText(100, "First name is required"),
  lastName: requiredText(100, "Last name is required"),
  email: EmailField,
  password: NewPassword,
  ...CONTACT_FIELDS,
  timezone: optionalChoice(REGISTRATION_OPTIONS.timezone),
  politicalAffiliation: optionalChoice(REGISTRATION_OPTIONS.politicalAffiliation),
  votingFrequency: optionalChoice(REGISTRATION_OPTIONS.votingFrequency),
  governmentTrust: optionalChoice(REGISTRATION_OPTIONS.governmentTrust),
  newsConsumption: optionalChoice(REGISTRATION_OPTIONS.newsConsumption),
  politicalEngagement: optionalChoice(REGISTRATION_OPTIONS.politicalEngagement),
  primaryIssues: choices(REGISTRATION_OPTIONS.primaryIssues),
  preferredSources: choices(REGISTRATION_OPTIONS.preferredSources),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const SignInSchema = z.object({
  email: EmailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX, atMost(PASSWORD_MAX)),
});

/** The profile-edit lists (spec 2 §3): display wording, a different vocabulary from registration. */
export const PROFILE_OPTIONS = {
  politicalAffiliation: ["Republican", "Democrat", "Independent", "Libertarian", "Green Party", "Other", "Prefer not to say"],
  votingFrequency: ["Every election", "Most elections", "Presidential elections only", "Occasionally", "Never", "Not eligible"],
  governmentTrust: ["High trust", "Moderate trust", "Low trust", "Very low trust", "No opinion"],
  newsConsumption: ["Daily", "2-3 times per week", "Weekly", "Occasionally", "Rarely", "Never"],
  politicalEngagement: ["Very active", "Moderately active", "Somewhat active", "Not very active", "Not active at all"],
  primaryIssues: [
    "Healthcare",
    "Economy",
    "Education",
    "Environment",
    "Immigration",
    "National Security",
    "Social Issues",
    "Technology Policy",
    "Infrastructure",
    "Criminal Justice",
    "Foreign Policy",
    "Trade",
    "Taxation",
    "Civil Rights",
    "Government Reform",
  ],
  preferredSources: [
    "CNN",
    "Fox News",
    "NPR",
    "BBC",
    "Reuters",
    "Associated Press",
    "Wall Street Journal",
    "New York Times",
    "Washington Post",
    "USA Today",
    "Local News",
    "Social Media",
    "Podcasts",
    "Online Blogs",
    "Print Newspapers",
  ],
} as const;

// Profile edits have no client-side validation (spec 2 §5); the server still bounds every value.
// Choices are free text so a value saved at registration (another vocabulary) is never lost.
const list = z
  .array(z.string().trim().max(100, atMost(100)))
  .max(30, "Choose at most 30.")
  .optional();
export const ProfileSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  ...CONTACT_FIELDS,
  timezone: optionalText(60),
  politicalAffiliation: optionalText(60),
  votingFrequency: optionalText(60),
  governmentTrust: optionalText(60),
  newsConsumption: optionalText(60),
  politicalEngagement: optionalText(60),
  primaryIssues: list,
  preferredSources: list,
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailField });

export const ResetPasswordSchema = z
  .object({
    token: z
      .string({ error: "This reset link is incomplete." })
      .min(10, "This reset link is incomplete.")
      .max(100, "This reset link is not valid."),
    password: NewPassword,
    confirmPassword: z.string({ error: "Please type the new password again." }).max(PASSWORD_MAX, atMost(PASSWORD_MAX)),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "The two passwords do not match.", path: ["confirmPassword"] });
