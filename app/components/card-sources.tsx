// A card's sources (app/lib/provenance.ts): the shared one once, and each value's exact source one
// click away in a details element, so it opens without JavaScript.
import type { GroupedSources, ValueSource } from "~/lib/provenance";

/** The source line under one value, for a value whose source differs from its card's. */
export function ValueSourceLine({ source }: { source?: ValueSource }) {
  if (!source) return null;
  return (
    <dd className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
      <SourceLabel label={source.label} url={source.url} />
    </dd>
  );
}

export function CardSources<K extends string>({ sources }: { sources: GroupedSources<K> }) {
  if (sources.all.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
      {sources.card && (
        <p>
          Source: <SourceLabel {...sources.card} />
        </p>
      )}
      <details className="mt-0.5">
        {/* py-1: a 24 px touch target (WCAG 2.5.8) in the small print. */}
        <summary className="cursor-pointer py-1 underline">Source of each value</summary>
        <dl className="mt-1 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
          {sources.all.map(({ field, source }) => (
            <div key={field} className="contents">
              <dt className="font-semibold">{field}</dt>
              <dd>
                {source.url ? (
                  <a href={source.url} rel="noopener noreferrer" className="underline">
                    {source.detail}
                  </a>
                ) : (
                  source.detail
                )}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

function SourceLabel({ label, url }: { label: string; url: string | null }) {
  return url ? (
    <a href={url} rel="noopener noreferrer" className="underline">
      {label}
    </a>
  ) : (
    <>{label}</>
  );
}
