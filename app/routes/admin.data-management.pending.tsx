// /admin/data-management/pending: the admins' review of field changes staff proposed, by submitter
// and day, with the reject dialog (?reject=selected|all) and the decided history (?history=1).
// Anyone else asking for it is sent to their own default tab. The rules live in
// app/models/data-updates.server.ts and docs/decisions/0033-reviewing-data-updates.md.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { buttonClass, textLinkClass } from "~/components/button";
import { EmptyNote } from "~/components/data-management/fields";
import { answerIntent, type Failure, type IntentArgs } from "~/components/data-management/intents";
import { DecidedHistory, PendingGroup, RejectForm, syncCheckboxTree } from "~/components/data-management/pending";
import { PATH, QuerySchema, tabFor, tabUrl } from "~/components/data-management/tabs";
import { CursorPagination } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { FormAlert, useIsPending } from "~/components/forms";
import { db } from "~/db.server";
import { parseQuery } from "~/lib/admin-users";
import { linkTo, pageAt, pageHref, PAGE_SIZE, type PageLink } from "~/lib/keyset";
import { IdParam } from "~/lib/route-params";
import { BulkApproveSchema, BulkRejectSchema, DATA_UPDATE_TEXTS } from "~/lib/staff-edits";
import {
  approveEachFieldUpdate,
  decidedUpdates,
  pendingUpdateCount,
  pendingUpdatesGrouped,
  rejectFieldUpdates,
  submittedPendingCount,
} from "~/models/data-updates.server";
import { redirectWithToast } from "~/toast.server";

/** The page parameters of the decided history, apart from the pending list's. */
const HISTORY = "history_";

const ID_MESSAGE = "Each update id must be a positive whole number.";

/**
 * The field update ids a submission names: field boxes (updateIds) one id each; group and entity
 * boxes (allOf) and the list shown (shownIds) a comma-separated list, so that without JavaScript a
 * ticked group or entity box means all its fields.
 */
function namedIds(values: FormDataEntryValue[]): { ids: number[] } | { error: string } {
  const parts = values.flatMap((v) => (typeof v === "string" ? v.split(",") : ["file"])).filter((s) => s.trim() !== "");
  const ids: number[] = [];
  for (const part of parts) {
    const parsed = IdParam.safeParse(part.trim());
    if (!parsed.success) return { error: ID_MESSAGE };
    ids.push(parsed.data);
  }
  return { ids: [...new Set(ids)] };
}

const chosenIds = (source: { getAll: (name: string) => FormDataEntryValue[] }) =>
  namedIds([...source.getAll("updateIds"), ...source.getAll("allOf")]);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const url = new URL(request.url);
  const { tab } = tabFor(user.role, "pending");
  if (tab !== "pending") throw redirect(`${PATH}/${tab}${url.search}`);
  const query = parseQuery(request.url, QuerySchema);
  const search = url.searchParams;
  const chosen = chosenIds(search);
  if ("error" in chosen) throw data({ message: chosen.error }, { status: 400 });
  const showHistory = query.history === "1";
  const at = pageAt(search);
  const submitter = query.submitter || undefined;
  const [{ groups, previous, next }, decided, total] = await Promise.all([
    pendingUpdatesGrouped(db, at, { submittedById: submitter }),
    showHistory ? decidedUpdates(db, pageAt(search, HISTORY), { submittedById: submitter }) : null,
    submitter ? submittedPendingCount(db, submitter) : pendingUpdateCount(db),
  ]);
  const shown = groups.flatMap((g) => g.updates);
  // Page links keep the history and the submitter; a choice or dialog stays on its page.
  const href = (link: PageLink | null, prefix = "") => link && pageHref(url, link, ["reject", "updateIds", "allOf", "shownIds"], prefix);
  // The reject dialog: what is chosen (or everything the page listed, for Reject All) and still pending.
  const rejectIds = query.reject === "all" ? namedIds(search.getAll("shownIds")) : chosen;
  if ("error" in rejectIds) throw data({ message: rejectIds.error }, { status: 400 });
  const rejecting = query.reject ? shown.filter((u) => rejectIds.ids.includes(u.id)) : null;
  const pages = { page: linkTo(at), previous: href(previous), next: href(next), total, submitter };
  const history = decided && { groups: decided.groups, previous: href(decided.previous, HISTORY), next: href(decided.next, HISTORY) };
  return { history, showHistory, groups, chosen: chosen.ids, rejecting, ...pages };
}

/** Approves each of `named` that is still up to date; what could be approved is, each skipped one is listed with its reason and stays chosen. */
async function approve({ actor, intent, fail, refused }: IntentArgs, named: ReturnType<typeof namedIds>) {
  if ("error" in named) return fail(400, { message: named.error });
  const parsed = BulkApproveSchema.safeParse({ updateIds: named.ids });
  if (!parsed.success) return fail(400, { message: parsed.error.issues[0].message, selected: named.ids });
  let outcome;
  try {
    outcome = await approveEachFieldUpdate(db, actor, parsed.data.updateIds);
  } catch (error) {
    return refused(error, "Failed to approve updates", { selected: named.ids });
  }
  if (!outcome.skipped)
    return redirectWithToast(tabUrl("pending"), { title: DATA_UPDATE_TEXTS.bulkApproved, description: `${outcome.summary}.` });
  const skipped = outcome.results.flatMap((r) => (r.status === "skipped" ? [r] : []));
  const reasons = skipped.map((r) => r.reason);
  const selected = skipped.map((r) => r.fieldUpdateId);
  return data<Failure>(
    { intent, title: outcome.summary, message: reasons.join(" "), reasons, selected },
    { status: outcome.approved ? 200 : skipped[0].refusal },
  );
}

