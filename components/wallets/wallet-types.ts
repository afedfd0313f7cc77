import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

export type Wallet = inferRouterOutputs<AppRouter>["wallets"]["list"]["data"][number];
export type WalletAccount = Wallet["attributes"]["accounts"][number];
