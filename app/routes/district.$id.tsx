// /district/{state}-{number}: one House district: its member, its outline within its
// state, the districts that border it and the ZIP code areas it covers. "CA-12"; a state's only
// seat is "WY-AL" (at-large, and DC's delegate: "DC-AL"); other spellings (WY-0, DC-98) redirect there.
import type { MetaFunction } from "@remix-run/node";

import { Link, isRouteErrorResponse, useLoaderData, useRouteError, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { DistrictMap } from "~/components/district-map";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";
import { OfficialCard } from "~/components/official-card";
import { VacantSeatCard, vacantWords } from "~/components/vacant-seats";
import { districtMap } from "~/lib/district-shapes.server";
import { districtHref, districtTitle } from "~/lib/districts";
import { houseTitle } from "~/lib/zip";
import { loader } from "./district.$id.server";
import { linkClass } from "~/components/button";

export { loader };

/**
 * On client navigation the map's markup comes from /district/{id}/map: the loader never sends the
 * path strings, so a server-rendered page carries them once, in its HTML (decision 0017).
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const loaded = await serverLoader<typeof loader>();
  const response = await fetch(`${districtHref(loaded.district.state, loaded.district.number)}/map`);
  return { ...loaded, mapMarkup: response.ok ? await response.text() : "" };
}

export default function DistrictPage() {
  const loaded = useLoaderData<typeof loader | typeof clientLoader>();
  const { district, neighbours, zips } = loaded;
  const title = districtTitle(district.stateName, district.number);
  const seat = houseTitle(district.state, district.number);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <Link to={`/state/${district.state}`} className={`text-sm font-medium ${linkClass}`}>
        ← {district.stateName}
      </Link>
      <header className="mt-4">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-slate-700 dark:text-slate-300">{district.slug} · 119th Congress</p>
      </header>
      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_20rem]">
        <DistrictMapIsland
          state={district.state}
          number={district.number}
          label={title}
          title={`Map of ${title} within ${district.stateName}`}
          markup={"mapMarkup" in loaded ? loaded.mapMarkup : undefined}
        />
        <div className="space-y-6">
          <section aria-labelledby="member-heading">
            <h2 id="member-heading" className="text-xl font-semibold">
              {seat}
            </h2>
            <div className="mt-2">
              {district.member ? <OfficialCard official={district.member} /> : <VacantSeatCard vacantSince={district.vacantSince} />}
            </div>
          </section>
          <section aria-labelledby="neighbours-heading">
            <h2 id="neighbours-heading" className="text-xl font-semibold">
              Neighbouring districts
            </h2>
            {neighbours.length === 0 ? (
              <p className="mt-2">None: no other district shares a border with this one.</p>
            ) : (
              <ul className="mt-2 space-y-1">
                {neighbours.map((n) => (
                  <li key={`${n.state}-${n.number}`}>
                    <Link to={districtHref(n.state, n.number)} className={`font-medium ${linkClass}`}>
                      {districtTitle(n.stateName, n.number)}
                    </Link>{" "}
                    <span className="text-slate-700 dark:text-slate-300">({n.member ? n.member.name : vacantWords(n.vacantSince)})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
      <section aria-labelledby="zips-heading" className="mt-8">
        <h2 id="zips-heading" className="text-xl font-semibold">
          ZIP codes ({zips.length})
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          ZIP code areas that lie at least partly in this district. A ZIP code that spans several districts is listed under each.
        </p>
        <p className="mt-2 font-mono text-sm break-words">{zips.length ? zips.join(", ") : "No ZIP code areas on file."}</p>
      </section>
    </div>
  );
}

/**
 * The map, drawn on the server from the shapes (a server-only module, empty in the browser). The
 * browser keeps that markup as it hydrates (innerHTML "" is not applied over it), and after a
 * client navigation shows the markup the clientLoader fetched.
 */
function DistrictMapIsland(props: { state: string; number: number; label: string; title: string; markup?: string }) {
  const map = typeof districtMap === "function" ? districtMap(props.state, [props.number], () => props.label) : null;
  return map ? (
    <div className="max-w-xl">
      <DistrictMap map={map} title={props.title} />
    </div>
  ) : (
    <div className="max-w-xl" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: props.markup ?? "" }} />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${districtTitle(data.district.stateName, data.district.number)} (${data.district.slug}) · Civic Atlas` },
        {
          name: "description",
          content: `Who represents ${data.district.slug}: the ${houseTitle(data.district.state, data.district.number).toLowerCase()}, a map of the district, its neighbouring districts and its ZIP codes.`,
        },
      ]
    : [{ title: "District Not Found · Civic Atlas" }];

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundPage
        title="District Not Found"
        message={typeof error.data?.message === "string" ? error.data.message : "The district you're looking for could not be found."}
        back={{ to: "/", label: "Back to Map" }}
      />
    );
  }
  return <GeneralErrorBoundary />;
}
