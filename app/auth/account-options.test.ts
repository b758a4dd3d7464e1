import { describe, expect, test } from "vitest";
import { ACCOUNT_OPTIONS, findOption, optionLabel, type Option } from "./account-options";
import { ProfileSchema, RegisterSchema } from "./account-schemas";

const required = { firstName: "Fannie", lastName: "Hamer", email: "fannie@example.org", password: "freedom64" };

describe("one list of choices per field", () => {
  test("every list has each value and each label once, and no alias is another option's value or label", () => {
    for (const [field, options] of Object.entries(ACCOUNT_OPTIONS)) {
      const words = options.flatMap((o) => [...new Set([o.value.toLowerCase(), o.label.toLowerCase()])]);
      const aliases = options.flatMap((o) => (o as Option).aliases?.map((a) => a.toLowerCase()) ?? []);
      expect(new Set(words).size, field).toBe(words.length);
      for (const a of aliases) expect(words, `${field}: ${a}`).not.toContain(a);
    }
  });

  test("a stored choice reads as its label, whichever wording it was saved in", () => {
    expect(optionLabel("newsConsumption", "2-3-times-per-week")).toBe("2-3 times per week");
    expect(optionLabel("newsConsumption", "2-3 times per week")).toBe("2-3 times per week");
    expect(optionLabel("politicalAffiliation", "green")).toBe("Green Party");
    expect(optionLabel("politicalAffiliation", "Independent")).toBe("Independent");
    expect(optionLabel("votingFrequency", "every-election")).toBe("Every election");
    expect(optionLabel("primaryIssues", "Economy")).toBe("Economy & Jobs");
    expect(optionLabel("politicalAffiliation", "Whig")).toBe("Whig");
  });

  test("registration and the profile accept the same values, and store a label or older wording as its value", () => {
    const profile = ProfileSchema.parse({
      politicalAffiliation: "Independent",
      newsConsumption: "2-3 times per week",
      primaryIssues: ["Economy", "Economy & Jobs", "Trade"],
    });
    expect(profile).toMatchObject({
      politicalAffiliation: "independent",
      newsConsumption: "2-3-times-per-week",
      primaryIssues: ["Economy & Jobs", "Trade"],
    });
    const registered = RegisterSchema.parse({
      ...required,
      politicalAffiliation: "independent",
      newsConsumption: "2-3-times-per-week",
      preferredSources: "NPR",
    });
    expect(registered).toMatchObject({
      politicalAffiliation: "independent",
      newsConsumption: "2-3-times-per-week",
      preferredSources: ["NPR"],
    });
    expect(findOption("governmentTrust", "Very low trust")?.value).toBe("very-low");
  });

  test("a value from no list is refused by both forms", () => {
    for (const schema of [RegisterSchema, ProfileSchema]) {
      const result = schema.safeParse({ ...required, politicalAffiliation: "Whig", primaryIssues: ["Astrology"] });
      const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
      expect(messages).toEqual({
        politicalAffiliation: "Choose one of the listed options.",
        primaryIssues: "Choose from the listed options.",
      });
    }
  });
});
