// The server half of /privacy (app/routes/privacy.tsx): the support address. One .server module per
// page keeps its browser bundle free of server stubs (decision 0027).
import { env } from "~/env.server";

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL };
}
