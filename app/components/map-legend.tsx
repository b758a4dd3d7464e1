// The map's legend: the parties, or on an issue map the share of members voting Yes. The issue
// legend is in issue-map.tsx, loaded only when an issue is shown, so the home page's JavaScript does
// not carry the issue view for visitors who never choose one (the server renders it either way).
import { lazy, Suspense } from "react";
import { PARTY_COLORS } from "~/lib/party";

const YeaLegend = lazy(() => import("~/components/issue-map").then((m) => ({ default: m.YeaLegend })));

/** A grey hatch, the same as the map's fill for a state with no member voting. */
export const HATCH = { backgroundImage: "repeating-linear-gradient(45deg, #d1d5db 0 2px, #6b7280 2px 4px)" };
/** A swatch's style for a map fill: a colour, or the hatch pattern. */
export const swatchStyle = (fill: string) => (fill.startsWith("url(") ? HATCH : { backgroundColor: fill });

/** The map's legend: the share voting Yes on an issue map (with or without a roll call), else the parties. */
export function MapLegend({ issue }: { issue: { hasRollCall: boolean } | null }) {
  if (issue)
    return (
      <Suspense fallback={null}>
        <YeaLegend hasRollCall={issue.hasRollCall} />
      </Suspense>
    );
  const entries = [
    { label: "Democratic", color: PARTY_COLORS.Democratic },
    { label: "Republican", color: PARTY_COLORS.Republican },
    { label: "Independent", color: PARTY_COLORS.Independent },
    { label: "Split or no data", color: PARTY_COLORS.none },
  ];
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-4 text-sm">
      {entries.map((e) => (
        <li key={e.label} className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: e.color }} />
          {e.label}
        </li>
      ))}
    </ul>
  );
}
