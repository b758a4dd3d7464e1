// /data: the open data downloads: what is published, the licence and sources, when it
// is updated, and each file with its size and the time it was generated.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DATAPACKAGE, formatBytes, SOURCES } from "~/lib/open-data";
import { loader } from "./data.server";
import { linkClass } from "~/components/button";

export { loader };

export const meta: MetaFunction = () => [
  { title: "Open Data · Civic Atlas" },
  {
    name: "description",
    content:
      "Download every current official, state, ZIP code district and vote as CSV and JSON, with the source and verification date of each value.",
  },
];

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";

export default function OpenData() {
  const { files, generatedAt, schedule, timeZone } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold">Open Data</h1>
      <p className="mt-4">
        Everything Civic Atlas shows about officials and states is yours to download, reuse and check: every current governor, U.S. senator,
        House representative and delegate, the states, which House district each ZIP code lies in, and how members of Congress voted. Each
        value of an official or a state comes with two more columns: where it came from (<code>phone_source</code>) and when it was last
        verified (<code>phone_verified_at</code>).
      </p>

      <section aria-labelledby="downloads" className="mt-10">
        <h2 id="downloads" className="text-2xl font-semibold">
          Downloads
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Generated <time dateTime={generatedAt}>{formatTime(generatedAt)}</time> from the current data.
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-600">
              <th scope="col" className="py-2 pr-4">
                File
              </th>
              <th scope="col" className="py-2 pr-4">
                What
              </th>
              <th scope="col" className="py-2 text-right">
                Size
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.file} className="border-b border-slate-200 align-top dark:border-slate-700">
                <td className="py-2 pr-4">
                  <a href={`/data/${f.file}`} download={f.file} className={`${linkClass} font-mono`}>
                    {f.file}
                  </a>
                </td>
                <td className="py-2 pr-4">
                  {f.file === DATAPACKAGE ? (
                    <>
                      Describes every file, column and type (a{" "}
                      <a href="https://datapackage.org/" rel="noopener noreferrer" className={linkClass}>
                        Frictionless Data Package
                      </a>
                      ), with each file&apos;s size and SHA-256.
                    </>
                  ) : (
                    <>
                      <span className="font-medium">{f.title}.</span> {f.description} {f.columns} columns.
                    </>
                  )}
                </td>
                <td className="whitespace-nowrap py-2 text-right" data-bytes={f.bytes}>
                  {formatBytes(f.bytes)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3 className="mt-6 text-lg font-semibold">How the files are written</h3>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>UTF-8; CSV per RFC 4180 with a header row and CRLF line ends; a value with a comma, a quote or a line break is quoted.</li>
          <li>
            An empty CSV cell (and <code>null</code> in JSON) means no value is on file.
          </li>
          <li>
            In the CSV files, a text value that begins with <code>=</code>, <code>+</code>, <code>-</code> or <code>@</code> is written with
            a single quote (<code>&apos;</code>) in front, so that a spreadsheet shows it instead of running it as a formula: a phone number{" "}
            <code>+1 202-555-0100</code> appears as <code>&apos;+1 202-555-0100</code>. The JSON files carry every value unchanged.
          </li>
          <li>Times are UTC (ISO 8601); dates are YYYY-MM-DD.</li>
        </ul>
      </section>

      <section aria-labelledby="licence" className="mt-10">
        <h2 id="licence" className="text-2xl font-semibold">
          Licence and sources
        </h2>
        <p className="mt-2">
          The data we build on is in the public domain or dedicated to it under CC0, and so is what we publish here: the files are released
          under{" "}
          <a href="https://creativecommons.org/publicdomain/zero/1.0/" rel="noopener noreferrer" className={linkClass}>
            CC0 1.0 Universal
          </a>
          . No permission is needed and no attribution is required, though naming Civic Atlas and the sources below is appreciated.
        </p>
        <ul className="mt-4 space-y-2">
          {SOURCES.map((s) => (
            <li key={s.title}>
              <a href={s.path} rel="noopener noreferrer" className={linkClass}>
                {s.title}
              </a>{" "}
              ({s.license}): {s.what}.
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Corrections made by Civic Atlas staff name &quot;Civic Atlas staff&quot; as their source. The ZIP code table counts ZIP Code
          Tabulation Areas, the Census Bureau&apos;s approximation of ZIP codes; a ZIP that crosses a state line is listed under one state.
        </p>
      </section>

      <section aria-labelledby="schedule" className="mt-10">
        <h2 id="schedule" className="text-2xl font-semibold">
          When it is updated
        </h2>
        <p className="mt-2">
          The data jobs run every night in this order (times in {timeZone.replace(/_/g, " ")}). Any change they make, and any approved
          correction during the day, produces new files at the next download, so the files always match the site.
        </p>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {schedule.map((s) => (
            <li key={s.title}>
              {s.title}: {s.when}
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          Each download carries an ETag and a Last-Modified date: ask with If-None-Match or If-Modified-Since and an unchanged file answers
          304 Not Modified.
        </p>
      </section>
    </div>
  );
}
