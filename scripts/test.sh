#!/usr/bin/env bash
# The one command that runs every test: lint, types, catalogs, unit + database + backend, end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m (%ss in)\n' "$*" "$SECONDS"; }
logs="$(mktemp -d)"
trap 'rm -rf "$logs"; printf "\nTotal: %ss\n" "$SECONDS"' EXIT

# The linter takes longest and mostly one core: the type check, the catalogs' check and the
# end-to-end build share the other (side by side, each one's output after the linter's, in turn).
step "lint, type check, translations and the end-to-end build"
{ checks=0; npx tsc -b || checks=1; npx tsx scripts/check-translations.ts || checks=1; exit "$checks"; } > "$logs/types" 2>&1 &
types=$!
bash scripts/e2e.sh --build-only > "$logs/build" 2>&1 &
build=$!
lint_status=0
npx eslint . --max-warnings 0 || lint_status=$?
types_status=0
wait "$types" || types_status=$?
build_status=0
wait "$build" || build_status=$?
cat "$logs/types" "$logs/build"
# Not a `[ ] && [ ]` list: `set -e` ignores a failure anywhere in one but its last command.
if [ "$lint_status" -ne 0 ] || [ "$types_status" -ne 0 ] || [ "$build_status" -ne 0 ]; then exit 1; fi
step "unit, database and backend tests"
bash scripts/ensure-postgres.sh
npx vitest run
step "end-to-end tests";  bash scripts/e2e.sh --built
