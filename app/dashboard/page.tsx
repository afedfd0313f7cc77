import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

/** /dashboard is the Tokens page (which sends anyone signed out to the sign-in page). */
export default function DashboardPage() {
  redirect("/tokens");
}
