// A field the visitor changed before the page's scripts arrived (the home page loads them at the
// first key or touch, so typing often starts first) keeps what they typed or moved: once the field
// hydrates, its value is applied as if it had just changed.
import { useEffect, type RefObject } from "react";

export function useEarlyInput(field: RefObject<HTMLInputElement>, rendered: string, apply: (value: string) => void) {
  useEffect(() => {
    const value = field.current?.value;
    if (value !== undefined && value !== rendered) apply(value);
    // Once, when the field hydrates.
  }, []);
}
