// The open data downloads (/data), generated from the database and kept on disk until the public
// data changes. A set of files belongs to one public data version (PublicDataVersion, raised by
// triggers on every write to the public tables, decision 0020): the first request after a change
// generates the new set (one at a time per process), later ones are served from disk. Rows are
// read in batches and written to temporary files as they come (never a whole file in memory),
// into a temporary directory that is renamed into place when every file is complete.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "~/db.server";
import { env } from "~/env.server";
import {
  csvHeader,
  csvRow,
  DATAPACKAGE,
  dataPackage,
  FIELDS_OF,
  jsonRow,
  RESOURCES,
  type DistrictRow,
  type Field,
  type FileFacts,
  type OfficialRow,
  type Source,
  type StateRow,
  type TableName,
  type VoteRow,
} from "~/lib/open-data";
import { officialDistrict } from "~/lib/zip";
import { withRollCallsAndBills } from "~/models/official-votes.server";
import { latestSourceChecks, verifiedAtOf } from "~/models/officials.server";
import { publicDataVersion } from "~/models/public-data.server";

/** Rows read and written per batch. */
export const BATCH = 1000;

export type FileInfo = FileFacts & { file: string; ms: number };
export type Manifest = { version: number; generatedAt: string; files: Record<string, FileInfo> };

// ------------------------------------------------------------------------- reading in batches

const OFFICIAL_SELECT = {
  id: true,
  name: true,
  firstName: true,
  lastName: true,
  party: true,
  office: true,
  state: { select: { abbreviation: true } },
  district: true,
  tenure: true,
  committee: true,
  phone: true,
  email: true,
  contactFormUrl: true,
  website: true,
  xProfileUrl: true,
  officeAddress: true,
  dateOfBirth: true,
  gender: true,
  billsSponsored: true,
  approvalRating: true,
  photoUrl: true,
  bioguideId: true,
  govtrackId: true,
  opensecretId: true,
  ballotpediaSlug: true,
  fecId: true,
  votesmartId: true,
  icpsrId: true,
  wikipediaSlug: true,
  washingtonPostSlug: true,
  updatedAt: true,
} as const satisfies Record<keyof OfficialRow, unknown>;

const STATE_SELECT = {
  id: true,
  name: true,
  abbreviation: true,
  type: true,
  population: true,
  electoralVotes: true,
  houseSeats: true,
  partyControl: true,
  governorParty: true,
  politicalLeaning: true,
  officialWebsite: true,
  updatedAt: true,
} as const satisfies Record<keyof StateRow, true>;

/** Each entity's sources by field, with the verification rule of the profile (verifiedAtOf). */
async function sourcesOf(db: Db, entityType: "official" | "state", ids: number[], checks: Map<string, Date>) {
  const rows = await db.provenance.findMany({
    where: { entityType, entityId: { in: ids } },
    select: { entityId: true, fieldName: true, sourceName: true, method: true, verifiedAt: true, heldBySource: true },
  });
  const byEntity = new Map<number, Record<string, Source>>();
  for (const r of rows) {
    const sources = byEntity.get(r.entityId) ?? {};
    sources[r.fieldName] = { sourceName: r.sourceName, verifiedAt: verifiedAtOf(r, checks) };
    byEntity.set(r.entityId, sources);
  }
  return (id: number) => byEntity.get(id) ?? {};
}

