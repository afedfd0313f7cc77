/** Quicken Interchange Format (QIF) bank, cash and card accounts: `parseQif(bytes, options)`. */
export { parseQif } from "./parse-qif";
