// GET /healthz: fly.io's health check. 200 when this process answers and its database file can be
// read. It reads through its own read-only connection, not the app's one connection whose queue
// holds every write, so a busy hour of writes never makes a healthy machine look dead (WAL lets a
// reader in while a write is under way); the read takes microseconds and never waits for a lock.
import Database from "better-sqlite3";
import { env } from "~/env.server";

let probe: Database.Statement | null = null;

export async function loader() {
  try {
    probe ??= new Database(env().DATABASE_URL.slice("file:".length), { readonly: true, fileMustExist: true, timeout: 0 }).prepare(
      "SELECT count(*) FROM sqlite_master",
    );
    probe.get();
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    probe = null;
    console.error("healthz: database check failed", error);
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
