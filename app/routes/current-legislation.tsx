// /current-legislation: announced, not built yet.
import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [
  { title: "Current Legislation · Civic Atlas" },
  { name: "description", content: "Current legislation in Congress, coming to Civic Atlas." },
];

export default function CurrentLegislation() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Page Under Construction</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        Coming Soon: Real-time bill tracking, voting records, and legislative impact analysis.
      </p>
    </div>
  );
}
