// The open data downloads (/data): which files there are, their columns and types, how a row is
// written as CSV and as JSON, and the Frictionless Data Package (datapackage.json) describing them.
// One column list per table drives the CSV header, the JSON keys and the package schema, so the
// three cannot drift apart. Public fields only: what the public pages and the public API show.
import { csvField } from "~/lib/csv";

export type FieldType = "string" | "integer" | "number" | "date" | "datetime";
export type Cell = string | number | Date | null;

/** Where a value came from and when it was last verified (app/models/officials.server.ts provenance rule). */
export type Source = { sourceName: string; verifiedAt: Date };

export type Column<R> = {
  name: string;
  type: FieldType;
  format?: "email" | "uri";
  description: string;
  value: (row: R) => Cell;
  /** The Provenance field name: the column gets `<name>_source` and `<name>_verified_at` companions. */
  provenance?: string;
};

/** A field as written: companions expanded, each with its cell reader. */
export type Field<R> = Omit<Column<R>, "provenance" | "value"> & { value: (row: R) => Cell };

export type Sourced<R> = R & { sources: Record<string, Source | undefined> };

export function fieldsOf<R>(columns: readonly Column<R>[]): Field<Sourced<R>>[] {
  return columns.flatMap(({ provenance, value, ...column }): Field<Sourced<R>>[] => [
    { ...column, value: (row) => value(row) },
    ...(provenance
      ? [
          {
            name: `${column.name}_source`,
            type: "string" as const,
            description: `Where ${column.name} came from (the source's name); empty when not recorded.`,
            value: (row: Sourced<R>) => row.sources[provenance]?.sourceName ?? null,
          },
          {
            name: `${column.name}_verified_at`,
            type: "datetime" as const,
            description: `When ${column.name} was last verified against its source (UTC).`,
            value: (row: Sourced<R>) => row.sources[provenance]?.verifiedAt ?? null,
          },
        ]
      : []),
  ]);
}

/** A datetime as the Table Schema's default format: ISO 8601 in UTC, whole seconds. */
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const plain = (cell: Cell) => (cell instanceof Date ? isoSeconds(cell) : cell);

/** One CSV line (CRLF) of `cells`: quoting and formula neutralising are app/lib/csv's. */
export const csvLine = (cells: readonly Cell[]) => cells.map((c) => csvField(plain(c))).join(",") + "\r\n";

export const csvHeader = (fields: readonly { name: string }[]) => csvLine(fields.map((f) => f.name));

export const csvRow = <R>(fields: readonly Field<R>[], row: R) => csvLine(fields.map((f) => f.value(row)));

/** One row as a JSON object with the CSV's column names; JSON needs no neutralising. */
export const jsonRow = <R>(fields: readonly Field<R>[], row: R) =>
  JSON.stringify(Object.fromEntries(fields.map((f) => [f.name, plain(f.value(row))])));

