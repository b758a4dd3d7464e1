-- CreateTable
CREATE TABLE "UserAvatar" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "sourceUrl" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL,
    "webp120" BLOB NOT NULL,
    "webp240" BLOB NOT NULL,
    "jpeg120" BLOB NOT NULL,
    "jpeg240" BLOB NOT NULL,
    CONSTRAINT "UserAvatar_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "UserAvatar_hash_idx" ON "UserAvatar"("hash");

