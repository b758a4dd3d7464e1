// The server half of /representative/{id} (app/routes/representative.$id.tsx): the official, where
// each value came from, their latest votes, their votes by issue, the roll calls they missed this
// Congress and the change-history link; for a former official, the office
// they held, when, and who holds the seat now; for an incoming one, when they take office. One .server module per page keeps its browser bundle
// free of server stubs (decision 0027).
import { getUser } from "~/auth/session.server";
import { isFollowing } from "~/models/follows.server";
import { awaitingApproval, incomingForSeat, incomingOfficials } from "~/models/incoming-officials.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { formerHeading, formerValueSource, lastService, leftOfficeWords, officeTitle, serviceDates } from "~/lib/former-officials";
import { incomingWords } from "~/lib/incoming";
import { valueSource, type ValueSource } from "~/lib/provenance";
import { vacantWords } from "~/lib/seat-vacancy";
import { districtHrefOfOfficial } from "~/lib/district-shapes.server";
import { IdParam } from "~/lib/route-params.server";
import { findOfficial, provenanceOf, seatHolderOf, termsOfOfficial } from "~/models/officials.server";
import { issueVotesOf, missedVotesOf, pageVote, recentVotesOf } from "~/models/official-votes.server";
import { vacantSinceOf, type Seat } from "~/models/states.server";
import { historyLinkText } from "~/lib/change-history";
import { historySummary } from "~/models/change-history.server";
import { OFFICIAL_NOT_FOUND } from "~/lib/not-found";

/** The Recent Voting Record card's length. */
const RECENT_VOTES = 10;

const notFound = () => data({ message: OFFICIAL_NOT_FOUND }, { status: 404 });

type Official = NonNullable<Awaited<ReturnType<typeof findOfficial>>>;

const OFFICE_OF_TERM_TYPE = { gov: "Governor", sen: "Senator", rep: "Representative" } as const;

/**
 * Why an official who is not serving is not: an incoming official's term has not begun ("Senator-elect
 * … takes office Jan 3, 2027"; decision 0029); anyone else is former (formerOf). A returning member
 * is both.
 */
async function standingOf(official: Official, today: string) {
  const record = await termsOfOfficial(db, official.id);
  const terms = record?.officeTerms ?? [];
  const next = terms.filter((t) => t.start > today).sort((a, b) => a.start.localeCompare(b.start))[0];
  const office = next ? OFFICE_OF_TERM_TYPE[next.type as keyof typeof OFFICE_OF_TERM_TYPE] : undefined;
  const incoming = next && office ? { office, words: incomingWords({ office, name: official.name, start: next.start }) } : null;
  const service = lastService(official.office, terms, today);
  return { incoming, former: service || !incoming ? await formerOf(official, record, service, today) : null };
}

/**
 * What the profile says about an official who no longer serves: the office and dates of their last
 * stretch of service (lastService), who holds that seat now, or, when nobody does, what the terms
 * say about the empty seat (the state page's words). No seat line when the seat cannot be told
 * (a senator whose class is not on file).
 */
async function formerOf(
  official: Official,
  record: Awaited<ReturnType<typeof termsOfOfficial>>,
  service: ReturnType<typeof lastService>,
  today: string,
) {
  const title = officeTitle(official.office, official.state, { term: service?.term.district ?? null, official: official.district });
  const senateClass = service?.term.senateClass ?? record?.senateClass ?? null;
  const holder = await seatHolderOf(db, { office: official.office, stateId: official.stateId, district: official.district, senateClass });
  const seat = seatOf(official, service?.term.district ?? null, senateClass);
  const [vacancy] = holder || !seat ? [] : await vacantSinceOf(db, [seat], today);
  return {
    title,
    dates: serviceDates(service),
    heading: formerHeading(title, service),
    leftOn: service?.end ?? null,
    /** "when they left office on Nov 3, 2026" */
    left: leftOfficeWords(service?.end ?? null),
    holder,
    seatWords: holder || !seat ? null : vacantWords(vacancy ?? null),
  };
}

/** The seat a former official held, as the terms record it (null when it cannot be told). */
function seatOf(official: Official, termDistrict: number | null, senateClass: number | null): Seat | null {
  const state = official.state.abbreviation;
  if (official.office === "Senator") return senateClass === null ? null : { state, type: "sen", senateClass };
  if (official.office === "Governor") return { state, type: "gov" };
  if (official.office !== "Representative") return null;
  const district = termDistrict ?? (official.district ? (/^\d+$/.test(official.district) ? Number(official.district) : 0) : null);
  return district === null ? null : { state, type: "rep", district };
}

/** Who takes a serving official's seat next, when the data has an incoming official for it ("Governor-elect … takes office …"). */
async function successorOf(official: Official, now: Date) {
  const [incoming, record] = await Promise.all([incomingOfficials(db, now, official.state.abbreviation), termsOfOfficial(db, official.id)]);
  const next = incomingForSeat(incoming, {
    office: official.office,
    state: official.state.abbreviation,
    district: official.district,
    senateClass: record?.senateClass ?? null,
  });
  return next && next.officialId !== official.id ? { officialId: next.officialId, words: next.words } : null;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  if (!id.success) throw notFound();
  const official = await findOfficial(db, id.data);
  if (!official || (await awaitingApproval(db, official.id))) throw notFound();
  const now = new Date();
  const user = await getUser(request);
  const [provenance, votes, issueVotes, missedVotes, history, { former, incoming }, successor, following] = await Promise.all([
    provenanceOf(db, official.id),
    recentVotesOf(db, official.id, RECENT_VOTES),
    issueVotesOf(db, official.id),
    missedVotesOf(db, official, now),
    historySummary(db, "official", official.id),
    official.isActive ? { former: null, incoming: null } : standingOf(official, now.toISOString().slice(0, 10)),
    official.isActive ? successorOf(official, now) : null,
    user ? isFollowing(db, user.id, { officialId: official.id }) : false,
  ]);
  // Only the words travel: "congress-legislators · verified 5 months ago" and the exact detail; a
  // former official's values of the office say "as of when they left" instead.
  const sources: Record<string, ValueSource> = Object.fromEntries(
    Object.entries(provenance).map(([field, p]) => {
      const source = valueSource(p, now);
      return [field, former ? formerValueSource(field, p, source, former.leftOn) : source];
    }),
  );
  const fromState = new URL(request.url).searchParams.get("from") === "state";
  const districtPage = official.office === "Representative" ? districtHrefOfOfficial(official.state.abbreviation, official.district) : null;
  return {
    official,
    sources,
    votes: votes.map((vote) => pageVote(vote)),
    issueVotes,
    missedVotes,
    fromState,
    districtPage,
    former,
    incoming,
    successor,
    historyText: historyLinkText(history.count, history.since),
    following,
  };
}
