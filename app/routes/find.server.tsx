// The server half of /find (app/routes/find.tsx): the ZIP answer, and the street-address refinement
// through the Census geocoder. One .server module per page keeps its browser bundle free of server
// stubs (decision 0027). A .tsx file: the candidate districts' map is drawn here, on the server.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { geocodeDistrict } from "~/census-geocoder.server";
import { DistrictMap } from "~/components/district-map";
import { db } from "~/db.server";
import { readFormData } from "~/form-data.server";
import { StateAbbreviationParam } from "~/lib/route-params.server";
import { districtMap } from "~/lib/district-shapes.server";
import { districtTitle } from "~/lib/districts";
import { parseZip } from "~/lib/zip";
import { findStateByAbbreviation } from "~/models/states.server";
import { districtAnswer, zipAnswer, zipNeedsAddress, type ZipAnswer } from "~/models/zip-codes.server";

const ADDRESS_MAX = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const abbreviation = StateAbbreviationParam.safeParse(params.get("state") ?? undefined);
  const state = abbreviation.success ? await findStateByAbbreviation(db, abbreviation.data) : null;
  const base = { state: state ? { name: state.name, abbreviation: state.abbreviation } : null, typed: params.get("zip") ?? "" };
  if (!params.has("zip")) return { ...base, error: null, answer: null };
  const zip = parseZip(base.typed);
  if (!zip.ok) return data({ ...base, error: zip.message, answer: null }, { status: 400 });
  const answer = await zipAnswer(db, zip.zip);
  // An unknown ZIP is a page about nothing: 404, with the message and the form to try again.
  return data({ ...base, error: null, answer, mapMarkup: candidateMap(answer) }, { status: answer.kind === "unknown" ? 404 : 200 });
}

/**
 * A split ZIP's candidate districts on a map of its state, as SVG markup drawn here on the server
 * (the shapes never reach the browser bundle). Each district links to its page.
 */
function candidateMap(answer: ZipAnswer): string | null {
  if (answer.kind !== "officials" || !answer.lookup.split) return null;
  const { name, abbreviation } = answer.officials.state;
  const map = districtMap(abbreviation, answer.lookup.districts, (n) => districtTitle(name, n));
  const title = `Map of the ${answer.lookup.districts.length} districts ZIP ${answer.zip} touches, within ${name}`;
  return map && renderToStaticMarkup(<DistrictMap map={map} title={title} />);
}

/** Only a ZIP the table cannot answer alone is worth sending an address to the Census Bureau. */

export type Refined = {
  /** The ZIP as typed, kept in the ZIP form when there is no answer to show. */
  typed: string;
  answer: ZipAnswer | null;
  mapMarkup?: string | null;
  address: string;
  addressError: string | null;
  outcome: { status: "found"; matchedAddress: string } | { status: "no-match" | "unreachable" } | null;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const typed = String(form.get("zip") ?? "");
  const zip = parseZip(typed);
  const address = String(form.get("address") ?? "").trim();
  // Refused before any lookup (too many, too large): the message shows in the address form, which
  // stays with what was typed; the Census Bureau is not asked.
  if (context.refused) {
    const found = zip.ok ? await zipAnswer(db, zip.zip) : null;
    const answer = found && zipNeedsAddress(found) ? found : null;
    const addressError = context.refused.message;
    return data<Refined>(
      { typed, answer, mapMarkup: answer && candidateMap(answer), address, addressError, outcome: null },
      { status: context.refused.status },
    );
  }
  if (!zip.ok) return data<Refined>({ typed, answer: null, address, addressError: zip.message, outcome: null }, { status: 400 });
  const answer = await zipAnswer(db, zip.zip);
  // Any other ZIP (only a forged form sends one) gets the message and the ZIP form, not the lookup.
  if (!zipNeedsAddress(answer)) {
    const addressError = `Only a ZIP code that crosses district or state lines needs a street address. Press Find to look up ZIP ${zip.zip} on its own.`;
    return data<Refined>({ typed: zip.zip, answer: null, address: "", addressError, outcome: null }, { status: 400 });
  }
  if (address.length < 5 || address.length > ADDRESS_MAX) {
    const addressError = `Enter your street address, such as 455 N Rexford Dr, Beverly Hills (at most ${ADDRESS_MAX} characters).`;
    return data<Refined>({ typed, answer, address, addressError, outcome: null }, { status: 400 });
  }
  const found = await geocodeDistrict(`${address}, ${zip.zip}`);
  if (found.status === "found") {
    const narrowed = await districtAnswer(db, zip.zip, found.stateFips, found.district);
    const outcome = { status: "found", matchedAddress: found.matchedAddress } as const;
    if (narrowed) return { typed, answer: narrowed, address: "", addressError: null, outcome } satisfies Refined;
  }
  const outcome = found.status === "unreachable" ? ({ status: "unreachable" } as const) : ({ status: "no-match" } as const);
  return { typed, answer, mapMarkup: candidateMap(answer), address, addressError: null, outcome } satisfies Refined;
}
