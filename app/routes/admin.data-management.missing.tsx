// /admin/data-management/missing: active officials missing critical data, highest priority first,
// and the update dialog (?update=<id>) where a moderator suggests the missing values (an admin's
// edit applies at once, decision 0007).
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/auth/permissions";
import { DENIED, requirePermission } from "~/auth/permissions.server";
import { Badge } from "~/components/badge";
import { buttonClass, textLinkClass } from "~/components/button";
import { EmptyNote, SearchField } from "~/components/data-management/fields";
import { answerIntent, type IntentArgs } from "~/components/data-management/intents";
import { CRITICAL_LABELS, MissingDataForm } from "~/components/data-management/missing-data-form";
import { QuerySchema, tabUrl } from "~/components/data-management/tabs";
import { CursorPagination } from "~/components/data-table";
import { Dialog } from "~/components/dialog";
import { db } from "~/db.server";
import { parseQuery } from "~/lib/admin-users";
import { linkTo, pageAt, pageHref, PAGE_SIZE, type PageLink } from "~/lib/keyset";
import { officeLabel } from "~/lib/officials-order";
import { Refusal } from "~/lib/refusal";
import { IdParam } from "~/lib/route-params";
import { DATA_UPDATE_TEXTS, MissingDataSchema, missingDataValues, type Priority } from "~/lib/staff-edits";
import { missingDataPage, submitStaffEdit } from "~/models/data-updates.server";
import { redirectWithToast } from "~/toast.server";

const MISSING_DATA_DENIED = "Access denied. Moderator role required.";
const MISSING_DATA_FAILED = "Failed to submit updates. Please try again.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "page:data-management", DENIED.dashboard);
  const query = parseQuery(request.url, QuerySchema);
  const q = query.q ?? "";
  if (!can(user.role, "missing-data:view")) return { view: "denied" as const, q };
  const url = new URL(request.url);
  const at = pageAt(url.searchParams);
  const { items, total, previous, next, updating } = await missingDataPage(db, { search: query.q, at, update: query.update });
  if (query.update && !updating) throw data({ message: `No active official needing data has the id ${query.update}.` }, { status: 404 });
  const href = (link: PageLink | null) => link && pageHref(url, link, ["update"]);
  return { view: "missing" as const, q, items, total, page: linkTo(at), previous: href(previous), next: href(next), updating };
}

/** A moderator's suggestion waits for review; an admin's applies at once (decision 0007). */
async function submitMissingData({ actor, formData, fail }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: MissingDataSchema });
  const officialId = IdParam.safeParse(formData.get("officialId") ?? "");
  const failed = (status: number, message: string) => fail(status, { message, result: submission.reply({ formErrors: [message] }) });
  if (!officialId.success) return failed(400, "The official id must be a positive whole number.");
  if (submission.status !== "success") return fail(400, { message: MISSING_DATA_FAILED, result: submission.reply() });
  let outcome;
  try {
    outcome = await submitStaffEdit(db, actor, {
      entityType: "official",
      entityId: officialId.data,
      values: missingDataValues(submission.value),
      notes: submission.value.notes,
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return failed(error.status, error.message || MISSING_DATA_FAILED);
  }
  if (!outcome) return failed(404, `No official has the id ${officialId.data}.`);
  if (outcome.status === "unchanged") return failed(400, DATA_UPDATE_TEXTS.noChanges);
  return redirectWithToast(
    tabUrl("missing"),
    outcome.status === "applied" ? { title: DATA_UPDATE_TEXTS.representativeUpdated } : DATA_UPDATE_TEXTS.missingDataSubmitted,
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return answerIntent(request, { "missing-data": { permission: "data-updates:create", run: submitMissingData } });
}

const PRIORITY_TONES: Record<Priority, "bad" | "warn" | "neutral"> = { high: "bad", medium: "warn", low: "neutral" };

export default function MissingTab() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.view === "denied")
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100">
        {MISSING_DATA_DENIED}
      </p>
    );
  const closeTo = tabUrl("missing", { q: data.q, ...data.page });
  const updateUrl = (id: number) => tabUrl("missing", { q: data.q, ...data.page, update: id });
  return (
    <section aria-labelledby="missing-heading">
      <h2 id="missing-heading" className="text-xl font-semibold">
        Missing Data
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Representatives missing critical data, highest priority first. Suggestions wait for admin approval.
      </p>
      <Form key={data.q} method="get" role="search" aria-label="Missing data" className="mt-4 flex flex-wrap items-end gap-3">
        <SearchField id="missing-search" label="Search by name or state" q={data.q} />
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
      </Form>
      {data.updating && (
        <Dialog title={`Update ${data.updating.name}`} closeTo={closeTo}>
          <MissingDataForm
            key={data.updating.representativeId}
            item={data.updating}
            closeTo={closeTo}
            lastResult={actionData?.intent === "missing-data" ? actionData.result : undefined}
            message={actionData?.message}
          />
        </Dialog>
      )}
      {data.items.length === 0 ? (
        <EmptyNote>No priority updates needed at this time</EmptyNote>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {data.items.map((item) => (
            <li key={item.representativeId} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div>
                <p className="font-semibold">
                  <Link to={`/admin/representative-detail/${item.representativeId}`} className={textLinkClass}>
                    {item.name}
                  </Link>{" "}
                  <Badge tone={PRIORITY_TONES[item.priority]}>
                    {item.priority.charAt(0).toUpperCase() + item.priority.slice(1)} priority
                  </Badge>
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {officeLabel(item.office)}, {item.stateName}
                </p>
                <p className="mt-1 text-sm">
                  Missing: {item.missingCriticalFields.map((f) => CRITICAL_LABELS[f]).join(", ")}
                  {item.pendingFields.length > 0 && (
                    <span className="text-slate-600 dark:text-slate-400">
                      {" "}
                      (suggestion pending: {item.pendingFields.map((f) => CRITICAL_LABELS[f]).join(", ")})
                    </span>
                  )}
                </p>
              </div>
              <Link
                to={updateUrl(item.representativeId)}
                preventScrollReset
                className={buttonClass.secondary}
                aria-label={`Update ${item.name}`}
              >
                Update
              </Link>
            </li>
          ))}
        </ul>
      )}
      <CursorPagination
        previous={data.previous}
        next={data.next}
        summary={`Showing ${data.items.length} of ${data.total} representatives, ${PAGE_SIZE} a page.`}
      />
    </section>
  );
}
