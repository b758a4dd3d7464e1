// The server half of the home page (app/routes/_index.tsx): the filters read from the URL, the states,
// the selected state's officials, search results and a signed-in visitor's own officials.
// One .server module per page keeps its browser bundle free of server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { HomeFiltersSchema } from "~/lib/home-filters.server";
import { effectiveFilters, mapIssue } from "~/lib/home-filters";
import { issueStanding } from "~/components/issue-map";
import { rollCallName } from "~/lib/issue-votes";
import { issueMap, rollCallPositions } from "~/models/issue-votes.server";
import { isSearchable, rankSearch } from "~/lib/search";
import { statePositions } from "~/lib/state-positions";
import { officialParties, officialsOfState, searchCandidates } from "~/models/officials.server";
import { listStates, publicVacanciesOf } from "~/models/states.server";
import { looksLikeZip, parseZip } from "~/lib/zip";
import { zipAnswer } from "~/models/zip-codes.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = HomeFiltersSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0].message }, { status: 400 });
  const filters = parsed.data;
  // A ZIP typed into the search box is a lookup: /find answers it (with or without JavaScript).
  if (filters.q && looksLikeZip(filters.q)) throw redirect(`/find?zip=${encodeURIComponent(filters.q.trim())}#zip-answer`);
  const { group } = effectiveFilters(filters);
  const slug = mapIssue(filters);

  const [states, parties, candidates, user, issue] = await Promise.all([
    listStates(db),
    group && !slug ? officialParties(db) : null,
    filters.q && isSearchable(filters.q) ? searchCandidates(db) : null,
    getUser(request),
    // A roll call the issue does not hold is a Refusal: a 404 that says so (app/server/remix.server.ts answers it).
    slug ? issueMap(db, slug, filters.vote) : null,
  ]);
  const selected = filters.state ? states.find((s) => s.abbreviation === filters.state) : undefined;
  if (filters.state && !selected) {
    throw data({ message: `There is no state with the abbreviation ${filters.state}.` }, { status: 404 });
  }
  const positions =
    parties && group
      ? new Map(
          statePositions(
            parties,
            states.map((s) => s.id),
            group,
          ).map((p) => [p.stateId, p.overallMajorityPosition]),
        )
      : null;
  return {
    filters,
    states: states.map((s) => ({ ...s, position: positions ? (positions.get(s.id) ?? null) : undefined })),
    selected: selected ?? null,
    officials: selected ? await officialsOfState(db, selected.id) : [],
    // What the issue map's panel shows: the issue, its roll calls to choose from and the chosen one
    // (the states' tallies are sent as their standings below).
    issue: issue && { issue: issue.issue, total: issue.total, rollCalls: issue.rollCalls, chosen: issue.chosen },
    // Each state's colour and words on the issue map, worked out here so that the page's JavaScript
    // carries no colour scale.
    issueStandings: issue ? Object.fromEntries(states.map((s) => [s.abbreviation, issueStanding(issue, s.abbreviation)])) : null,
    // How the selected state's members voted on the issue map's roll call.
    stateVotes:
      selected && issue
        ? {
            issueLabel: issue.issue.label,
            name: issue.chosen && rollCallName(issue.chosen),
            votes: issue.chosen ? await rollCallPositions(db, issue.chosen.voteId, selected.id) : [],
          }
        : null,
    vacancies: selected ? await publicVacanciesOf(db, selected) : null,
    searchResults: candidates ? rankSearch(candidates, filters.q!) : null,
    searchTooShort: Boolean(filters.q) && !isSearchable(filters.q),
    myOfficials: user ? await myOfficials(user.zipCode) : null,
  };
}

/** A signed-in visitor whose profile has a ZIP sees their own officials (read only; nothing is written). */
async function myOfficials(profileZip: string | null) {
  const zip = parseZip(profileZip);
  if (!zip.ok) return null;
  const answer = await zipAnswer(db, zip.zip);
  return answer.kind === "unknown" ? null : answer;
}
