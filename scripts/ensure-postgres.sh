#!/usr/bin/env bash
# The database concurrency tests start a throwaway PostgreSQL 15 (tests/db/postgres-cluster.ts).
# Installs Debian's server package when it is missing and we may; otherwise says what to install.
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
if [ -x "$bin/initdb" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "PostgreSQL 15 server not found in $bin: installing Debian's postgresql-15 package…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >&2
  exit 0
fi
echo "PostgreSQL 15 server binaries are missing ($bin). Install them (Debian: sudo apt-get install -y postgresql-15)." >&2
exit 1
