// The staff JSON edits as a hostile or careless client calls them: a field the call does not
// take, a value of the wrong type, or an empty body is a 400 naming the field, never a 200
// "unchanged"; nothing is written; a valid partial edit still works. Also the phone and date of
// birth rules on PUT /api/representatives/{id}.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import * as missingUpdate from "~/routes/api.admin.representative.$repId.update";
import * as leadRoute from "~/routes/api.leads.$id";
import * as representative from "~/routes/api.representatives.$id";
import * as stateRoute from "~/routes/api.states.$id";
import { answer, callRoute, cookieFor } from "../support/route-calls";

let admin: string;
let moderator: string;
let officialId: number;
let stateId: number;
let leadId: number;
beforeAll(async () => {
  admin = await cookieFor("admin@civicatlas.test");
  moderator = await cookieFor("moderator@civicatlas.test");
  const vt = await db.state.findUniqueOrThrow({ where: { abbreviation: "VT" } });
  stateId = vt.id;
  officialId = (
    await db.official.create({
      data: {
        name: "Strict Json",
        firstName: "Strict",
        lastName: "Json",
        party: "Independent",
        office: "Senator",
        stateId,
        isActive: false,
      },
    })
  ).id;
  leadId = (await db.lead.create({ data: { email: `strict-json-${Date.now()}@example.org` } })).id;
});

type Endpoint = {
  call: string;
  method: string;
  handler: (args: never) => unknown;
  params: () => Record<string, string>;
  wrongType: Record<string, unknown>;
  valid: Record<string, unknown>;
};
const ENDPOINTS: Endpoint[] = [
  {
    call: "PUT /api/representatives/{id}",
    method: "PUT",
    handler: representative.action,
    params: () => ({ id: String(officialId) }),
    wrongType: { religion: 12345 },
    valid: { religion: "Quaker" },
  },
  {
    call: "PUT /api/states/{id}",
    method: "PUT",
    handler: stateRoute.action,
    params: () => ({ id: String(stateId) }),
    wrongType: { notes: 12345 },
    valid: { notes: "Checked by the strict JSON test." },
  },
  {
    call: "PATCH /api/admin/representative/{id}/update",
    method: "PATCH",
    handler: missingUpdate.action,
    params: () => ({ repId: String(officialId) }),
    wrongType: { officeAddress: 12345 },
    valid: { officeAddress: "1 Strict Street, Montpelier, VT 05602" },
  },
  {
    call: "PUT /api/leads/{id}",
    method: "PUT",
    handler: leadRoute.action,
    params: () => ({ id: String(leadId) }),
    wrongType: { city: 12345 },
    valid: { city: "Ruleville" },
  },
];

const send = (e: Endpoint, body: unknown) =>
  answer(callRoute(e.handler, "/x", { method: e.method, params: e.params(), body, cookie: admin }));

describe.each(ENDPOINTS)("$call", (e) => {
  test("an unknown field is a 400 naming it", async () => {
    const refused = await send(e, { ...e.valid, bogusField: "x" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: "bogusField",
      message: "Unknown field: bogusField.",
      errors: { bogusField: ["Unknown field: bogusField."] },
    });
  });

  test("a value of the wrong type is a 400 naming the field", async () => {
    const [field] = Object.keys(e.wrongType);
    const refused = await send(e, e.wrongType);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe(field);
    expect(refused.body.errors[field]).toEqual([expect.stringMatching(/expected string, received number/)]);
  });

  test("an empty body, an empty object, and a body that is not an object are 400s", async () => {
    for (const body of [undefined, "", {}, [], "null"]) {
      const refused = await send(e, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await send(e, undefined)).body.message).toMatch(/Send at least one field to change\.|Enter at least one field\./);
  });

  test("a valid partial edit still works", async () => {
    const saved = await send(e, e.valid);
    expect(saved.status).toBe(200);
  });
});

describe("phones and dates of birth through PUT /api/representatives/{id}", () => {
  const edit = (body: unknown, cookie = admin) =>
    answer(callRoute(representative.action, "/x", { method: "PUT", params: { id: String(officialId) }, body, cookie }));

  test("the office address is not a field of this form: sending it is a 400 naming it, nothing is saved", async () => {
    const refused = await edit({ officeAddress: 12345, religion: "Shaker" });
    expect(refused).toMatchObject({ status: 400, body: { field: "officeAddress" } });
    expect((await db.official.findUniqueOrThrow({ where: { id: officialId } })).religion).not.toBe("Shaker");
  });

  test("a phone that is not a US number is refused; one in another format is stored as 202-224-3121", async () => {
    for (const phone of ["abc", "call me maybe", "555-0100"]) {
      const refused = await edit({ phone });
      expect(refused.status, phone).toBe(400);
      expect(refused.body.errors.phone, phone).toEqual([expect.stringMatching(/^Enter a US phone number/)]);
    }
    expect((await edit({ phone: "+1 202.224.3121" })).status).toBe(200);
    expect((await db.official.findUniqueOrThrow({ where: { id: officialId } })).phone).toBe("202-224-3121");
  });

  test("a future date of birth or one under 18 is refused; a 27-year-old senator is saved with a warning", async () => {
    expect((await edit({ dateOfBirth: "2030-01-01" })).body.errors).toEqual({ dateOfBirth: ["Date of birth must be in the past"] });
    const year = new Date().getFullYear();
    expect((await edit({ dateOfBirth: `${year - 10}-01-01` })).body.errors).toEqual({
      dateOfBirth: ["Date of birth must make the person at least 18"],
    });
    const young = `${year - 28}-12-31`; // 27 until the last day of the year
    const saved = await edit({ dateOfBirth: young });
    expect(saved.status).toBe(200);
    expect(saved.body.warning).toMatch(/^Check the date of birth: it makes them 2[78], younger than the 30 years a senator must be\.$/);
    expect((await db.official.findUniqueOrThrow({ where: { id: officialId } })).dateOfBirth).toBe(young);
    const suggested = await edit({ dateOfBirth: `${year - 29}-12-31` }, moderator);
    expect(suggested.body).toMatchObject({ status: "pending_review", warning: expect.stringMatching(/younger than the 30 years/) });
  });
});
