/** SWIFT MT940 customer statements: `parseMt940(bytes, options)`, `looksLikeMt940(bytes)`. */
export { looksLikeMt940, parseMt940 } from "./parse-mt940";
