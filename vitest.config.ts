import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/global-db.ts"],
    setupFiles: ["tests/setup/db-per-file.ts"],
    pool: "forks",
    testTimeout: 30_000,
    // Hooks start production servers and seed databases, slow on a busy 2-core machine.
    hookTimeout: 60_000,
    reporters: ["default", "json"],
    outputFile: { json: "tests/.data/vitest-report.json" },
  },
});
