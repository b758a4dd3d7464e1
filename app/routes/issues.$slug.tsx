// An issue or topic: what it covers, the Library of Congress terms it uses, its bills with their
// roll calls, and the map of how each state's delegation voted on one of them.
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { textLinkClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/change-history";
import { FollowButton } from "~/components/follow-button";
import { BILLS_PLACE, IssueRollCallPanel, SourceLine, issueStanding, rollCallName } from "~/components/issue-map";
import { MapLegend } from "~/components/map-legend";
import { UsMap } from "~/components/us-map";
import { formatDay } from "~/lib/dates";
import { HOME_PLACES, MAP_SIZE, issueMapHref } from "~/lib/home-filters";
import { POLICY_AREAS_URL, SUBJECT_TERMS_URL } from "~/lib/policy-issues";
import { loader } from "./issues.$slug.server";

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.map.issue.label}: roll calls by state · Civic Atlas` : "Issue not found · Civic Atlas" },
  {
    name: "description",
    content: data
      ? `How each state's members of Congress voted on the bills the Library of Congress files under ${data.map.issue.label}.`
      : "",
  },
];

export default function IssuePage() {
  const { states, bills, map, following } = useLoaderData<typeof loader>();
  const { issue } = map;
  const here = `/issues/${issue.slug}`;
  // The bills' page is kept by the roll call links and the choice of roll call, and the other way round.
  const pageQuery = bills.page > 1 ? `&page=${bills.page}` : "";
  const pageHref = (page: number) =>
    `${here}?${new URLSearchParams([...(map.chosen ? [["vote", map.chosen.key]] : []), ...(page > 1 ? [["page", String(page)]] : [])])}${BILLS_PLACE}`;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={issueMapHref(issue.slug)} className={textLinkClass}>
          Home: the {issue.label} map
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold md:text-3xl">
          {issue.label} <span className="text-base font-normal">({issue.kind === "topic" ? "topic overlay" : "issue"})</span>
        </h1>
        <FollowButton target={{ issue: issue.slug }} following={following} name={issue.label} />
        <p className="text-slate-700 dark:text-slate-300">
          This {issue.kind === "topic" ? "topic" : "issue"} gathers the bills the Library of Congress files under the terms below, and how
          each member of Congress voted on them. The terms are the Library’s own, a bill belongs when it carries any of them, and nothing
          here judges a bill.
        </p>
      </header>
      <section aria-labelledby="terms-heading">
        <h2 id="terms-heading" className="text-xl font-semibold">
          Terms used
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {issue.policyAreas.map((term) => (
            <li key={term}>
              Policy area <strong>{term}</strong> (
              <a href={POLICY_AREAS_URL} rel="noopener noreferrer" className={textLinkClass}>
                the Library’s policy areas
              </a>
              )
            </li>
          ))}
          {issue.subjects.map((term) => (
            <li key={term}>
              Legislative subject term <strong>{term}</strong> (
              <a href={SUBJECT_TERMS_URL} rel="noopener noreferrer" className={textLinkClass}>
                the Library’s subject terms
              </a>
              )
            </li>
          ))}
        </ul>
      </section>
      <section id={HOME_PLACES.map.slice(1)} aria-label="Map" className="scroll-mt-4">
        <IssueRollCallPanel view={map} action={`${here}${HOME_PLACES.map}`} hidden={bills.page > 1 ? [["page", String(bills.page)]] : []} />
        <UsMap
          states={states.map((s) => ({
            ...s,
            standing: issueStanding(map, s.abbreviation),
            href: issueMapHref(issue.slug, map.chosen?.key, s.abbreviation),
          }))}
          clearHref={here}
          size={MAP_SIZE.default}
        />
        <div className="mt-3">
          <MapLegend issue={{ hasRollCall: Boolean(map.chosen) }} />
        </div>
      </section>
      <section id={BILLS_PLACE.slice(1)} aria-labelledby="bills-heading" className="scroll-mt-4 space-y-4">
        <h2 id="bills-heading" className="text-xl font-semibold">
          Bills with roll calls ({bills.total})
        </h2>
        {bills.total === 0 && <p>No bill with a roll call on this {issue.kind === "topic" ? "topic" : "issue"} is stored yet.</p>}
        {bills.bills.map((bill) => (
          <article
            key={`${bill.congress}-${bill.type}-${bill.number}`}
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <h3 className="font-semibold">
              <a href={bill.congressGovUrl} rel="noopener noreferrer" className={textLinkClass}>
                {bill.label}
              </a>{" "}
              ({bill.congress}th Congress): {bill.title}
            </h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Policy area: {bill.policyArea ?? "not yet assigned"}
              {bill.latestActionText && ` · Latest action ${formatDay(bill.latestActionDate ?? "")}: ${bill.latestActionText}`}
            </p>
            <SourceLine label="Library of Congress bill status" url={bill.sourceUrl} fetchedAt={bill.fetchedAt} />
            <ul className="mt-2 space-y-2">
              {bill.rollCalls.map((r) => (
                <li key={r.key} className="text-sm">
                  <Link to={`${here}?vote=${r.key}${pageQuery}${HOME_PLACES.map}`} className={textLinkClass} preventScrollReset>
                    {rollCallName({ ...r, bill })}
                  </Link>
                  , {formatDay(r.voteDate)}: {r.question}: {r.result ?? "result not recorded"}
                  {map.chosen?.key === r.key && " (on the map)"}
                  <SourceLine label="the official roll call" url={r.sourceUrl} fetchedAt={r.fetchedAt} />
                </li>
              ))}
            </ul>
          </article>
        ))}
        <PageLinks page={bills.page} pageCount={bills.pageCount} hrefOf={pageHref} of="bills" />
        <p className="text-sm">
          The same as JSON:{" "}
          <a href={`/api/issues/${issue.slug}`} className={textLinkClass}>
            /api/issues/{issue.slug}
          </a>
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
