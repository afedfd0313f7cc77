import type { ReactNode } from "react";
import { SettingsNav } from "@/components/settings/settings-nav";

/** Tokens, members, security and preferences: the pages about the account rather than the money. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SettingsNav />
      {children}
    </>
  );
}
