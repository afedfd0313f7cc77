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
        "Only the changes since an earlier answer's meta.server_knowledge (0: everything): changed rows in data, " +
        "deleted in deleted. No filters. 410: read in full again.",
    })
    .optional(),
};
