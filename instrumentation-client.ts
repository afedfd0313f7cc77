import { z } from "zod";

// Runs in the browser before the app's modules. zod compiles object parsers with `new Function`
// when eval is allowed, and even its probe for that is reported as a CSP violation (the pages'
// CSP allows no eval, proxy.ts): parse without compiling, which forms do not notice.
z.config({ jitless: true });
