// The public data's version: a number that triggers raise on every write to the tables public
// pages show, in the same transaction as the write, whichever process or connection writes
// (migration perf_public_data_version, decision 0020). It is read on every shared page, so it
// is read synchronously on a read-only connection of its own: a WAL read never waits for a writer.
import type Database from "better-sqlite3";
import { readOnlyDb } from "~/db.server";

let statement: Database.Statement<[], { version: number }> | null = null;

export function publicDataVersion(): number {
  statement ??= readOnlyDb().prepare('SELECT "version" FROM "PublicDataVersion" WHERE "id" = 1');
  return statement.get()?.version ?? 0;
}
