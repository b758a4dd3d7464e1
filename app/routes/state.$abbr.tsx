// /state/{abbr}: one state's page. Collapsible cards are details elements.
import type { MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { CollapsibleCard } from "~/components/collapsible-card";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { OfficialCard, PartyBadge } from "~/components/official-card";
import { Fact } from "~/components/state-details";
import { formatNumber } from "~/lib/format";
import { ContentPageWelcome } from "~/components/welcome-dialog";
import { IncomingOfficialsList } from "~/components/incoming-officials";
import { VacantSeatList, VacantSenateSeatList, vacantWords } from "~/components/vacant-seats";
import { loader } from "./state.$abbr.server";
import { STATE_NOT_FOUND } from "~/lib/not-found";
import { HOUSE_ORDERS, compareByDistrict, type HouseOrder } from "~/lib/officials-order";
import { linkClass } from "~/components/button";

export { loader };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.state.name} · Civic Atlas` : "State Not Found · Civic Atlas" },
  {
    name: "description",
    content: data
      ? `Who represents ${data.state.name}: its elected officials in Washington and at home, with their contact details and sources.`
      : STATE_NOT_FOUND,
  },
];

export default function StatePage() {
  const { state, officials, governorContactUrl, vacancies, districts, historyText, houseOrder } = useLoaderData<typeof loader>();
  const governor = officials.find((o) => o.office === "Governor");
  const senators = officials.filter((o) => o.office === "Senator");
  const byName = officials.filter((o) => o.office === "Representative");
  const representatives = houseOrder === "district" ? [...byName].sort(compareByDistrict) : byName;
  const subtitle = state.type === "territory" ? "U.S. territory" : state.type === "district" ? "Federal district" : "U.S. state";
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Link to={`/?state=${state.abbreviation}`} className={`text-sm font-medium ${linkClass}`}>
        ← Back to Map
      </Link>
      <header className="mt-4">
        <h1 className="text-3xl font-bold">
          {state.name} ({state.abbreviation})
        </h1>
        <p className="text-slate-700 dark:text-slate-300">
          {subtitle}: {state.type === "state" ? "its governor, U.S. senators and House representatives" : "its delegate to the U.S. House"}
        </p>
        <Link to={`/state/${state.abbreviation}/history`} className={`mt-1 inline-block text-sm font-medium ${linkClass}`}>
          {historyText}
        </Link>
      </header>
      <div className="mt-6 grid gap-4 md:grid-cols-[1fr_16rem]">
        <div className="space-y-4">
          <CollapsibleCard title="State Overview" defaultOpen>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Fact label="Abbreviation">{state.abbreviation}</Fact>
              <Fact label="Party Control">
                {state.partyControl ? (
                  <span className="inline-flex items-center gap-2">
                    <PartyBadge party={state.partyControl} /> {state.partyControl}
                  </span>
                ) : (
                  "N/A"
                )}
              </Fact>
              {state.population !== null && <Fact label="Population">{formatNumber(state.population)}</Fact>}
              {state.electoralVotes !== null && <Fact label="Electoral Votes">{state.electoralVotes}</Fact>}
            </dl>
          </CollapsibleCard>
          <CollapsibleCard title="Governor">
            {governor ? (
              <OfficialCard official={governor} from="state" stateAbbreviation={state.abbreviation} />
            ) : (
              <p>{vacancies.governor ? vacantWords(vacancies.governor.vacantSince) : "Governor information not available"}</p>
            )}
            <IncomingOfficialsList incoming={vacancies.incoming} office="Governor" />
          </CollapsibleCard>
          <CollapsibleCard title={`Senators (${senators.length})`}>
            <CardList officials={senators} empty="No senators found for this state" stateAbbreviation={state.abbreviation} />
            <VacantSenateSeatList seats={vacancies.senate} />
            <IncomingOfficialsList incoming={vacancies.incoming} office="Senator" />
          </CollapsibleCard>
          <CollapsibleCard
            id={HOUSE_ID}
            title={`House Representatives (${representatives.length})`}
            defaultOpen={houseOrder === "district"}
          >
            {representatives.length > 1 && <HouseOrderLinks abbreviation={state.abbreviation} current={houseOrder} />}
            <CardList
              officials={representatives}
              empty="No house representatives found for this state"
              stateAbbreviation={state.abbreviation}
            />
            <VacantSeatList seats={vacancies.house} />
            <IncomingOfficialsList incoming={vacancies.incoming} office="Representative" />
            {districts.length > 0 && (
              <nav aria-label="District pages" className="mt-3 text-sm">
                District pages:{" "}
                {districts.map((d, i) => (
                  <span key={d.slug}>
                    {i > 0 && " · "}
                    <Link to={d.href} className={linkClass}>
                      {d.slug}
                    </Link>
                  </span>
                ))}
              </nav>
            )}
          </CollapsibleCard>
          <CollapsibleCard title="State Cabinet">
            <p>State cabinet information coming soon</p>
          </CollapsibleCard>
        </div>
        {/* Beside the cards on a wide screen; under them, in the page's flow, on a phone (decision 0026). */}
        <aside aria-labelledby="quick-actions" className="h-fit rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <h2 id="quick-actions" className="font-semibold">
            Quick Actions
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              {state.officialWebsite ? (
                <a href={state.officialWebsite} rel="noopener noreferrer" className={actionClass}>
                  Official State Website
                </a>
              ) : (
                <span className={`${actionClass} cursor-not-allowed opacity-70`} aria-disabled="true">
                  Official State Website (not on file yet)
                </span>
              )}
            </li>
            <li>
              {/* A state with one district needs no ZIP: its district page lists all its officials. */}
              <Link to={districts.length === 1 ? districts[0].href : `/find?state=${state.abbreviation}`} className={actionClass}>
                Find Local Representatives
              </Link>
            </li>
            <li>
              {governorContactUrl ? (
                <a href={governorContactUrl} rel="noopener noreferrer" className={actionClass}>
                  Contact State Government
                </a>
              ) : (
                <span className={`${actionClass} cursor-not-allowed opacity-70`} aria-disabled="true">
                  Contact State Government (no governor)
                </span>
              )}
            </li>
          </ul>
        </aside>
      </div>
      <ContentPageWelcome />
    </div>
  );
}

const actionClass =
  "block rounded-md border border-slate-300 px-3 py-2 text-center font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

const HOUSE_ID = "house-representatives";
const HOUSE_ORDER_LABELS: Record<HouseOrder, string> = { name: "By last name", district: "By district" };

/** Plain links, so the order works without JavaScript; each lands back on the House card. */
function HouseOrderLinks({ abbreviation, current }: { abbreviation: string; current: HouseOrder }) {
  return (
    <nav aria-label="Order of House members" className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <span>Order:</span>
      {HOUSE_ORDERS.map((order) => (
        <Link
          key={order}
          to={`/state/${abbreviation}${order === "district" ? "?order=district" : ""}#${HOUSE_ID}`}
          aria-current={order === current || undefined}
          preventScrollReset
          className={`rounded-md px-2 py-1 ${order === current ? "bg-slate-200 font-semibold dark:bg-slate-700" : linkClass}`}
        >
          {HOUSE_ORDER_LABELS[order]}
        </Link>
      ))}
    </nav>
  );
}

function CardList({
  officials,
  empty,
  stateAbbreviation,
}: {
  officials: Parameters<typeof OfficialCard>[0]["official"][];
  empty: string;
  stateAbbreviation: string;
}) {
  if (officials.length === 0) return <p>{empty}</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {officials.map((o) => (
        <li key={o.id}>
          <OfficialCard official={o} from="state" stateAbbreviation={stateAbbreviation} />
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage title="State Not Found" message={STATE_NOT_FOUND} back={{ to: "/", label: "Back to Home" }} />;
  }
  return <GeneralErrorBoundary />;
}
