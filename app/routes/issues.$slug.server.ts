// The server half of /issues/{slug} (app/routes/issues.$slug.tsx): the issue's terms, one page of its
// bills with their roll calls (?page=), and its map at the roll call asked for (?vote=) or the default one.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { PAGE_MESSAGE, parsePage } from "~/lib/change-history";
import { ROLL_CALL_KEY_MESSAGE, parseRollCallKey } from "~/lib/issue-votes";
import { policyIssue } from "~/lib/policy-issues";
import { isFollowing } from "~/models/follows.server";
import { issueBillsPage, issueMap } from "~/models/issue-votes.server";
import { listStates } from "~/models/states.server";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const issue = policyIssue(params.slug ?? "");
  if (!issue) throw data({ message: `There is no issue “${params.slug}”. The issues are listed at /api/issues.` }, { status: 404 });
  const searchParams = new URL(request.url).searchParams;
  const vote = searchParams.get("vote") || undefined;
  if (vote && !parseRollCallKey(vote)) throw data({ message: ROLL_CALL_KEY_MESSAGE }, { status: 400 });
  const page = parsePage(searchParams.get("page"));
  if (page === null) throw data({ message: PAGE_MESSAGE }, { status: 400 });
  const user = await getUser(request);
  // A roll call the issue does not hold, a page past the last: a Refusal, answered as a 404 that
  // says so (app/server/remix.server.ts).
  const [states, bills, map, following] = await Promise.all([
    listStates(db),
    issueBillsPage(db, issue, page),
    issueMap(db, issue.slug, vote),
    user ? isFollowing(db, user.id, { issueSlug: issue.slug }) : false,
  ]);
  return { states, bills, following, map: map! };
}
