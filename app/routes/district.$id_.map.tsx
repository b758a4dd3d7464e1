// /district/{state}-{number}/map: the district page's map as a standalone SVG, fetched by the
// page's clientLoader after a client navigation (the page itself renders it on the server).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { DistrictMap } from "~/components/district-map";
import { db } from "~/db.server";
import { districtMap, resolveDistrict } from "~/lib/district-shapes.server";
import { districtTitle, parseDistrictSlug } from "~/lib/districts";
import { districtSlug } from "~/lib/zip";
import { findStateByAbbreviation } from "~/models/states.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const parsed = parseDistrictSlug(params.id ?? "");
  const number = parsed && resolveDistrict(parsed.state, parsed.seat);
  const state = parsed && number !== null ? await findStateByAbbreviation(db, parsed.state) : null;
  if (!parsed || number === null || !state || params.id !== districtSlug(parsed.state, number)) {
    return new Response("No such district.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const title = districtTitle(state.name, number);
  const map = districtMap(state.abbreviation, [number], () => title)!;
  return new Response(renderToStaticMarkup(<DistrictMap map={map} title={`Map of ${title} within ${state.name}`} />), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
