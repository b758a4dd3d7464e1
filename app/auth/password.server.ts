// Password hashing: argon2id with the library's recommended cost.
import { hash, verify, Algorithm } from "@node-rs/argon2";

export const hashPassword = (password: string) => hash(password, { algorithm: Algorithm.Argon2id });

export async function verifyPassword(password: string, passwordHash: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never authenticates
  }
}
