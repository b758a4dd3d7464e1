#!/usr/bin/env bash
# Starts the production build for the end-to-end tests on a freshly migrated and seeded database.
set -euo pipefail
port=$1
db=$2
mkdir -p "$(dirname "$db")"
rm -rf "$db" "$db-wal" "$db-shm" "$db-journal" "$db.a11y-checked"
export NODE_ENV=test DATABASE_URL="file:$db" PORT="$port" AUTH_RATE_LIMIT=${AUTH_RATE_LIMIT:-1000} PUBLIC_FORM_RATE_LIMIT=${PUBLIC_FORM_RATE_LIMIT:-1000}
npx prisma migrate deploy >/dev/null
# The seed decides who serves as of this day (SEED_AS_OF in tests/setup/base-db.ts says why).
SEED_AS_OF=2026-11-27T12:00:00Z npx tsx prisma/seed.ts
# exec, so stopping the test run stops the server itself.
exec node build/server.js
