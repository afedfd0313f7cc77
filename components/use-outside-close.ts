"use client";

import { useEffect, type RefObject } from "react";

/** While `open`, a press outside `root` calls `close` (a popover's panel: the account's, a row's actions). */
export function useOutsideClose(open: boolean, root: RefObject<HTMLElement | null>, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open, root, close]);
}
