// The server half of /district/{id} (app/routes/district.$id.tsx): the district, its member, its
// neighbours and ZIP codes. One .server module per page keeps its browser bundle free of server stubs
// (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { db } from "~/db.server";
import { districtNeighbours, districtNumbers, resolveDistrict } from "~/lib/district-shapes.server";
import { districtHref, parseDistrictSlug } from "~/lib/districts";
import { districtSlug } from "~/lib/zip";
import { districtsWithMembers } from "~/models/districts.server";
import { zipsForDistrict } from "~/models/zip-codes.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const parsed = parseDistrictSlug(params.id ?? "");
  if (!parsed) {
    throw data({ message: "A district address is a state abbreviation and a district number, for example CA-12." }, { status: 400 });
  }
  const number = resolveDistrict(parsed.state, parsed.seat);
  if (number === null) {
    const seats = districtNumbers(parsed.state);
    throw data(
      {
        message:
          seats.length === 0
            ? `There is no state or territory with the abbreviation ${parsed.state}.`
            : seats.length === 1
              ? `${parsed.state} has one seat in the House: ${districtSlug(parsed.state, seats[0])}.`
              : `${parsed.state} has ${seats.length} House districts: ${districtSlug(parsed.state, 1)} to ${districtSlug(parsed.state, seats.length)}.`,
      },
      { status: 404 },
    );
  }
  const slug = districtSlug(parsed.state, number);
  if (params.id !== slug) throw redirect(districtHref(parsed.state, number), 301);
  const [[district, ...neighbours], zips] = await Promise.all([
    districtsWithMembers(db, [{ state: parsed.state, number }, ...districtNeighbours(parsed.state, number)]),
    zipsForDistrict(db, parsed.state, number),
  ]);
  if (!district) throw data({ message: `There is no state or territory with the abbreviation ${parsed.state}.` }, { status: 404 });
  return { district: { ...district, slug }, neighbours, zips };
}
