-- CreateTable
CREATE TABLE "State" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "abbreviation" TEXT NOT NULL,
    "fips" TEXT,
    "type" TEXT NOT NULL DEFAULT 'state',
    "population" INTEGER,
    "populationSource" TEXT,
    "electoralVotes" INTEGER,
    "houseSeats" INTEGER NOT NULL DEFAULT 0,
    "partyControl" TEXT,
    "governorParty" TEXT,
    "politicalLeaning" TEXT,
    "officialWebsite" TEXT,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Official" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "middleName" TEXT,
    "suffix" TEXT,
    "nickname" TEXT,
    "party" TEXT NOT NULL,
    "office" TEXT NOT NULL,
    "stateId" INTEGER NOT NULL,
    "district" TEXT,
    "senateClass" INTEGER,
    "stateRank" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "email" TEXT,
    "phone" TEXT,
    "website" TEXT,
    "contactFormUrl" TEXT,
    "officeAddress" TEXT,
    "photoUrl" TEXT,
    "xProfileUrl" TEXT,
    "facebookUrl" TEXT,
    "instagramUrl" TEXT,
    "youtubeUrl" TEXT,
    "mastodonUrl" TEXT,
    "contactUpdatedAt" DATETIME,
    "dateOfBirth" TEXT,
    "gender" TEXT,
    "religion" TEXT,
    "biography" TEXT,
    "tenure" TEXT,
    "terms" TEXT,
    "leadership" TEXT,
    "committees" TEXT,
    "committee" TEXT,
    "notes" TEXT,
    "billsSponsored" INTEGER,
    "approvalRating" REAL,
    "bioguideId" TEXT,
    "govtrackId" TEXT,
    "opensecretId" TEXT,
    "fecId" TEXT,
    "fecIds" JSONB,
    "votesmartId" TEXT,
    "ballotpediaSlug" TEXT,
    "icpsrId" TEXT,
    "wikipediaSlug" TEXT,
    "washingtonPostSlug" TEXT,
    "lisId" TEXT,
    "thomasId" TEXT,
    "cspanId" TEXT,
    "wikidataId" TEXT,
    "googleEntityId" TEXT,
    "houseHistoryId" TEXT,
    "maplightId" TEXT,
    "pictorialId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Official_stateId_fkey" FOREIGN KEY ("stateId") REFERENCES "State" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OfficialTerm" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "officialId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "end" TEXT,
    "state" TEXT NOT NULL,
    "district" INTEGER,
    "party" TEXT,
    "senateClass" INTEGER,
    "stateRank" TEXT,
    "url" TEXT,
    "address" TEXT,
    "office" TEXT,
    "phone" TEXT,
    "contactForm" TEXT,
    "isCurrent" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "OfficialTerm_officialId_fkey" FOREIGN KEY ("officialId") REFERENCES "Official" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DistrictOffice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "officialId" INTEGER NOT NULL,
    "address" TEXT,
    "suite" TEXT,
    "building" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "phone" TEXT,
    "fax" TEXT,
    "hours" TEXT,
    "latitude" REAL,
    "longitude" REAL,
    CONSTRAINT "DistrictOffice_officialId_fkey" FOREIGN KEY ("officialId") REFERENCES "Official" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Committee" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "chamber" TEXT NOT NULL,
    "url" TEXT,
    "parentId" TEXT,
    CONSTRAINT "Committee_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Committee" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CommitteeAssignment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "officialId" INTEGER NOT NULL,
    "committeeId" TEXT NOT NULL,
    "side" TEXT,
    "rank" INTEGER,
    "title" TEXT,
    CONSTRAINT "CommitteeAssignment_officialId_fkey" FOREIGN KEY ("officialId") REFERENCES "Official" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CommitteeAssignment_committeeId_fkey" FOREIGN KEY ("committeeId") REFERENCES "Committee" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VotingRecord" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "officialId" INTEGER NOT NULL,
    "voteId" TEXT NOT NULL,
    "chamber" TEXT,
    "billTitle" TEXT NOT NULL,
    "billNumber" TEXT,
    "description" TEXT,
    "voteDate" TEXT NOT NULL,
    "votePosition" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VotingRecord_officialId_fkey" FOREIGN KEY ("officialId") REFERENCES "Official" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Provenance" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entityType" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "fieldName" TEXT NOT NULL,
    "sourceName" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "method" TEXT NOT NULL,
    "retrievedAt" DATETIME NOT NULL,
    "verifiedAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "role" TEXT NOT NULL DEFAULT 'user',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "authMethod" TEXT NOT NULL DEFAULT 'password',
    "profileImageUrl" TEXT,
    "phone" TEXT,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zipCode" TEXT,
    "country" TEXT,
    "timezone" TEXT,
    "politicalAffiliation" TEXT,
    "votingFrequency" TEXT,
    "primaryIssues" JSONB,
    "governmentTrust" TEXT,
    "newsConsumption" TEXT,
    "politicalEngagement" TEXT,
    "preferredSources" JSONB,
    "emailConfirmed" BOOLEAN NOT NULL DEFAULT false,
    "emailConfirmedAt" DATETIME,
    "adminNotes" TEXT,
    "lastLogin" DATETIME,
    "totalLogins" INTEGER NOT NULL DEFAULT 0,
    "lastPasswordChange" DATETIME,
    "twoFactorEnabled" BOOLEAN NOT NULL DEFAULT false,
    "permissions" JSONB,
    "emailNotifications" BOOLEAN NOT NULL DEFAULT true,
    "smsNotifications" BOOLEAN NOT NULL DEFAULT false,
    "marketingOptIn" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Password" (
    "hash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    CONSTRAINT "Password_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "expirationDate" DATETIME NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Connection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "providerName" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Connection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Verification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Verification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ActivityLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" TEXT,
    "action" TEXT NOT NULL,
    "details" TEXT,
    "ipAddress" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ActivityLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Lead" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "email" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "phone" TEXT,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zipCode" TEXT,
    "occupation" TEXT,
    "politicalAffiliation" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "source" TEXT NOT NULL DEFAULT 'welcome_popup',
    "convertedUserId" TEXT,
    "unsubscribedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Lead_convertedUserId_fkey" FOREIGN KEY ("convertedUserId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "category" TEXT,
    "message" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'received',
    "sendError" TEXT,
    "ipAddress" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DataUpdate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entityType" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "updateType" TEXT NOT NULL,
    "source" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "previousData" JSONB,
    "newData" JSONB,
    "notes" TEXT,
    "submittedById" TEXT,
    "approvedById" TEXT,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DataUpdate_submittedById_fkey" FOREIGN KEY ("submittedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "DataUpdate_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FieldUpdate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "dataUpdateId" INTEGER,
    "entityType" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "fieldName" TEXT NOT NULL,
    "oldValue" TEXT,
    "newValue" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "notes" TEXT,
    "adminNotes" TEXT,
    "submittedById" TEXT,
    "reviewedById" TEXT,
    "approvedAt" DATETIME,
    "rejectedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FieldUpdate_dataUpdateId_fkey" FOREIGN KEY ("dataUpdateId") REFERENCES "DataUpdate" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "FieldUpdate_submittedById_fkey" FOREIGN KEY ("submittedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "FieldUpdate_reviewedById_fkey" FOREIGN KEY ("reviewedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobSetting" (
    "jobType" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "schedule" TEXT NOT NULL,
    "config" JSONB,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "JobExecution" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobType" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "trigger" TEXT NOT NULL DEFAULT 'schedule',
    "triggeredById" TEXT,
    "parameters" JSONB,
    "results" JSONB,
    "errorMessage" TEXT,
    "errorReviewed" BOOLEAN NOT NULL DEFAULT false,
    "errorViewedAt" DATETIME,
    "logs" TEXT,
    "progressCompleted" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER NOT NULL DEFAULT 0,
    "currentItem" TEXT,
    "startedAt" DATETIME,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JobExecution_triggeredById_fkey" FOREIGN KEY ("triggeredById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MissingDataFlag" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "officialId" INTEGER NOT NULL,
    "priority" TEXT NOT NULL,
    "missingCriticalFields" JSONB NOT NULL,
    "jobExecutionId" INTEGER,
    "resolvedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MissingDataFlag_officialId_fkey" FOREIGN KEY ("officialId") REFERENCES "Official" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "State_abbreviation_key" ON "State"("abbreviation");

-- CreateIndex
CREATE UNIQUE INDEX "Official_bioguideId_key" ON "Official"("bioguideId");

-- CreateIndex
CREATE INDEX "Official_stateId_office_idx" ON "Official"("stateId", "office");

-- CreateIndex
CREATE INDEX "Official_lastName_firstName_idx" ON "Official"("lastName", "firstName");

-- CreateIndex
CREATE UNIQUE INDEX "OfficialTerm_officialId_type_start_key" ON "OfficialTerm"("officialId", "type", "start");

-- CreateIndex
CREATE INDEX "DistrictOffice_officialId_idx" ON "DistrictOffice"("officialId");

-- CreateIndex
CREATE UNIQUE INDEX "CommitteeAssignment_officialId_committeeId_key" ON "CommitteeAssignment"("officialId", "committeeId");

-- CreateIndex
CREATE INDEX "VotingRecord_officialId_voteDate_idx" ON "VotingRecord"("officialId", "voteDate");

-- CreateIndex
CREATE UNIQUE INDEX "VotingRecord_officialId_voteId_key" ON "VotingRecord"("officialId", "voteId");

-- CreateIndex
CREATE INDEX "Provenance_verifiedAt_idx" ON "Provenance"("verifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Provenance_entityType_entityId_fieldName_key" ON "Provenance"("entityType", "entityId", "fieldName");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Password_userId_key" ON "Password"("userId");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Connection_providerName_providerId_key" ON "Connection"("providerName", "providerId");

-- CreateIndex
CREATE UNIQUE INDEX "Verification_tokenHash_key" ON "Verification"("tokenHash");

-- CreateIndex
CREATE INDEX "Verification_target_type_idx" ON "Verification"("target", "type");

-- CreateIndex
CREATE INDEX "ActivityLog_userId_createdAt_idx" ON "ActivityLog"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Lead_email_key" ON "Lead"("email");

-- CreateIndex
CREATE INDEX "Lead_createdAt_idx" ON "Lead"("createdAt");

-- CreateIndex
CREATE INDEX "DataUpdate_status_createdAt_idx" ON "DataUpdate"("status", "createdAt");

-- CreateIndex
CREATE INDEX "FieldUpdate_status_submittedById_createdAt_idx" ON "FieldUpdate"("status", "submittedById", "createdAt");

-- CreateIndex
CREATE INDEX "FieldUpdate_entityType_entityId_idx" ON "FieldUpdate"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "JobExecution_jobType_createdAt_idx" ON "JobExecution"("jobType", "createdAt");

-- CreateIndex
CREATE INDEX "JobExecution_status_idx" ON "JobExecution"("status");

-- CreateIndex
CREATE INDEX "MissingDataFlag_priority_idx" ON "MissingDataFlag"("priority");

