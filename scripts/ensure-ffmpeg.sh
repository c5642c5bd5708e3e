#!/usr/bin/env bash
# The scanning e2e films a generated barcode with Chromium's fake camera, which plays a y4m video
# that ffmpeg makes: installs Debian's ffmpeg when it is missing and we may.
set -euo pipefail
if command -v ffmpeg >/dev/null; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "ffmpeg not found: installing Debian's ffmpeg package…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >&2
  exit 0
fi
echo "ffmpeg is missing. Install it (Debian: sudo apt-get install -y ffmpeg)." >&2
exit 1
