import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Personal Finance API", template: "%s · Personal Finance API" },
  description: "Workspace-scoped personal-finance data, reached with personal access tokens.",
  icons: { icon: "/favicon.svg" },
};

// Rendered per request, never prerendered: each page's scripts carry that response's CSP nonce (proxy.ts).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
