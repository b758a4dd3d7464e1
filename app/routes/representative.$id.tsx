// /representative/{id}: an official's profile (contact, district, background, external profiles, votes by issue, voting record), with where each value came from. A former
// official's profile says so first: the office they held and when, and who holds the seat now; an
// incoming official's, when they take office.
import type { MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { CollapsibleCard } from "~/components/collapsible-card";
import { FollowButton } from "~/components/follow-button";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { OfficialAvatar } from "~/components/official-card";
import { externalProfiles } from "~/lib/external-profiles";
import { displayPhone, phoneHref } from "~/lib/phone";
import { districtLabel, officeLabel } from "~/lib/officials-order";
import { groupSources, type ValueSource } from "~/lib/provenance";
import { ContentPageWelcome } from "~/components/welcome-dialog";
import { CardSources, ValueSourceLine } from "~/components/card-sources";
import { longDate, OnTheIssues, RecentVotes } from "~/components/official-votes";
import { loader } from "./representative.$id.server";
import { OFFICIAL_NOT_FOUND } from "~/lib/not-found";
import { linkClass } from "~/components/button";
import { partyBadgeClass } from "~/lib/party";

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Elected Official Not Found · Civic Atlas" }, { name: "description", content: OFFICIAL_NOT_FOUND }];
  const { official, former, incoming } = data;
  if (incoming && !former) {
    return [
      { title: `${official.name}, incoming ${officeLabel(incoming.office, official.state.abbreviation)} · Civic Atlas` },
      { name: "description", content: `${incoming.words}: contact details, with their sources.` },
    ];
  }
  if (former) {
    return [
      { title: `${official.name}, former ${former.title} · Civic Atlas` },
      {
        name: "description",
        content: `${official.name}, former ${former.title} (${former.dates}): who holds the seat now, and their contact details and voting record as of when they left office, with their sources.`,
      },
    ];
  }
  return [
    { title: `${official.name}, ${officeLabel(official.office)} · Civic Atlas` },
    {
      name: "description",
      content: `${official.name}, ${officeLabel(official.office)} for ${official.state.name}: contact details, committees and voting record, with their sources.`,
    },
  ];
};

/** An official's district, linked to its page when there is one. */
function DistrictValue({ district, state, href }: { district: string; state: string; href: string | null }) {
  const text = district === "AL" ? districtLabel(district, state) : district;
  return href ? (
    <Link to={href} className={linkClass}>
      {text}
    </Link>
  ) : (
    text
  );
}

