"use client";

import { useState } from "react";

/** The rows chosen in a list: the choice belongs to the list it was made in (its filters, order and page). */
export function useRowSelection(listKey: string) {
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: listKey, ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const select = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ key: listKey, ids: next });
  };
  const clearSelection = () => setSelection({ key: listKey, ids: new Set() });
  return { selected, select, clearSelection };
}
