// The selected state's details on the home page, or the welcome text while none is selected.
import { IncomingOfficialsList } from "~/components/incoming-officials";
import type { Incoming } from "~/lib/incoming";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { OfficialCard, type OfficialCardData } from "~/components/official-card";
import { VacantSeatList, VacantSenateSeatList, vacantWords, type VacantSeat, type VacantSenateSeat } from "~/components/vacant-seats";
import { formatNumber } from "~/lib/format";
import type { MapStanding } from "~/lib/map-colors";
import { byPartyColumn } from "~/lib/officials-order";
import { swatchStyle } from "~/components/map-legend";
import { POSITION_WORDS } from "~/lib/issue-votes";
import { textLinkClass } from "~/components/button";

/** The members' positions on the roll call an issue map shows; `name` says which, null when the issue has none stored. */
export type StateRollCallVotes = {
  issueLabel: string;
  name: string | null;
  votes: { id: number; name: string; party: string; office: string; district: string | null; position: string }[];
};

type Sections = { governor: boolean; senators: boolean; representatives: boolean; cabinet: boolean };
type StateSummary = {
  name: string;
  abbreviation: string;
  governorParty: string | null;
  population: number | null;
  electoralVotes: number | null;
};

export function WelcomeDetails() {
  return (
    <div className="py-8 text-center">
      <h2 className="text-2xl font-bold">Welcome to Civic Atlas</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Click on any state in the map above to view details about its elected officials.
      </p>
    </div>
  );
}

export function StateDetails({
  state,
  standing,
  officials,
  vacancies,
  sections,
  highlight,
  rollCall,
}: {
  state: StateSummary;
  /** The same standing the map colours this state with. */
  standing: MapStanding;
  officials: OfficialCardData[];
  /** Seats with no current holder, shown where their holder's card would be. */
  vacancies?: {
    governor: Pick<VacantSeat, "vacantSince"> | null;
    senate: VacantSenateSeat[];
    house: VacantSeat[];
    incoming: Incoming[];
  } | null;
  sections: Sections;
  highlight?: number;
  /** On an issue map: how the state's members voted on its roll call. */
  rollCall?: StateRollCallVotes | null;
}) {
  const governor = officials.find((o) => o.office === "Governor");
  const senators = officials.filter((o) => o.office === "Senator");
  const representatives = officials.filter((o) => o.office === "Representative");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">{state.name} Elected Officials</h2>
        <Link
          to={`/state/${state.abbreviation}`}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          View Details
        </Link>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-4 dark:border-slate-700">
        <Fact label="Governor Party">{state.governorParty ?? "N/A"}</Fact>
        <Fact label={standing.heading}>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={swatchStyle(standing.color)} />
            {standing.label}
          </span>
        </Fact>
        <Fact label="Population">{formatNumber(state.population)}</Fact>
        <Fact label="Electoral Votes">{state.electoralVotes ?? 0}</Fact>
      </dl>
      {rollCall && <RollCallVotes state={state} rollCall={rollCall} />}
      {sections.governor && (
        <section aria-labelledby="governor-heading">
          <h3 id="governor-heading" className="mb-2 text-lg font-semibold">
            Governor
          </h3>
          {governor ? (
            <OfficialCard official={governor} highlighted={highlight === governor.id} stateAbbreviation={state.abbreviation} />
          ) : (
            <p className="text-slate-700 dark:text-slate-300">
              {vacancies?.governor ? vacantWords(vacancies.governor.vacantSince) : "Governor information not available"}
            </p>
          )}
          {rollCall && <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Governors do not vote in Congress.</p>}
          <IncomingOfficialsList incoming={vacancies?.incoming ?? []} office="Governor" />
        </section>
      )}
      {sections.senators && (
        <div>
          <PartySplit
            id="senators"
            title="Senators"
            officials={senators}
            empty="No senators found"
            highlight={highlight}
            stateAbbreviation={state.abbreviation}
          />
          <VacantSenateSeatList seats={vacancies?.senate ?? []} />
          <IncomingOfficialsList incoming={vacancies?.incoming ?? []} office="Senator" />
        </div>
      )}
      {sections.representatives && (
        <div>
          <PartySplit
            id="representatives"
            title="House Representatives"
            officials={representatives}
            empty="No house representatives found"
            highlight={highlight}
            stateAbbreviation={state.abbreviation}
          />
          <VacantSeatList seats={vacancies?.house ?? []} />
          <IncomingOfficialsList incoming={vacancies?.incoming ?? []} office="Representative" />
        </div>
      )}
      {sections.cabinet && (
        <section aria-labelledby="cabinet-heading">
          <h3 id="cabinet-heading" className="mb-2 text-lg font-semibold">
            State Cabinet
          </h3>
          <p className="text-slate-700 dark:text-slate-300">State cabinet information coming soon</p>
        </section>
      )}
    </div>
  );
}

function RollCallVotes({ state, rollCall }: { state: StateSummary; rollCall: StateRollCallVotes }) {
  return (
    <section aria-labelledby="roll-call-votes-heading">
      <h3 id="roll-call-votes-heading" className="mb-2 text-lg font-semibold">
        {rollCall.name ? `How ${state.name}’s members voted on ${rollCall.name}` : `${rollCall.issueLabel} votes`}
      </h3>
      {!rollCall.name ? (
        <p className="text-slate-700 dark:text-slate-300">No roll call on this issue is stored yet.</p>
      ) : rollCall.votes.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">No member from {state.name} voted on this roll call.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2">
                Member
              </th>
              <th scope="col" className="py-1 pr-2">
                Seat
              </th>
              <th scope="col" className="py-1">
                Vote
              </th>
            </tr>
          </thead>
          <tbody>
            {rollCall.votes.map((v) => (
              <tr key={v.id} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-2">
                  <Link to={`/representative/${v.id}`} className={textLinkClass}>
                    {v.name}
                  </Link>{" "}
                  ({v.party})
                </td>
                <td className="py-1 pr-2">{v.office === "Senator" ? "Senate" : `House, district ${v.district ?? "unknown"}`}</td>
                <td className="py-1 font-semibold">{POSITION_WORDS[v.position] ?? v.position}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/**
 * Desktop: three party columns. Mobile: the same cards as one list (the columns stack; their
 * headings are hidden), so the markup is sent once.
 */
function PartySplit({
  id,
  title,
  officials,
  empty,
  highlight,
  stateAbbreviation,
}: {
  id: string;
  title: string;
  officials: OfficialCardData[];
  empty: string;
  highlight?: number;
  stateAbbreviation: string;
}) {
  const columns = byPartyColumn(officials);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="mb-2 text-lg font-semibold">
        {title}
      </h3>
      {officials.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          {Object.entries(columns).map(([column, list]) => (
            <div key={column} className={list.length === 0 ? "hidden md:block" : ""}>
              <h4 className="mb-2 hidden text-sm font-semibold text-slate-700 md:block dark:text-slate-300">{column}</h4>
              <ul className="space-y-2">
                {list.map((o) => (
                  <li key={o.id}>
                    <OfficialCard official={o} highlighted={highlight === o.id} stateAbbreviation={stateAbbreviation} />
                  </li>
                ))}
              </ul>
              {list.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">None</p>}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
