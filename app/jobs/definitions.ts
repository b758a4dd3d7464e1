// The scheduled data jobs: names, texts, schedules and the order of
// the nightly chain, in one place. Pure data, importable by pages and the server alike; the job
// functions themselves are in app/jobs/*.server.ts (registry.server.ts). Readings of the spec's
// conflicts: docs/decisions/0010-data-jobs.md.

export const JOB_TYPES = [
  "congress_import",
  "data_validation",
  "govtrack_import",
  "opensecrets_import",
  "ballotpedia_import",
  "contact_crawl",
  "email_digests",
  "housekeeping",
] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const isJobType = (value: unknown): value is JobType =>
  typeof value === "string" && (JOB_TYPES as readonly string[]).includes(value);

/**
 * A run's status. "completed_with_errors": the job did its work but some items failed (photos,
 * pages, sites); "failed": it stopped, e.g. its main source could not be read (issue 26).
 */
export const EXECUTION_STATUSES = ["pending", "running", "completed", "completed_with_errors", "failed", "cancelled", "skipped"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** A job is busy while one of its executions waits or runs; no new run starts while it is busy. */
export const BUSY_STATUSES = ["pending", "running"] as const satisfies readonly ExecutionStatus[];
/** A run of these statuses with a message has an error for staff to review until they mark it reviewed. */
export const ERROR_STATUSES = ["failed", "cancelled", "completed_with_errors"] as const satisfies readonly ExecutionStatus[];

export type JobDefinition = {
  type: JobType;
  title: string;
  description: string;
  /** croner pattern, local time in the configured zone (JOBS_TIME_ZONE). */
  schedule: string;
  scheduleText: string;
  /** Shown on the integration page (OpenSecrets: its API was discontinued on April 15, 2025). */
  notice?: string;
  documentation: string;
  dataPoints: readonly string[];
};

export const OPENSECRETS_DISCONTINUED =
  "The OpenSecrets API was discontinued on April 15, 2025. This job no longer imports data; each run is recorded as skipped. " +
  "OpenSecrets profile links built from each official's OpenSecrets ID stay on the profiles.";

export const JOB_DEFINITIONS: Record<JobType, JobDefinition> = {
  congress_import: {
    type: "congress_import",
    title: "Congress Data Import",
    description:
      "The primary source: imports every current member of Congress (bioguide IDs, names, party, office type, state and district, committees, terms and contact information).",
    schedule: "0 2 * * *",
    scheduleText: "Daily at 2:00 AM",
    documentation:
      "Reads the congress-legislators files published by the @unitedstates project (public domain). New members are added, changed fields are updated with their provenance, and members who left are marked inactive, never deleted. A second step refreshes the governors from the openstates/people executive files (CC0): a new governor starts a term and the predecessor's ends. A run on unchanged data writes nothing.",
    dataPoints: [
      "Bioguide IDs",
      "Names",
      "Party",
      "Office type",
      "State and district",
      "Committees",
      "Terms",
      "Contact information",
      "Governors",
    ],
  },
  data_validation: {
    type: "data_validation",
    title: "Data Validation Check",
    description:
      "Checks the officials' data: duplicate detection, consistency checks, missing critical fields and a quality score per official. Governors are excluded from the counts.",
    schedule: "0 3 * * *",
    scheduleText: "Daily at 3:00 AM",
    documentation:
      "Looks for duplicate officials and for two officials holding one seat; checks party and office values, each state and district against the state's House seats, and current terms whose end date has passed; flags officials missing critical fields (email, phone, office address, website, social media, biography, committees) with a priority for the Missing Data tab; and scores each official's completeness. Only local data is read.",
    dataPoints: [
      "Duplicate officials",
      "Consistency issues",
      "Missing critical fields",
      "Quality score per official",
      "Overall quality score",
    ],
  },
  govtrack_import: {
    type: "govtrack_import",
    title: "GovTrack Data Import",
    description: "Needs bioguide IDs. Brings birth dates, gender, websites, phones, voting records, bill sponsorship and activity scores.",
    schedule: "30 3 * * *",
    scheduleText: "Daily at 3:30 AM",
    documentation:
      "Imports the roll-call votes that GovTrack republishes from the official feeds (House Clerk and Senate LIS XML): each member's position with bill number, title, description and date, for every roll call since the last one seen.",
    dataPoints: ["Birth date", "Gender", "Websites", "Phones", "Voting records", "Bill sponsorship", "Activity scores"],
  },
  opensecrets_import: {
    type: "opensecrets_import",
    title: "OpenSecrets Integration (Discontinued)",
    description: "Campaign finance data from OpenSecrets. Its API was discontinued on April 15, 2025.",
    schedule: "0 4 * * *",
    scheduleText: "Daily at 4:00 AM",
    notice: OPENSECRETS_DISCONTINUED,
    documentation: OPENSECRETS_DISCONTINUED,
    dataPoints: ["OpenSecrets IDs (kept for profile links)"],
  },
  ballotpedia_import: {
    type: "ballotpedia_import",
    title: "Ballotpedia Data Import",
    description:
      "Generates and verifies each official's Ballotpedia profile URL and brings biography, election history, positions, education and experience.",
    schedule: "30 4 * * *",
    scheduleText: "Daily at 4:30 AM",
    documentation:
      "Builds each official's Ballotpedia URL from the Ballotpedia ID (or the name for governors) and verifies it with throttled requests (at most one a second, honouring robots.txt). Verified slugs are stored with the date; pages that could not be verified are listed in the run's results.",
    dataPoints: ["Profile URL", "Biography", "Election history", "Positions", "Education", "Experience"],
  },
  contact_crawl: {
    type: "contact_crawl",
    title: "Contact Information Crawl",
    description: "Collects emails, phones, social profiles, office addresses and contact form URLs from the officials' own websites.",
    schedule: "0 5 * * *",
    scheduleText: "Daily at 5:00 AM",
    documentation:
      "Visits each official's website (robots.txt honoured, one request per site a second) and looks for the configured fields. Differences are filed as pending data updates for an administrator to review: a live value is never overwritten by the crawler.",
    dataPoints: ["Emails", "Phones", "Social profiles", "Office addresses", "Contact form URLs"],
  },
  email_digests: {
    type: "email_digests",
    title: "Email Digests",
    description:
      "Emails each user who chose daily or weekly updates what is new on what they follow: votes by followed officials, roll calls on followed issues and changes to followed officials' records.",
    schedule: "15 5 * * *",
    scheduleText: "Daily at 5:15 AM",
    documentation:
      "Runs after the imports, so a digest carries the night's votes and changes. A user with nothing new gets no email. Each digest is recorded before it is sent and marked sent after, so a run stopped by a restart never sends anyone the same digest twice. Every email has a one-click unsubscribe.",
    dataPoints: ["Digests sent", "Users with nothing new", "Digests not sent"],
  },
  housekeeping: {
    type: "housekeeping",
    title: "Housekeeping",
    description:
      "Deletes expired sessions and sign-in links, and removes what the privacy page says is kept for a limited time: contact messages after 24 months, account activity after 12 months, job logs after 30 days.",
    schedule: "30 5 * * *",
    scheduleText: "Daily at 5:30 AM",
    documentation:
      "Runs last in the chain. Works in short batches so the site stays responsive, and reports how many rows of each kind it removed.",
    dataPoints: [
      "Expired sessions",
      "Expired email links",
      "Contact messages over 24 months",
      "Activity entries over 12 months",
      "Job logs over 30 days",
    ],
  },
};

/** The full chain runs the jobs in JOB_TYPES order: the congress import first, housekeeping last. */
export const CHAIN_ORDER: readonly JobType[] = JOB_TYPES;

/** The batch page is the congress import; the crawler page is the contact crawl. */
export const BATCH_JOB: JobType = "congress_import";
export const CRAWLER_JOB: JobType = "contact_crawl";

/** The fields the contact crawler can check, each an Official column, with its label. */
export const CRAWLER_FIELDS = {
  email: "Email",
  phone: "Phone",
  website: "Website",
  officeAddress: "Office address",
  xProfileUrl: "X profile URL",
  photoUrl: "Photo URL",
  dateOfBirth: "Date of birth",
  gender: "Gender",
  committee: "Key committee",
  tenure: "Tenure",
  billsSponsored: "Bills sponsored",
  approvalRating: "Approval rating",
  bioguideId: "Bioguide ID",
  govtrackId: "GovTrack ID",
  opensecretId: "OpenSecrets ID",
  fecId: "FEC ID",
  votesmartId: "Vote Smart ID",
  ballotpediaSlug: "Ballotpedia slug",
  icpsrId: "ICPSR ID",
  wikipediaSlug: "Wikipedia slug",
  washingtonPostSlug: "Washington Post slug",
} as const;
export type CrawlerField = keyof typeof CRAWLER_FIELDS;
export const DEFAULT_CRAWLER_FIELDS: readonly CrawlerField[] = ["email", "phone", "website", "officeAddress", "xProfileUrl"];

/** The job pages' and the chain's refusals and notices, worded once. */
export const JOB_TEXTS = {
  alreadyRunning: "A job is already running",
  chainBlocked:
    "There are already pending or running jobs in the automation chain. Please wait for them to complete before starting a new chain.",
  chainStarted: { title: "Automation Chain Started", description: "The full automation sequence has been triggered successfully." },
  notFound: "Integration type not found",
  executionNotFound: "Job execution not found",
  noFieldsTitle: "No Fields Selected",
  noFields: "Please select at least one field to check for missing data.",
  configSaved: {
    title: "Configuration Saved",
    description: "Missing data fields have been updated. Previous flagged data has been cleared.",
  },
  cancelled: { title: "Execution Cancelled", description: "The job execution has been cancelled successfully." },
  notCancellable: "Only a pending or running execution can be cancelled.",
  noErrorToReview: "This execution has no error to review.",
  interrupted: "Interrupted by a server restart",
  cancelledByStaff: "Cancelled by an administrator",
  started: (title: string) => `${title} has been triggered manually.`,
} as const;
