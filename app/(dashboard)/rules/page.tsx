import type { Metadata } from "next";
import { RulesView } from "@/components/rules/rules-view";
import "./rules.css";

export const metadata: Metadata = { title: "Rules" };

export default function RulesPage() {
  return <RulesView />;
}
