// remix-auth: the password (form) strategy. SSO strategies join it here.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { SignInSchema } from "~/auth/account-schemas";
import { db } from "~/db.server";
import { verifyLogin } from "~/models/users.server";

export const authenticator = new Authenticator<{ id: string }>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = SignInSchema.parse(Object.fromEntries(form));
    return verifyLogin(db, parsed.email, parsed.password);
  }),
  "password",
);
