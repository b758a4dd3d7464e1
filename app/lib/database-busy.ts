// A write that could not get SQLite's write lock in time (app/db.server.ts waits for it, then gives
// up with Prisma's "operation timed out", P1008): the visitor is told to try again, with a 503.

export const DATABASE_BUSY_MESSAGE = "The site is busy saving other changes. Please try again in a moment.";

export const isDatabaseBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === "P1008";
