// States, DC and territories: data access.
import type { Db } from "~/db.server";

export const STATE_SUMMARY = {
  id: true,
  name: true,
  abbreviation: true,
  type: true,
  partyControl: true,
  governorParty: true,
  population: true,
  electoralVotes: true,
} as const;

export const listStates = (db: Db) => db.state.findMany({ select: STATE_SUMMARY, orderBy: { name: "asc" } });

export const findStateByAbbreviation = (db: Db, abbreviation: string) =>
  db.state.findUnique({
    where: { abbreviation: abbreviation.toUpperCase() },
    select: { ...STATE_SUMMARY, officialWebsite: true, politicalLeaning: true, updatedAt: true },
  });

export const findStateById = (db: Db, id: number) =>
  db.state.findUnique({ where: { id }, select: { ...STATE_SUMMARY, officialWebsite: true, politicalLeaning: true, updatedAt: true } });
