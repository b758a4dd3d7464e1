// Incoming officials of one office under its current holders (state page, home page's pane):
// "Governor-elect Pat Example takes office Jan 20, 2027", each linking to their profile.
import { Link } from "@remix-run/react";
import { incomingWords, type Incoming } from "~/lib/incoming";
import { districtLabel } from "~/lib/officials-order";

export function IncomingOfficialsList({ incoming, office }: { incoming: Incoming[]; office: Incoming["office"] }) {
  const list = incoming.filter((i) => i.office === office);
  if (list.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label={`Incoming ${office === "Representative" ? "representatives" : office.toLowerCase() + "s"}`}>
      {list.map((i) => (
        <li key={i.officialId} className="rounded-md border border-sky-300 bg-sky-50 px-3 py-2 dark:border-sky-700 dark:bg-sky-950">
          <Link to={`/representative/${i.officialId}`} className="underline">
            {incomingWords(i)}
          </Link>
          {i.district && ` (${i.district === "AL" ? "at-large seat" : districtLabel(i.district)})`}
          {i.senateClass && ` (Senate class ${i.senateClass})`}
        </li>
      ))}
    </ul>
  );
}
