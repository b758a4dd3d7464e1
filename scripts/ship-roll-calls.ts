// Writes prisma/data/roll-calls/roll-calls-119.json, the real roll calls a fresh install is seeded
// with (prisma/data/roll-calls/README.md): the latest LATEST roll calls of each chamber in the
// newest session of a local clone of Hear-Ye/congress-data (CC0), plus the roll calls on the bills
// whose bill status files are shipped beside them. Each is the project's data.json with every
// member reduced to its id. Run after refreshing the clone:
//   npx tsx scripts/ship-roll-calls.ts /path/to/congress-data.git
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const CONGRESS = 119;
const LATEST = 100;
/** The roll calls on the shipped bills that fall before the latest ones (see the README). */
const EXTRA = ["h46-119.2026", "h47-119.2026", "h94-119.2026"];
const OUT = "prisma/data/roll-calls/roll-calls-119.json";

const repo = process.argv[2];
if (!repo) throw new Error("usage: npx tsx scripts/ship-roll-calls.ts <git directory of Hear-Ye/congress-data>");
const git = (...args: string[]) => execFileSync("git", ["--git-dir", repo, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });

const commit = git("rev-parse", "HEAD").trim();
const committedAt = git("show", "-s", "--format=%cI", "HEAD").trim();
const years = git("ls-tree", "--name-only", `HEAD:data/${CONGRESS}/votes`).split("\n").filter(Boolean).sort();
const year = years.at(-1)!;
const folders = git("ls-tree", "--name-only", `HEAD:data/${CONGRESS}/votes/${year}`).split("\n").filter(Boolean);

const wanted = new Set(EXTRA);
for (const chamber of ["h", "s"]) {
  const numbers = folders
    .filter((f) => f.startsWith(chamber))
    .map((f) => Number(f.slice(1)))
    .sort((a, b) => a - b);
  for (const n of numbers.slice(-LATEST)) wanted.add(`${chamber}${n}-${CONGRESS}.${year}`);
}

const rollCalls = [...wanted]
  .map((voteId) => {
    const [, folder, y] = /^([hs]\d+)-\d+\.(\d{4})$/.exec(voteId)!;
    const data = JSON.parse(git("show", `HEAD:data/${CONGRESS}/votes/${y}/${folder}/data.json`));
    const votes = Object.fromEntries(
      Object.entries(data.votes as Record<string, (string | { id: string })[]>).map(([said, members]) => [
        said,
        members.map((m) => (typeof m === "string" ? m : m.id)),
      ]),
    );
    return { ...data, votes };
  })
  .sort((a, b) => a.chamber.localeCompare(b.chamber) || a.session.localeCompare(b.session) || a.number - b.number);

// One roll call a line: a refresh reads as a diff of roll calls.
const source = { repository: "https://github.com/Hear-Ye/congress-data", commit, committedAt };
writeFileSync(OUT, `{"source": ${JSON.stringify(source)},\n"rollCalls": [\n${rollCalls.map((r) => JSON.stringify(r)).join(",\n")}\n]}\n`);
console.log(`${OUT}: ${rollCalls.length} roll calls from ${commit.slice(0, 8)} (${committedAt})`);
