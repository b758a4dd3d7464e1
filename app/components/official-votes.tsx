// An official's votes on their profile: the Recent Voting Record card's list and the "On the issues"
// card, each vote with its bill (linked to congress.gov), question, result, date, the roll call at
// its source, and when the roll call and the bill's subjects were fetched.
import { Link } from "@remix-run/react";
import { linkClass } from "~/components/button";
import { formatDay } from "~/lib/dates";
import { POLICY_AREAS_URL, SUBJECT_TERMS_URL } from "~/lib/policy-issues";
import type { IssueVotes, MissedVotes, PageVote } from "~/models/official-votes.server";

type Vote = PageVote;

export const GOVERNOR_WORDS = "Governors do not vote in Congress.";

const smallPrint = "text-xs text-slate-600 dark:text-slate-400";

/** "November 10, 2025" */
export const longDate = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** Public pages say Yes and No; the source says Yea and Nay. */
export function VoteBadge({ position }: { position: string }) {
  const yes = position === "Yea" || position === "Yes" || position === "Aye";
  const no = position === "Nay" || position === "No";
  const label = yes ? "Yes" : no ? "No" : position;
  return (
    <span
      className={`rounded px-2 py-0.5 font-semibold ${yes ? "bg-green-700 text-white" : no ? "bg-red-700 text-white" : "bg-slate-200 text-slate-800"}`}
    >
      {label}
    </span>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** One vote: the bill and what was voted on, the position, the date, the roll call and where each fact came from. */
function VoteItem({ vote }: { vote: Vote }) {
  const rollCallUrl = vote.rollCall?.sourceUrl ?? vote.sourceUrl;
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {vote.bill && (
            <>
              <a href={vote.bill.url} rel="noopener noreferrer" className={linkClass}>
                {vote.bill.label}
              </a>
              {": "}
            </>
          )}
          {vote.bill?.title ?? vote.billTitle}
        </span>
        <span className="flex items-center gap-3 text-sm">
          <VoteBadge position={vote.votePosition} />
          <span className="text-slate-600 dark:text-slate-400">{longDate(vote.voteDate)}</span>
        </span>
      </div>
      {(vote.question ?? vote.description) && (
        <p className="mt-1 text-sm">
          {vote.question ?? vote.description}
          {vote.result && <> · Result: {vote.result}</>}
        </p>
      )}
      {vote.terms.length > 0 && <p className={smallPrint}>Library of Congress terms: {vote.terms.join("; ")}</p>}
      <p className={smallPrint}>
        {rollCallUrl ? (
          <a href={rollCallUrl} rel="noopener noreferrer" className="underline">
            {vote.rollCallName}
          </a>
        ) : (
          vote.rollCallName
        )}
        {vote.rollCall && (
          <>
            {" "}
            · {hostOf(vote.rollCall.sourceUrl)}, fetched {formatDay(vote.rollCall.fetchedAt)}
          </>
        )}
        {vote.bill?.sourceUrl && vote.bill.fetchedAt && (
          <>
            {" "}
            · Bill subjects:{" "}
            <a href={vote.bill.sourceUrl} rel="noopener noreferrer" className="underline">
              Library of Congress bill status
            </a>
            , fetched {formatDay(vote.bill.fetchedAt)}
          </>
        )}
      </p>
    </li>
  );
}

function VoteList({ votes, label }: { votes: Vote[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-700">
      {votes.map((v) => (
        <VoteItem key={v.id} vote={v} />
      ))}
    </ul>
  );
}

const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th")}`;
};

/**
 * "Missed 12 of 640 roll calls this Congress", said only when the roll calls of their time are
 * stored; while some of this Congress's roll calls are not, it says the count is of those on record.
 */
export function MissedVotesLine({ missed }: { missed: MissedVotes | null }) {
  if (!missed) return null;
  return (
    <p className="mb-3 text-sm">
      {missed.complete
        ? `Missed ${missed.missed} of ${missed.of} roll calls this Congress`
        : `Missed ${missed.missed} of the ${missed.of} roll calls on record for this Congress`}{" "}
      <span className="text-slate-600 dark:text-slate-400">
        (the {ordinal(missed.congress)}, while in office{missed.complete ? "" : "; not every roll call of this Congress is on record yet"})
      </span>
    </p>
  );
}

/** The Recent Voting Record card's body: their latest votes, or why there are none. */
export function RecentVotes({ votes, missed, governor }: { votes: Vote[]; missed: MissedVotes | null; governor: boolean }) {
  if (governor) return <p>{GOVERNOR_WORDS}</p>;
  if (votes.length === 0) return <p>Coming soon!</p>;
  return (
    <>
      <MissedVotesLine missed={missed} />
      <VoteList votes={votes} label="Latest votes" />
    </>
  );
}

type Issues = IssueVotes[];

/**
 * The "On the issues" card's body: for each issue or topic with votes on file, the counts and the
 * newest votes; the issues without any are named together in one line at the end.
 */
export function OnTheIssues({ issues, governor }: { issues: Issues; governor: boolean }) {
  if (governor) return <p>{GOVERNOR_WORDS}</p>;
  const withVotes = issues.filter((i) => i.total > 0);
  const without = issues.filter((i) => i.total === 0);
  return (
    <div className="space-y-5">
      <p className={smallPrint}>
        A bill belongs to an issue by the Library of Congress&apos;s own indexing:{" "}
        <a href={SUBJECT_TERMS_URL} rel="noopener noreferrer" className="underline">
          legislative subject terms
        </a>{" "}
        and{" "}
        <a href={POLICY_AREAS_URL} rel="noopener noreferrer" className="underline">
          policy areas
        </a>
        .
      </p>
      {withVotes.map(({ issue, counts, total, votes }) => (
        <section key={issue.slug} aria-labelledby={`issue-${issue.slug}`}>
          <h3 id={`issue-${issue.slug}`} className="font-semibold">
            <Link to={`/issues/${issue.slug}`} className={linkClass}>
              {issue.label}
            </Link>
          </h3>
          <p className="text-sm">
            {counts.yea} Yes · {counts.nay} No · {counts.notVoting} not voting
            {counts.present > 0 && <> · {counts.present} present</>}
            {total > votes.length && (
              <span className="text-slate-600 dark:text-slate-400">
                {" "}
                (the {votes.length} newest of {total} shown)
              </span>
            )}
          </p>
          <VoteList votes={votes} label={`Votes on ${issue.label}`} />
        </section>
      ))}
      {without.length > 0 && (
        <p className="text-sm">
          {withVotes.length === 0 ? "No votes on file on any issue: " : "No votes on file on "}
          {without.map((i) => i.issue.label).join(", ")}.
        </p>
      )}
    </div>
  );
}
