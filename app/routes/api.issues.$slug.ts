// GET /api/issues/{slug}: one issue's terms, its stored bills with their roll calls (newest first),
// and the roll call its map shows by default. Each bill and roll call carries its source and when it was fetched.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { jsonError, jsonWithEtag } from "~/json-response.server";
import { policyIssue } from "~/lib/policy-issues";
import { defaultRollCallKey, issueBills } from "~/models/issue-votes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const issue = policyIssue(params.slug ?? "");
  if (!issue) return jsonError(404, `There is no issue "${params.slug}". The issues are listed at /api/issues.`);
  const [bills, mapRollCall] = await Promise.all([issueBills(db, issue), defaultRollCallKey(db, issue)]);
  return jsonWithEtag(request, {
    issue: { ...issue, page: `/issues/${issue.slug}` },
    mapRollCall,
    bills: bills.map(({ rollCalls, ...bill }) => ({
      ...bill,
      rollCalls: rollCalls.map(({ key, ...rollCall }) => ({ id: key, api: `/api/roll-calls/${key}`, ...rollCall })),
    })),
  });
}
