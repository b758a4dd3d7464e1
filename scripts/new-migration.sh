#!/usr/bin/env bash
# Writes a new migration from the difference between the existing migrations and
# prisma/schema.prisma, fully offline (prisma migrate dev needs a shadow database replay that
# fails with the better-sqlite3 adapter). Usage: npm run db:new-migration -- add_something
set -euo pipefail
name=${1:?usage: npm run db:new-migration -- <name>}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export DATABASE_URL="file:$scratch/scratch.db"
npx prisma migrate deploy >/dev/null
# Full-text tables (CREATE VIRTUAL TABLE … USING fts5, written by hand in a migration) cannot be
# described in schema.prisma; drop them from the scratch copy so that the diff does not drop them.
node -e '
  const db = new (require("better-sqlite3"))(process.argv[1]);
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE sql LIKE ?").all("CREATE VIRTUAL TABLE%"))
    db.exec(`DROP TABLE "${name}"`);
' "$scratch/scratch.db"
# db pull prints a warning about the adapter first; keep the schema from the generator block on.
npx prisma db pull --print 2>/dev/null | sed -n '/^generator/,$p' > "$scratch/current.prisma"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_$name"
mkdir -p "$dir"
npx prisma migrate diff --from-schema-datamodel "$scratch/current.prisma" --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
if ! grep -v '^--' "$dir/migration.sql" | grep -q '[^[:space:]]'; then
  rm -rf "$dir"
  echo "No schema changes."
else
  echo "Wrote $dir/migration.sql"
  # Rebuilding a table (new_X, copy, drop, rename) drops its triggers, such as those that keep
  # LeadSearch in step with Lead (migration 20261128053800_lead_search).
  if grep -q '"new_Lead"' "$dir/migration.sql"; then
    echo "It rebuilds Lead, which drops the LeadSearch triggers: add them again at its end, as in 20261128053800_lead_search."
  fi
fi
