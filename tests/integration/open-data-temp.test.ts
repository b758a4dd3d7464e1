// Open data generation cleans up after a crash: temporary directories (.tmp-*) left by a process that
// died mid-way are removed before the next set is generated; a young one (a generation that may still
// be running) and anything else in the directory stay.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { db } from "~/db.server";
import { generateOpenData, STALE_TEMP_MS } from "~/models/open-data.server";

const root = mkdtempSync(path.join(os.tmpdir(), "civic-atlas-open-data-temp-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A directory with a half-written file, last touched `ageMs` ago. */
function leftover(name: string, ageMs: number) {
  const dir = path.join(root, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "officials.csv"), "id,name\n1,");
  const when = new Date(Date.now() - ageMs);
  utimesSync(dir, when, when);
  return dir;
}

test("a crashed generation's temporary directory is removed before the next one; a running one's stays", async () => {
  const crashed = leftover(".tmp-crashed", STALE_TEMP_MS + 60_000);
  const running = leftover(".tmp-running", 5_000);
  const unrelated = leftover("notes", STALE_TEMP_MS * 3);

  const manifest = await generateOpenData(db, root, 1);

  expect(existsSync(crashed)).toBe(false);
  expect(existsSync(running)).toBe(true);
  expect(existsSync(unrelated)).toBe(true);
  expect(existsSync(path.join(root, "v1", "officials.csv"))).toBe(true);
  expect(manifest.version).toBe(1);
});
