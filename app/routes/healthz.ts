// GET /healthz: 200 only when the database answers (fly.io's health check).
import { db } from "~/db.server";

export async function loader() {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return new Response("OK", { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return new Response("Database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
