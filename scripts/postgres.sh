#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 server for the test suites, or stops it.
#   source scripts/postgres.sh start   -> exports DATABASE_URL (and OPWIRE_PG_DIR)
#   scripts/postgres.sh stop           -> stops the server and removes its folder
set -euo pipefail

pg_bin() {
  for dir in /usr/lib/postgresql/*/bin; do [ -x "$dir/pg_ctl" ] && { echo "$dir"; return; }; done
  dirname "$(command -v pg_ctl)"
}

start() {
  local bin port dir
  bin=$(pg_bin)
  port=${OPWIRE_PG_PORT:-55432}
  dir=$(mktemp -d /tmp/opwire-pg.XXXXXX)
  chmod 755 "$dir"
  local as=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres:postgres "$dir"
    as=(runuser -u postgres --)
  fi
  "${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || "${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
  export OPWIRE_PG_DIR="$dir"
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL started: $DATABASE_URL (folder $dir)"
}

stop() {
  local dir=${OPWIRE_PG_DIR:-}
  [ -n "$dir" ] && [ -d "$dir/data" ] || return 0
  local as=()
  [ "$(id -u)" = 0 ] && as=(runuser -u postgres --)
  "${as[@]}" "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  echo "PostgreSQL stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: source scripts/postgres.sh start | scripts/postgres.sh stop" >&2; return 2 2>/dev/null || exit 2 ;;
esac
