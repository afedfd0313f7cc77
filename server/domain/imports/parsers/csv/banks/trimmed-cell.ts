/** A data row's cell without surrounding spaces, "" past the row's end: what a headerless profile tests. */
export const trimmedCell = (cells: readonly string[], i: number) => (cells[i] ?? "").trim();
