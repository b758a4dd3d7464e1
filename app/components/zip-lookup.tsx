// The ZIP lookup's pieces, shared by /find, /my and the home page: the ZIP form (zip-form.tsx), the
// street-address form for split ZIPs, and the answer.
import { IncomingOfficialsList } from "~/components/incoming-officials";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { OfficialCard } from "~/components/official-card";
import { VacantSeatCard } from "~/components/vacant-seats";
import { districtLabel, districtSlug, houseTitle } from "~/lib/zip";
import type { ZipAnswer } from "~/models/zip-codes.server";
import { linkClass } from "~/components/button";
import { fieldClass, submitClass } from "~/components/zip-form";

export { ZipForm } from "~/components/zip-form";

/** Where the street-address form goes: /find shows the narrowed answer; /my (intent "district") keeps the district. */
export type AddressTarget = { action: string; intent?: string };

/** The refinement for split and state-crossing ZIPs: a POST, so the address never lands in a URL or a log. */
export function AddressForm({
  zip,
  defaultValue = "",
  error,
  target = { action: "/find" },
}: {
  zip: string;
  defaultValue?: string;
  error?: string | null;
  target?: AddressTarget;
}) {
  return (
    <Form method="post" action={target.action} className="mt-3 space-y-1 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <input type="hidden" name="zip" value={zip} />
      {target.intent && <input type="hidden" name="intent" value={target.intent} />}
      <label htmlFor="address" className="block font-semibold">
        Enter your street address to narrow it down
      </label>
      <p id="address-note" className="text-sm text-slate-700 dark:text-slate-300">
        Your address is sent to the U.S. Census Bureau&apos;s geocoder, which tells us your district. Civic Atlas does not keep it.
      </p>
      <div className="flex gap-2">
        <input
          id="address"
          name="address"
          type="text"
          // "street-address" is for a multi-line textarea only; the ZIP is already known, so the street line is enough.
          autoComplete="address-line1"
          maxLength={200}
          defaultValue={defaultValue}
          placeholder="e.g. 455 N Rexford Dr, Beverly Hills"
          aria-describedby={error ? "address-note address-error" : "address-note"}
          aria-invalid={error ? true : undefined}
          className={fieldClass}
        />
        <button type="submit" className={submitClass}>
          Narrow it down
        </button>
      </div>
      {error && (
        <p id="address-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </Form>
  );
}

type Officials = Extract<ZipAnswer, { kind: "officials" }>["officials"];

export function ZipAnswerView({
  answer,
  notice,
  address,
  addressError,
  map,
  addressTarget,
}: {
  answer: ZipAnswer;
  /** Where the street-address form posts (/find unless given). */
  addressTarget?: AddressTarget;
  /** What came of a street-address refinement, shown above the answer. */
  notice?: ReactNode;
  address?: string;
  addressError?: string | null;
  /** The candidate districts' map, for split ZIPs. */
  map?: ReactNode;
}) {
  if (answer.kind === "unknown") {
    return (
      <section aria-labelledby="zip-answer" className="mt-6">
        <h2 id="zip-answer" className="text-xl font-bold">
          No district found for ZIP {answer.zip}
        </h2>
        <p className="mt-2">
          We have no area on file for ZIP {answer.zip}. Some ZIP codes serve only PO boxes or a single business and cover no area of their
          own. Try the ZIP code of your home address, or{" "}
          <Link to="/" className={`font-medium ${linkClass}`}>
            choose your state on the map
          </Link>
          .
        </p>
      </section>
    );
  }
  if (answer.kind === "cross-state") {
    return (
      <section aria-labelledby="zip-answer" className="mt-6">
        <h2 id="zip-answer" className="text-xl font-bold">
          ZIP {answer.zip} crosses a state line
        </h2>
        {notice}
        <p className="mt-2">
          ZIP {answer.zip} reaches into more than one state, so the ZIP code alone cannot tell who represents you. We need more detail: your
          street address.
        </p>
        <AddressForm zip={answer.zip} defaultValue={address} error={addressError} target={addressTarget} />
        <p className="mt-3 text-sm">
          Or{" "}
          <Link to="/" className={`font-medium ${linkClass}`}>
            choose your state on the map
          </Link>
          .
        </p>
      </section>
    );
  }
  const { lookup, officials } = answer;
  const { state } = officials;
  const numbers = lookup.districts.map((d) => districtLabel(d).replace("District ", ""));
  return (
    <section aria-labelledby="zip-answer" className="mt-6 space-y-5">
      <div>
        <h2 id="zip-answer" className="text-xl font-bold">
          Your officials for ZIP {answer.zip} ({state.name})
        </h2>
        {notice}
        {lookup.split && (
          <div className="mt-2 rounded-lg border border-amber-400 bg-amber-50 p-3 dark:bg-amber-950">
            <p className="font-semibold">
              ZIP {answer.zip} crosses district lines: parts of it are in {lookup.districts.length} House districts of {state.name}{" "}
              (District {joinList(numbers)}).
            </p>
            <p className="mt-1">Your representative is the member for the district you live in; each one is listed below.</p>
            <AddressForm zip={answer.zip} defaultValue={address} error={addressError} target={addressTarget} />
          </div>
        )}
        {map}
      </div>
      <HouseSection officials={officials} districts={lookup.districts} />
      <StatewideSection officials={officials} />
      <p>
        <Link to={`/state/${state.abbreviation}`} className={`font-medium ${linkClass}`}>
          See all of {state.name}&apos;s officials
        </Link>
      </p>
    </section>
  );
}

function HouseSection({ officials, districts }: { officials: Officials; districts: number[] }) {
  const { state } = officials;
  return (
    <section aria-labelledby="zip-house">
      <h3 id="zip-house" className="text-lg font-semibold">
        U.S. House {districts.length > 1 ? "(one of these)" : ""}
      </h3>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {officials.house.map(({ district, member, vacantSince }) => (
          <li key={district}>
            <p className="mb-1 text-sm">
              <Link to={`/district/${districtSlug(state.abbreviation, district)}`} className={`font-medium ${linkClass}`}>
                {state.abbreviation} {districtLabel(district)}
              </Link>{" "}
              · {houseTitle(state.abbreviation, district)}
            </p>
            {member ? <OfficialCard official={member} /> : <VacantSeatCard vacantSince={vacantSince} />}
          </li>
        ))}
      </ul>
      <IncomingOfficialsList incoming={officials.incoming} office="Representative" />
    </section>
  );
}

function StatewideSection({ officials }: { officials: Officials }) {
  const { state, senators, vacantSince } = officials;
  if (state.type !== "state") {
    return (
      <section aria-labelledby="zip-statewide">
        <h3 id="zip-statewide" className="text-lg font-semibold">
          Senators and governor
        </h3>
        <p className="mt-1">
          {state.type === "district"
            ? "The District of Columbia elects no U.S. senators and has no governor (it elects a mayor)."
            : `${state.name} elects no U.S. senators.`}
        </p>
        {state.type === "territory" && (
          <div className="mt-2 max-w-sm">
            <GovernorSeat officials={officials} />
          </div>
        )}
      </section>
    );
  }
  return (
    <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
      <section aria-labelledby="zip-senators">
        <h3 id="zip-senators" className="text-lg font-semibold">
          U.S. Senators
        </h3>
        <ul className="mt-2 grid gap-3 sm:grid-cols-2">
          {[0, 1].map((i) => (
            <li key={i}>
              {senators[i] ? (
                <OfficialCard official={senators[i]} />
              ) : (
                <VacantSeatCard vacantSince={vacantSince.senators[i - senators.length] ?? null} />
              )}
            </li>
          ))}
        </ul>
        <IncomingOfficialsList incoming={officials.incoming} office="Senator" />
      </section>
      <section aria-labelledby="zip-governor">
        <h3 id="zip-governor" className="text-lg font-semibold">
          Governor
        </h3>
        <div className="mt-2">
          <GovernorSeat officials={officials} />
        </div>
        <IncomingOfficialsList incoming={officials.incoming} office="Governor" />
      </section>
    </div>
  );
}

/** The governor, or why there is none: vacant (the state page's rule) or not on file (spec 1's empty text). */
function GovernorSeat({ officials: { governor, governorVacancy } }: { officials: Officials }) {
  if (governor) return <OfficialCard official={governor} />;
  if (governorVacancy) return <VacantSeatCard vacantSince={governorVacancy.vacantSince} />;
  return <p>Governor information not available</p>;
}

/** "30", "30 and 32", "30, 32 and 36". */
const joinList = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
