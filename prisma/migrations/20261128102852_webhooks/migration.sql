-- Webhooks (issue 33, Standard Webhooks): the receivers a workspace registers, the outbox of its
-- events and one delivery per event and receiver (server/domain/webhooks/, server/jobs/webhook-worker.ts).
-- An event is written in the transaction of the change it reports, so it exists exactly when the
-- change does; the worker of any instance sends it after the commit.

CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "events" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "webhook_endpoints_workspace_id_idx" ON "webhook_endpoints"("workspace_id");
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_messages" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "write_xid" xid8,

    CONSTRAINT "webhook_messages_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_messages_write_xid_workspace_id_type_key" ON "webhook_messages"("write_xid", "workspace_id", "type");
CREATE INDEX "webhook_messages_workspace_id_created_at_idx" ON "webhook_messages"("workspace_id", "created_at");
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP,
    "locked_at" TIMESTAMPTZ(3),
    "manual_retry" BOOLEAN NOT NULL DEFAULT false,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_response_status" INTEGER,
    "last_latency_ms" INTEGER,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_deliveries_message_id_endpoint_id_key" ON "webhook_deliveries"("message_id", "endpoint_id");
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "webhook_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- budget.exceeded and insight.created are found by looking (server/domain/webhooks/derived-events.ts):
-- each state is announced once per workspace and key, by whichever instance looks first.
CREATE TABLE "webhook_event_marks" (
    "workspace_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_event_marks_pkey" PRIMARY KEY ("workspace_id","key")
);
ALTER TABLE "webhook_event_marks" ADD CONSTRAINT "webhook_event_marks_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Gathers two id lists of one write's event: each id once, in order.
CREATE FUNCTION webhook_gather_ids(earlier jsonb, later jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('ids', COALESCE(jsonb_agg(id ORDER BY id), '[]'::jsonb))
    FROM (SELECT DISTINCT id FROM jsonb_array_elements((earlier->'ids') || (later->'ids')) AS ids(id)) AS distinct_ids
$$;

-- An event of a workspace, written only when an enabled endpoint of the workspace is sent its type,
-- with a delivery to each such endpoint. `gather`: one event per writing transaction, workspace and
-- type, whose ids every later call of the same transaction adds to (the transactions.* events: one
-- event per write, not one per row or statement). Nothing for a workspace being deleted. Returns
-- how many deliveries it added.
CREATE FUNCTION webhook_emit(workspace uuid, event_type text, event_data jsonb, gather boolean) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  message uuid;
  added integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e
                  WHERE e.workspace_id = workspace AND e.enabled AND event_type = ANY (e.events))
     OR NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = workspace) THEN
    RETURN 0;
  END IF;
  IF gather THEN
    INSERT INTO webhook_messages AS m (id, workspace_id, type, data, write_xid)
    VALUES (gen_random_uuid(), workspace, event_type, event_data, pg_current_xact_id())
    ON CONFLICT (write_xid, workspace_id, type) DO UPDATE SET data = webhook_gather_ids(m.data, EXCLUDED.data)
    RETURNING m.id INTO message;
  ELSE
    INSERT INTO webhook_messages (id, workspace_id, type, data)
    VALUES (gen_random_uuid(), workspace, event_type, event_data)
    RETURNING id INTO message;
  END IF;
  -- KEY SHARE: an endpoint deleted meanwhile by a transaction that commits first is skipped, rather
  -- than failing the write that reports the event on its foreign key.
  INSERT INTO webhook_deliveries (id, message_id, endpoint_id, workspace_id)
  SELECT gen_random_uuid(), message, e.id, workspace FROM webhook_endpoints e
   WHERE e.workspace_id = workspace AND e.enabled AND event_type = ANY (e.events)
     FOR KEY SHARE OF e
  ON CONFLICT (message_id, endpoint_id) DO NOTHING;
  GET DIAGNOSTICS added = ROW_COUNT;
  RETURN added;
END
$$;

-- transactions.created, .updated and .deleted from every statement that writes transactions, whatever
-- wrote them (the API, the dashboard, an import, a rule application, a cascade). An update of rows the
-- same transaction created (a transfer's two sides linked) is part of their creation: the created ids
-- are gathered when an endpoint takes either event (a note without deliveries when none takes created).
CREATE FUNCTION webhook_transactions_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text := CASE TG_OP WHEN 'INSERT' THEN 'transactions.created'
                                WHEN 'UPDATE' THEN 'transactions.updated'
                                ELSE 'transactions.deleted' END;
  written record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints e
                  WHERE e.enabled
                    AND (event_type = ANY (e.events) OR (TG_OP = 'INSERT' AND 'transactions.updated' = ANY (e.events)))) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    FOR written IN SELECT workspace_id, jsonb_agg(id ORDER BY id) AS ids FROM new_rows GROUP BY workspace_id LOOP
      IF webhook_emit(written.workspace_id, event_type, jsonb_build_object('ids', written.ids), true) = 0
         AND EXISTS (SELECT 1 FROM webhook_endpoints e
                      WHERE e.workspace_id = written.workspace_id AND e.enabled AND 'transactions.updated' = ANY (e.events))
         AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = written.workspace_id) THEN
        INSERT INTO webhook_messages AS m (id, workspace_id, type, data, write_xid)
        VALUES (gen_random_uuid(), written.workspace_id, event_type, jsonb_build_object('ids', written.ids), pg_current_xact_id())
        ON CONFLICT (write_xid, workspace_id, type) DO UPDATE SET data = webhook_gather_ids(m.data, EXCLUDED.data);
      END IF;
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR written IN
      SELECT n.workspace_id, jsonb_agg(n.id ORDER BY n.id) AS ids FROM new_rows n
       WHERE NOT EXISTS (SELECT 1 FROM webhook_messages m
                          WHERE m.write_xid = pg_current_xact_id() AND m.workspace_id = n.workspace_id
                            AND m.type = 'transactions.created' AND m.data->'ids' ? n.id::text)
       GROUP BY n.workspace_id
    LOOP
      PERFORM webhook_emit(written.workspace_id, event_type, jsonb_build_object('ids', written.ids), true);
    END LOOP;
  ELSE
    FOR written IN SELECT workspace_id, jsonb_agg(id ORDER BY id) AS ids FROM old_rows GROUP BY workspace_id LOOP
      PERFORM webhook_emit(written.workspace_id, event_type, jsonb_build_object('ids', written.ids), true);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER transactions_webhook_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_transactions_written();
CREATE TRIGGER transactions_webhook_update AFTER UPDATE ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_transactions_written();
CREATE TRIGGER transactions_webhook_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_transactions_written();
