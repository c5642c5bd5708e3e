#!/usr/bin/env bash
# Builds the production bundle and runs Playwright against it in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
export CHROMIUM_PATH
npx vite build --logLevel warn
npx playwright test "$@"