export default function OfficialProfile() {
  const {
    official,
    sources,
    votes,
    issueVotes,
    missedVotes,
    fromState,
    districtPage,
    former,
    incoming,
    successor,
    historyText,
    following,
  } = useLoaderData<typeof loader>();
  const back = fromState
    ? { to: `/state/${official.state.abbreviation}`, label: `Back to ${official.state.name}` }
    : { to: `/?state=${official.state.abbreviation}`, label: "Back to Map" };
  const profiles = externalProfiles(official);
  const governor = official.office === "Governor";
  // Each card names its shared source once; a value from another source says so under it.
  const districtSources = groupSources({ District: sources.district, Office: sources.office, Party: sources.party });
  const contactSources = groupSources({
    Phone: sources.phone,
    Email: official.email ? sources.email : sources.contactFormUrl,
    Website: sources.website,
    "X profile": sources.xProfileUrl,
  });
  const backgroundSources = groupSources({
    "Date of birth": sources.dateOfBirth,
    Gender: sources.gender,
    "Office address": sources.officeAddress,
  });
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <Link to={back.to} className={`text-sm font-medium ${linkClass}`}>
        ← {back.label}
      </Link>
      <header className="mt-4 flex items-center gap-4">
        <OfficialAvatar official={official} size={96} />
        <div>
          <h1 className="text-3xl font-bold">{official.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700 dark:text-slate-300">
            <span className={`rounded px-2 py-0.5 text-sm font-semibold ${partyBadgeClass(official.party)}`}>{official.party}</span>
            {former || incoming ? (
              <span className="font-semibold text-slate-900 dark:text-slate-100">{former?.heading ?? incoming?.words}</span>
            ) : (
              <>
                <span>
                  {officeLabel(official.office)}, {official.state.name}
                </span>
                {official.tenure && <span>· {official.tenure}</span>}
              </>
            )}
          </p>
          <div className="mt-3">
            <FollowButton target={{ officialId: official.id }} following={following} name={official.name} />
          </div>
          {former && <SeatNow holder={former.holder} seatWords={former.seatWords} />}
          {former && incoming && <p className="mt-1 font-semibold">{incoming.words}</p>}
          {successor && (
            <p className="mt-1">
              <Link to={`/representative/${successor.officialId}`} className={linkClass}>
                {successor.words}
              </Link>
            </p>
          )}
          <Link to={`/representative/${official.id}/history`} className={`mt-2 inline-block text-sm ${linkClass}`}>
            {historyText}
          </Link>
        </div>
      </header>
      <div className="mt-6 space-y-4">
        <CollapsibleCard title="District Information" defaultOpen>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Field label="District" source={districtSources.own.District}>
              {official.district ? (
                <DistrictValue district={official.district} state={official.state.abbreviation} href={districtPage} />
              ) : official.office === "Representative" ? (
                "—"
              ) : (
                `Statewide (${official.state.abbreviation})`
              )}
            </Field>
            <Field label="Office" source={districtSources.own.Office}>
              {officeLabel(official.office)}
            </Field>
            <Field label="Party" source={districtSources.own.Party}>
              {official.party}
            </Field>
          </dl>
          <CardSources sources={districtSources} />
        </CollapsibleCard>
        <CollapsibleCard title="Contact Information" defaultOpen>
          {former && <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">As of {former.left}: they may no longer use these.</p>}
          <dl className="grid gap-3 sm:grid-cols-2">
            <Field label="Phone" source={contactSources.own.Phone}>
              {official.phone ? (
                <a href={phoneHref(official.phone)} className={linkClass}>
                  {displayPhone(official.phone)}
                </a>
              ) : (
                "Not available"
              )}
            </Field>
            <Field label="Email" source={contactSources.own.Email}>
              {official.email ? (
                <a href={`mailto:${official.email}`} className={linkClass}>
                  {official.email}
                </a>
              ) : official.contactFormUrl ? (
                <a href={official.contactFormUrl} rel="noopener noreferrer" className={linkClass}>
                  Contact form
                </a>
              ) : (
                "Not available"
              )}
            </Field>
            <Field label="Website" source={contactSources.own.Website}>
              {official.website ? (
                <a href={official.website} rel="noopener noreferrer" className={linkClass}>
                  {official.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                </a>
              ) : (
                "Not available"
              )}
            </Field>
            <Field label="X profile" source={contactSources.own["X profile"]}>
              {official.xProfileUrl ? (
                <a href={official.xProfileUrl} rel="noopener noreferrer" className={linkClass}>
                  {official.xProfileUrl.replace(/^https:\/\/x\.com\//, "@")}
                </a>
              ) : (
                "Not available"
              )}
            </Field>
          </dl>
          <CardSources sources={contactSources} />
        </CollapsibleCard>
        <CollapsibleCard title="Legislative Profile">
          <p>Coming soon!</p>
        </CollapsibleCard>
        <CollapsibleCard title="Background Information">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Field label="Date of birth" source={backgroundSources.own["Date of birth"]}>
              {official.dateOfBirth ? formatDate(official.dateOfBirth) : "Not available"}
            </Field>
            <Field label="Gender" source={backgroundSources.own.Gender}>
              {official.gender ?? "Not available"}
            </Field>
            <Field label="Office address" source={backgroundSources.own["Office address"]}>
              {official.officeAddress ?? "Not available"}
            </Field>
            <Field label="External profiles">
              {profiles.length ? (
                <ul className="flex flex-wrap gap-3">
                  {profiles.map((p) => (
                    <li key={p.label}>
                      <a href={p.href} rel="noopener noreferrer" className={linkClass}>
                        {p.label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                "Not available"
              )}
            </Field>
          </dl>
          <CardSources sources={backgroundSources} />
        </CollapsibleCard>
        <CollapsibleCard title="On the issues" id="on-the-issues">
          <OnTheIssues issues={issueVotes} governor={governor} />
        </CollapsibleCard>
        <CollapsibleCard title="Recent Voting Record" id="recent-votes">
          <RecentVotes votes={votes} missed={missedVotes} governor={governor} />
        </CollapsibleCard>
      </div>
      <ContentPageWelcome />
    </div>
  );
}

/** A former official's seat today: its holder, linked, or what the terms say about it empty. */
function SeatNow({ holder, seatWords }: { holder: { id: number; name: string } | null; seatWords: string | null }) {
  if (!holder && !seatWords) return null;
  return (
    <p className="mt-1 text-slate-700 dark:text-slate-300">
      Who holds the seat now:{" "}
      {holder ? (
        <Link to={`/representative/${holder.id}`} className={linkClass}>
          {holder.name}
        </Link>
      ) : (
        seatWords
      )}
    </p>
  );
}

const formatDate = longDate;

function Field({ label, source, children }: { label: string; source?: ValueSource; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
      <ValueSourceLine source={source} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage title="Elected Official Not Found" message={OFFICIAL_NOT_FOUND} back={{ to: "/", label: "Back to Map" }} />;
  }
  return <GeneralErrorBoundary />;
}
