import { z } from "zod";

/**
 * The `since` parameter of every list a client can keep a copy of (docs/api.md "Keeping a copy in
 * sync"). Plain zod on its own: the dashboard's pages import the lists' input schemas, and must not
 * pull the server's sync code (and the database client behind it) into the browser's bundle.
 */
export const sinceInput = {
  since: z
    .string()
    .min(1)
    .max(200)
    .meta({
      description:
        "A previous answer's meta.server_knowledge: answer only what was created, changed or deleted after that answer " +
        "was read (deleted rows in `deleted`), oldest change first, by cursor (follow next_cursor alone to the last page, " +
        "then keep that page's server_knowledge). `0`: the whole list from the start, the safe first full read. Takes " +
        "limit and cursor, no filter. A token of another list or not from this API is 400; one older than the 90 days " +
        "deletions are kept is 410 SYNC_TOKEN_EXPIRED (read in full again).",
    })
    .optional(),
};
