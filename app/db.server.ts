// The one Prisma client, on SQLite through better-sqlite3. Cached on globalThis because
// the dev server re-imports the build on every change.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "~/env.server";

export type Db = PrismaClient;

export function createDb(url: string): PrismaClient {
  // timeout is SQLite's busy_timeout: readers wait for a writing job instead of failing.
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url, timeout: 5000 }) });
}

/** WAL lets the site keep reading while a job writes. journal_mode sticks to the file. */
export async function configureSqlite(db: PrismaClient) {
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$queryRawUnsafe("PRAGMA foreign_keys = ON");
}

const globalForDb = globalThis as unknown as { __db?: PrismaClient; __dbReady?: Promise<void> };

export const db: PrismaClient = (globalForDb.__db ??= createDb(env().DATABASE_URL));
globalForDb.__dbReady ??= configureSqlite(db);
export const dbReady = globalForDb.__dbReady;
