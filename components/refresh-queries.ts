import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * After a write: the queries under each key (every query without one) are stale, and the ones on
 * screen are fetched again. A fetch in flight is cancelled first: React Query v5's invalidation
 * lets a list's first fetch, started before the write, answer with what it read then.
 */
export function refreshQueries(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<unknown> {
  const filters = queryKeys.length > 0 ? queryKeys.map((queryKey) => ({ queryKey })) : [undefined];
  return Promise.all(
    filters.map(async (filter) => {
      await queryClient.cancelQueries(filter);
      await queryClient.invalidateQueries(filter);
    }),
  );
}
