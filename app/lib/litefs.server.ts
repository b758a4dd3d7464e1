// Which node of a LiteFS cluster this process runs on. LiteFS writes a `.primary` file into its
// mount on replicas only, holding the primary's hostname (on fly.io, its machine id); the primary
// has none. Without LiteFS (LITEFS_DIR unset: development, tests) this process is the primary.
import { readFileSync } from "node:fs";
import path from "node:path";

/** The primary's hostname when this node is a replica ("" if LiteFS left it empty); null on the primary or without LiteFS. */
export function primaryElsewhere(dir: string | undefined): string | null {
  if (!dir) return null;
  try {
    return readFileSync(path.join(dir, ".primary"), "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Asked each time (the lease can move at any moment): whether this node may write. */
export function litefsPrimary(dir: string | undefined): () => boolean {
  return () => primaryElsewhere(dir) === null;
}
