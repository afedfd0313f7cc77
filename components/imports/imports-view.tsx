"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorNotice, PageHeading, QueryState } from "../page-parts";
import { refreshQueries, showAnswer } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { ImportReview } from "./import-review";
import type { ImportJob } from "./import-types";
import { RecentImports } from "./recent-imports";
import { UploadForm } from "./upload-form";
import type { StatementUpload } from "./upload-statement";

/** Statement imports: upload, review the preview, confirm, watch it being booked; the recent ones below. */
export function ImportsView() {
  const t = useTranslations("imports.view");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.imports.accounts.queryOptions());
  const recent = useQuery(trpc.imports.list.queryOptions({ limit: 20 }));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [uploadedTo, setUploadedTo] = useState<{ jobId: string; accountId: string } | null>(null);

  const show = (job: ImportJob, upload: StatementUpload) => {
    void showAnswer(queryClient, trpc.imports.get.queryKey({ id: job.id }), { data: job });
    void refreshQueries(queryClient, trpc.imports.list.queryKey());
    setUploadedTo({ jobId: job.id, accountId: upload.accountId });
    setSelectedId(job.id);
  };

  const selected = recent.data?.data.find((job) => job.id === selectedId);
  const selectedAccountId =
    selected?.attributes.account_id ?? (uploadedTo?.jobId === selectedId ? uploadedTo.accountId : undefined);
  const accountName =
    accounts.data?.find((account) => account.id === selectedAccountId)?.name ?? selected?.attributes.account_name ?? "";

  return (
    <>
      <PageHeading title={t("title")} description={t("description")} />

      <ErrorNotice error={accounts.error} />
      {accounts.data && accounts.data.length === 0 ? <p className="notice notice-info">{t("noWallet")}</p> : null}
      {accounts.data && accounts.data.length > 0 ? <UploadForm accounts={accounts.data} onUploaded={show} /> : null}

      {selectedId ? (
        <ImportReview
          key={selectedId}
          jobId={selectedId}
          accountName={accountName}
          onDiscarded={() => setSelectedId(null)}
        />
      ) : null}

      <section className="group-section" aria-labelledby="recent-imports-title">
        <h2 id="recent-imports-title">{t("recentTitle")}</h2>
        <QueryState query={recent} loading={t("loading")} />
        {recent.data ? (
          <RecentImports imports={recent.data.data} selectedId={selectedId} onOpen={setSelectedId} />
        ) : null}
      </section>
    </>
  );
}
