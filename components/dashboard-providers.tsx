import type { ReactNode } from "react";
import { LocaleProvider } from "./locale/locale-provider";
import { requestLocale } from "./locale/request-locale";
import { TrpcProvider } from "./trpc-provider";

/** What every signed-in page runs inside: the user's locale (resolved on the server) and tRPC. */
export async function DashboardProviders({ children }: { children: ReactNode }) {
  const settings = await requestLocale();
  return (
    <LocaleProvider settings={settings}>
      <TrpcProvider redirectWhenSessionEnds>{children}</TrpcProvider>
    </LocaleProvider>
  );
}
