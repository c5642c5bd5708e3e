#!/usr/bin/env bash
# Finds one of Debian's Chromium packages for Playwright (it cannot download its own browser here),
# installing it when it is missing and we may, and prints its path.
#   chromium                 the full browser (the default; the benches and the Web Push tests)
#   chromium-headless-shell  the same engine without the browser's UI and profile services, as
#                            Playwright's own headless runs use it: most end-to-end tests run there
set -euo pipefail
package="${1:-chromium}"
case "$package" in chromium | chromium-headless-shell) ;; *) echo "usage: $0 [chromium|chromium-headless-shell]" >&2; exit 2 ;; esac
path="/usr/bin/$package"
if [ -x "$path" ]; then echo "$path"; exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "$package not found at $path: installing Debian's package…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2
  echo "$path"; exit 0
fi
echo "$package is missing. Install it (Debian: sudo apt-get install -y $package) or set CHROMIUM_PATH." >&2
exit 1
