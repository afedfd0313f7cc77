import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { RecurringView } from "@/components/recurring/recurring-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pages.recurring");
  return { title: t("title") };
}

export default function RecurringPage() {
  // RecurringView reads the query (a suggested new rule), which needs a Suspense boundary.
  return (
    <Suspense>
      <RecurringView />
    </Suspense>
  );
}
