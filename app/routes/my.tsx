// /my: the signed-in user's officials (from the ZIP on their profile) with their latest votes and
// recent changes, what they follow (each with Unfollow), and the email digest choice. Plain links
// and POST forms: all of it works without JavaScript.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass, textLinkClass } from "~/components/button";
import { ChangeList } from "~/components/change-history";
import { FormAlert } from "~/components/forms";
import { ZipAnswerView } from "~/components/zip-lookup";
import { formatDay } from "~/lib/dates";
import { DIGEST_CHOICES } from "~/lib/digest-status";
import { POSITION_WORDS } from "~/lib/issue-votes";
import { districtLabel } from "~/lib/officials-order";
import type { action, loader } from "./my.server";

export { action, loader } from "./my.server";

export const meta: MetaFunction = () => [
  { title: "My Officials · Civic Atlas" },
  { name: "description", content: "Your elected officials, their latest votes and changes, and what you follow on Civic Atlas." },
];

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function My() {
  const { zip, answer, follows, votes, changes, digest, lastDigest } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const followed = follows.officials;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">My Officials</h1>
      {refused && !("addressError" in refused) && <FormAlert title="Not saved" message={refused.message} />}

      <section aria-labelledby="mine" className="mt-6">
        <h2 id="mine" className="sr-only">
          Your officials
        </h2>
        {answer ? (
          <ZipAnswerView
            answer={answer}
            addressTarget={{ action: "/my", intent: "district" }}
            address={refused && "address" in refused ? refused.address : undefined}
            addressError={refused && "addressError" in refused ? refused.addressError : undefined}
          />
        ) : (
          <p className="mt-2">
            {zip ? `We have no district on file for ZIP ${zip}. ` : "Add your ZIP code to your profile to see your own officials here. "}
            <Link to="/profile?edit=1" className={textLinkClass}>
              Edit my profile
            </Link>
          </p>
        )}
      </section>

      <VotesSection answer={answer} followed={followed} votes={votes} />

      <section aria-labelledby="changes" className="mt-10">
        <h2 id="changes" className="text-xl font-bold">
          Recent changes
        </h2>
        <ChangeList entries={changes} emptyText="No recorded changes to your officials or the officials you follow yet." />
      </section>

      <section aria-labelledby="following" className="mt-10">
        <h2 id="following" className="text-xl font-bold">
          Following
        </h2>
        {followed.length === 0 && follows.issues.length === 0 ? (
          <p className="mt-2">
            You follow no official or issue yet. Use the Follow button on an official&apos;s profile or an issue&apos;s page.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {followed.map((o) => (
              <FollowedRow
                key={`o${o.id}`}
                href={`/representative/${o.id}`}
                name={o.name}
                detail={officialDetail(o)}
                field="officialId"
                value={o.id}
              />
            ))}
            {follows.issues.map((i) => (
              <FollowedRow
                key={i.slug}
                href={`/issues/${i.slug}`}
                name={i.label}
                detail={i.kind === "issue" ? "Issue" : "Topic"}
                field="issue"
                value={i.slug}
              />
            ))}
          </ul>
        )}
      </section>

      <DigestSection digest={digest} lastDigest={lastDigest} />
    </div>
  );
}

const officialDetail = (o: Data["follows"]["officials"][number]) =>
  [o.office, o.state.abbreviation, o.office === "Representative" ? districtLabel(o.district, o.state.abbreviation) : null, o.party]
    .filter(Boolean)
    .join(" · ");

function FollowedRow({
  href,
  name,
  detail,
  field,
  value,
}: {
  href: string;
  name: string;
  detail: string;
  field: string;
  value: string | number;
}) {
  const busy = useNavigation().formData?.get(field) === String(value);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <span>
        <Link to={href} className={textLinkClass}>
          {name}
        </Link>
        <span className="block text-sm text-slate-700 dark:text-slate-300">{detail}</span>
      </span>
      <Form method="post">
        <input type="hidden" name="intent" value="unfollow" />
        <input type="hidden" name={field} value={value} />
        <button type="submit" className={buttonClass.secondary} disabled={busy}>
          Unfollow<span className="sr-only"> {name}</span>
        </button>
      </Form>
    </li>
  );
}

function VotesSection({
  answer,
  followed,
  votes,
}: {
  answer: Data["answer"];
  followed: Data["follows"]["officials"];
  votes: Data["votes"];
}) {
  const mine = answer?.kind === "officials" ? answer.officials : null;
  const people = [
    ...(mine?.senators ?? []),
    ...(mine?.house.flatMap((h) => (h.member ? [h.member] : [])) ?? []),
    ...followed.filter((o) => o.office !== "Governor"),
  ].filter((o, i, all) => all.findIndex((p) => p.id === o.id) === i);
  if (people.length === 0) return null;
  return (
    <section aria-labelledby="votes" className="mt-10">
      <h2 id="votes" className="text-xl font-bold">
        Latest votes
      </h2>
      <ul className="mt-3 space-y-4">
        {people.map((o) => (
          <li key={o.id}>
            <h3 className="font-semibold">
              <Link to={`/representative/${o.id}`} className={textLinkClass}>
                {o.name}
              </Link>
            </h3>
            {(votes[o.id] ?? []).length === 0 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">No roll-call votes stored yet.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {votes[o.id].map((v) => (
                  <li key={v.voteId}>
                    <strong>{POSITION_WORDS[v.votePosition] ?? v.votePosition}</strong> on {v.billNumber ? `${v.billNumber}: ` : ""}
                    {v.billTitle} (<time dateTime={v.voteDate}>{formatDay(v.voteDate)}</time>)
                    {v.sourceUrl && (
                      <>
                        {" · "}
                        <a href={v.sourceUrl} className={textLinkClass}>
                          roll call
                        </a>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DigestSection({ digest, lastDigest }: { digest: Data["digest"]; lastDigest: string }) {
  const busy = useNavigation().formData?.get("intent") === "digest";
  return (
    <section aria-labelledby="updates" className="mt-10">
      <h2 id="updates" className="text-xl font-bold">
        Updates by email
      </h2>
      <p className="mt-2">
        A digest of new votes by the officials you follow and on the issues you follow, and changes to those officials&apos; records.
        Nothing is sent until you choose, and a digest with nothing new is not sent.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="digest" />
        <fieldset>
          <legend className="font-semibold">How often?</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {DIGEST_CHOICES.map((c) => (
              <label key={c.value} className="flex items-center gap-2">
                <input type="radio" name="digest" value={c.value} defaultChecked={(digest ?? "off") === c.value} />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={`mt-3 ${buttonClass.primary}`} disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Digests go out each night after the day&apos;s votes and changes are in. {lastDigest} Each email has a link to stop them in one
        click.
      </p>
    </section>
  );
}
