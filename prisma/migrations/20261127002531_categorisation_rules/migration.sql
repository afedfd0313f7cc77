-- Categorisation rules (ordered per workspace; the first that matches wins) and their applications
-- to existing transactions (server/domain/categorisation/). An application records every change it
-- made, so that one undo restores them; at most one application of a workspace runs at a time.

-- CreateTable
CREATE TABLE "categorisation_rules" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "conditions" JSONB NOT NULL,
    "category_id" UUID NOT NULL,
    "set_counterparty" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "categorisation_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rule_applications" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "rules" JSONB NOT NULL,
    "resume_after" TEXT,
    "examined_count" INTEGER NOT NULL DEFAULT 0,
    "changed_count" INTEGER NOT NULL DEFAULT 0,
    "restored_count" INTEGER NOT NULL DEFAULT 0,
    "kept_count" INTEGER NOT NULL DEFAULT 0,
    "locked_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error_message" TEXT,
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "undone_at" TIMESTAMPTZ(3),
    "active_workspace_id" UUID GENERATED ALWAYS AS
      (CASE WHEN "status" IN ('queued', 'running', 'undoing') THEN "workspace_id" END) STORED,

    CONSTRAINT "rule_applications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rule_applications_status_check"
      CHECK ("status" IN ('queued', 'running', 'completed', 'failed', 'undoing', 'undone'))
);

-- CreateTable
CREATE TABLE "rule_application_changes" (
    "application_id" UUID NOT NULL,
    "transaction_id" UUID NOT NULL,
    "rule_id" UUID,
    "previous_category_id" UUID,
    "category_id" UUID NOT NULL,
    "previous_counterparty" TEXT,
    "counterparty" TEXT,
    "counterparty_changed" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "rule_application_changes_pkey" PRIMARY KEY ("application_id","transaction_id")
);

-- CreateIndex
CREATE INDEX "categorisation_rules_workspace_id_position_idx" ON "categorisation_rules"("workspace_id", "position");

-- CreateIndex
CREATE INDEX "rule_applications_workspace_id_created_at_idx" ON "rule_applications"("workspace_id", "created_at");

-- One application (or undo) of a workspace at a time: a second one is refused with 409.
CREATE UNIQUE INDEX "rule_applications_active_workspace_id_key" ON "rule_applications"("active_workspace_id");

-- AddForeignKey
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rule_applications" ADD CONSTRAINT "rule_applications_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rule_application_changes" ADD CONSTRAINT "rule_application_changes_application_id_fkey" FOREIGN KEY ("application_id") REFERENCES "rule_applications"("id") ON DELETE CASCADE ON UPDATE CASCADE;
