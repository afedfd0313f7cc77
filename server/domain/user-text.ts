/**
 * User text never holds C0 control characters other than tab, line feed and carriage return:
 * PostgreSQL cannot store NUL at all (it answered 500, error 22021), and the others only ever
 * arrive from broken or hostile clients. One rule, checked for every string of every input before
 * its schema runs (`controlCharacterPath`), and available to schemas and forms as `userText`.
 */
export const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters (such as NUL)";

export function hasControlCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}
