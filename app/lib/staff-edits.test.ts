import { describe, expect, test } from "vitest";
import { LeadEditSchema } from "~/components/lead-edit-form";
import {
  BulkRejectSchema,
  MissingDataSchema,
  RepresentativeEditSchema,
  StateEditSchema,
  editOutcomeToast,
  formValues,
  sentFields,
  missingDataPriority,
  missingDataValues,
} from "./staff-edits";

const errors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the staff state form", () => {
  test("the spec's messages", () => {
    expect(errors(StateEditSchema.safeParse({ name: " ", abbreviation: "V", officialWebsite: "vermont", electoralVotes: "3.5" }))).toEqual({
      name: "State name is required",
      abbreviation: "State abbreviation must be 2 characters",
      officialWebsite: "Please enter a valid URL",
      electoralVotes: "Electoral votes must be a whole number",
    });
    expect(errors(StateEditSchema.safeParse({ name: "Vermont", abbreviation: "V1" }))).toEqual({
      abbreviation: "State abbreviation must be 2 characters",
    });
    expect(errors(StateEditSchema.safeParse({ name: "Vermont", abbreviation: "VT", partyControl: "Whig" }))).toEqual({
      partyControl: "Choose one of the listed options.",
    });
  });

  test("normalises: trimmed, upper-case abbreviation, numbers from text, empty means cleared", () => {
    expect(StateEditSchema.parse({ name: " Vermont ", abbreviation: "vt", population: "643077", partyControl: "", notes: "" })).toEqual({
      name: "Vermont",
      abbreviation: "VT",
      population: 643077,
      partyControl: null,
      notes: null,
    });
  });

  test("a form's missing fields are cleared; a JSON call's are left alone", () => {
    expect(formValues(StateEditSchema, { name: "Vermont", abbreviation: "VT" })).toEqual({
      name: "Vermont",
      abbreviation: "VT",
      partyControl: null,
      governorParty: null,
      population: null,
      electoralVotes: null,
      officialWebsite: null,
      notes: null,
    });
    expect(StateEditSchema.partial().parse({ notes: "x" })).toEqual({ notes: "x" });
  });
});

describe("the staff representative form", () => {
  test("required fields and formats", () => {
    expect(errors(RepresentativeEditSchema.safeParse({ office: "King", email: "a@b", photoUrl: "ftp://x.org/p.jpg" }))).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      office: "Choose one of the listed options.",
      party: "Party is required",
      email: "Please enter a valid email address",
      photoUrl: "Please enter a valid URL",
    });
    expect(
      RepresentativeEditSchema.safeParse({ firstName: "A", lastName: "B", office: "Senator", party: "Other", dateOfBirth: "1941-09-08" })
        .success,
    ).toBe(true);
    expect(errors(RepresentativeEditSchema.partial().safeParse({ dateOfBirth: "2023-02-29" }))).toEqual({
      dateOfBirth: "Please enter a valid date",
    });
  });
});

describe("web addresses the jobs fetch (issue 27)", () => {
  test("a website or photo on this machine or a private network is refused with the reason; a public one passes", () => {
    const website = (value: string) => errors(RepresentativeEditSchema.partial().safeParse({ website: value })).website;
    expect(website("https://metadata.google.internal/computeMetadata/v1/")).toBe(
      "Please enter a public web address: metadata.google.internal is a name of a local network (.internal)",
    );
    expect(website("http://127.0.0.1.nip.io:8080/")).toBe(
      "Please enter a public web address: 127.0.0.1.nip.io spells the address 127.0.0.1, loopback (127.0.0.0/8)",
    );
    expect(website("https://my-app.internal")).toMatch(/^Please enter a public web address: /);
    expect(website("http://printer.local/")).toMatch(/^Please enter a public web address: /);
    expect(website("http://localhost:3000/")).toBe("Please enter a valid URL");
    expect(website("http://10.0.0.1/")).toBe("Please enter a valid URL");
    expect(website("https://www.senate.gov/")).toBeUndefined();
    expect(errors(RepresentativeEditSchema.partial().safeParse({ photoUrl: "http://169.254.169.254.sslip.io/x.jpg" })).photoUrl).toMatch(
      /metadata service/,
    );
    expect(errors(StateEditSchema.partial().safeParse({ officialWebsite: "https://intranet.corp" })).officialWebsite).toMatch(
      /^Please enter a public web address: /,
    );
  });
});

