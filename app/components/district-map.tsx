// A map of House districts: the highlighted districts of one state, each a link to its page,
// drawn over the state's outline and inner borders. Plain server-rendered SVG: it works
// without JavaScript. Its data comes from districtMap() in app/lib/district-shapes.server.ts.
import type { DistrictMapData } from "~/lib/district-shapes.server";

/** Districts smaller than this many square pixels get a dot, so they can be seen and clicked. */
const DOT_RADIUS = 5;

export function DistrictMap({ map, title, className = "" }: { map: DistrictMapData; title: string; className?: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={map.viewBox} role="group" aria-label={title} className={`h-auto w-full ${className}`}>
      {map.outline && (
        <path d={map.outline} className="fill-slate-200 stroke-slate-500 dark:fill-slate-800 dark:stroke-slate-400" strokeWidth={0.8} />
      )}
      {map.borders && <path d={map.borders} fill="none" className="stroke-slate-400 dark:stroke-slate-500" strokeWidth={0.5} />}
      {map.districts.map((d) => (
        <a key={d.number} href={d.href} aria-label={d.label} className="group" data-district={d.slug}>
          <path
            d={d.d}
            className="fill-blue-600 stroke-blue-900 group-hover:fill-blue-500 group-focus:fill-blue-500 dark:fill-blue-500 dark:stroke-blue-200"
            strokeWidth={1}
          />
          {d.small && (
            <circle cx={d.x} cy={d.y} r={DOT_RADIUS} className="fill-blue-600/40 stroke-blue-900 dark:stroke-blue-200" strokeWidth={1.5} />
          )}
        </a>
      ))}
    </svg>
  );
}
