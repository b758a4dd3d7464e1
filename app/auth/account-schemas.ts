// The account forms' Zod schemas (the option lists are in account-options.ts). One schema per form, used by
// Conform in the browser, by the page's action and by the matching JSON call.
import { z } from "~/lib/zod";
import { atMost, emailAddress, optionalText, requiredText } from "~/lib/field-schemas";
import { ACCOUNT_OPTIONS, findOption, optionValues, type OptionField } from "./account-options";

/** A choice from a field's list. A label or older wording is read as its value, so it is stored once. */
const choice = (field: OptionField) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (findOption(field, v)?.value ?? v)) : v),
    z.enum(optionValues(field), "Choose one of the listed options.").optional(),
  );
/** Any number of choices from a field's list, each kept once (one ticked box arrives as a plain string). */
const choices = (field: OptionField) =>
  z.preprocess(
    (v) => {
      const list = typeof v === "string" ? [v] : v;
      if (!Array.isArray(list)) return list;
      return [...new Set(list.map((e) => (typeof e === "string" ? (findOption(field, e)?.value ?? e) : e)))];
    },
    z
      .array(z.enum(optionValues(field), "Choose from the listed options."))
      .max(ACCOUNT_OPTIONS[field].length, "Choose from the listed options.")
      .optional(),
  );

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

/** The civic profile: the same lists at registration and on the profile. */
const CIVIC_PROFILE_FIELDS = {
  politicalAffiliation: choice("politicalAffiliation"),
  votingFrequency: choice("votingFrequency"),
  governmentTrust: choice("governmentTrust"),
  newsConsumption: choice("newsConsumption"),
  politicalEngagement: choice("politicalEngagement"),
  primaryIssues: choices("primaryIssues"),
  preferredSources: choices("preferredSources"),
};

export const RegisterSchema = z.object({
  firstName: requiredText(100, "First name is required"),
  lastName: requiredText(100, "Last name is required"),
  email: EmailField,
  password: NewPassword,
  ...CONTACT_FIELDS,
  timezone: choice("timezone"),
  ...CIVIC_PROFILE_FIELDS,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const SignInSchema = z.object({
  email: EmailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX, atMost(PASSWORD_MAX)),
});

// Profile edits have no client-side validation; the server checks every value. The
// profile's time zone is free text (for example America/New_York).
export const ProfileSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  ...CONTACT_FIELDS,
  timezone: optionalText(60),
  ...CIVIC_PROFILE_FIELDS,
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
