"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { AppRouter } from "@/server/routers";
import { useFormat } from "../locale/locale-provider";
import { ConfirmDialog, useConfirm } from "../modal";
import { DataTable, ErrorNotice, ItemButton, PageHeading, QueryList } from "../page-parts";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import { CreateWebhookDialog, NewSecretDialog } from "./create-webhook-dialog";

type Endpoint = inferRouterOutputs<AppRouter>["webhooks"]["list"]["data"][number];
type Delivery = inferRouterOutputs<AppRouter>["webhooks"]["deliveries"]["data"][number];

const DELIVERY_PAGE = 20;
/** The log is read again this often while it shows a delivery still pending. */
const PENDING_REFRESH_MS = 2_000;

/**
 * The workspace's webhook endpoints: add one (its secret shown once), send a test event, rotate the
 * secret, pause or resume, delete; and each endpoint's delivery log, with a retry for a failed one.
 * An endpoint the service disabled after 5 days of failures says so here.
 */
export function WebhooksView() {
  const t = useTranslations("webhooks.view");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const list = useQuery(trpc.webhooks.list.queryOptions({ page: 1, limit: 50 }));
  const refresh = () => refreshQueries(queryClient, trpc.webhooks.list.queryKey(), trpc.webhooks.deliveries.queryKey());
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: () => void refresh() }));
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: (answer) => {
        setShown(answer.data.endpoint_id);
        void refresh();
      },
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      gcTime: 0,
      onSuccess: (answer) => {
        setSecret({ name: answer.data.attributes.url, secret: answer.data.attributes.secret });
        void refresh();
      },
    }),
  );
  const remove = useConfirm(
    useMutation(trpc.webhooks.delete.mutationOptions({ onSuccess: () => void refresh() })),
    (endpoint: Endpoint) => ({ id: endpoint.id }),
  );

  return (
    <>
      <PageHeading
        title={t("title")}
        description={t.rich("description", {
          link: (chunks) => <a href="https://www.standardwebhooks.com">{chunks}</a>,
        })}
        actions={[{ label: t("add"), onClick: () => setCreating(true) }]}
      />
      <ErrorNotice error={update.error ?? test.error ?? rotate.error} />

      <QueryList query={list} loading={t("loading")} empty={t("empty")}>
        {(endpoints) => (
          <DataTable
            className="card-table"
            caption={t("caption")}
            columns={[t("columns.url"), t("columns.events"), t("columns.status"), t("columns.created")]}
            actions
          >
            {endpoints.map((endpoint) => (
              <EndpointRow
                key={endpoint.id}
                endpoint={endpoint}
                onDeliveries={() => setShown(shown === endpoint.id ? null : endpoint.id)}
                deliveriesShown={shown === endpoint.id}
                onTest={() => test.mutate({ id: endpoint.id })}
                onRotate={() => rotate.mutate({ id: endpoint.id })}
                onToggle={() => update.mutate({ id: endpoint.id, enabled: !endpoint.attributes.enabled })}
                onDelete={() => remove.ask(endpoint)}
              />
            ))}
          </DataTable>
        )}
      </QueryList>

      {shown ? <DeliveryLog endpoint={list.data?.data.find((endpoint) => endpoint.id === shown)} /> : null}

      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void refresh()} />
      <NewSecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog {...remove.dialog} title={t("deleteTitle")} confirmLabel={t("deleteConfirm")}>
        <p>
          {t.rich("deleteBody", {
            url: remove.item?.attributes.url ?? "",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}

function EndpointRow({
  endpoint,
  deliveriesShown,
  onDeliveries,
  onTest,
  onRotate,
  onToggle,
  onDelete,
}: {
  endpoint: Endpoint;
  deliveriesShown: boolean;
  onDeliveries: () => void;
  onTest: () => void;
  onRotate: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("webhooks");
  const format = useFormat();
  const { url, description, events, enabled, disabled_reason, failing_since, created_at } = endpoint.attributes;
  const status = enabled
    ? failing_since
      ? "failing"
      : "active"
    : disabled_reason === "failing"
      ? "disabled"
      : "paused";
  return (
    <tr>
      <td>
        <code className="break-anywhere">{url}</code>
        {description ? <div className="muted">{description}</div> : null}
      </td>
      <td data-label={t("view.columns.events")}>
        <ul className="chips">
          {events.map((event) => (
            <li key={event}>
              <code>{event}</code>
            </li>
          ))}
        </ul>
      </td>
      <td className="card-figure">
        <span className={`badge badge-webhook-${status}`}>{t("endpoint.status", { status })}</span>
        {status === "disabled" ? (
          <div className="field-hint">{t("endpoint.disabledHint")}</div>
        ) : status === "failing" ? (
          <div className="field-hint">{t("endpoint.failingSince", { since: format.moment(failing_since) })}</div>
        ) : null}
      </td>
      <td data-label={t("view.columns.created")}>{format.instantDay(created_at)}</td>
      <td className="actions">
        <ItemButton
          action={deliveriesShown ? t("endpoint.hideDeliveries") : t("endpoint.deliveries")}
          item={url}
          aria-expanded={deliveriesShown}
          onClick={onDeliveries}
        />
        <ItemButton action={t("endpoint.sendTest")} item={url} onClick={onTest} />
        <ItemButton action={enabled ? t("endpoint.pause") : t("endpoint.enable")} item={url} onClick={onToggle} />
        <ItemButton action={t("endpoint.rotateSecret")} item={url} onClick={onRotate} />
        <ItemButton action={t("endpoint.delete")} item={url} danger onClick={onDelete} />
      </td>
    </tr>
  );
}

/** One endpoint's deliveries, newest first; read again every 2 s while one is pending. */
function DeliveryLog({ endpoint }: { endpoint: Endpoint | undefined }) {
  const t = useTranslations("webhooks.deliveries");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const format = useFormat();
  const id = endpoint?.id ?? "";
  const log = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id, limit: DELIVERY_PAGE }),
    enabled: endpoint !== undefined,
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === "pending") ? PENDING_REFRESH_MS : false,
  });
  const retry = useMutation(
    trpc.webhooks.retryDelivery.mutationOptions({
      onSuccess: () => void refreshQueries(queryClient, trpc.webhooks.deliveries.queryKey()),
    }),
  );
  if (!endpoint) return null;
  return (
    <section aria-labelledby="delivery-log-heading" className="stack">
      <h2 id="delivery-log-heading">
        {t.rich("heading", {
          url: endpoint.attributes.url,
          code: (chunks) => <code className="break-anywhere">{chunks}</code>,
        })}
      </h2>
      <ErrorNotice error={retry.error} />
      <QueryList query={log} loading={t("loading")} empty={t("empty")}>
        {(deliveries) => (
          <DataTable
            className="card-table"
            caption={t("caption", { count: format.number(DELIVERY_PAGE) })}
            columns={[
              t("columns.event"),
              t("columns.status"),
              t("columns.attempts"),
              t("columns.answer"),
              t("columns.latency"),
              t("columns.lastAttempt"),
              t("columns.nextAttempt"),
            ]}
            actions
          >
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                format={format}
                onRetry={() => retry.mutate({ id: endpoint.id, delivery_id: delivery.id })}
              />
            ))}
          </DataTable>
        )}
      </QueryList>
    </section>
  );
}

