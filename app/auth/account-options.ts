// The choices of an account's civic profile: one list per field of stored value and label, used by
// registration, the profile page (view and edit), staff's user page and the Zod schemas that check
// them (decision 0021). The spec gave registration and the profile edit form two
// vocabularies for the same fields; each list here holds both, once: the value is the registration
// vocabulary's (what the API and older rows store), the label the profile's wording, and `aliases`
// the other wordings a row saved before this list may hold.

export type Option = { value: string; label: string; aliases?: readonly string[] };

/** A list choice whose value is its label (the lists of strings: issues, sources, time zones). */
const same = (...labels: string[]): Option[] => labels.map((label) => ({ value: label, label }));

export const ACCOUNT_OPTIONS = {
  timezone: same("EST", "CST", "MST", "PST"),
  politicalAffiliation: [
    { value: "democrat", label: "Democrat" },
    { value: "republican", label: "Republican" },
    { value: "independent", label: "Independent" },
    { value: "libertarian", label: "Libertarian" },
    { value: "green", label: "Green Party" },
    { value: "other", label: "Other" },
    { value: "prefer-not-to-say", label: "Prefer not to say" },
  ],
  votingFrequency: [
    { value: "every-election", label: "Every election" },
    { value: "most-elections", label: "Most elections" },
    { value: "major-elections", label: "Major elections only" },
    { value: "presidential-elections-only", label: "Presidential elections only" },
    { value: "sometimes", label: "Sometimes", aliases: ["Occasionally"] },
    { value: "rarely", label: "Rarely" },
    { value: "never", label: "Never" },
    { value: "not-eligible", label: "Not eligible" },
  ],
  governmentTrust: [
    { value: "high", label: "High trust" },
    { value: "moderate", label: "Moderate trust" },
    { value: "low", label: "Low trust" },
    { value: "very-low", label: "Very low trust" },
    { value: "no-opinion", label: "No opinion" },
  ],
  newsConsumption: [
    { value: "daily", label: "Daily" },
    { value: "2-3-times-per-week", label: "2-3 times per week" },
    { value: "weekly", label: "Weekly" },
    { value: "occasionally", label: "Occasionally" },
    { value: "rarely", label: "Rarely" },
    { value: "never", label: "Never" },
  ],
  politicalEngagement: [
    { value: "very-active", label: "Very active" },
    { value: "moderately-active", label: "Moderately active" },
    { value: "somewhat-active", label: "Somewhat active" },
    { value: "occasionally-active", label: "Occasionally active" },
    { value: "not-very-active", label: "Not very active" },
    { value: "not-active-at-all", label: "Not active at all" },
  ],
  primaryIssues: [
    { value: "Economy & Jobs", label: "Economy & Jobs", aliases: ["Economy"] },
    ...same("Healthcare", "Education"),
    { value: "Climate & Environment", label: "Climate & Environment", aliases: ["Environment"] },
    ...same("Immigration", "Criminal Justice", "Foreign Policy", "Infrastructure", "Social Issues"),
    { value: "Technology & Privacy", label: "Technology & Privacy", aliases: ["Technology Policy"] },
    ...same("Veterans Affairs", "Housing", "National Security", "Trade", "Taxation", "Civil Rights", "Government Reform"),
  ],
  preferredSources: same(
    "Local Newspapers",
    "National TV News",
    "Online News Sites",
    "Social Media",
    "Podcasts",
    "Radio",
    "Government Websites",
    "Political Newsletters",
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
    "Online Blogs",
    "Print Newspapers",
  ),
} satisfies Record<string, readonly Option[]>;

export type OptionField = keyof typeof ACCOUNT_OPTIONS;

/** The option a stored or sent choice stands for: by its value, its label or an alias (any case). */
export function findOption(field: OptionField, stored: string): Option | undefined {
  const key = stored.trim().toLowerCase();
  return (ACCOUNT_OPTIONS[field] as readonly Option[]).find(
    (o) => o.value.toLowerCase() === key || o.label.toLowerCase() === key || o.aliases?.some((a) => a.toLowerCase() === key),
  );
}

/** What a visitor reads for a stored choice: its label, or the stored text when no option matches. */
export const optionLabel = (field: OptionField, stored: string) => findOption(field, stored)?.label ?? stored;

/** The values of a field's list, for z.enum. */
export const optionValues = (field: OptionField) => ACCOUNT_OPTIONS[field].map((o) => o.value) as [string, ...string[]];
