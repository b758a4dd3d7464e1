// The one Prisma client, on SQLite through better-sqlite3. Cached on globalThis because
// the dev server re-imports the build on every change.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { PrismaClient, type Prisma } from "~/generated/prisma/client";
import { env } from "~/env.server";

/** The whole client: what a function takes when it opens a transaction ($transaction) of its own. */
export type Db = PrismaClient;
/** The client a $transaction callback receives. A function that only reads and writes rows takes
 * `Db | Tx`, so it runs on its own or inside its caller's transaction alike. */
export type Tx = Prisma.TransactionClient;

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;

/** How long a write waits for another connection's write lock before it gives up (then the request answers 503). */
export const LOCK_WAIT_MS = 5_000;

export function createDb(url: string, { lockWaitMs = LOCK_WAIT_MS } = {}): PrismaClient {
  // busy_timeout 0: better-sqlite3 would wait for a lock synchronously, freezing every request
  // the server is handling. The waiting happens in waitingForLocks instead, between event-loop turns.
  const sqlite = new PrismaBetterSQLite3({ url, timeout: 0 });
  const adapter: Pick<PrismaBetterSQLite3, "provider" | "adapterName" | "connect"> = {
    provider: sqlite.provider,
    adapterName: sqlite.adapterName,
    connect: async () => waitingForLocks(await sqlite.connect(), lockWaitMs),
  };
  // Starting a transaction waits up to lockWaitMs for the lock, so Prisma must wait a little longer.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: lockWaitMs + 1_000 } });
}

let readOnly: Database.Database | null = null;
/**
 * This process's read-only connection, for the reads nearly every request makes (the public data's
 * version, the visitor's session): a prepared statement, read synchronously, without Prisma's work
 * per query. A WAL read does not wait for writers.
 */
export function readOnlyDb(): Database.Database {
  readOnly ??= new Database(env().DATABASE_URL.slice("file:".length), { readonly: true, fileMustExist: true, timeout: 0 });
  return readOnly;
}

/** A read on the read-only connection, tried again after a pause in the rare moment SQLite answers busy (a WAL recovery). */
export async function readingWhenFree<T>(read: () => T, lockWaitMs = LOCK_WAIT_MS): Promise<T> {
  const deadline = Date.now() + lockWaitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return read();
    } catch (error) {
      if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() >= deadline) throw error;
    }
    await pause(attempt);
  }
}

const isBusy = (error: unknown) => (error as { cause?: { originalCode?: unknown } })?.cause?.originalCode === "SQLITE_BUSY";
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(5 * 2 ** attempt, 250)));

/**
 * SQLite has one writer at a time. On this single connection:
 * - a transaction starts with BEGIN IMMEDIATE, taking the write lock before its first statement,
 *   so no statement inside it can meet a lock; while another process holds the lock, BEGIN is
 *   tried again after a pause. A statement inside a transaction is never retried on its own.
 * - a statement outside a transaction (its own autocommit transaction) is tried again the same way.
 * - statements outside a transaction wait for an open transaction to end, so they never run inside
 *   it (where its rollback would silently undo them). Inside a $transaction callback use its tx only.
 * Reads do not wait for other processes' writes (WAL), and no wait ever blocks the event loop.
 * After lockWaitMs the lock error is thrown (Prisma's P1008), which the server answers with 503.
 */
function waitingForLocks(inner: Adapter, lockWaitMs: number): Adapter {
  const nextTurn = createTurns();
  /** Runs `run` in the connection's turn, again after a pause while the lock is taken; returns with the turn held. */
  async function inTurn<T>(run: () => Promise<T>): Promise<[T, () => void]> {
    const deadline = Date.now() + lockWaitMs;
    for (let attempt = 0; ; attempt++) {
      const done = await nextTurn();
      try {
        return [await run(), done];
      } catch (error) {
        done();
        if (!isBusy(error) || Date.now() >= deadline) throw error;
      }
      await pause(attempt);
    }
  }
  async function once<T>(run: () => Promise<T>): Promise<T> {
    const [result, done] = await inTurn(run);
    done();
    return result;
  }
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query) => once(() => inner.queryRaw(query)),
    executeRaw: (query) => once(() => inner.executeRaw(query)),
    executeScript: (script) => once(() => inner.executeScript(script)),
    dispose: () => inner.dispose(),
    async startTransaction() {
      const [, done] = await inTurn(() => inner.executeRaw({ sql: "BEGIN IMMEDIATE", args: [], argTypes: [] }));
      return {
        provider: inner.provider,
        adapterName: inner.adapterName,
        options: { usePhantomQuery: false }, // Prisma sends COMMIT or ROLLBACK itself, then calls commit() or rollback()
        queryRaw: (query) => inner.queryRaw(query),
        async executeRaw(query) {
          if (query.sql !== "COMMIT" && query.sql !== "ROLLBACK") return inner.executeRaw(query);
          try {
            return await inner.executeRaw(query);
          } catch (error) {
            if (query.sql === "COMMIT") await inner.executeRaw({ ...query, sql: "ROLLBACK" }).catch(() => {});
            throw error;
          } finally {
            done();
          }
        },
        commit: async () => done(),
        rollback: async () => done(),
      };
    },
  };
}

/** One user of the connection at a time, first come first served: `await nextTurn()` returns the function that ends the turn. */
function createTurns() {
  let last: Promise<void> = Promise.resolve();
  return async () => {
    const previous = last;
    let done!: () => void;
    last = new Promise<void>((resolve) => (done = resolve));
    await previous;
    return done;
  };
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
