// An official's card: photo or initials, the full name (wrapped, never cut), party
// badge, office label (shortened when the card is narrower than 180 px, by a container query, so it
// needs no JavaScript) and the district, which wraps to its own line rather than hiding.
import { Link } from "@remix-run/react";
import { StoredPicture } from "~/components/stored-picture";
import { districtLabel, initials, officeLabel, shortOfficeLabel } from "~/lib/officials-order";
import { partyBadgeClass } from "~/lib/party";

export type OfficialCardData = {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  party: string;
  office: string;
  district: string | null;
  photoUrl: string | null;
  /** The stored portrait (app/lib/photos.ts); without one the initials show. */
  photo?: { hash: string } | null;
};

export function PartyBadge({ party }: { party: string }) {
  return (
    <span
      title={party}
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded px-1 text-xs font-bold ${partyBadgeClass(party)}`}
    >
      <span aria-hidden="true">{party.charAt(0)}</span>
      <span className="sr-only">{party}</span>
    </span>
  );
}

export function OfficialAvatar({
  official,
  size = 48,
}: {
  official: Pick<OfficialCardData, "name" | "firstName" | "lastName" | "photo">;
  size?: number;
}) {
  return (
    <span
      className="relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-200 font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100"
      style={{ width: size, height: size }}
    >
      <span aria-hidden="true">{initials(official)}</span>
      {official.photo && <StoredPicture key={official.photo.hash} hash={official.photo.hash} size={size} />}
    </span>
  );
}

export function OfficialCard({
  official,
  highlighted = false,
  from,
  stateAbbreviation,
}: {
  official: OfficialCardData;
  highlighted?: boolean;
  from?: "state";
  /** The state the card is shown under, which names a non-voting member's office. */
  stateAbbreviation?: string;
}) {
  const district = official.office === "Representative" ? districtLabel(official.district, stateAbbreviation) : null;
  return (
    <Link
      to={`/representative/${official.id}${from ? `?from=${from}` : ""}`}
      id={`official-${official.id}`}
      data-highlighted={highlighted || undefined}
      className={`@container block scroll-mt-24 rounded-lg border bg-white p-3 transition-shadow hover:border-blue-500 dark:bg-slate-900 ${
        highlighted ? "border-amber-500 ring-4 ring-amber-400" : "border-slate-200 dark:border-slate-700"
      }`}
    >
      <span className="flex items-center gap-3">
        <OfficialAvatar official={official} />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold break-words">{official.name}</span>
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-700 dark:text-slate-300">
            <PartyBadge party={official.party} />
            {/* A container query measures the card's content box: 154 px inside 12 px padding and a 1 px
                border on each side is a card 180 px wide, below which the labels shorten. */}
            <span className="hidden @[154px]:inline">{officeLabel(official.office, stateAbbreviation)}</span>
            <span className="@[154px]:hidden">{shortOfficeLabel(official.office, stateAbbreviation)}</span>
            {district && <span className="whitespace-nowrap">{district}</span>}
          </span>
        </span>
      </span>
    </Link>
  );
}
