-- Many instances, no surprises: what the service knows of its own database, first of all whether
-- the demo seed finished. A database seeded before this migration has a finished demo when its
-- demo user exists (a seed that died half-way before now left one too; it is marked finished as
-- well, since nothing can tell it apart any more).

-- CreateTable
CREATE TABLE "service_state" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_state_pkey" PRIMARY KEY ("key")
);

INSERT INTO "service_state" ("key", "value")
SELECT 'demo_seed', 'finished' WHERE EXISTS (SELECT 1 FROM "users" WHERE "email" = 'demo@example.com');
