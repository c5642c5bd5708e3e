#!/usr/bin/env bash
# Finds Chromium for Playwright (it cannot download its own browser here) and installs
# Debian's package when it is missing and we may. Prints the path it settled on.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then echo "$path"; exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $path: installing Debian's chromium package…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
  echo "$path"; exit 0
fi
echo "Chromium is missing. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
