import type { Metadata } from "next";
import { WalletDetail } from "@/components/wallets/wallet-detail";

export const metadata: Metadata = { title: "Wallet" };

export default async function WalletPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WalletDetail id={id} />;
}
