// The one table that says which bills belong to an issue or topic: Library of Congress policy
// areas and legislative subject terms, never an opinion about a bill. Adding an issue is adding a row.
// Why each row reads as it does: docs/decisions/0040-policy-issues.md.
import { ISSUE_LABELS, TOPIC_LABELS, type ISSUES, type TOPICS } from "./home-filters";

export type PolicyIssueSlug = Exclude<(typeof ISSUES)[number], "all"> | (typeof TOPICS)[number];

export type PolicyIssue = {
  slug: PolicyIssueSlug;
  label: string;
  /** An issue of the Filter by Issue group, or a topic of the Topic Overlays group. */
  kind: "issue" | "topic";
  /** Legislative subject terms: a bill with any of them belongs. */
  subjects: readonly string[];
  /** Policy areas (one per bill): a bill whose policy area is one of them belongs. */
  policyAreas: readonly string[];
};

export const POLICY_AREAS_URL = "https://www.congress.gov/help/field-values/policy-area";
export const SUBJECT_TERMS_URL = "https://www.congress.gov/help/field-values/legislative-subject-terms";

export const POLICY_ISSUES: readonly PolicyIssue[] = [
  { slug: "abortion", label: ISSUE_LABELS.abortion, kind: "issue", subjects: ["Abortion"], policyAreas: [] },
  { slug: "climate", label: ISSUE_LABELS.climate, kind: "issue", subjects: ["Climate change and greenhouse gases"], policyAreas: [] },
  { slug: "immigration", label: ISSUE_LABELS.immigration, kind: "issue", subjects: [], policyAreas: ["Immigration"] },
  { slug: "marijuana", label: ISSUE_LABELS.marijuana, kind: "issue", subjects: ["Marijuana"], policyAreas: [] },
  {
    slug: "economy",
    label: TOPIC_LABELS.economy,
    kind: "topic",
    subjects: [],
    policyAreas: ["Economics and Public Finance", "Taxation", "Commerce"],
  },
  { slug: "education", label: TOPIC_LABELS.education, kind: "topic", subjects: [], policyAreas: ["Education"] },
  { slug: "healthcare", label: TOPIC_LABELS.healthcare, kind: "topic", subjects: [], policyAreas: ["Health"] },
];

export const policyIssue = (slug: string): PolicyIssue | undefined => POLICY_ISSUES.find((issue) => issue.slug === slug);

/** The slugs of the issues and topics a bill belongs to, in the table's order. Terms match exactly (the vocabulary is controlled). */
export function issuesOfBill({ policyArea, subjects }: { policyArea: string | null; subjects: readonly string[] }): PolicyIssueSlug[] {
  const terms = new Set(subjects);
  return POLICY_ISSUES.filter(
    (issue) => (policyArea !== null && issue.policyAreas.includes(policyArea)) || issue.subjects.some((subject) => terms.has(subject)),
  ).map((issue) => issue.slug);
}
