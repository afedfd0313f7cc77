"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
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
        title="Webhooks"
        description={
          <>
            The service POSTs your workspace&apos;s events (imports, transactions, revoked tokens) to these URLs as they
            happen, signed as <a href="https://www.standardwebhooks.com">Standard Webhooks</a> says and retried for a
            day. See the API reference for each event&apos;s fields.
          </>
        }
        actions={[{ label: "Add endpoint", onClick: () => setCreating(true) }]}
      />
      <ErrorNotice error={update.error ?? test.error ?? rotate.error} />

      <QueryList
        query={list}
        loading="Loading webhook endpoints…"
        empty="No webhook endpoints yet. Add one to have events sent to your script."
      >
        {(endpoints) => (
          <DataTable
            className="card-table"
            caption="Webhook endpoints"
            columns={["URL", "Events", "Status", "Created"]}
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
      <ConfirmDialog {...remove.dialog} title="Delete endpoint?" confirmLabel="Delete endpoint">
        <p>
          <strong>{remove.item?.attributes.url}</strong> is sent nothing more, and its deliveries not yet made are
          dropped. This cannot be undone.
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
      <td data-label="Events">
        <ul className="chips">
          {events.map((event) => (
            <li key={event}>
              <code>{event}</code>
            </li>
          ))}
        </ul>
      </td>
      <td className="card-figure">
        <span className={`badge badge-webhook-${status}`}>{status}</span>
        {status === "disabled" ? (
          <div className="field-hint">Disabled by the service: every delivery failed for 5 days.</div>
        ) : status === "failing" ? (
          <div className="field-hint">Failing since {format.moment(failing_since)}.</div>
        ) : null}
      </td>
      <td data-label="Created">{format.instantDay(created_at)}</td>
      <td className="actions">
        <ItemButton
          action={deliveriesShown ? "Hide deliveries" : "Deliveries"}
          item={url}
          aria-expanded={deliveriesShown}
          onClick={onDeliveries}
        />
        <ItemButton action="Send test" item={url} onClick={onTest} />
        <ItemButton action={enabled ? "Pause" : "Enable"} item={url} onClick={onToggle} />
        <ItemButton action="Rotate secret" item={url} onClick={onRotate} />
        <ItemButton action="Delete" item={url} danger onClick={onDelete} />
      </td>
    </tr>
  );
}

/** One endpoint's deliveries, newest first; read again every 2 s while one is pending. */
function DeliveryLog({ endpoint }: { endpoint: Endpoint | undefined }) {
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
        Deliveries to <code className="break-anywhere">{endpoint.attributes.url}</code>
      </h2>
      <ErrorNotice error={retry.error} />
      <QueryList query={log} loading="Loading deliveries…" empty="Nothing sent to this endpoint yet.">
        {(deliveries) => (
          <DataTable
            className="card-table"
            caption={`The latest ${DELIVERY_PAGE} deliveries, newest first`}
            columns={["Event", "Status", "Attempts", "Answer", "Latency", "Last attempt", "Next attempt"]}
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
        <span className={`badge badge-delivery-${delivery.status}`}>{delivery.status}</span>
      </td>
      <td data-label="Attempts">{delivery.attempts}</td>
      <td data-label="Answer">{answer}</td>
      <td data-label="Latency">{delivery.latency_ms === null ? "—" : `${delivery.latency_ms} ms`}</td>
      <td data-label="Last attempt">{format.moment(delivery.last_attempt_at)}</td>
      <td data-label="Next attempt">{format.moment(delivery.next_attempt_at, "—")}</td>
      <td className="actions">
        {delivery.status === "pending" ? null : (
          <ItemButton action="Retry" item={`${delivery.event_type} ${delivery.webhook_id}`} onClick={onRetry} />
        )}
      </td>
    </tr>
  );
}
