import type { Metadata } from "next";
import { TokensView } from "@/components/tokens/tokens-view";

export const metadata: Metadata = { title: "Access tokens" };

export default function TokensPage() {
  return <TokensView />;
}
