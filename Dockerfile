# Civic Atlas on fly.io: the production build, served by node, with SQLite replicated by LiteFS.
# Build it from the repository root: docker build -t civic-atlas .

FROM node:20-bookworm-slim AS base
ENV CI=true
WORKDIR /app

# Dependencies, compiled for this image (better-sqlite3 builds from source).
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
COPY app/env.server.ts ./app/env.server.ts
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM base
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates fuse3 sqlite3 && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5 /usr/local/bin/litefs /usr/local/bin/litefs

ENV NODE_ENV=production \
    PORT=8081 \
    DATABASE_URL=file:/litefs/civic-atlas.db \
    LITEFS_DIR=/litefs

# The pruned install, the build, and what the release steps need (prisma CLI, seed, data).
COPY --from=build /app /app
COPY litefs.yml /etc/litefs.yml

# LiteFS mounts the database, runs migrations and the seed on the primary, then starts node.
ENTRYPOINT ["litefs", "mount"]
