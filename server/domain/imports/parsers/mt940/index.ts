/** SWIFT MT940 customer statements: `parseMt940(bytes, options)`, `looksLikeMt940(bytes)`. */
export { parseMt940 } from "./parse-mt940";
