// Seats with no current holder (app/models/states.server.ts vacantSinceOf), said the same way on the
// home, state and district pages and the ZIP answer: "Vacant since Nov 20, 2026", or
// "Vacant, date not on file" when no term on file records when its last holder left.
import { Link } from "@remix-run/react";
import { formatDay } from "~/lib/dates";
import { districtLabel } from "~/lib/officials-order";

export type VacantSeat = { district: string; since: string | null; href: string | null };

export const vacantWords = (since: string | null) => (since ? `Vacant since ${formatDay(since)}` : "Vacant, date not on file");

/** A seat's place in a list of cards when it has no holder. */
export function VacantSeatCard({ since }: { since: string | null }) {
  return <p className="rounded-lg border border-dashed border-slate-400 p-3 font-semibold dark:border-slate-500">{vacantWords(since)}</p>;
}

export function VacantSeatList({ seats }: { seats: VacantSeat[] }) {
  if (seats.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Vacant seats">
      {seats.map((seat) => {
        const name = seat.district === "AL" ? "At-large seat" : districtLabel(seat.district);
        return (
          <li key={seat.district} className="rounded-md border border-dashed border-slate-400 px-3 py-2 text-slate-700 dark:text-slate-300">
            {seat.href ? (
              <Link to={seat.href} className="underline">
                {name}
              </Link>
            ) : (
              name
            )}
            : {vacantWords(seat.since)}
          </li>
        );
      })}
    </ul>
  );
}
