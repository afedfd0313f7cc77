/** The object without its undefined fields (what JSON would drop anyway, gone before a spread or a comparison). */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
