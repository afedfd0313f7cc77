/** OFX 1.x/2.x and QFX statements: `parseOfx(bytes, options, fileType?)`, `looksLikeOfx(bytes)`. */
export { parseOfx } from "./parse-ofx";
