// The server half of /representative/{id} (app/routes/representative.$id.tsx): the official, where
// each value came from, their votes and the change-history link. One .server module per page keeps
// its browser bundle free of server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db.server";
import { valueSource, type ValueSource } from "~/lib/provenance";
import { districtHrefOfOfficial } from "~/lib/district-shapes.server";
import { IdParam } from "~/lib/route-params.server";
import { findOfficial, provenanceOf, votingRecordsOf } from "~/models/officials.server";
import { historyLinkText } from "~/lib/change-history";
import { historySummary } from "~/models/change-history.server";
import { OFFICIAL_NOT_FOUND } from "~/lib/not-found";

const notFound = () => data({ message: OFFICIAL_NOT_FOUND }, { status: 404 });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = IdParam.safeParse(params.id);
  if (!id.success) throw notFound();
  const official = await findOfficial(db, id.data);
  if (!official) throw notFound();
  const [provenance, votes, history] = await Promise.all([
    provenanceOf(db, official.id),
    votingRecordsOf(db, official.id),
    historySummary(db, "official", official.id),
  ]);
  const now = new Date();
  // Only the words travel: "congress-legislators · verified 5 months ago" and the exact detail.
  const sources: Record<string, ValueSource> = Object.fromEntries(
    Object.entries(provenance).map(([field, p]) => [field, valueSource(p, now)]),
  );
  const fromState = new URL(request.url).searchParams.get("from") === "state";
  const districtPage = official.office === "Representative" ? districtHrefOfOfficial(official.state.abbreviation, official.district) : null;
  return { official, sources, votes, fromState, districtPage, historyText: historyLinkText(history.count, history.since) };
}
