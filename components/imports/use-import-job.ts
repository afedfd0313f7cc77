"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useConfirm } from "../modal";
import { refreshQueries, showAnswer } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { isRunning, type ImportJob } from "./import-types";

const POLL_MS = 1_000;

/**
 * One import under review: its job, polled while the worker books it, and what a person can do to
 * it (read the file again, confirm, undo, discard). Other pages' data is refreshed when the books change.
 */
export function useImportJob(jobId: string, onDiscarded: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The preview comes a page at a time (1,000 rows); a write's answer carries the first page.
  const [previewPage, setPreviewPage] = useState(1);
  const showJob = async (answer: { data: ImportJob }) => {
    setPreviewPage(1);
    void refreshQueries(queryClient, trpc.imports.list.queryKey());
    await showAnswer(queryClient, trpc.imports.get.queryKey({ id: jobId }), { data: answer.data });
  };
  // Booked or undone: balances, transactions and reports other pages keep are out of date.
  const refreshBooks = () => {
    const areas = [
      trpc.wallets,
      trpc.accounts,
      trpc.transactions,
      trpc.reports,
      trpc.insights,
      trpc.budgets,
      trpc.goals,
    ];
    void refreshQueries(queryClient, ...areas.map((area) => area.pathKey()));
  };
  // The service kept the file: read it again with the choice, into the same import.
  const reparse = useMutation(trpc.imports.reparse.mutationOptions({ onSuccess: showJob }));
  // Undo: the first try keeps rows changed since the import; when the service names them, the next one removes them too.
  const [force, setForce] = useState(false);
  const revert = useMutation(
    trpc.imports.revert.mutationOptions({
      onSuccess: (answer) => {
        refreshBooks();
        return showJob(answer);
      },
      onError: () => setForce(true),
    }),
  );
  const undo = useConfirm(revert, () => ({ id: jobId, force }));
  const undoDialog = {
    ...undo.dialog,
    onCancel: () => {
      setForce(false);
      undo.dialog.onCancel();
    },
  };
  const discard = useMutation(
    trpc.imports.discard.mutationOptions({
      onSuccess: () => {
        void refreshQueries(queryClient, trpc.imports.list.queryKey());
        onDiscarded();
      },
    }),
  );
  const query = useQuery({
    ...trpc.imports.get.queryOptions(previewPage === 1 ? { id: jobId } : { id: jobId, preview_page: previewPage }),
    // Another page of the same job keeps the current one on screen until it arrives.
    placeholderData: (previous) => (previous?.data.id === jobId ? previous : undefined),
    refetchInterval: (current) =>
      current.state.data && isRunning(current.state.data.data.attributes.status) ? POLL_MS : false,
  });
  const confirm = useMutation(trpc.imports.confirm.mutationOptions({ onSuccess: showJob }));
  const status = query.data?.data.attributes.status;
  // Booked while this page watched: other pages' balances are out of date (opening a completed import changes nothing).
  const watched = useRef(status);
  useEffect(() => {
    const before = watched.current;
    watched.current = status;
    if (status === "completed" && before !== undefined && isRunning(before)) refreshBooks();
  });
  useEffect(() => {
    // The history shows the final counts once the worker is done.
    if (status === "completed" || status === "failed") void refreshQueries(queryClient, trpc.imports.list.queryKey());
  }, [status, queryClient, trpc]);
  return { query, setPreviewPage, reparse, undo, undoDialog, force, discard, confirm };
}