/** Approve selected: the ticked field, entity and group boxes. */
const approveChosen = (args: IntentArgs) => approve(args, chosenIds(args.formData));

/** Approve All: what the page listed, not what arrived since. */
const approveListed = (args: IntentArgs) => approve(args, namedIds(args.formData.getAll("shownIds")));

async function rejectChosen({ actor, formData, fail, refused }: IntentArgs) {
  const named = chosenIds(formData);
  const notes = String(formData.get("notes") ?? "");
  if ("error" in named) return fail(400, { message: named.error, notes });
  const parsed = BulkRejectSchema.safeParse({ updateIds: named.ids, notes });
  if (!parsed.success) return fail(400, { message: parsed.error.issues[0].message, selected: named.ids, notes });
  try {
    await rejectFieldUpdates(db, actor, parsed.data.updateIds, parsed.data.notes);
  } catch (error) {
    return refused(error, "Failed to reject updates", { selected: named.ids, notes });
  }
  return redirectWithToast(tabUrl("pending"), { title: DATA_UPDATE_TEXTS.bulkRejected });
}

export async function action({ request }: ActionFunctionArgs) {
  return answerIntent(request, {
    approve: { permission: "data-updates:approve", run: approveChosen },
    "approve-all": { permission: "data-updates:approve", run: approveListed },
    reject: { permission: "data-updates:approve", run: rejectChosen },
  });
}

export default function PendingTab() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() ?? null;
  const formRef = useRef<HTMLFormElement>(null);
  const { groups } = data;
  const selected = new Set(failure?.selected ?? data.chosen);
  const shownIds = groups.flatMap((g) => g.update_ids);
  const busy = useIsPending({ formMethod: "POST" });
  useEffect(() => {
    if (formRef.current) syncCheckboxTree(formRef.current);
  }, [groups, failure]);
  const historyParam = data.showHistory ? "1" : undefined;
  const list = { history: historyParam, submitter: data.submitter };
  const closeReject = tabUrl("pending", { ...list, ...data.page, updateIds: data.rejecting?.map((u) => u.id) });
  return (
    <div className="space-y-8">
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="text-xl font-semibold">
          Pending Updates
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Field changes proposed by staff, by submitter and day (UTC), newest first. Approving applies each chosen change that is still up
          to date; one whose current value differs from what the submitter saw is skipped, with the reason. Approve All and Reject All act
          on the changes this page lists.
        </p>
        {data.submitter && (
          <p className="mt-2 text-sm">
            Changes by {groups[0]?.submitted_by_name ?? "this submitter"} only.{" "}
            <Link to={tabUrl("pending", { ...list, submitter: undefined })} className={textLinkClass}>
              Show every submitter
            </Link>
          </p>
        )}
        {failure?.reasons ? (
          <div
            role="alert"
            className="mt-4 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          >
            <p className="font-semibold">{failure.title}:</p>
            <ul className="mt-1 list-disc space-y-1 pl-6">
              {failure.reasons.map((reason, i) => (
                <li key={i}>{reason}</li>
              ))}
            </ul>
          </div>
        ) : (
          failure &&
          !data.rejecting && (
            <div className="mt-4">
              <FormAlert title={failure.title} message={failure.message} />
            </div>
          )
        )}
        {groups.length === 0 ? (
          <EmptyNote>No pending updates</EmptyNote>
        ) : (
          <Form
            method="post"
            ref={formRef}
            aria-label="Pending updates"
            className="mt-4 space-y-4"
            onChange={(event) => {
              const target = event.target as HTMLInputElement;
              if (target.type === "checkbox") syncCheckboxTree(event.currentTarget, target);
            }}
          >
            {/* Kept in the URL when Reject opens its dialog (a GET of this form). */}
            {historyParam && <input type="hidden" name="history" value="1" />}
            {data.submitter && <input type="hidden" name="submitter" value={data.submitter} />}
            {data.page.after && <input type="hidden" name="after" value={data.page.after} />}
            {data.page.before && <input type="hidden" name="before" value={data.page.before} />}
            <input type="hidden" name="shownIds" value={shownIds.join(",")} />
            {groups.map((group) => (
              <PendingGroup
                key={`${group.submitted_by}|${group.submission_date}`}
                group={group}
                selected={selected}
                onlyTheirs={data.submitter || !group.submitted_by ? null : tabUrl("pending", { ...list, submitter: group.submitted_by })}
              />
            ))}
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
              <button type="submit" name="intent" value="approve" className={buttonClass.primary} disabled={busy}>
                Approve selected
              </button>
              <button type="submit" formMethod="get" name="reject" value="selected" className={buttonClass.danger}>
                Reject selected
              </button>
              <button type="submit" name="intent" value="approve-all" className={buttonClass.secondary} disabled={busy}>
                Approve All
              </button>
              <button type="submit" formMethod="get" name="reject" value="all" className={buttonClass.secondary}>
                Reject All
              </button>
            </div>
          </Form>
        )}
        <CursorPagination
          previous={data.previous}
          next={data.next}
          summary={`Showing ${shownIds.length} of ${data.total ?? 0} pending changes, ${PAGE_SIZE} a page.`}
        />
      </section>

      {data.rejecting && (
        <Dialog title="Reject Updates" closeTo={closeReject}>
          <RejectForm updates={data.rejecting} closeTo={closeReject} failure={failure} />
        </Dialog>
      )}

      <section aria-labelledby="history-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="history-heading" className="text-xl font-semibold">
            History
          </h2>
          <Link
            to={tabUrl("pending", { history: data.showHistory ? undefined : "1", submitter: data.submitter })}
            preventScrollReset
            className={buttonClass.secondary}
          >
            {data.showHistory ? "Hide History" : "Show History"}
          </Link>
        </div>
        {data.history && <DecidedHistory history={data.history} />}
      </section>
    </div>
  );
}
