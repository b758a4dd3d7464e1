// The parts of a map coloured by an issue's roll call, shared by the home page and /issues/{slug}:
// which roll call it shows (a GET form: a link without JavaScript, submitted on change with it),
// its source, the legend of the share voting Yes, and each state's standing.
import { Form, Link, useSubmit } from "@remix-run/react";
import { buttonClass, textLinkClass } from "~/components/button";
import { formatDateTime, formatDay } from "~/lib/dates";
import { NO_VOTE_LABEL, YEA_SCALE, chamberName, rollCallName, tallyStanding, type StateTally } from "~/lib/issue-votes";

export { rollCallName };
import type { MapStanding } from "~/lib/map-colors";
import { PARTY_COLORS } from "~/lib/party";
import { HATCH } from "~/components/map-legend";

/** Where an issue page lists its bills with their roll calls. */
export const BILLS_PLACE = "#bills";

/** A roll call as the choice of roll call offers it. */
type RollCallOption = {
  key: string;
  chamber: string;
  number: number;
  voteDate: string;
  question: string;
  result: string | null;
  bill: { label: string; title: string };
};
/** The roll call on the map, with its source and its bill's. */
type ChosenRollCall = RollCallOption & {
  sourceUrl: string;
  fetchedAt: string | Date;
  bill: { sourceUrl: string; fetchedAt: string | Date };
};
type IssueView = { slug: string; label: string; subjects: readonly string[]; policyAreas: readonly string[] };
/** What the panel shows: the issue, the newest of its `total` roll calls to choose from, and the chosen one. */
export type IssueMapView = {
  issue: IssueView;
  total: number;
  rollCalls: RollCallOption[];
  chosen: ChosenRollCall | null;
};

const optionText = (r: RollCallOption) =>
  `${rollCallName(r)} (${formatDay(r.voteDate)}): ${r.bill.title}. ${r.question}: ${r.result ?? "result not recorded"}`;

/** The issue's terms in words: "subject Abortion" or "policy areas Health, Education". */
export function issueTerms({ subjects, policyAreas }: Pick<IssueView, "subjects" | "policyAreas">) {
  const part = (one: string, many: string, terms: readonly string[]) =>
    terms.length ? `${terms.length === 1 ? one : many} ${terms.map((t) => `“${t}”`).join(", ")}` : null;
  return [part("the policy area", "the policy areas", policyAreas), part("the subject term", "the subject terms", subjects)]
    .filter(Boolean)
    .join(" and ");
}

/** Each state's colour on an issue's map: its share voting Yes on the chosen roll call. */
export function issueStanding(
  view: Pick<IssueMapView, "issue" | "chosen"> & { tallies: Record<string, StateTally> },
  abbreviation: string,
): MapStanding {
  if (!view.chosen) return { heading: `${view.issue.label}`, label: "No roll call stored yet", color: PARTY_COLORS.none, letter: "–" };
  return tallyStanding(view.tallies[abbreviation], `Voted Yes on ${rollCallName(view.chosen)}`);
}

export function SourceLine({ label, url, fetchedAt }: { label: string; url: string; fetchedAt: string | Date }) {
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400">
      Source:{" "}
      <a href={url} rel="noopener noreferrer" className="underline">
        {label}
      </a>
      , fetched {formatDateTime(fetchedAt)} UTC
    </p>
  );
}

/**
 * What the map shows and the choice of roll call. `hidden` are the page's other URL values, kept
 * by the GET form; `issueHref` is the issue page, when the panel is elsewhere. When the issue has
 * more roll calls than are offered, a link leads to all of them, listed by bill on the issue page.
 */
export function IssueRollCallPanel({
  view,
  action,
  hidden,
  issueHref,
}: {
  view: IssueMapView;
  action: string;
  hidden: [string, string][];
  issueHref?: string;
}) {
  const submit = useSubmit();
  const { issue, chosen, rollCalls, total } = view;
  return (
    <section aria-labelledby="issue-vote-title" className="mb-3 space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h2 id="issue-vote-title" className="text-lg font-semibold">
        {issue.label}: how each state’s delegation voted
      </h2>
      {chosen ? (
        <>
          <p data-testid="chosen-roll-call">
            <strong>{rollCallName(chosen)}</strong>, {formatDay(chosen.voteDate)}: {chosen.bill.title}. {chosen.question}:{" "}
            {chosen.result ?? "result not recorded"}.
          </p>
          <SourceLine
            label={`${chamberName(chosen.chamber)} roll call ${chosen.number}`}
            url={chosen.sourceUrl}
            fetchedAt={chosen.fetchedAt}
          />
          <SourceLine
            label={`Library of Congress bill status of ${chosen.bill.label}`}
            url={chosen.bill.sourceUrl}
            fetchedAt={chosen.bill.fetchedAt}
          />
          <Form method="get" action={action} preventScrollReset className="flex flex-wrap items-end gap-2">
            {hidden.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <label className="flex min-w-0 flex-1 flex-col text-sm font-medium">
              Roll call ({rollCalls.length < total ? `${rollCalls.length} of ${total}` : total}, newest first)
              <select
                name="vote"
                defaultValue={chosen.key}
                key={chosen.key}
                onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
                className="mt-1 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
              >
                {rollCalls.map((r) => (
                  <option key={r.key} value={r.key}>
                    {optionText(r)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass.secondary}>
              Show roll call
            </button>
          </Form>
          {rollCalls.length < total && (
            <p className="text-sm">
              <Link to={`${issueHref ?? ""}${BILLS_PLACE}`} className={textLinkClass}>
                All {total} roll calls, listed by bill
              </Link>
            </p>
          )}
        </>
      ) : (
        <p role="status">
          No roll call on this issue is stored yet. {issue.label} covers bills the Library of Congress files under {issueTerms(issue)}.
        </p>
      )}
      {issueHref && (
        <p className="text-sm">
          <Link to={issueHref} className={textLinkClass}>
            About the {issue.label} issue: its terms, bills and roll calls
          </Link>
        </p>
      )}
    </section>
  );
}

/** The legend of an issue map: the share voting Yes (MapLegend in map-legend.tsx loads it when an issue is shown). */
export function YeaLegend({ hasRollCall }: { hasRollCall: boolean }) {
  if (!hasRollCall) {
    return (
      <ul aria-label="Legend" className="flex flex-wrap gap-4 text-sm">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: PARTY_COLORS.none }} />
          No roll call stored yet
        </li>
      </ul>
    );
  }
  return (
    <div className="text-sm">
      <p className="font-medium">Share of the state’s members voting Yes</p>
      <ul aria-label="Legend" className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {YEA_SCALE.map((step) => (
          <li key={step.from} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-5 rounded-sm border border-slate-400"
              style={{ backgroundColor: step.color }}
            />
            {step.from}–{step.to === 100 ? "100" : `${step.to - 1}`}%
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-5 rounded-sm border border-slate-400" style={HATCH} />
          {NO_VOTE_LABEL}
        </li>
      </ul>
    </div>
  );
}
