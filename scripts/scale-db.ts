// A copy of the seeded database grown to `rows` rows in each back-office table (users, leads,
// contact messages, sessions, account activity, public change history), written by raw SQL in
// large transactions: the scale run of `npm run bench` measures the staff pages on it.
import { copyFileSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import { cursorOf } from "../app/lib/keyset";

/** Rows per transaction: large enough that the generation is quick, small enough to keep memory flat. */
const CHUNK = 50_000;
const DAY_MS = 86_400_000;
const STATUSES = ["active", "active", "active", "active", "active", "active", "active", "unsubscribed", "unsubscribed", "converted"];
const SOURCES = ["welcome_popup", "newsletter", "event", "others"];
const CITIES = ["Columbus", "Austin", "Denver", "Portland", "Madison", "Raleigh", "Boise", "Tucson"];
const FIELDS = ["phone", "website", "officeAddress", "party", "committees", "email", "leadership", "xProfileUrl"];

/** Prisma's SQLite text form of a date. */
const stamp = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

export type ScaleFacts = {
  /** The official with a tenth of all changes: a busy official's history and feed. */
  busyOfficialId: number;
  /** The list cursor of a lead near the end of the list (among the oldest), for the late-page timing. */
  oldLead: string;
  expiredSessions: number;
};

/**
 * Copies `seeded` to `file` and adds `rows` rows to each table. Every generated row's creation
 * time falls in the two years before `now`; 95% of the sessions are expired (what housekeeping
 * removes) and activity entries are all within the retention period, so only sessions are due.
 */
export function createScaleDatabase(seeded: string, file: string, rows: number, now = Date.now()): ScaleFacts {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  copyFileSync(seeded, file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  const span = 2 * 365 * DAY_MS;
  // Row i was created i steps before now: the oldest rows have the highest i.
  const createdAt = (i: number) => stamp(now - 60_000 - Math.floor((i * span) / rows));
  const officials = (sqlite.prepare("SELECT id FROM Official ORDER BY id").all() as { id: number }[]).map((o) => o.id);
  const busyOfficialId = officials[0];

  const insertUser = sqlite.prepare(
    `INSERT INTO User (id, email, firstName, lastName, role, city, state, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'user', ?, 'OH', ?, ?)`,
  );
  const insertLead = sqlite.prepare(
    `INSERT INTO Lead (email, firstName, lastName, city, state, status, source, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'OH', ?, ?, ?, ?)`,
  );
  const insertMessage = sqlite.prepare(
    `INSERT INTO ContactMessage (name, email, subject, category, message, status, createdAt) VALUES (?, ?, 'A question', 'general', 'Generated for the scale benchmark.', 'sent', ?)`,
  );
  const insertSession = sqlite.prepare(`INSERT INTO Session (id, userId, expirationDate, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)`);
  const insertActivity = sqlite.prepare(`INSERT INTO ActivityLog (userId, action, details, createdAt) VALUES (?, 'login', 'scale', ?)`);
  const insertChange = sqlite.prepare(
    `INSERT INTO FieldUpdate (entityType, entityId, fieldName, oldValue, newValue, status, approvedAt, createdAt, sourceName, method)
     VALUES ('official', ?, ?, ?, ?, 'approved', ?, ?, 'Scale benchmark', 'import')`,
  );
  const userId = (i: number) => `scale${String(i).padStart(9, "0")}`;
  let expiredSessions = 0;
  for (let from = 0; from < rows; from += CHUNK) {
    sqlite.transaction(() => {
      for (let i = from; i < Math.min(rows, from + CHUNK); i++) {
        const at = createdAt(i);
        const city = CITIES[i % CITIES.length];
        insertUser.run(userId(i), `user${i}@scale.test`, `First${i}`, `Last${i}`, city, at, at);
        insertLead.run(`lead${i}@scale.test`, `Lead${i}`, `Person${i}`, city, STATUSES[i % 10], SOURCES[i % 4], at, at);
        insertMessage.run(`Writer ${i}`, `writer${i}@scale.test`, at);
        const expired = i % 20 !== 0;
        if (expired) expiredSessions++;
        insertSession.run(`scalesession${i}`, userId(i), stamp(now + (expired ? -DAY_MS : 30 * DAY_MS)), at, at);
        insertActivity.run(userId(i), stamp(now - 60_000 - (i % 1000) * 60_000));
        const official = i % 10 === 0 ? busyOfficialId : officials[i % officials.length];
        insertChange.run(official, FIELDS[i % FIELDS.length], `old ${i}`, `new ${i}`, at, at);
      }
    })();
  }
  // Scheduled jobs off, so the timings and the housekeeping run by hand are alone on the server.
  sqlite.exec("UPDATE JobSetting SET enabled = false");
  const old = sqlite.prepare("SELECT id, createdAt FROM Lead ORDER BY createdAt ASC, id ASC LIMIT 1 OFFSET 10").get() as {
    id: number;
    createdAt: string;
  };
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  return {
    busyOfficialId,
    oldLead: cursorOf({ id: old.id, createdAt: new Date(old.createdAt) }),
    expiredSessions,
  };
}
