// GET /avatars/{hash}-{120|240}.{webp|jpg}: a single sign-on user's stored picture
// (app/models/user-avatars.server.ts). Personal, so it is served only to its owner and to staff
// who may open that user's detail page (decision 0026); to anyone else it does not exist (404).
// The address changes whenever the picture does, so the browser may keep it, but no shared cache.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/auth/permissions";
import { isRole } from "~/auth/roles";
import { getUser } from "~/auth/session.server";
import { db } from "~/db.server";
import { PHOTO_FILE, type PhotoFormat, type PhotoWidth } from "~/lib/photos";
import { avatarBytes } from "~/models/user-avatars.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = PHOTO_FILE.exec(params.file ?? "");
  const viewer = match && (await getUser(request));
  const anyUser = Boolean(viewer && isRole(viewer.role) && can(viewer.role, "page:user-detail"));
  const bytes =
    viewer && (await avatarBytes(db, match[1], Number(match[2]) as PhotoWidth, match[3] as PhotoFormat, { userId: viewer.id, anyUser }));
  if (!bytes)
    return new Response("No picture has this address.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(bytes, {
    headers: {
      "Content-Type": match[3] === "webp" ? "image/webp" : "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, max-age=31536000, immutable",
    },
  });
}
