// Incoming officials added by staff: a moderator proposes, an admin approves; shown under the
// seat's holder until the term begins; then the term clock makes them the holder and the
// predecessor former, in the public history. On a real SQLite copy of the seeded data.
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { Refusal } from "~/lib/refusal";
import { termBoundary } from "~/lib/terms";
import { recordHistory } from "~/models/change-history.server";
import { approveDataUpdate, proposeIncomingOfficial } from "~/models/data-updates.server";
import { incomingForSeat, incomingOfficials } from "~/models/incoming-officials.server";
import { officialsOfState } from "~/models/officials.server";
import { publicVacanciesOf } from "~/models/states.server";
import { officialsForDistricts } from "~/models/zip-codes.server";
import * as profileRoute from "~/routes/representative.$id.server";
import { callRoute } from "../support/route-calls";
import { applyTermDates } from "~/models/term-clock.server";

const NOW = new Date("2026-11-27T12:00:00Z");
const staff = async (role: "admin" | "moderator") =>
  db.user.create({
    data: { email: `${role}-${Math.random().toString(36).slice(2)}@incoming.test`, role },
    select: { id: true, role: true },
  });

const governorElect = {
  office: "Governor" as const,
  state: "NE",
  district: null,
  senateClass: null,
  firstName: "Pat",
  lastName: "Example",
  party: "Independent" as const,
  start: "2026-12-14",
  sourceUrl: null,
  notes: "Certified result",
};

describe("an incoming governor added by staff", () => {
  test("a moderator's entry waits for an admin; approved, it shows under the holder; on the day the term begins the clock hands over the seat", async () => {
    const ne = await db.state.findUniqueOrThrow({ where: { abbreviation: "NE" } });
    const holder = await db.official.findFirstOrThrow({ where: { stateId: ne.id, office: "Governor", isActive: true } });

    const moderator = await staff("moderator");
    const proposed = await proposeIncomingOfficial(db, moderator, governorElect, NOW);
    expect(proposed.status).toBe("pending_review");
    // Nothing public until approved.
    expect(await incomingOfficials(db, NOW, "NE")).toEqual([]);
    expect((await officialsOfState(db, ne.id)).map((o) => o.id)).not.toContain(proposed.officialId);
    const hidden = await callRoute(profileRoute.loader, `/representative/${proposed.officialId}`, {
      params: { id: String(proposed.officialId) },
    }).catch((error: unknown) => error);
    expect((hidden as { init?: { status?: number } }).init?.status).toBe(404);

    const admin = await staff("admin");
    const update = await db.dataUpdate.findFirstOrThrow({ where: { entityType: "official", entityId: proposed.officialId } });
    await approveDataUpdate(db, admin, update.id);
    const incoming = await incomingOfficials(db, NOW, "NE");
    expect(incoming).toMatchObject([{ officialId: proposed.officialId, name: "Pat Example", office: "Governor", start: "2026-12-14" }]);
    // The state page and the home page's pane list them under the office's holders, and so do the
    // ZIP answer and the current holder's profile.
    expect((await publicVacanciesOf(db, ne)).incoming).toEqual(incoming);
    expect((await officialsForDistricts(db, "NE", [2]))?.incoming).toEqual(incoming);
    const profile = (await callRoute(profileRoute.loader, `/representative/${holder.id}`, {
      params: { id: String(holder.id) },
    })) as unknown as {
      successor: { officialId: number; words: string } | null;
    };
    expect(profile.successor).toEqual({ officialId: proposed.officialId, words: "Governor-elect Pat Example takes office Dec 14, 2026" });
    expect(incomingForSeat(incoming, { office: "Governor", state: "NE", district: null })?.words).toBe(
      "Governor-elect Pat Example takes office Dec 14, 2026",
    );

    const serving = async () =>
      (await db.official.findMany({ where: { id: { in: [holder.id, proposed.officialId] }, isActive: true }, select: { id: true } })).map(
        (o) => o.id,
      );
    // The day before: the holder still serves, the governor-elect waits.
    await applyTermDates(db, new Date("2026-12-13T12:00:00Z"));
    expect(await serving()).toEqual([holder.id]);
    // At noon on the day: the new governor holds the seat, the old one's term ended that day.
    await applyTermDates(db, termBoundary("2026-12-14"));
    expect(await serving()).toEqual([proposed.officialId]);
    const governors = (await officialsOfState(db, ne.id)).filter((o) => o.office === "Governor");
    expect(governors.map((g) => g.name)).toEqual(["Pat Example"]);
    const predecessor = await db.official.findUniqueOrThrow({ where: { id: holder.id }, include: { officeTerms: true } });
    expect(predecessor.isActive).toBe(false);
    expect(predecessor.officeTerms.find((t) => t.type === "gov")).toMatchObject({ end: "2026-12-14", isCurrent: false });
    const left = (await recordHistory(db, "official", holder.id, 1)).entries.filter((e) => e.field === "isActive");
    expect(left).toMatchObject([{ oldValue: "yes", newValue: "no", changedAt: termBoundary("2026-12-14").toISOString() }]);
    const began = (await recordHistory(db, "official", proposed.officialId, 1)).entries.map((e) => e.field);
    expect(began).toEqual(expect.arrayContaining(["isActive", "incomingTerm"]));
    expect((await db.state.findUniqueOrThrow({ where: { id: ne.id } })).governorParty).toBe("Independent");
  });

  test("an admin's entry applies at once; a day not after today, a district the state lacks and a seat already promised are refused with the field named", async () => {
    const admin = await staff("admin");
    const refusal = async (input: Partial<typeof governorElect> & Record<string, unknown>) => {
      try {
        await proposeIncomingOfficial(db, admin, { ...governorElect, ...input } as typeof governorElect, NOW);
      } catch (error) {
        if (error instanceof Refusal) return { status: error.status, errors: error.details.errors };
        throw error;
      }
      return null;
    };
    expect(await refusal({ start: "2026-11-27" })).toMatchObject({
      status: 400,
      errors: { start: [expect.stringMatching(/after today/)] },
    });
    expect(await refusal({ office: "Representative", state: "VT", district: "2" } as never)).toMatchObject({
      errors: { district: ["Vermont has one seat: enter AL (at-large)."] },
    });
    expect(await refusal({ office: "Governor", state: "DC" })).toMatchObject({
      errors: { office: [expect.stringMatching(/no governor/)] },
    });

    const added = await proposeIncomingOfficial(
      db,
      admin,
      { ...governorElect, office: "Representative", state: "WY", district: "AL", firstName: "Ana", lastName: "Ruiz", start: "2027-01-03" },
      NOW,
    );
    expect(added.status).toBe("applied");
    expect(await incomingOfficials(db, NOW, "WY")).toMatchObject([{ name: "Ana Ruiz", office: "Representative", district: "AL" }]);
    expect(await refusal({ office: "Representative", state: "WY", district: "AL", start: "2027-01-03" } as never)).toMatchObject({
      errors: { start: ["Ana Ruiz already takes this seat on 2027-01-03."] },
    });
  });
});
