// Prisma CLI configuration: the JS engine with the better-sqlite3 adapter, so the CLI
// never downloads a native engine (see docs/decisions/0001-stack.md).
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { DEV_DATABASE_URL } from "./app/env.server";

// The schema's env("DATABASE_URL") must resolve, or the CLI quietly falls back to downloading
// a native engine. Development uses the same default as the app.
process.env.DATABASE_URL ??= DEV_DATABASE_URL;

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
});
