#!/usr/bin/env bash
# The one command that runs every test: lint, types, catalogs, unit + database + backend, end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m (%ss in)\n' "$*" "$SECONDS"; }
trap 'printf "\nTotal: %ss\n" "$SECONDS"' EXIT

# Each mostly on one core: side by side, the type check's output after the linter's.
step "lint and type check"
types_log="$(mktemp)"
npx tsc -b > "$types_log" 2>&1 &
types=$!
lint_status=0
npx eslint . --max-warnings 0 || lint_status=$?
types_status=0
wait "$types" || types_status=$?
cat "$types_log"
rm -f "$types_log"
[ "$lint_status" -eq 0 ] && [ "$types_status" -eq 0 ]
step "translations";      npx tsx scripts/check-translations.ts
step "unit, database and backend tests"; bash scripts/ensure-postgres.sh && npx vitest run
step "end-to-end tests";  bash scripts/e2e.sh
