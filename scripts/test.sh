#!/usr/bin/env bash
# The one command that runs every test: lint, types, catalogs, unit + database + backend, end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m (%ss in)\n' "$*" "$SECONDS"; }
trap 'printf "\nTotal: %ss\n" "$SECONDS"' EXIT

step "lint";              npx eslint . --max-warnings 0
step "type check";        npx tsc -b
step "translations";      npx tsx scripts/check-translations.ts
step "unit, database and backend tests"; bash scripts/ensure-postgres.sh && npx vitest run
step "end-to-end tests";  bash scripts/e2e.sh
