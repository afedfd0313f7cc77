import type { InferDataFromTag, QueryClient, QueryKey } from "@tanstack/react-query";

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

/**
 * A write's answer is what the query under `queryKey` now holds. A fetch of it in flight is cancelled
 * first: started before the write (a page's fetch on mount), it would answer later with what it read
 * then, and an import just confirmed would show as unconfirmed again, with nothing left polling it.
 */
export async function showAnswer<TKey extends QueryKey>(
  queryClient: QueryClient,
  queryKey: TKey,
  answer: InferDataFromTag<unknown, TKey>,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, answer);
}
