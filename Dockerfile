# Civic Atlas on fly.io: the production build, served by node, with SQLite replicated by LiteFS.
# Build it from the repository root: docker build -t civic-atlas . (fly deploy does this).
# scripts/production-run.ts runs this file's npm steps and litefs.yml's commands outside docker,
# and tests/integration/deploy-config.test.ts checks it against litefs.yml and fly.toml.

FROM node:20-bookworm-slim AS base
ENV CI=true
WORKDIR /app

# Dependencies, compiled for this image (better-sqlite3 builds from source). Only what `npm ci`
# needs is copied first, so this layer is rebuilt only when dependencies change. Its postinstall
# (prisma generate) reads prisma.config.ts, which imports the environment module and its imports
# (tests/integration/deploy-config.test.ts checks the list).
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY app/env.server.ts ./app/env.server.ts
COPY app/jobs/sources.ts ./app/jobs/sources.ts
COPY app/lib/zod.ts ./app/lib/zod.ts
RUN npm ci

# The build, then development dependencies removed (prisma and tsx stay: migrations and the seed run at start).
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

# The image that runs: no compilers, no secrets (fly secrets arrive as environment variables).
# It runs as root: LiteFS mounts a FUSE file system, which needs it, and starts the app itself.
FROM base
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fuse3 sqlite3 && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs

ENV NODE_ENV=production \
    PORT=8081 \
    DATABASE_URL=file:/litefs/civic-atlas.db \
    LITEFS_DIR=/litefs

COPY --from=build /app /app
COPY litefs.yml /etc/litefs.yml

# LiteFS mounts the database, runs litefs.yml's exec steps (migrations and the seed on the
# candidate, then `node build/server.js`), and exits when the app does.
ENTRYPOINT ["litefs", "mount"]
