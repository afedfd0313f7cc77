/** ISO 20022 CAMT.052/053/054 bank-to-customer statements: `parseCamt(bytes, options)`. */
export { parseCamt } from "./parse-camt";
