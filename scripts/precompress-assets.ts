// Writes a brotli twin (name.br) beside each fingerprinted build asset of at least 1 KB that text
// compresses well (JavaScript, CSS, SVG), at brotli's best setting: done once per build, so every
// visitor whose browser accepts brotli downloads about a fifth less than with gzip
// (app/server/brotli-assets.server.ts serves the twins). Runs as the last step of `npm run build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUILD = "public/build";
const COMPRESSED = /\.(js|css|svg)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(BUILD, { recursive: true, encoding: "utf8" })) {
  const file = path.join(BUILD, name);
  if (!COMPRESSED.test(name) || statSync(file).size < 1024) continue;
  const bytes = readFileSync(file);
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  files++;
  before += bytes.length;
  after += brotli.length;
}
console.log(`Brotli twins: ${files} build assets, ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB`);
