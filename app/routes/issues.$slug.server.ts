// The server half of /issues/{slug} (app/routes/issues.$slug.tsx): the issue's terms, its bills
// with their roll calls, and its map at the roll call asked for (?vote=) or the default one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { ROLL_CALL_KEY_MESSAGE, parseRollCallKey } from "~/lib/issue-votes";
import { policyIssue } from "~/lib/policy-issues";
import { isFollowing } from "~/models/follows.server";
import { issueBills, issueMapOf, UnknownRollCall } from "~/models/issue-votes.server";
import { listStates } from "~/models/states.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const issue = policyIssue(params.slug ?? "");
  if (!issue) throw data({ message: `There is no issue “${params.slug}”. The issues are listed at /api/issues.` }, { status: 404 });
  const vote = new URL(request.url).searchParams.get("vote") || undefined;
  if (vote && !parseRollCallKey(vote)) throw data({ message: ROLL_CALL_KEY_MESSAGE }, { status: 400 });
  const user = await getUser(request);
  const [states, bills, following] = await Promise.all([
    listStates(db),
    issueBills(db, issue),
    user ? isFollowing(db, user.id, { issueSlug: issue.slug }) : false,
  ]);
  try {
    return { states, bills, following, map: await issueMapOf(db, issue, bills, vote) };
  } catch (error) {
    if (error instanceof UnknownRollCall) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}