/** Every current official, by id, in batches, each with its sources. */
async function* officialRows(db: Db, checks: Map<string, Date>) {
  for (let after = 0; ;) {
    const batch = await db.official.findMany({
      where: { isActive: true, id: { gt: after } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: OFFICIAL_SELECT,
    });
    if (batch.length === 0) return;
    const sources = await sourcesOf(
      db,
      "official",
      batch.map((o) => o.id),
      checks,
    );
    yield batch.map((o) => ({ ...o, sources: sources(o.id) }));
    after = batch[batch.length - 1].id;
  }
}

async function* stateRows(db: Db, checks: Map<string, Date>) {
  for (let after = 0; ;) {
    const batch = await db.state.findMany({ where: { id: { gt: after } }, orderBy: { id: "asc" }, take: BATCH, select: STATE_SELECT });
    if (batch.length === 0) return;
    const sources = await sourcesOf(
      db,
      "state",
      batch.map((s) => s.id),
      checks,
    );
    yield batch.map((s) => ({ ...s, sources: sources(s.id) }));
    after = batch[batch.length - 1].id;
  }
}

/** Every ZIP code area and district, by ZIP then district, with the seat's current member. */
async function* districtRows(db: Db): AsyncGenerator<(DistrictRow & { sources: object })[]> {
  const members = await db.official.findMany({
    where: { isActive: true, office: "Representative" },
    select: { id: true, district: true, state: { select: { abbreviation: true } } },
  });
  const memberOf = new Map(members.map((m) => [`${m.state.abbreviation}-${m.district}`, m.id]));
  let last: { zip: string; district: number } | null = null;
  for (;;) {
    const batch: { zip: string; state: string; district: number }[] = await db.zipCode.findMany({
      where: last ? { OR: [{ zip: { gt: last.zip } }, { zip: last.zip, district: { gt: last.district } }] } : {},
      orderBy: [{ zip: "asc" }, { district: "asc" }],
      take: BATCH,
    });
    if (batch.length === 0) return;
    yield batch.map((z) => ({ ...z, representativeId: memberOf.get(`${z.state}-${officialDistrict(z.district)}`) ?? null, sources: {} }));
    last = batch[batch.length - 1];
  }
}

/** Every recorded vote of a current official, in the order stored, with its roll call's question and result and its bill's subjects. */
async function* voteRows(db: Db): AsyncGenerator<(VoteRow & { sources: object })[]> {
  for (let after = 0; ;) {
    const batch = await db.votingRecord.findMany({
      where: { id: { gt: after }, official: { isActive: true } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: {
        id: true,
        officialId: true,
        voteId: true,
        voteDate: true,
        chamber: true,
        billNumber: true,
        billTitle: true,
        votePosition: true,
        sourceUrl: true,
      },
    });
    if (batch.length === 0) return;
    yield (await withRollCallsAndBills(db, batch)).map((v) => ({ ...v, sources: {} }));
    after = batch[batch.length - 1].id;
  }
}

// ------------------------------------------------------------------------- writing files

/** A file written as it is produced: backpressure respected, size and SHA-256 counted on the way. */
class FileWriter {
  private stream: WriteStream;
  private hash = createHash("sha256");
  private bytes = 0;
  private started = performance.now();
  constructor(
    readonly file: string,
    dir: string,
  ) {
    this.stream = createWriteStream(path.join(dir, file));
  }
  async write(text: string) {
    const chunk = Buffer.from(text, "utf8");
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) await new Promise<void>((resolve) => this.stream.once("drain", resolve));
  }
  async close(): Promise<FileInfo> {
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return { file: this.file, bytes: this.bytes, hash: this.hash.digest("hex"), ms: Math.round(performance.now() - this.started) };
  }
  destroy() {
    this.stream.destroy();
  }
}

/** Writes one table's files (CSV, and JSON where published) in one pass over its rows. */
async function writeTable(table: TableName, rows: AsyncIterable<object[]>, dir: string): Promise<FileInfo[]> {
  const fields = FIELDS_OF[table] as Field<object>[];
  const writers = RESOURCES.filter((r) => r.table === table).map((r) => ({ format: r.format, writer: new FileWriter(r.file, dir) }));
  try {
    let first = true;
    for (const { format, writer } of writers) await writer.write(format === "csv" ? csvHeader(fields) : "[");
    for await (const batch of rows) {
      for (const { format, writer } of writers) {
        const text =
          format === "csv"
            ? batch.map((row) => csvRow(fields, row)).join("")
            : batch.map((row, i) => `${first && i === 0 ? "" : ","}\n${jsonRow(fields, row)}`).join("");
        await writer.write(text);
      }
      first = false;
    }
    for (const { format, writer } of writers) if (format === "json") await writer.write("\n]\n");
    return await Promise.all(writers.map(({ writer }) => writer.close()));
  } catch (error) {
    for (const { writer } of writers) writer.destroy();
    throw error;
  }
}

/** Written beside the files for whoever looks at the directory (sizes, hashes, times); the server keeps its own copy in memory. */
const MANIFEST = "manifest.json";
const versionDir = (root: string, version: number) => path.join(root, `v${version}`);

/** Far longer than a generation takes (seconds): a temporary directory this old was left by a process that died mid-way. */
export const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Removes the temporary directories (`.tmp-*`) a crash left behind: those untouched for STALE_TEMP_MS.
 * A younger one may belong to a generation still running in this or another process, so it stays.
 */
export async function removeStaleTempDirs(root: string, now = Date.now()) {
  for (const entry of await readdir(root)) {
    if (!entry.startsWith(".tmp-")) continue;
    const dir = path.join(root, entry);
    const modified = await stat(dir).then(
      (s) => s.mtimeMs,
      () => null,
    ); // gone meanwhile: nothing to do
    if (modified !== null && now - modified > STALE_TEMP_MS) await rm(dir, { recursive: true, force: true });
  }
}

/** Generates every file of the current data into `root`/v{version}; the version read before the first row. */
export async function generateOpenData(db: Db, root = env().OPEN_DATA_DIR, version = publicDataVersion()): Promise<Manifest> {
  const started = performance.now();
  await mkdir(root, { recursive: true });
  await removeStaleTempDirs(root);
  const tmp = path.join(root, `.tmp-${randomUUID()}`);
  await mkdir(tmp);
  try {
    const checks = await latestSourceChecks(db);
    const infos = [
      ...(await writeTable("officials", officialRows(db, checks), tmp)),
      ...(await writeTable("states", stateRows(db, checks), tmp)),
      ...(await writeTable("districts", districtRows(db), tmp)),
      ...(await writeTable("votes", voteRows(db), tmp)),
    ];
    const generatedAt = new Date();
    const pkgStart = performance.now();
    const pkg = Buffer.from(
      JSON.stringify(dataPackage(version, generatedAt, env().APP_URL, Object.fromEntries(infos.map((i) => [i.file, i]))), null, 2) + "\n",
    );
    await writeFile(path.join(tmp, DATAPACKAGE), pkg);
    infos.push({
      file: DATAPACKAGE,
      bytes: pkg.length,
      hash: createHash("sha256").update(pkg).digest("hex"),
      ms: Math.round(performance.now() - pkgStart),
    });
    const manifest: Manifest = {
      version,
      generatedAt: generatedAt.toISOString(),
      files: Object.fromEntries(infos.map((i) => [i.file, i])),
    };
    await writeFile(path.join(tmp, MANIFEST), JSON.stringify({ ...manifest, totalMs: Math.round(performance.now() - started) }));
    // A set of the same number left by an earlier process is replaced (see `generated`).
    await rm(versionDir(root, version), { recursive: true, force: true });
    await rename(tmp, versionDir(root, version));
    await removeOlderVersions(root, version);
    return manifest;
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}

/** Older sets go once a newer one is complete (a download already streaming keeps its open file). */
async function removeOlderVersions(root: string, than: number) {
  for (const entry of await readdir(root)) {
    const match = /^v(\d+)$/.exec(entry);
    if (match && Number(match[1]) < than) await rm(path.join(root, entry), { recursive: true, force: true });
  }
}

const inFlight = new Map<string, Promise<Manifest>>();
/**
 * The sets this process generated, by directory: only those are served. A set left on disk by an
 * earlier process may carry the same version number over different data (a fresh or restored
 * database starts its count again), so after a restart the first request generates anew.
 */
const generated = new Map<string, Manifest>();

/** The files of the current public data version: generated once for all who ask meanwhile, then kept until the data changes. */
export async function currentOpenData(db: Db, root = env().OPEN_DATA_DIR): Promise<Manifest> {
  const version = publicDataVersion();
  const kept = generated.get(root);
  if (kept?.version === version) return kept;
  const key = `${root}#${version}`;
  let generating = inFlight.get(key);
  if (!generating) {
    generating = generateOpenData(db, root, version)
      .then((manifest) => {
        // Two versions may generate at once; the newer stays.
        if ((generated.get(root)?.version ?? -1) < manifest.version) generated.set(root, manifest);
        return manifest;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, generating);
  }
  return generating;
}

/** Where a file of a manifest lies on disk. */
export const openDataPath = (manifest: Manifest, file: string, root = env().OPEN_DATA_DIR) =>
  path.join(versionDir(root, manifest.version), file);