function DeliveryRow({
  delivery,
  format,
  onRetry,
}: {
  delivery: Delivery;
  format: ReturnType<typeof useFormat>;
  onRetry: () => void;
}) {
  const t = useTranslations("webhooks.deliveries");
  const answer =
    delivery.response_status !== null
      ? `HTTP ${delivery.response_status}${delivery.error ? `: ${delivery.error}` : ""}`
      : (delivery.error ?? "—");
  return (
    <tr>
      <td>
        <code>{delivery.event_type}</code>
      </td>
      <td className="card-figure">
        <span className={`badge badge-delivery-${delivery.status}`}>{t("status", { status: delivery.status })}</span>
      </td>
      <td data-label={t("columns.attempts")}>{delivery.attempts}</td>
      <td data-label={t("columns.answer")}>{answer}</td>
      <td data-label={t("columns.latency")}>{delivery.latency_ms === null ? "—" : `${delivery.latency_ms} ms`}</td>
      <td data-label={t("columns.lastAttempt")}>{format.moment(delivery.last_attempt_at)}</td>
      <td data-label={t("columns.nextAttempt")}>{format.moment(delivery.next_attempt_at, "—")}</td>
      <td className="actions">
        {delivery.status === "pending" ? null : (
          <ItemButton action={t("retry")} item={`${delivery.event_type} ${delivery.webhook_id}`} onClick={onRetry} />
        )}
      </td>
    </tr>
  );
}
