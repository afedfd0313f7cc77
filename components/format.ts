/** Wording helpers. Numbers, amounts and dates are formatted in the user's locale by useFormat() (components/locale). */

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
