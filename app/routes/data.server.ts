// The server half of /data (app/routes/data.tsx): the open-data files, when they were made and the
// jobs' schedule. One .server module per page keeps its browser bundle free of server stubs
// (decision 0027).
import { db } from "~/db.server";
import { env } from "~/env.server";
import { JOB_DEFINITIONS, JOB_TYPES } from "~/jobs/definitions";
import { DATAPACKAGE, FIELDS_OF, RESOURCES } from "~/lib/open-data";
import { currentOpenData } from "~/models/open-data.server";

export async function loader() {
  const manifest = await currentOpenData(db);
  const files = [...RESOURCES, { file: DATAPACKAGE, title: "Data Package", description: "", table: null, format: "json" as const }].map(
    (r) => ({
      file: r.file,
      title: r.title,
      description: r.description,
      columns: r.table ? FIELDS_OF[r.table].length : null,
      bytes: manifest.files[r.file].bytes,
    }),
  );
  const schedule = JOB_TYPES.map((type) => ({ title: JOB_DEFINITIONS[type].title, when: JOB_DEFINITIONS[type].scheduleText }));
  return { files, generatedAt: manifest.generatedAt, schedule, timeZone: env().JOBS_TIME_ZONE };
}
