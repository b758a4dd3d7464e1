// The tests that start the production server need a build of the current sources: build when
// any source is newer than the build (or there is none).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "server.ts", "remix.config.js", "tsconfig.json", "tsconfig.server.json", "postcss.config.js", "package-lock.json"];
const OUTPUTS = ["build/index.js", "build/server.js"];

function newestChange(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return entry.endsWith(".test.ts") ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

export function ensureFreshBuild() {
  const built = OUTPUTS.every((f) => existsSync(f)) ? Math.min(...OUTPUTS.map((f) => statSync(f).mtimeMs)) : 0;
  if (Math.max(...SOURCES.filter((s) => existsSync(s)).map(newestChange)) <= built) return;
  console.log("Building the production server for the tests that start it (npm run build)...");
  // A production build whatever NODE_ENV the tests run under (Remix builds for the NODE_ENV it sees).
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
}
