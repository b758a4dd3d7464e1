// A request the domain refuses, with the HTTP status a JSON call answers and the details the page
// shows (field errors, conflicting fields). Models throw it; routes turn it into a 4xx or a toast.

export type FieldErrors = Record<string, string[]>;

export class Refusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 503,
    readonly details: { errors?: FieldErrors; conflicts?: unknown[] } = {},
  ) {
    super(message);
  }
}
