#!/usr/bin/env bash
# Builds the production bundle and runs Playwright against it in Debian's Chromium.
#   --build-only  only the build (scripts/test.sh makes it beside the linter)
#   --built       only the tests, against the build already made
# Other arguments go to Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
build=1 tests=1
case "${1:-}" in
  --build-only) tests=0; shift ;;
  --built) build=0; shift ;;
esac
if [ "$build" = 1 ]; then
  # The e2e build talks to the test stand-in that playwright.config.ts starts on its own port.
  VITE_SUPABASE_URL=http://127.0.0.1:${E2E_BACKEND_PORT:-54329} npx vite build --mode standin --logLevel warn
fi
[ "$tests" = 1 ] || exit 0
CHROMIUM_PATH="${CHROMIUM_PATH:-$(bash scripts/ensure-chromium.sh chromium)}"
# Where the headless shell cannot be had, the full browser runs every test.
CHROMIUM_HEADLESS_SHELL_PATH="${CHROMIUM_HEADLESS_SHELL_PATH:-$(bash scripts/ensure-chromium.sh chromium-headless-shell || echo "$CHROMIUM_PATH")}"
export CHROMIUM_PATH CHROMIUM_HEADLESS_SHELL_PATH
bash scripts/ensure-ffmpeg.sh
npx playwright test "$@"
