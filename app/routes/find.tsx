// /find?zip=: who represents a ZIP code. A GET form, so it works without JavaScript; ?state= (the
// state page's quick action) names the state in the heading. POST refines a split or state-crossing
// ZIP with a street address through the Census geocoder. Neither the ZIP nor the address is stored.
import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ZipAnswerView, ZipForm } from "~/components/zip-lookup";
import { action, loader, type Refined } from "./find.server";

export { action, loader };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.answer ? `Officials for ZIP ${data.answer.zip} · Civic Atlas` : "Find your officials · Civic Atlas" },
  { name: "description", content: "Enter a ZIP code to find its governor, U.S. senators and House representative." },
];

export default function FindPage() {
  const loaded = useLoaderData<typeof loader>();
  const refined = useActionData<typeof action>();
  const answer = refined ? refined.answer : loaded.answer;
  const mapMarkup = refined ? refined.mapMarkup : "mapMarkup" in loaded ? loaded.mapMarkup : null;
  const zip = answer?.zip ?? (refined ? refined.typed : loaded.typed);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-3xl font-bold">Find your officials{loaded.state ? ` in ${loaded.state.name}` : ""}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Enter a ZIP code to see its U.S. senators, governor and member of the House.
      </p>
      <div className="mt-4">
        <ZipForm defaultValue={zip} error={refined ? null : loaded.error} />
      </div>
      {answer && (
        <ZipAnswerView
          answer={answer}
          address={refined?.address}
          addressError={refined?.addressError}
          notice={refined?.outcome ? <RefineNotice outcome={refined.outcome} zip={zip} candidates={answer.kind === "officials"} /> : null}
          map={mapMarkup ? <div className="mt-3 max-w-md" dangerouslySetInnerHTML={{ __html: mapMarkup }} /> : null}
        />
      )}
      {refined && !answer && refined.addressError && (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
          {refined.addressError}
        </p>
      )}
    </div>
  );
}

function RefineNotice({ outcome, zip, candidates }: { outcome: NonNullable<Refined["outcome"]>; zip: string; candidates: boolean }) {
  const text =
    outcome.status === "found"
      ? `The U.S. Census Bureau placed ${outcome.matchedAddress} in this district.`
      : outcome.status === "no-match"
        ? `The U.S. Census Bureau could not find that address. Check the number and street${candidates ? ", or pick from the districts below" : ""}.`
        : `The U.S. Census Bureau's geocoder could not be reached just now, so your address could not be checked. Please try again in a minute${
            candidates ? `; until then, here is every district ZIP ${zip} may be in.` : "."
          }`;
  return (
    <p role="status" className="mt-2 rounded-md bg-slate-100 p-2 dark:bg-slate-800">
      {text}
    </p>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
