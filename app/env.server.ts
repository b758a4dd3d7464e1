// Configuration, parsed once with Zod. A bad or missing value stops the process with a
// message naming it. Development and tests get safe defaults; production gets none for secrets.
import { z } from "zod";

export const DEV_DATABASE_URL = "file:./data/dev.db";
const DEV_SESSION_SECRET = "development-only-session-secret-do-not-deploy";

// Built per call from the runtime value: the Remix compiler bakes process.env.NODE_ENV into the
// bundle, so it must be read from the environment object itself.
const makeSchema = (isProduction: boolean) => {
  const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
    isProduction ? schema : schema.default(value as never);
  return z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: devDefault(z.string().startsWith("file:", "must be a SQLite URL starting with file:"), DEV_DATABASE_URL),
  SESSION_SECRET: devDefault(
    z.string().min(32, "must be at least 32 characters").refine((s) => s !== DEV_SESSION_SECRET, "must not be the development default"),
    DEV_SESSION_SECRET,
  ),
  APP_URL: z.url().optional(),
  OWNER_EMAIL: z.email().optional(),
  OWNER_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  // Outgoing mail. Without SMTP_URL (development only) messages are written to MAIL_OUTBOX_DIR.
  SMTP_URL: isProduction ? z.url("must be an smtp:// or smtps:// URL") : z.url().optional(),
  MAIL_FROM: devDefault(z.string().min(3), "Civic Atlas <no-reply@civicatlas.test>"),
  MAIL_OUTBOX_DIR: z.string().default("mail-outbox"),
  });
};

export type Env = z.infer<ReturnType<typeof makeSchema>> & { APP_URL: string };

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = makeSchema(source["NODE_ENV"] === "production").safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return { ...result.data, APP_URL: result.data.APP_URL ?? `http://localhost:${result.data.PORT}` };
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
