"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { MAX_BATCH_CALLS } from "@/server/batch-limit";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { signOut } from "next-auth/react";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/routers";
import { isRetryable, sessionEnded } from "./trpc-errors";

const { TRPCProvider, useTRPC: useTrpcContext } = createTRPCContext<AppRouter>();

export const useTRPC = useTrpcContext;

let leaving = false;

/** The server-side session ended: drop the next-auth cookie too and go to the sign-in page. */
async function leaveDashboard(): Promise<void> {
  if (leaving) return;
  leaving = true;
  await signOut({ redirect: false }).catch(() => undefined);
  window.location.assign("/sign-in?reason=session-ended");
}

function makeQueryClient(redirectWhenSessionEnds: boolean): QueryClient {
  const onError = (error: unknown) => {
    if (redirectWhenSessionEnds && sessionEnded(error)) void leaveDashboard();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A refusal answers the same the second time; only a failure of the server or network is retried.
        retry: (failures, error) => isRetryable(error) && failures < 2,
      },
    },
  });
}

/**
 * tRPC over /api/trpc for the dashboard. The browser sends its next-auth cookie; the route turns
 * it into the session's Bearer token. `redirectWhenSessionEnds`: for signed-in pages only (on the
 * reset-password page a TOKEN_* code is about the reset link, not a session).
 */
export function TrpcProvider({
  children,
  redirectWhenSessionEnds = false,
}: {
  children: ReactNode;
  redirectWhenSessionEnds?: boolean;
}) {
  const [queryClient] = useState(() => makeQueryClient(redirectWhenSessionEnds));
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", maxItems: MAX_BATCH_CALLS })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
