// GET /api/issues: every issue and topic, with the Library of Congress terms that decide which bills belong.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonWithEtag } from "~/json-response.server";
import { POLICY_AREAS_URL, POLICY_ISSUES, SUBJECT_TERMS_URL } from "~/lib/policy-issues";

export async function loader({ request }: LoaderFunctionArgs) {
  return jsonWithEtag(request, {
    definitions: { policyAreas: POLICY_AREAS_URL, subjectTerms: SUBJECT_TERMS_URL },
    issues: POLICY_ISSUES.map((issue) => ({ ...issue, page: `/issues/${issue.slug}`, api: `/api/issues/${issue.slug}` })),
  });
}
