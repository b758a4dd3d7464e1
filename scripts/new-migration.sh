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
fi
