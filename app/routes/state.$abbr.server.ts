// The server half of /state/{abbr} (app/routes/state.$abbr.tsx): the state, its officials, vacant
// seats, districts and the change-history link. One .server module per page keeps its browser
// bundle free of server stubs (decision 0027).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { db } from "~/db.server";
import { districtNumbers } from "~/lib/district-shapes.server";
import { districtHref } from "~/lib/districts";
import { StateAbbreviationParam } from "~/lib/route-params.server";
import { districtSlug } from "~/lib/zip";
import { governorContactUrlOf, officialsOfState } from "~/models/officials.server";
import { abbreviationOfStateNamed, findStateByAbbreviation, publicVacanciesOf } from "~/models/states.server";
import { historyLinkText } from "~/lib/change-history";
import { historySummary } from "~/models/change-history.server";
import { STATE_NOT_FOUND } from "~/lib/not-found";
import { houseOrderOf } from "~/lib/officials-order";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const abbreviation = StateAbbreviationParam.safeParse(params.abbr);
  // A state's full name (/state/california, /state/new-york) is the same page under its abbreviation.
  if (!abbreviation.success) {
    const named = await abbreviationOfStateNamed(db, params.abbr ?? "");
    if (named) throw redirect(`/state/${named}`, 301);
  }
  const state = abbreviation.success ? await findStateByAbbreviation(db, abbreviation.data) : null;
  if (!state) throw data({ message: STATE_NOT_FOUND }, { status: 404 });
  const [officials, governorContactUrl, vacancies, history] = await Promise.all([
    officialsOfState(db, state.id),
    governorContactUrlOf(db, state.id),
    publicVacanciesOf(db, state),
    historySummary(db, "state", state.id),
  ]);
  const districts = districtNumbers(state.abbreviation).map((n) => ({
    slug: districtSlug(state.abbreviation, n),
    href: districtHref(state.abbreviation, n),
  }));
  const historyText = historyLinkText(history.count, history.since);
  const houseOrder = houseOrderOf(new URL(request.url).searchParams.get("order"));
  return { state, officials, governorContactUrl, vacancies, districts, historyText, houseOrder };
}
