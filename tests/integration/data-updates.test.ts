// Moderated data updates (moderators propose, admins approve or reject) through the JSON calls, against the real database.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { approveFieldUpdates, submitStaffEdit } from "~/models/data-updates.server";
import * as approveRoute from "~/routes/api.admin.data-updates.$updateId.approve";
import * as reviewList from "~/routes/api.admin.data-updates";
import * as bulkApprove from "~/routes/api.admin.data-updates.bulk-approve";
import * as bulkReject from "~/routes/api.admin.data-updates.bulk-reject";
import * as pendingGrouped from "~/routes/api.admin.pending-updates-grouped";
import * as submitted from "~/routes/api.admin.submitted-updates";
import * as decided from "~/routes/api.admin.approved-updates";
import * as missing from "~/routes/api.admin.missing-data";
import * as missingUpdate from "~/routes/api.admin.representative.$repId.update";
import * as representative from "~/routes/api.representatives.$id";
import * as stateRoute from "~/routes/api.states.$id";
import * as publicProfile from "~/routes/representative.$id";
import { answer, callRoute, cookieFor } from "../support/route-calls";

let moderator: string;
let admin: string;
let moderatorId: string;
let adminId: string;
beforeAll(async () => {
  moderator = await cookieFor("moderator@civicatlas.test");
  admin = await cookieFor("admin@civicatlas.test");
  moderatorId = (await db.user.findUniqueOrThrow({ where: { email: "moderator@civicatlas.test" } })).id;
  adminId = (await db.user.findUniqueOrThrow({ where: { email: "admin@civicatlas.test" } })).id;
});

const editOfficial = (id: number, body: unknown, cookie: string) =>
  answer(callRoute(representative.action, `/api/representatives/${id}`, { method: "PUT", params: { id: String(id) }, body, cookie }));
const post = (route: { action: (a: never) => unknown }, path: string, body: unknown, cookie: string, params: Record<string, string> = {}) =>
  answer(callRoute(route.action, path, { method: "POST", body, cookie, params }));
const get = (route: { loader: (a: never) => unknown }, path: string, cookie: string) => answer(callRoute(route.loader, path, { cookie }));

/** A senator of the seed with a phone, for one test (each test takes a different one). */
const senator = (skip: number) =>
  db.official.findFirstOrThrow({ where: { office: "Senator", phone: { not: null } }, orderBy: { id: "asc" }, skip });

