// The four tabs of /admin/representative-detail/{id} as read (Personal Details, Contact & Links,
// Political Information, Voting Records); in edit mode a tab shows the edit form instead.
import type { ReactNode } from "react";
import { EditForm, INPUTS, fieldsOf, type LoaderData, type Official } from "~/components/admin/representative/edit-form";
import { Badge } from "~/components/badge";
import { textLinkClass } from "~/components/button";
import { Section, Value, Values, orNotSet } from "~/components/record-fields";
import { externalProfiles, fecProfile } from "~/lib/external-profiles";
import { officeLabel } from "~/lib/officials-order";
import { displayPhone } from "~/lib/phone";
import { OFFICIAL_FIELDS } from "~/lib/staff-edits";

const KEY_COMMITTEE_LENGTH = 30;

const ExternalLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a href={href} rel="noopener noreferrer" className={textLinkClass}>
    {children}
  </a>
);

export function PersonalValues({ official }: { official: Official }) {
  return (
    <Section title="Personal Details">
      <Values>
        <Value label="First name">{official.firstName}</Value>
        <Value label="Last name">{official.lastName}</Value>
        <Value label="Date of birth">{orNotSet(official.dateOfBirth)}</Value>
        <Value label="Gender">{orNotSet(official.gender)}</Value>
        <Value label="Religion">{orNotSet(official.religion)}</Value>
        <Value label="Office">{officeLabel(official.office)}</Value>
        <Value label="Party">{official.party}</Value>
        <Value label="District">{orNotSet(official.district)}</Value>
        <Value label="Photo URL">
          {official.photoUrl ? <ExternalLink href={official.photoUrl}>{official.photoUrl}</ExternalLink> : "Not set"}
        </Value>
        <Value label="Biography" wide>
          {orNotSet(official.biography)}
        </Value>
      </Values>
    </Section>
  );
}

const BALLOTPEDIA = (slug: string) => externalProfiles({ govtrackId: null, opensecretId: null, ballotpediaSlug: slug })[0].href;

export function ContactTab({ official, editing }: { official: Official; editing: boolean }) {
  const profiles = externalProfiles(official);
  const profile = (label: string) => profiles.find((p) => p.label === label);
  const govtrack = profile("GovTrack");
  const opensecrets = profile("OpenSecrets");
  const fec = official.fecId ? fecProfile(official.fecId) : null;
  return (
    <>
      {editing ? (
        <EditForm official={official} section="contact" />
      ) : (
        <Section title="Contact & Links">
          <Values>
            <Value label="Email">
              {official.email ? <ExternalLink href={`mailto:${official.email}`}>{official.email}</ExternalLink> : "Not set"}
            </Value>
            <Value label="Phone">{official.phone ? displayPhone(official.phone) : "Not set"}</Value>
            <Value label="Official website">
              {official.website ? <ExternalLink href={official.website}>{official.website}</ExternalLink> : "Not set"}
            </Value>
            <Value label="X profile URL">
              {official.xProfileUrl ? <ExternalLink href={official.xProfileUrl}>{official.xProfileUrl}</ExternalLink> : "Not set"}
            </Value>
            {fieldsOf("contact")
              .filter((name) => !INPUTS[name])
              .map((name) => (
                <Value key={name} label={OFFICIAL_FIELDS[name].label}>
                  {name === "ballotpediaSlug" && official.ballotpediaSlug ? (
                    <ExternalLink href={BALLOTPEDIA(official.ballotpediaSlug)}>{official.ballotpediaSlug}</ExternalLink>
                  ) : (
                    orNotSet(official[name])
                  )}
                </Value>
              ))}
          </Values>
        </Section>
      )}
      <Section title="Office Address">
        <Values>
          <Value label="Office address" hint="From contact crawler" wide>
            {orNotSet(official.officeAddress)}
          </Value>
        </Values>
      </Section>
      {(govtrack || opensecrets || fec) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {govtrack && (
            <Section title="GovTrack Profile">
              <ExternalLink href={govtrack.href}>View on GovTrack</ExternalLink>
            </Section>
          )}
          {(opensecrets || fec) && (
            <Section title="Campaign Finance">
              <ul className="space-y-1">
                {opensecrets && (
                  <li>
                    <ExternalLink href={opensecrets.href}>View on OpenSecrets</ExternalLink>
                  </li>
                )}
                {fec && (
                  <li>
                    <ExternalLink href={fec}>View FEC filings</ExternalLink>
                  </li>
                )}
              </ul>
            </Section>
          )}
        </div>
      )}
    </>
  );
}

/** "Senate Committee on Health, Educ...": the key committee is cut to 30 characters. */
const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}...` : text);

export function PoliticalTab({ official, editing }: { official: Official; editing: boolean }) {
  const tiles = [
    { label: "GovTrack", connected: Boolean(official.govtrackId) },
    { label: "OpenSecrets", connected: Boolean(official.opensecretId) },
    { label: "Ballotpedia", connected: Boolean(official.ballotpediaSlug) },
  ];
  const showMetrics = (official.billsSponsored ?? 0) > 0 || official.approvalRating !== null;
  return (
    <>
      <Section title="Data Connections">
        <ul className="grid gap-3 sm:grid-cols-3">
          {tiles.map((t) => (
            <li key={t.label} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold">{t.label}</p>
              <Badge tone={t.connected ? "good" : "neutral"}>{t.connected ? "Connected" : "Not Available"}</Badge>
            </li>
          ))}
        </ul>
      </Section>
      {editing ? (
        <EditForm official={official} section="political" />
      ) : (
        <Section title="Political Information">
          <Values>
            {fieldsOf("political").map((name) => (
              <Value key={name} label={OFFICIAL_FIELDS[name].label} wide>
                {orNotSet(official[name])}
              </Value>
            ))}
          </Values>
        </Section>
      )}
      {showMetrics && (
        <Section title="Performance Metrics">
          <Values>
            <Value label="Bills sponsored">{official.billsSponsored ?? 0}</Value>
            <Value label="Approval rating">{official.approvalRating === null ? "Not available" : `${official.approvalRating}%`}</Value>
            <Value label="Key committee">{official.committee ? cut(official.committee, KEY_COMMITTEE_LENGTH) : "Not available"}</Value>
          </Values>
        </Section>
      )}
    </>
  );
}

const POSITION_BADGE: Record<string, string> = {
  Yea: "border-blue-700 bg-blue-700 text-white",
  Nay: "border-red-700 bg-red-700 text-white",
};

export function VotingTab({ votes, total }: { votes: LoaderData["votes"]; total: number }) {
  if (votes.length === 0) return <p>No voting records available</p>;
  return (
    <section aria-labelledby="votes-heading">
      <h2 id="votes-heading" className="text-lg font-semibold">
        Voting Records
      </h2>
      {total > votes.length && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The {votes.length} most recent of {total} votes.
        </p>
      )}
      <ul className="mt-3 space-y-3">
        {votes.map((v) => (
          <li key={v.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold">{v.billTitle}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{[v.billNumber, v.voteDate].filter(Boolean).join(" · ")}</p>
              </div>
              <span
                className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${POSITION_BADGE[v.votePosition] ?? "border-slate-500 text-slate-800 dark:text-slate-100"}`}
              >
                {v.votePosition}
              </span>
            </div>
            {v.description && <p className="mt-1 text-sm">{v.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
