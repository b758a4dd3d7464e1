// Seats with no current holder (app/models/states.server.ts vacantSinceOf), said the same way on the
// home, state and district pages and the ZIP answer, in vacantWords' words (app/lib/seat-vacancy.ts):
// "Vacant since Nov 20, 2026"; "Term ended Nov 3, 2026 (special election); the source has not yet
// named who holds the seat"; or "Vacant (date not on file)".
import { Link } from "@remix-run/react";
import { districtLabel } from "~/lib/officials-order";
import { senateSeatName, vacantWords, type Vacancy } from "~/lib/seat-vacancy";

export { vacantWords };

export type VacantSeat = { district: string; vacantSince: Vacancy; href: string | null };
export type VacantSenateSeat = { senateClass: number | null; vacantSince: Vacancy };

/** A seat's place in a list of cards when it has no holder. */
export function VacantSeatCard({ vacantSince }: { vacantSince: Vacancy }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-400 p-3 font-semibold dark:border-slate-500">{vacantWords(vacantSince)}</p>
  );
}

const itemClass = "rounded-md border border-dashed border-slate-400 px-3 py-2 text-slate-700 dark:text-slate-300";

export function VacantSeatList({ seats }: { seats: VacantSeat[] }) {
  if (seats.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Vacant seats">
      {seats.map((seat) => {
        const name = seat.district === "AL" ? "At-large seat" : districtLabel(seat.district);
        return (
          <li key={seat.district} className={itemClass}>
            {seat.href ? (
              <Link to={seat.href} className="underline">
                {name}
              </Link>
            ) : (
              name
            )}
            : {vacantWords(seat.vacantSince)}
          </li>
        );
      })}
    </ul>
  );
}

/** A state's empty Senate seats (senateVacanciesOf), named by class: "Senate seat (class 3): Term ended …". */
export function VacantSenateSeatList({ seats }: { seats: VacantSenateSeat[] }) {
  if (seats.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Vacant Senate seats">
      {seats.map((seat, i) => (
        <li key={seat.senateClass ?? `unknown-${i}`} className={itemClass}>
          {senateSeatName(seat.senateClass)}: {vacantWords(seat.vacantSince)}
        </li>
      ))}
    </ul>
  );
}
