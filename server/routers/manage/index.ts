import { router } from "../../trpc";

/**
 * The dashboard's data management: session procedures (tRPC only, no REST path) on the same
 * domain functions and zod schemas (server/schemas/) the forms validate with.
 */
export const manageRouter = router({});
