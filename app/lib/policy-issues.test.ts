import { describe, expect, test } from "vitest";
import { issuesOfBill, POLICY_ISSUES, policyIssue } from "./policy-issues";

// The filter panel's names, as the spec writes them: Filter by Issue (all, abortion, climate,
// immigration, marijuana) and Topic Overlays (economy, education, healthcare). "all" is party affiliation, not an issue.
const SPEC_ISSUES = ["abortion", "climate", "immigration", "marijuana"];
const SPEC_TOPICS = ["economy", "education", "healthcare"];

describe("the issue-to-subject table", () => {
  test.each([...SPEC_ISSUES.map((slug) => [slug, "issue"]), ...SPEC_TOPICS.map((slug) => [slug, "topic"])])(
    "%s (%s) maps to at least one Library of Congress term",
    (slug, kind) => {
      const issue = policyIssue(slug);
      expect(issue, `${slug} has no row in POLICY_ISSUES`).toBeDefined();
      expect(issue!.kind).toBe(kind);
      expect(issue!.subjects.length + issue!.policyAreas.length).toBeGreaterThan(0);
    },
  );

  test("each slug appears once and every term is written once", () => {
    const slugs = POLICY_ISSUES.map((issue) => issue.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const issue of POLICY_ISSUES) {
      for (const term of [...issue.subjects, ...issue.policyAreas]) expect(term).toBe(term.trim());
    }
  });
});

// Policy areas and subjects as the real BILLSTATUS files in tests/fixtures/billstatus/ record them.
describe("issuesOfBill on real bills", () => {
  test("H.R. 2471 (117th), the Consolidated Appropriations Act, 2022: abortion, climate and economy", () => {
    const bill = {
      policyArea: "Economics and Public Finance",
      subjects: [
        "Abortion",
        "Access Board",
        "Climate change and greenhouse gases",
        "Immigration status and procedures",
        "Health care coverage and access",
      ],
    };
    expect(issuesOfBill(bill)).toEqual(["abortion", "climate", "economy"]);
  });

  test("S. 1300 (114th), the Adoptive Family Relief Act: immigration by its policy area", () => {
    const bill = {
      policyArea: "Immigration",
      subjects: ["Adoption and foster care", "Immigration status and procedures", "User charges and fees", "Visas and passports"],
    };
    expect(issuesOfBill(bill)).toEqual(["immigration"]);
  });

  test("H.R. 3762 (114th), Restoring Americans' Healthcare Freedom Reconciliation Act: abortion and healthcare", () => {
    const bill = {
      policyArea: "Health",
      subjects: ["Abortion", "Appropriations", "Family planning and birth control", "Health care coverage and access"],
    };
    expect(issuesOfBill(bill)).toEqual(["abortion", "healthcare"]);
  });

  test("H.R. 6658 (117th), a tax bill: economy through Taxation", () => {
    expect(issuesOfBill({ policyArea: "Taxation", subjects: [] })).toEqual(["economy"]);
  });

  test("a bill with no policy area yet and no matching subject belongs to nothing; terms match exactly", () => {
    expect(issuesOfBill({ policyArea: null, subjects: [] })).toEqual([]);
    expect(issuesOfBill({ policyArea: "Environmental Protection", subjects: ["Climate change"] })).toEqual([]);
    expect(issuesOfBill({ policyArea: null, subjects: ["Marijuana"] })).toEqual(["marijuana"]);
  });
});