describe("a moderator's edit waits for an admin", () => {
  test("phone approved, email rejected with a note: only the phone goes live, with staff-edit provenance; the moderator sees both decisions", async () => {
    const official = await senator(0);
    const edit = await editOfficial(official.id, { phone: "202-555-0101", email: "press@senate.example.gov" }, moderator);
    expect(edit).toMatchObject({ status: 200, body: { status: "pending_review", suggestions: 2 } });

    // Nothing live changed: not the record, not the public answer.
    expect(await db.official.findUniqueOrThrow({ where: { id: official.id } })).toMatchObject({
      phone: official.phone,
      email: official.email,
    });
    const publicAnswer = await answer(callRoute(representative.loader, "/x", { params: { id: String(official.id) } }));
    expect(publicAnswer.body.phone).toBe(official.phone);

    // The admin sees it grouped under the moderator and today.
    const groups = (await get(pendingGrouped, "/api/admin/pending-updates-grouped", admin)).body;
    const group = groups.find((g: { submitted_by: string }) => g.submitted_by === moderatorId);
    expect(group).toMatchObject({ submitted_by_name: "Maya Moderator", submission_date: new Date().toISOString().slice(0, 10) });
    const mine = group.updates.filter((u: { entityId: number }) => u.entityId === official.id);
    const phone = mine.find((u: { fieldName: string }) => u.fieldName === "phone");
    const email = mine.find((u: { fieldName: string }) => u.fieldName === "email");
    expect(phone).toMatchObject({ oldValue: official.phone, newValue: "202-555-0101", status: "pending", fieldLabel: "Phone" });
    expect(email).toMatchObject({ oldValue: official.email, newValue: "press@senate.example.gov" });
    expect(group.update_ids).toEqual(expect.arrayContaining([phone.id, email.id]));

    expect(await post(bulkApprove, "/x", { updateIds: [phone.id] }, admin)).toMatchObject({
      status: 200,
      body: { message: "Updates approved successfully", approved: 1 },
    });
    expect(await post(bulkReject, "/x", { updateIds: [email.id], notes: "Not an official address" }, admin)).toMatchObject({
      status: 200,
      body: { message: "Updates rejected successfully", rejected: 1 },
    });

    const live = await db.official.findUniqueOrThrow({ where: { id: official.id } });
    expect(live).toMatchObject({ phone: "202-555-0101", email: official.email });
    const provenance = await db.provenance.findUniqueOrThrow({
      where: { entityType_entityId_fieldName: { entityType: "official", entityId: official.id, fieldName: "phone" } },
      include: { fieldUpdate: true },
    });
    expect(provenance).toMatchObject({ method: "staff_edit", sourceName: "Civic Atlas staff" });
    expect(provenance.fieldUpdate).toMatchObject({ submittedById: moderatorId, reviewedById: adminId, status: "approved" });
    // The public profile says where the phone now comes from.
    const page = (await publicProfile.loader({
      request: new Request("http://localhost/x"),
      params: { id: String(official.id) },
    } as never)) as {
      sources: Record<string, { label: string }>;
    };
    expect(page.sources.phone.label).toMatch(/^Civic Atlas staff · verified/);

    const history = (await get(submitted, "/api/admin/submitted-updates", moderator)).body.history;
    expect(history.find((u: { id: number }) => u.id === phone.id)).toMatchObject({ status: "approved", reviewedByName: "Adam Admin" });
    expect(history.find((u: { id: number }) => u.id === email.id)).toMatchObject({
      status: "rejected",
      adminNotes: "Not an official address",
      reviewedByName: "Adam Admin",
    });
    const adminHistory = (await get(decided, "/api/admin/approved-updates", admin)).body;
    const entityGroup = adminHistory.find(
      (g: { entityId: number; entityType: string }) => g.entityType === "official" && g.entityId === official.id,
    );
    expect(entityGroup.updates.map((u: { fieldName: string }) => u.fieldName).sort()).toEqual(["email", "phone"]);
    // Decided once nothing is pending: partly approved, since one field was and one was not; who and when kept.
    const dataUpdate = await db.dataUpdate.findUniqueOrThrow({ where: { id: phone.dataUpdateId } });
    expect(dataUpdate).toMatchObject({ status: "partly_approved", approvedById: adminId });
    expect(dataUpdate.decidedAt).not.toBeNull();
  });

  test("a live value changed since the suggestion: approval is refused for that field (409), nothing overwritten", async () => {
    const official = await senator(1);
    const suggestion = await editOfficial(official.id, { phone: "202-555-0111" }, moderator);
    expect(suggestion.body.status).toBe("pending_review");
    const applied = await editOfficial(official.id, { phone: "202-555-0122" }, admin);
    expect(applied.body).toMatchObject({ status: "applied", applied: 1, representative: { phone: "202-555-0122" } });

    const [pending] = await db.fieldUpdate.findMany({ where: { entityId: official.id, entityType: "official", status: "pending" } });
    const refused = await post(bulkApprove, "/x", { updateIds: [pending.id] }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("changed since this suggestion was made");
    expect(refused.body.conflicts).toEqual([
      expect.objectContaining({ fieldUpdateId: pending.id, fieldName: "phone", expected: official.phone, current: "202-555-0122" }),
    ]);
    const throughReview = await post(approveRoute, "/x", {}, admin, { updateId: String(pending.dataUpdateId) });
    expect(throughReview.status).toBe(409);
    expect((await db.official.findUniqueOrThrow({ where: { id: official.id } })).phone).toBe("202-555-0122");
    expect((await db.fieldUpdate.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("pending");
  });

  test("an edit of the first name also proposes the display name; an unchanged edit records nothing", async () => {
    const official = await db.official.findFirstOrThrow({ where: { office: "Senator", name: { startsWith: "Maria " } } });
    const edit = await editOfficial(official.id, { firstName: "Mariah", lastName: official.lastName }, moderator);
    expect(edit.body).toMatchObject({ status: "pending_review", suggestions: 2 });
    const record = await db.dataUpdate.findUniqueOrThrow({ where: { id: edit.body.dataUpdateId } });
    expect(record.newData).toEqual({ firstName: "Mariah", name: official.name.replace(/^Maria /, "Mariah ") });
    const same = await editOfficial(official.id, { phone: official.phone, party: official.party }, moderator);
    expect(same.body).toMatchObject({ status: "unchanged", suggestions: 0, dataUpdateId: null });
  });

  test("bad input is a 400 with a message per field; an unknown official is a 404", async () => {
    const official = await senator(3);
    const bad = await editOfficial(
      official.id,
      { email: "not-an-email", website: "javascript:alert(1)", party: "", dateOfBirth: "1970-02-30" },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      email: ["Please enter a valid email address"],
      website: ["Please enter a valid URL"],
      party: ["Party is required"],
      dateOfBirth: ["Please enter a valid date"],
    });
    expect(await editOfficial(999_999, { phone: "202-555-0100" }, admin)).toMatchObject({ status: 404 });
    expect(
      (await answer(callRoute(representative.action, "/x", { method: "PUT", params: { id: "1" }, body: "{oops", cookie: admin }))).status,
    ).toBe(400);
  });
});

describe("bulk approval", () => {
  test("50 field changes: a forced failure at the 26th leaves none applied; without it all 50 apply", async () => {
    const moderatorActor = { id: moderatorId, role: "moderator" };
    const officials = await db.official.findMany({
      where: { office: "Representative" },
      orderBy: { id: "asc" },
      take: 50,
      select: { id: true, phone: true },
    });
    const phoneOf = (i: number) => `555-01${String(i).padStart(2, "0")}`;
    for (const [i, o] of officials.entries()) {
      const outcome = await submitStaffEdit(db, moderatorActor, { entityType: "official", entityId: o.id, values: { phone: phoneOf(i) } });
      expect(outcome?.status).toBe("pending_review");
    }
    const ids = (
      await db.fieldUpdate.findMany({
        where: { entityType: "official", entityId: { in: officials.map((o) => o.id) }, status: "pending", fieldName: "phone" },
      })
    ).map((f) => f.id);
    expect(ids).toHaveLength(50);

    // The database itself refuses the 26th write, after 25 have been made inside the transaction.
    await db.$executeRawUnsafe(
      `CREATE TRIGGER forced_failure BEFORE UPDATE OF phone ON Official WHEN NEW.phone = '${phoneOf(25)}' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
    );
    const admin = { id: adminId, role: "admin" };
    // (SQLite reports a trigger's abort as a constraint failure.)
    await expect(approveFieldUpdates(db, admin, ids)).rejects.toThrow(/tx\.official\.update/);
    const after = await db.official.findMany({
      where: { id: { in: officials.map((o) => o.id) } },
      orderBy: { id: "asc" },
      select: { id: true, phone: true },
    });
    expect(after).toEqual(officials);
    expect(await db.fieldUpdate.count({ where: { id: { in: ids }, status: "pending" } })).toBe(50);
    expect(await db.provenance.count({ where: { fieldUpdateId: { in: ids } } })).toBe(0);

    await db.$executeRawUnsafe("DROP TRIGGER forced_failure");
    expect(await approveFieldUpdates(db, admin, ids)).toEqual({ approved: 50 });
    const applied = await db.official.findMany({
      where: { id: { in: officials.map((o) => o.id) } },
      orderBy: { id: "asc" },
      select: { phone: true },
    });
    expect(applied.map((o) => o.phone)).toEqual(officials.map((_, i) => phoneOf(i)));
  });

  test("bulk approve approves what it can and gives each skipped update its reason", async () => {
    const [changed, twice] = [await senator(6), await senator(7)];
    await editOfficial(changed.id, { phone: "202-555-0131" }, moderator);
    await editOfficial(changed.id, { phone: "202-555-0132" }, admin); // the live phone changes meanwhile
    await editOfficial(twice.id, { leadership: "Whip" }, moderator);
    await editOfficial(twice.id, { leadership: "Chair" }, moderator); // a second suggestion for the same field
    await editOfficial(twice.id, { phone: "202-555-0133" }, moderator);
    const pending = await db.fieldUpdate.findMany({
      where: { entityType: "official", entityId: { in: [changed.id, twice.id] }, status: "pending" },
      orderBy: { id: "asc" },
    });
    const [stale, whip, chair, phone] = pending;
    const answer = await post(bulkApprove, "/x", { updateIds: [phone.id, chair.id, whip.id, stale.id, phone.id] }, admin);
    expect(answer).toMatchObject({
      status: 200,
      body: { message: "Updates approved successfully", approved: 2, skipped: 2, summary: "Approved 2, skipped 2" },
    });
    expect(answer.body.results).toEqual([
      {
        fieldUpdateId: stale.id,
        status: "skipped",
        refusal: 409,
        reason: `The phone of ${changed.name} changed since this suggestion was made: it is now "202-555-0132", the suggestion expected "${changed.phone}".`,
        conflicts: [expect.objectContaining({ fieldUpdateId: stale.id, current: "202-555-0132" })],
      },
      { fieldUpdateId: whip.id, status: "approved" },
      {
        fieldUpdateId: chair.id,
        status: "skipped",
        refusal: 409,
        reason: expect.stringContaining(
          `The leadership positions of ${twice.name} changed since this suggestion was made: it is now "Whip"`,
        ),
        conflicts: [expect.objectContaining({ fieldUpdateId: chair.id })],
      },
      { fieldUpdateId: phone.id, status: "approved" },
    ]);
    expect(await db.official.findUniqueOrThrow({ where: { id: twice.id } })).toMatchObject({ leadership: "Whip", phone: "202-555-0133" });
    expect((await db.official.findUniqueOrThrow({ where: { id: changed.id } })).phone).toBe("202-555-0132");
    // The skipped ones left nothing written and still wait.
    expect(await db.fieldUpdate.count({ where: { id: { in: [stale.id, chair.id] }, status: "pending" } })).toBe(2);
    expect(await db.provenance.count({ where: { fieldUpdateId: { in: [stale.id, chair.id] } } })).toBe(0);

    // Nothing approvable: the refusal's status, with the same outcome.
    const none = await post(bulkApprove, "/x", { updateIds: [stale.id, 987_654] }, admin);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ approved: 0, skipped: 2, summary: "Approved 0, skipped 2" });
    expect(none.body.results[1]).toMatchObject({ fieldUpdateId: 987_654, status: "skipped", reason: "No update has the id 987654." });
  });

  test("bulk calls refuse an empty choice (400), unknown ids (404) and decided ones (409)", async () => {
    expect((await post(bulkApprove, "/x", { updateIds: [] }, admin)).body).toMatchObject({ message: "Choose at least one update." });
    expect((await post(bulkApprove, "/x", {}, admin)).status).toBe(400);
    // Beyond the 32-bit ids rows can have: a 400, not a database error.
    expect(await post(bulkApprove, "/x", { updateIds: [2_147_483_648] }, admin)).toMatchObject({
      status: 400,
      body: { message: "Each update id must be a positive whole number." },
    });
    expect((await post(bulkReject, "/x", { updateIds: [987_654] }, admin)).status).toBe(404);
    const [decidedOne] = await db.fieldUpdate.findMany({ where: { status: "approved" }, take: 1 });
    expect((await post(bulkReject, "/x", { updateIds: [decidedOne.id] }, admin)).status).toBe(409);
  });
});

describe("state edits", () => {
  test("an admin's edit is validated (2-letter abbreviation, URL) and applies at once, recorded as approved", async () => {
    const vermont = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
    const put = (body: unknown, cookie = admin) =>
      answer(
        callRoute(stateRoute.action, `/api/states/${vermont.id}`, { method: "PUT", params: { id: String(vermont.id) }, body, cookie }),
      );

    const bad = await put({ name: "", abbreviation: "VRM", officialWebsite: "vermont dot gov", population: "many" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      name: ["State name is required"],
      abbreviation: ["State abbreviation must be 2 characters"],
      officialWebsite: ["Please enter a valid URL"],
      population: ["Population must be a whole number"],
    });
    expect((await put({ abbreviation: "NH" })).body).toMatchObject({
      errors: { abbreviation: ["New Hampshire already has the abbreviation NH."] },
    });
    expect(await db.state.findUniqueOrThrow({ where: { id: vermont.id } })).toMatchObject({
      abbreviation: "VT",
      officialWebsite: vermont.officialWebsite,
    });

    const ok = await put({ officialWebsite: "https://vermont.gov", population: 643503, notes: "Checked against the 2020 census" });
    expect(ok).toMatchObject({
      status: 200,
      body: {
        status: "applied",
        applied: 3,
        state: { officialWebsite: "https://vermont.gov", population: 643503, notes: "Checked against the 2020 census" },
      },
    });
    const shown = await answer(callRoute(stateRoute.loader, "/x", { params: { id: String(vermont.id) }, cookie: admin }));
    expect(shown.body).toMatchObject({ officialWebsite: "https://vermont.gov", population: 643503 });
    const record = await db.dataUpdate.findFirstOrThrow({
      where: { entityType: "state", entityId: vermont.id },
      include: { fieldUpdates: true },
    });
    expect(record).toMatchObject({ status: "approved", submittedById: adminId, approvedById: adminId, updateType: "manual" });
    expect(record.previousData).toMatchObject({ population: String(vermont.population), officialWebsite: vermont.officialWebsite });
    expect(record.fieldUpdates.map((f) => [f.fieldName, f.status, f.reviewedById])).toEqual(
      expect.arrayContaining([
        ["population", "approved", adminId],
        ["officialWebsite", "approved", adminId],
        ["notes", "approved", adminId],
      ]),
    );
    expect(
      await db.provenance.findUnique({
        where: { entityType_entityId_fieldName: { entityType: "state", entityId: vermont.id, fieldName: "population" } },
      }),
    ).toMatchObject({
      method: "staff_edit",
    });

    // Clearing a field is an edit too; a moderator's state edit waits for review.
    expect((await put({ notes: "" })).body).toMatchObject({ status: "applied", state: { notes: null } });
    expect((await put({ electoralVotes: 4 }, moderator)).body).toMatchObject({ status: "pending_review", suggestions: 1 });
    expect((await db.state.findUniqueOrThrow({ where: { id: vermont.id } })).electoralVotes).toBe(vermont.electoralVotes);
  });

  test("changing an official's party recomputes the state's political leaning", async () => {
    const dc = await db.state.findUniqueOrThrow({ where: { abbreviation: "DC" }, include: { officials: true } });
    expect(dc.officials).toHaveLength(1);
    expect(dc.politicalLeaning).toBe("Democratic");
    expect((await editOfficial(dc.officials[0].id, { party: "Republican" }, admin)).body.status).toBe("applied");
    expect((await db.state.findUniqueOrThrow({ where: { id: dc.id } })).politicalLeaning).toBe("Republican");
  });
});

describe("missing data", () => {
  test("lists officials missing critical fields by priority; a moderator's submission waits for review", async () => {
    const [target, flagged] = await db.official.findMany({ where: { office: "Governor" }, orderBy: { id: "asc" }, take: 2 });
    await db.official.update({ where: { id: target.id }, data: { phone: null, website: null } });
    await db.official.update({
      where: { id: flagged.id },
      data: {
        biography: null,
        phone: "555-0100",
        website: "https://gov.example.gov",
        email: "gov@example.gov",
        officeAddress: "1 Capitol Sq",
      },
    });
    await db.missingDataFlag.create({ data: { officialId: flagged.id, priority: "high", missingCriticalFields: ["biography"] } });

    const list = (await get(missing, "/api/admin/missing-data", moderator)).body;
    const item = list.find((i: { representativeId: number }) => i.representativeId === target.id);
    expect(item).toMatchObject({
      priority: "high",
      office: "Governor",
      missingCriticalFields: expect.arrayContaining(["phone", "websiteUrl"]),
    });
    expect(list.find((i: { representativeId: number }) => i.representativeId === flagged.id)?.priority).toBe("high");
    const priorities = list.map((i: { priority: string }) => i.priority);
    expect(priorities.indexOf("low") === -1 || priorities.lastIndexOf("high") < priorities.indexOf("low")).toBe(true);
    const searched = (await get(missing, `/api/admin/missing-data?search=${encodeURIComponent(target.name)}`, moderator)).body;
    expect(searched.map((i: { representativeId: number }) => i.representativeId)).toContain(target.id);

    const patch = (body: unknown) =>
      answer(callRoute(missingUpdate.action, "/x", { method: "PATCH", params: { repId: String(target.id) }, body, cookie: moderator }));
    expect(await patch({ notes: "nothing else" })).toMatchObject({ status: 400, body: { message: "Enter at least one field." } });
    expect(await patch({ websiteUrl: "governor" })).toMatchObject({
      status: 400,
      body: { errors: { websiteUrl: ["Please enter a valid URL"] } },
    });
    const submittedOne = await patch({
      phone: "202-555-0199",
      websiteUrl: "https://governor.example.gov",
      email: "",
      notes: "From the state directory",
    });
    expect(submittedOne.body).toMatchObject({ status: "pending_review", suggestions: 2 });
    expect((await db.official.findUniqueOrThrow({ where: { id: target.id } })).phone).toBeNull();
    const again = (await get(missing, "/api/admin/missing-data", moderator)).body.find(
      (i: { representativeId: number }) => i.representativeId === target.id,
    );
    expect(again.pendingFields.sort()).toEqual(["phone", "websiteUrl"]);
    const record = await db.dataUpdate.findUniqueOrThrow({ where: { id: submittedOne.body.dataUpdateId } });
    expect(record).toMatchObject({ status: "pending", notes: "From the state directory", submittedById: moderatorId });
  });
});

describe("the review page's calls", () => {
  test("the pending lists come 50 a page, newest first, with links to the pages either side", async () => {
    const officials = await db.official.findMany({ where: { office: "Representative" }, orderBy: { id: "asc" }, take: 60 });
    for (const [i, o] of officials.entries())
      await submitStaffEdit(
        db,
        { id: moderatorId, role: "moderator" },
        { entityType: "official", entityId: o.id, values: { leadership: `Page ${i}` } },
      );
    const newestFirst = { orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }], select: { id: true } };
    const all = (await db.dataUpdate.findMany({ where: { status: "pending" }, ...newestFirst })).map((u) => u.id);
    const ids = (body: { pending: { id: number }[] }) => body.pending.map((u) => u.id);

    const first = (await get(reviewList, "/api/admin/data-updates", moderator)).body;
    expect(first.counts.pending).toBe(all.length);
    expect(ids(first)).toEqual(all.slice(0, 50));
    expect(first.previous).toBeNull();
    const second = (await get(reviewList, `/api/admin/data-updates?after=${first.next.after}`, moderator)).body;
    expect(ids(second)).toEqual(all.slice(50, 100));
    const back = (await get(reviewList, `/api/admin/data-updates?before=${second.previous.before}`, moderator)).body;
    expect(ids(back)).toEqual(all.slice(0, 50));

    // The grouped field updates: the next page's address in the Link header.
    const fields = (await db.fieldUpdate.findMany({ where: { status: "pending" }, ...newestFirst })).map((u) => u.id);
    const response = await callRoute(pendingGrouped.loader, "/api/admin/pending-updates-grouped", { cookie: admin });
    const groups: { update_ids: number[] }[] = await response.json();
    expect(groups.flatMap((g) => g.update_ids)).toEqual(fields.slice(0, 50));
    const next = /<([^>]+)>; rel="next"/.exec(response.headers.get("Link") ?? "")![1];
    const page2: { update_ids: number[] }[] = (await get(pendingGrouped, next, admin)).body;
    expect(page2.flatMap((g) => g.update_ids)).toEqual(fields.slice(50, 100));
  });

  test("counts, pending list; reject through approve {approved: false} keeps the notes; deciding twice is a 409", async () => {
    const official = await senator(4);
    const { body } = await editOfficial(official.id, { leadership: "Whip" }, moderator);
    const overview = (await get(reviewList, "/api/admin/data-updates", moderator)).body;
    expect(overview.counts.pending).toBeGreaterThan(0);
    expect(overview.pending.find((u: { id: number }) => u.id === body.dataUpdateId)).toMatchObject({
      entityType: "official",
      updateType: "manual",
      status: "pending",
      submittedByName: "Maya Moderator",
      newData: { leadership: "Whip" },
    });
    const rejected = await post(approveRoute, "/x", { approved: false, notes: "Not a leadership post" }, admin, {
      updateId: String(body.dataUpdateId),
    });
    expect(rejected).toMatchObject({ status: 200, body: { message: "Update rejected", rejected: 1 } });
    expect(await db.dataUpdate.findUniqueOrThrow({ where: { id: body.dataUpdateId } })).toMatchObject({
      status: "rejected",
      adminNotes: "Not a leadership post",
      approvedById: adminId,
    });
    expect((await post(approveRoute, "/x", {}, admin, { updateId: String(body.dataUpdateId) })).status).toBe(409);
    expect((await post(approveRoute, "/x", {}, admin, { updateId: "424242" })).status).toBe(404);
    expect((await post(approveRoute, "/x", {}, admin, { updateId: "x" })).status).toBe(404);
  });
});
