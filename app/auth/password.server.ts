// Password hashing: argon2id (the library's default algorithm) with its recommended cost.
import { hash, verify } from "@node-rs/argon2";

export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(password: string, passwordHash: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never authenticates
  }
}
