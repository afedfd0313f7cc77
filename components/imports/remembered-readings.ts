"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import type { ParseOptions } from "./import-types";

/**
 * The workspace's remembered readings ("Remember for this account"): the one of an account, and a
 * function that keeps or forgets it as the editor's checkbox says.
 */
export function useRememberedReadings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const readings = useQuery(trpc.imports.readings.queryOptions());
  const refresh = () => refreshQueries(queryClient, trpc.imports.readings.queryKey());
  const remember = useMutation(trpc.imports.rememberReading.mutationOptions({ onSuccess: refresh }));
  const forget = useMutation(trpc.imports.forgetReading.mutationOptions({ onSuccess: refresh }));

  const of = (accountId: string): ParseOptions | null =>
    (readings.data?.data.find((reading) => reading.account_id === accountId)?.parse_options as
      ParseOptions | undefined) ?? null;

  /** After an applied reading: keep settings for the account, forget its reading, or leave it (null). */
  const settle = async (accountId: string, change: ParseOptions | "forget" | null) => {
    if (change === "forget") await forget.mutateAsync({ account_id: accountId });
    else if (change) await remember.mutateAsync({ account_id: accountId, parse_options: change });
  };

  return { of, settle, forget, error: remember.error ?? forget.error ?? readings.error };
}