/** "12.3 KB": decimal units, as download sizes are usually written. */
export function formatBytes(bytes: number) {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

// ------------------------------------------------------------------------- the tables

export type OfficialRow = {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  party: string;
  office: string;
  state: { abbreviation: string };
  district: string | null;
  tenure: string | null;
  committee: string | null;
  phone: string | null;
  email: string | null;
  contactFormUrl: string | null;
  website: string | null;
  xProfileUrl: string | null;
  officeAddress: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  billsSponsored: number | null;
  approvalRating: number | null;
  photoUrl: string | null;
  bioguideId: string | null;
  govtrackId: string | null;
  opensecretId: string | null;
  ballotpediaSlug: string | null;
  fecId: string | null;
  votesmartId: string | null;
  icpsrId: string | null;
  wikipediaSlug: string | null;
  washingtonPostSlug: string | null;
  updatedAt: Date;
};

/** A sourced text column read straight from the row's field of the same name. */
const text = <R, K extends keyof R & string>(name: string, key: K, description: string, format?: "email" | "uri"): Column<R> => ({
  name,
  type: "string",
  format,
  description,
  value: (row) => (row[key] as string | null) ?? null,
  provenance: key,
});

export const OFFICIAL_COLUMNS: Column<OfficialRow>[] = [
  { name: "id", type: "integer", description: "Civic Atlas id: the profile is /representative/{id}.", value: (o) => o.id },
  text("name", "name", "Full name as shown on the profile."),
  text("first_name", "firstName", "First name."),
  text("last_name", "lastName", "Last name."),
  text("party", "party", "Democratic, Republican, Independent or Other."),
  text("office", "office", "Governor, Senator or Representative (delegates and the resident commissioner are Representatives)."),
  {
    name: "state",
    type: "string",
    description: "USPS code of the state, DC or territory (states.abbreviation).",
    value: (o) => o.state.abbreviation,
    provenance: "stateId",
  },
  text("district", "district", 'House district: "01".."53", "AL" for an at-large or delegate seat; empty for senators and governors.'),
  text("tenure", "tenure", 'In office since, e.g. "Since 2013".'),
  text("committee", "committee", "Key committee."),
  text("phone", "phone", "Office phone."),
  text("email", "email", "Public email address.", "email"),
  text("contact_form_url", "contactFormUrl", "The official's contact form.", "uri"),
  text("website", "website", "Official website.", "uri"),
  text("x_profile_url", "xProfileUrl", "X (Twitter) profile.", "uri"),
  text("office_address", "officeAddress", "Office address."),
  { name: "date_of_birth", type: "date", description: "Date of birth.", value: (o) => o.dateOfBirth, provenance: "dateOfBirth" },
  text("gender", "gender", "Male, Female or Other."),
  {
    name: "bills_sponsored",
    type: "integer",
    description: "Bills sponsored.",
    value: (o) => o.billsSponsored,
    provenance: "billsSponsored",
  },
  {
    name: "approval_rating",
    type: "number",
    description: "Approval rating, percent.",
    value: (o) => o.approvalRating,
    provenance: "approvalRating",
  },
  text("photo_url", "photoUrl", "Where the official's portrait was published.", "uri"),
  text("bioguide_id", "bioguideId", "Biographical Directory of the U.S. Congress id."),
  text("govtrack_id", "govtrackId", "GovTrack id."),
  text("opensecret_id", "opensecretId", "OpenSecrets (CRP) id."),
  text("ballotpedia_slug", "ballotpediaSlug", "Ballotpedia page name."),
  text("fec_id", "fecId", "Federal Election Commission candidate id."),
  text("votesmart_id", "votesmartId", "Vote Smart id."),
  text("icpsr_id", "icpsrId", "ICPSR id."),
  text("wikipedia_slug", "wikipediaSlug", "Wikipedia page name."),
  text("washington_post_slug", "washingtonPostSlug", "Washington Post page name."),
  { name: "updated_at", type: "datetime", description: "When any value of this official last changed (UTC).", value: (o) => o.updatedAt },
];

export type StateRow = {
  id: number;
  name: string;
  abbreviation: string;
  type: string;
  population: number | null;
  electoralVotes: number | null;
  houseSeats: number;
  partyControl: string | null;
  governorParty: string | null;
  politicalLeaning: string | null;
  officialWebsite: string | null;
  updatedAt: Date;
};

const integer = <R, K extends keyof R & string>(name: string, key: K, description: string): Column<R> => ({
  name,
  type: "integer",
  description,
  value: (row) => (row[key] as number | null) ?? null,
  provenance: key,
});

export const STATE_COLUMNS: Column<StateRow>[] = [
  { name: "id", type: "integer", description: "Civic Atlas id.", value: (s) => s.id },
  text("name", "name", "Name."),
  text("abbreviation", "abbreviation", "USPS code: the state page is /state/{abbreviation}."),
  text("type", "type", "state, district (DC) or territory."),
  integer("population", "population", "Resident population, 2020 Census."),
  integer("electoral_votes", "electoralVotes", "Electors in the 2024 and 2028 presidential elections."),
  integer("house_seats", "houseSeats", "Voting House seats apportioned from the 2020 Census."),
  text("party_control", "partyControl", "Party of the state's members of Congress: Democratic, Republican, Independent or Split."),
  text("governor_party", "governorParty", "The governor's party."),
  text("political_leaning", "politicalLeaning", "Democratic, Republican, Split or Unknown."),
  text("official_website", "officialWebsite", "The state's official website.", "uri"),
  { name: "updated_at", type: "datetime", description: "When any value of this state last changed (UTC).", value: (s) => s.updatedAt },
];

export type DistrictRow = { zip: string; state: string; district: number; representativeId: number | null };

export const DISTRICT_COLUMNS: Column<DistrictRow>[] = [
  { name: "zip", type: "string", description: "ZIP Code Tabulation Area (5 digits).", value: (d) => d.zip },
  { name: "state", type: "string", description: "USPS code of the state it is counted in.", value: (d) => d.state },
  {
    name: "district",
    type: "integer",
    description: "119th-Congress House district it overlaps: 0 at-large, 98 a non-voting delegate's seat.",
    value: (d) => d.district,
  },
  {
    name: "district_code",
    type: "string",
    description: "State and district, e.g. CA-12: the page /district/{code}.",
    value: (d) => `${d.state}-${d.district}`,
  },
  {
    name: "representative_id",
    type: "integer",
    description: "The district's current member (officials.id); empty when the seat is vacant.",
    value: (d) => d.representativeId,
  },
];

export type VoteRow = {
  officialId: number;
  voteId: string;
  voteDate: string;
  chamber: string | null;
  billNumber: string | null;
  billTitle: string;
  votePosition: string;
  sourceUrl: string | null;
  /** From the stored roll call (RollCall) and the bill it was on (Bill): null when not stored. */
  question: string | null;
  result: string | null;
  rollCall: { fetchedAt: Date } | null;
  bill: { url: string; policyArea: string | null; subjects: string[]; sourceUrl: string | null; fetchedAt: Date | null } | null;
  issues: string[];
};

export const VOTE_COLUMNS: Column<VoteRow>[] = [
  { name: "official_id", type: "integer", description: "The official who voted (officials.id).", value: (v) => v.officialId },
  { name: "vote_id", type: "string", description: 'The roll call\'s id at its source, e.g. "h240-119.2025".', value: (v) => v.voteId },
  { name: "date", type: "date", description: "Date of the vote.", value: (v) => v.voteDate },
  { name: "chamber", type: "string", description: "house or senate.", value: (v) => v.chamber },
  { name: "bill", type: "string", description: "Bill number, e.g. H.R. 3424.", value: (v) => v.billNumber },
  { name: "bill_title", type: "string", description: "Bill or question voted on.", value: (v) => v.billTitle },
  {
    name: "position",
    type: "string",
    description: "Yea, Nay, Present or Not Voting, as the source records it.",
    value: (v) => v.votePosition,
  },
  { name: "source_url", type: "string", format: "uri", description: "The roll call at its source.", value: (v) => v.sourceUrl },
  { name: "question", type: "string", description: "The question voted on, as the roll call words it.", value: (v) => v.question },
  { name: "result", type: "string", description: "The roll call's result, as the roll call words it.", value: (v) => v.result },
  {
    name: "roll_call_fetched_at",
    type: "datetime",
    description: "When the roll call was fetched from its source (UTC).",
    value: (v) => v.rollCall?.fetchedAt ?? null,
  },
  { name: "bill_url", type: "string", format: "uri", description: "The bill's page on congress.gov.", value: (v) => v.bill?.url ?? null },
  {
    name: "policy_area",
    type: "string",
    description: "The bill's Library of Congress policy area.",
    value: (v) => v.bill?.policyArea ?? null,
  },
  {
    name: "subjects",
    type: "string",
    description: 'The bill\'s Library of Congress legislative subject terms, separated by "; ".',
    value: (v) => v.bill?.subjects.join("; ") || null,
  },
  {
    name: "issues",
    type: "string",
    description:
      'The issues and topics the bill belongs to by those terms (abortion, climate, immigration, marijuana, economy, education, healthcare), separated by "; ".',
    value: (v) => v.issues.join("; ") || null,
  },
  {
    name: "bill_source_url",
    type: "string",
    format: "uri",
    description: "The Library of Congress bill status file (BILLSTATUS XML) the policy area and subjects came from.",
    value: (v) => v.bill?.sourceUrl ?? null,
  },
  {
    name: "bill_fetched_at",
    type: "datetime",
    description: "When that file was fetched (UTC).",
    value: (v) => v.bill?.fetchedAt ?? null,
  },
];

export const OFFICIAL_FIELDS = fieldsOf(OFFICIAL_COLUMNS);
export const STATE_FIELDS = fieldsOf(STATE_COLUMNS);
export const DISTRICT_FIELDS = fieldsOf(DISTRICT_COLUMNS);
export const VOTE_FIELDS = fieldsOf(VOTE_COLUMNS);

// ------------------------------------------------------------------------- the files

export type TableName = "officials" | "states" | "districts" | "votes";
type Resource = { file: string; table: TableName; format: "csv" | "json"; title: string; description: string };

/** Every download, in the order the /data page lists them; datapackage.json describes them all. */
export const RESOURCES: readonly Resource[] = [
  {
    file: "officials.csv",
    table: "officials",
    format: "csv",
    title: "Officials",
    description:
      "Every current official (governors, senators, representatives and delegates), one row each, with each value's source and verification date.",
  },
  {
    file: "officials.json",
    table: "officials",
    format: "json",
    title: "Officials (JSON)",
    description: "The same rows as officials.csv, as a JSON array of objects.",
  },
  { file: "states.csv", table: "states", format: "csv", title: "States", description: "The 50 states, DC and the 5 territories." },
  {
    file: "states.json",
    table: "states",
    format: "json",
    title: "States (JSON)",
    description: "The same rows as states.csv, as a JSON array of objects.",
  },
  {
    file: "districts.csv",
    table: "districts",
    format: "csv",
    title: "ZIP codes and House districts",
    description: "One row per ZIP code area and 119th-Congress House district it overlaps, with the district's current member.",
  },
  {
    file: "votes.csv",
    table: "votes",
    format: "csv",
    title: "Votes",
    description:
      "How each current member of Congress voted on the recorded roll calls, with the question, the result, and the bill's Library of Congress policy area, subjects and issues.",
  },
];

export const DATAPACKAGE = "datapackage.json";
export const DOWNLOAD_FILES: readonly string[] = [...RESOURCES.map((r) => r.file), DATAPACKAGE];

export const FIELDS_OF: { [T in TableName]: Field<never>[] } = {
  officials: OFFICIAL_FIELDS as Field<never>[],
  states: STATE_FIELDS as Field<never>[],
  districts: DISTRICT_FIELDS as Field<never>[],
  votes: VOTE_FIELDS as Field<never>[],
};

const PRIMARY_KEYS: Record<TableName, string[]> = {
  officials: ["id"],
  states: ["id"],
  districts: ["zip", "district"],
  votes: ["official_id", "vote_id"],
};

const FOREIGN_KEYS: Record<TableName, { fields: string; reference: { resource: string; fields: string } }[]> = {
  officials: [{ fields: "state", reference: { resource: "states", fields: "abbreviation" } }],
  states: [],
  districts: [{ fields: "representative_id", reference: { resource: "officials", fields: "id" } }],
  votes: [{ fields: "official_id", reference: { resource: "officials", fields: "id" } }],
};

/** Where the data comes from; the same list is the /data page's licence section. */
export const SOURCES = [
  {
    title: "unitedstates/congress-legislators",
    path: "https://github.com/unitedstates/congress-legislators",
    license: "CC0-1.0",
    what: "members of Congress: names, party, offices, districts, contact details, ids",
  },
  {
    title: "openstates/people",
    path: "https://github.com/openstates/people",
    license: "CC0-1.0",
    what: "governors: names, party, contact details",
  },
  {
    title: "U.S. Census Bureau",
    path: "https://www.census.gov/",
    license: "public domain (U.S. government work)",
    what: "states: population, apportionment; the 119th Congressional District to ZIP Code Tabulation Area relationship",
  },
  {
    title: "Clerk of the U.S. House and U.S. Senate (LIS) roll calls",
    path: "https://clerk.house.gov/Votes",
    license: "public domain (U.S. government work)",
    what: "votes",
  },
  {
    title: "Library of Congress bill status (govinfo BILLSTATUS bulk data)",
    path: "https://www.govinfo.gov/bulkdata/BILLSTATUS",
    license: "public domain (U.S. government work)",
    what: "bills voted on: titles, policy areas and legislative subject terms",
  },
] as const;

export type FileFacts = { bytes: number; hash: string };

/** The Frictionless Data Package (https://datapackage.org) describing every file; sizes and hashes from the generated files. */
export function dataPackage(version: number, created: Date, appUrl: string, facts: Record<string, FileFacts>) {
  return {
    $schema: "https://datapackage.org/profiles/2.0/datapackage.json",
    name: "civic-atlas",
    title: "Civic Atlas: U.S. elected officials",
    description:
      "Current governors, senators and House members with each value's source and verification date, states, ZIP codes to House districts, and votes.",
    version: String(version),
    created: isoSeconds(created),
    homepage: `${appUrl}/data`,
    licenses: [{ name: "CC0-1.0", path: "https://creativecommons.org/publicdomain/zero/1.0/", title: "CC0 1.0 Universal" }],
    sources: SOURCES.map(({ title, path }) => ({ title, path })),
    resources: RESOURCES.map((r) => ({
      name: r.format === "csv" ? r.table : `${r.table}-json`,
      type: "table",
      path: r.file,
      title: r.title,
      description: r.description,
      format: r.format,
      mediatype: r.format === "csv" ? "text/csv" : "application/json",
      encoding: "utf-8",
      bytes: facts[r.file]?.bytes,
      hash: facts[r.file] && `sha256:${facts[r.file].hash}`,
      ...(r.format === "csv"
        ? { dialect: { delimiter: ",", lineTerminator: "\r\n", quoteChar: '"', doubleQuote: true, header: true } }
        : {}),
      schema: {
        fields: FIELDS_OF[r.table].map(({ name, type, format, description }) => ({
          name,
          type,
          ...(format ? { format } : {}),
          description,
        })),
        missingValues: [""],
        primaryKey: PRIMARY_KEYS[r.table],
        foreignKeys: r.format === "csv" ? FOREIGN_KEYS[r.table] : [],
      },
    })),
  };
}
