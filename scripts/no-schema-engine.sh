#!/bin/sh
echo "The Prisma schema engine is not installed on this machine; migrations are applied by scripts/db-migrate.ts (see README)." >&2
exit 1
