import { useRef } from "react";

/**
 * A key that changes with each answer from the server, so the step's fields start again from
 * the values and errors it sent back (and not while the user is typing).
 */
export function useAnswerKey(answer: object | undefined | null): number {
  const ids = useRef(new WeakMap<object, number>());
  const next = useRef(0);
  if (!answer) return 0;
  if (!ids.current.has(answer)) ids.current.set(answer, ++next.current);
  return ids.current.get(answer)!;
}