describe("the missing data form", () => {
  test("at least one field; only entered fields become changes, websiteUrl is the website", () => {
    expect(errors(MissingDataSchema.safeParse({ email: "", notes: "n" }))).toEqual({ email: "Enter at least one field." });
    const input = MissingDataSchema.parse({ phone: "(202) 555-0100", websiteUrl: "https://x.gov", email: "", notes: "n" });
    expect(missingDataValues(input)).toEqual({ phone: "202-555-0100", website: "https://x.gov" });
  });

  test("priority: high without phone or website, medium without email or office address, else low", () => {
    expect(missingDataPriority(["email", "websiteUrl"])).toBe("high");
    expect(missingDataPriority(["phone"])).toBe("high");
    expect(missingDataPriority(["officeAddress", "biography"])).toBe("medium");
    expect(missingDataPriority(["biography", "committees", "socialMediaLinks"])).toBe("low");
  });
});

test("bulk choices arrive from checkboxes as text", () => {
  expect(BulkRejectSchema.parse({ updateIds: ["3", "4"], notes: "" })).toEqual({ updateIds: [3, 4], notes: null });
  expect(errors(BulkRejectSchema.safeParse({ updateIds: [] }))).toEqual({ updateIds: "Choose at least one update." });
});

test("lead edit: status and source from the spec's choices", () => {
  expect(errors(LeadEditSchema.partial().safeParse({ status: "deleted", source: "tv", politicalAffiliation: "Whig" }))).toEqual({
    status: "Choose one of the listed options.",
    source: "Choose one of the listed options.",
    politicalAffiliation: "Choose one of the listed affiliations.",
  });
  expect(LeadEditSchema.partial().parse({ email: " Ella@Example.org ", phone: "" })).toEqual({ email: "ella@example.org", phone: null });
});

describe("the notice after a staff edit", () => {
  test("applied, sent for review with the count, or nothing to save", () => {
    expect(editOutcomeToast({ status: "applied", suggestions: 0 }, "State information updated successfully")).toEqual({
      title: "State information updated successfully",
    });
    expect(editOutcomeToast({ status: "pending_review", suggestions: 2 }, "unused")).toEqual({
      title: "Change Suggestion Submitted",
      description: "2 change(s) submitted for admin review",
    });
    expect(editOutcomeToast({ status: "unchanged", suggestions: 0 }, "unused")).toEqual({ title: "No changes to save." });
  });
});

describe("partial forms (issue 27)", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) data.append(key, value);
    return data;
  };

  test("only the fields a form sends are checked and saved; one sent empty is cleared", () => {
    const schema = sentFields(StateEditSchema, form({ intent: "update", notes: "", population: "5" }));
    expect(Object.keys(schema.shape).sort()).toEqual(["notes", "population"]);
    expect(formValues(schema, schema.parse({ population: "5" }))).toEqual({ population: 5, notes: null });
  });

  test("phones must be US numbers and dates of birth in the past and at least 18 years back", () => {
    const rep = RepresentativeEditSchema.partial();
    expect(rep.parse({ phone: "(202) 224-3121" })).toEqual({ phone: "202-224-3121" });
    expect(errors(rep.safeParse({ phone: "abc" })).phone).toMatch(/^Enter a US phone number/);
    expect(errors(rep.safeParse({ dateOfBirth: "2030-01-01" }))).toEqual({ dateOfBirth: "Date of birth must be in the past" });
    expect(errors(rep.safeParse({ dateOfBirth: "2030-02-30" }))).toEqual({ dateOfBirth: "Please enter a valid date" });
  });
});
