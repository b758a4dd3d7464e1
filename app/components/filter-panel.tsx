// The filter panel: two tabs (Apply Filters, Topic Overlay), their groups as links, so every choice is a URL.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { textLinkClass } from "~/components/button";
import {
  GROUPS,
  HOME_PLACES,
  GROUP_LABELS,
  ISSUES,
  ISSUE_LABELS,
  TOPICS,
  TOPIC_LABELS,
  chooseGroup,
  chooseIssue,
  switchTab,
  toggleTopic,
  type HomeFilters,
} from "~/lib/home-filters";

const choiceClass = (active: boolean) =>
  `block rounded-md px-3 py-2 text-sm ${active ? "bg-blue-700 font-semibold text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`;

function Disabled({ children }: { children: ReactNode }) {
  return (
    <span
      aria-disabled="true"
      title="Coming soon!"
      className="block cursor-not-allowed rounded-md px-3 py-2 text-sm text-slate-500 dark:text-slate-400"
    >
      {children} <span className="text-xs">(Coming soon!)</span>
    </span>
  );
}

function IssuePageLink({ slug, label }: { slug: string; label: string }) {
  return (
    <li className="px-3 pt-1 text-sm">
      <Link to={`/issues/${slug}`} className={textLinkClass}>
        What the {label} map shows: terms, bills and roll calls
      </Link>
    </li>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="rounded-lg border border-slate-200 dark:border-slate-700">
      <summary className="cursor-pointer px-3 py-2 font-semibold">{title}</summary>
      <ul className="space-y-1 px-2 pb-2">{children}</ul>
    </details>
  );
}

export function FilterPanel({ filters }: { filters: HomeFilters }) {
  const onTopics = filters.tab === "topics";
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold ${active ? "bg-white shadow dark:bg-slate-700" : "text-slate-700 dark:text-slate-300"}`;
  return (
    <div id={HOME_PLACES.filters.slice(1)} className="scroll-mt-4 space-y-3">
      <nav aria-label="Filter tabs" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        <Link to={switchTab(filters, "filters")} aria-current={!onTopics || undefined} className={tabClass(!onTopics)} preventScrollReset>
          Apply Filters
        </Link>
        <Link to={switchTab(filters, "topics")} aria-current={onTopics || undefined} className={tabClass(onTopics)} preventScrollReset>
          Topic Overlay
        </Link>
      </nav>
      {onTopics ? (
        <Group title="Topic Overlays">
          <li className="px-3 pb-2 text-sm text-slate-700 dark:text-slate-300">
            Topic overlays provide specialized analysis views that highlight specific policy areas across all representative types.
          </li>
          {TOPICS.map((topic) => (
            <li key={topic}>
              <Link
                to={toggleTopic(filters, topic)}
                aria-current={filters.topic === topic || undefined}
                className={choiceClass(filters.topic === topic)}
                preventScrollReset
              >
                {TOPIC_LABELS[topic]}
              </Link>
            </li>
          ))}
          {filters.topic && <IssuePageLink slug={filters.topic} label={TOPIC_LABELS[filters.topic]} />}
        </Group>
      ) : (
        <>
          <Group title="Filter by Group">
            {GROUPS.map((group) => (
              <li key={group}>
                {group === "state-cabinet" ? (
                  <Disabled>{GROUP_LABELS[group]}</Disabled>
                ) : (
                  <Link
                    to={chooseGroup(filters, group)}
                    aria-current={filters.group === group || undefined}
                    className={choiceClass(filters.group === group)}
                    preventScrollReset
                  >
                    {GROUP_LABELS[group]}
                  </Link>
                )}
              </li>
            ))}
          </Group>
          <Group title="Filter by Issue">
            {ISSUES.map((issue) => (
              <li key={issue}>
                <Link
                  to={chooseIssue(filters, issue)}
                  aria-current={filters.issue === issue || undefined}
                  className={choiceClass(filters.issue === issue)}
                  preventScrollReset
                >
                  {ISSUE_LABELS[issue]}
                </Link>
              </li>
            ))}
            {filters.issue !== "all" && <IssuePageLink slug={filters.issue} label={ISSUE_LABELS[filters.issue]} />}
          </Group>
        </>
      )}
    </div>
  );
}
