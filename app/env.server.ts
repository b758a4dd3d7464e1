// Configuration, parsed once with Zod. A bad or missing value stops the process with a
// message naming it. Development and tests get safe defaults; production gets none for secrets.
import path from "node:path";
import { z } from "./lib/zod.js";
import { LIVE_SOURCES, type JobSources } from "./jobs/sources.js";

export const DEV_DATABASE_URL = "file:./data/dev.db";
const DEV_SESSION_SECRET = "development-only-session-secret-do-not-deploy";

// Built per call from the runtime value: the Remix compiler bakes process.env.NODE_ENV into the
// bundle, so it must be read from the environment object itself.
const makeSchema = (isProduction: boolean) => {
  const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) => (isProduction ? schema : schema.default(value as never));
  return z.object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // A second port answering only GET /healthz from a worker thread (app/server/health.server.ts),
    // so that a busy main thread cannot delay the health check; none without it.
    HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    // The address to listen on; without it, 127.0.0.1 with the development secret, else every interface.
    HOST: z.string().min(1).optional(),
    // The header a proxy in front sets to the visitor's address (fly.io: Fly-Client-IP). Without it
    // the connection's own address is the visitor's: X-Forwarded-For can be written by anyone.
    TRUSTED_IP_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "must be a header name, e.g. Fly-Client-IP")
      .transform((h) => h.toLowerCase())
      .optional(),
    // Per-address limits over 15 minutes (server.ts): account forms, and the public forms.
    AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    DATABASE_URL: devDefault(z.string().startsWith("file:", "must be a SQLite URL starting with file:"), DEV_DATABASE_URL),
    SESSION_SECRET: devDefault(
      z
        .string()
        .min(32, "must be at least 32 characters")
        .refine((s) => s !== DEV_SESSION_SECRET, "must not be the development default"),
      DEV_SESSION_SECRET,
    ),
    APP_URL: z.url().optional(),
    OWNER_EMAIL: z.email().optional(),
    OWNER_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
    // The data jobs (app/jobs/): schedules are local times in this zone. JOB_SCHEDULES=off keeps
    // the schedules from starting jobs (the default under NODE_ENV=test); runs by hand still work.
    JOBS_TIME_ZONE: z.string().refine(isTimeZone, "must be an IANA time zone, e.g. America/New_York").default("America/New_York"),
    JOB_SCHEDULES: z.enum(["on", "off"]).optional(),
    // The LiteFS mount (e.g. /litefs): jobs run only on the primary, the node without a .primary file there.
    LITEFS_DIR: z.string().min(1).optional(),
    // Nightly snapshots (app/backup.server.ts), on the primary only: written to BACKUP_DIR (on the
    // volume), the newest BACKUP_KEEP kept, and uploaded when all four BACKUP_S3_* values are set.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
    BACKUP_S3_ENDPOINT: z.url().optional(),
    BACKUP_S3_BUCKET: z.string().min(1).optional(),
    BACKUP_S3_REGION: z.string().min(1).default("auto"),
    BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // The data jobs' outside sources (app/jobs/sources.ts); tests point them at fixture servers.
    CONGRESS_LEGISLATORS_URL: z.url().default(LIVE_SOURCES.congressLegislators),
    OPENSTATES_PEOPLE_URL: z.url().default(LIVE_SOURCES.openstatesPeople),
    HOUSE_CLERK_URL: z.url().default(LIVE_SOURCES.houseClerk),
    SENATE_LIS_URL: z.url().default(LIVE_SOURCES.senateLis),
    BILLSTATUS_URL: z.url().default(LIVE_SOURCES.billStatus),
    BALLOTPEDIA_URL: z.url().default(LIVE_SOURCES.ballotpedia),
    // Optional: a GitHub token (no scopes needed) for the governors' folder listings (app/jobs/sources.ts).
    GITHUB_TOKEN: z.string().min(1).optional(),
    // The U.S. Census Bureau's public geocoder (no key), for the ZIP lookup's street-address refinement.
    CENSUS_GEOCODER_URL: z.url().default("https://geocoding.geo.census.gov"),
    CONGRESS_PHOTOS_URL: z.url().default(LIVE_SOURCES.congressPhotos),
    // Governors' portraits: unset, each is fetched from the address in the governor's data; set,
    // from {GOVERNOR_PHOTOS_URL}/{host}{path} of that address (tests serve them from 127.0.0.1).
    GOVERNOR_PHOTOS_URL: z.url().optional(),
    // Where the open data downloads (/data) are kept between data changes; default: open-data/
    // beside the database file. Under LiteFS it must be outside the mount (fly.toml sets it).
    OPEN_DATA_DIR: z.string().min(1).optional(),
    // The crawling jobs' pause between two requests to one host (app/jobs/polite-fetch.server.ts):
    // at least one second in production; fixture runs may set it lower.
    // Test servers on this machine the outbound guard lets the jobs reach (decision 0031): exact
    // host:port pairs, comma-separated (127.0.0.1:6220). Refused in production.
    OUTBOUND_ALLOW_HOSTS: z
      .string()
      .transform((list) => list.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(z.string().regex(/^([a-z0-9.-]+|\[[0-9a-f:.]+\]):\d{1,5}$/i, "must be host:port pairs, e.g. 127.0.0.1:6220")))
      .transform((pairs) => pairs.map((p) => p.toLowerCase()))
      .refine((pairs) => !isProduction || pairs.length === 0, "is for tests only: production never lets requests reach internal addresses")
      .default([]),
    CRAWL_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(isProduction ? 1000 : 0, "must be at least 1000 (one request per host a second)")
      .default(1000),
    // Outgoing mail. Without SMTP_URL (development only) messages are written to MAIL_OUTBOX_DIR.
    SMTP_URL: isProduction ? z.url("must be an smtp:// or smtps:// URL") : z.url().optional(),
    MAIL_FROM: devDefault(z.string().min(3), "Civic Atlas <no-reply@civicatlas.test>"),
    MAIL_OUTBOX_DIR: z.string().default("mail-outbox"),
    // Where contact messages go, and the address shown to visitors.
    SUPPORT_EMAIL: devDefault(z.email("must be an email address"), "support@civicatlas.test"),
    // Single sign-on: each provider is on when its id and secret are set. The endpoint URLs
    // default to the real providers; tests point them at a local provider on 127.0.0.1.
    ...ssoEnv("GOOGLE", {
      AUTHORIZATION_URL: "https://accounts.google.com/o/oauth2/v2/auth",
      TOKEN_URL: "https://oauth2.googleapis.com/token",
      PROFILE_URL: "https://openidconnect.googleapis.com/v1/userinfo",
    }),
    ...ssoEnv("GITHUB", {
      AUTHORIZATION_URL: "https://github.com/login/oauth/authorize",
      TOKEN_URL: "https://github.com/login/oauth/access_token",
      PROFILE_URL: "https://api.github.com",
    }),
    ...ssoEnv("MICROSOFT", {
      AUTHORIZATION_URL: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
      TOKEN_URL: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
      PROFILE_URL: "https://graph.microsoft.com/oidc/userinfo",
    }),
  });
};

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function ssoEnv<P extends string>(provider: P, defaults: { AUTHORIZATION_URL: string; TOKEN_URL: string; PROFILE_URL: string }) {
  return {
    [`${provider}_CLIENT_ID`]: z.string().min(1).optional(),
    [`${provider}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`${provider}_AUTHORIZATION_URL`]: z.url().default(defaults.AUTHORIZATION_URL),
    [`${provider}_TOKEN_URL`]: z.url().default(defaults.TOKEN_URL),
    [`${provider}_PROFILE_URL`]: z.url().default(defaults.PROFILE_URL),
  } as Record<`${P}_${"CLIENT_ID" | "CLIENT_SECRET"}`, z.ZodOptional<z.ZodString>> &
    Record<`${P}_${"AUTHORIZATION_URL" | "TOKEN_URL" | "PROFILE_URL"}`, z.ZodDefault<z.ZodURL>>;
}

export type Env = z.infer<ReturnType<typeof makeSchema>> & { APP_URL: string; JOB_SCHEDULES: "on" | "off"; OPEN_DATA_DIR: string };

const S3_KEYS = ["BACKUP_S3_ENDPOINT", "BACKUP_S3_BUCKET", "BACKUP_S3_ACCESS_KEY_ID", "BACKUP_S3_SECRET_ACCESS_KEY"] as const;

const isLoopback = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = makeSchema(source["NODE_ENV"] === "production")
    // The development secret is published in this repository: anyone could sign cookies and
    // unsubscribe links for a server that uses it, so such a server only listens on this machine.
    .refine((c) => c.SESSION_SECRET !== DEV_SESSION_SECRET || !c.HOST || isLoopback(c.HOST), {
      path: ["HOST"],
      message:
        "only 127.0.0.1, ::1 or localhost while SESSION_SECRET is the development default, which is published in the repository. " +
        "Set SESSION_SECRET to a secret of your own (32+ characters) to listen on other addresses, or run in production mode (see the README).",
    })
    .refine((c) => S3_KEYS.every((k) => c[k]) || S3_KEYS.every((k) => !c[k]), {
      path: ["BACKUP_S3_ENDPOINT"],
      message: `set all of ${S3_KEYS.join(", ")} to upload backups, or none`,
    })
    .refine((c) => c.BACKUP_DIR || !c.BACKUP_S3_ENDPOINT, {
      path: ["BACKUP_DIR"],
      message: "is needed to upload backups (the snapshot is written there first)",
    })
    .safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const config = result.data;
  return {
    ...config,
    HOST: config.HOST ?? (config.SESSION_SECRET === DEV_SESSION_SECRET ? "127.0.0.1" : undefined),
    APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}`,
    JOB_SCHEDULES: config.JOB_SCHEDULES ?? (config.NODE_ENV === "test" ? "off" : "on"),
    OPEN_DATA_DIR: config.OPEN_DATA_DIR ?? path.join(path.dirname(config.DATABASE_URL.slice("file:".length)), "open-data"),
  };
}

let cached: Env | undefined;
/** The parsed configuration; parsing happens on first use so the CLI tools can load modules. */
export function env(): Env {
  if (!cached) {
    try {
      cached = parseEnv(process.env);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
  return cached;
}

/** The data jobs' sources from the configuration. */
export const jobSources = (config: Env = env()): JobSources => ({
  congressLegislators: config.CONGRESS_LEGISLATORS_URL,
  openstatesPeople: config.OPENSTATES_PEOPLE_URL,
  houseClerk: config.HOUSE_CLERK_URL,
  senateLis: config.SENATE_LIS_URL,
  billStatus: config.BILLSTATUS_URL,
  ballotpedia: config.BALLOTPEDIA_URL,
  githubToken: config.GITHUB_TOKEN,
  congressPhotos: config.CONGRESS_PHOTOS_URL,
  governorPhotos: config.GOVERNOR_PHOTOS_URL,
});
