#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster in a temporary folder on a free loopback port.
#   env=$(services/tools/pgtmp.sh start) && eval "$env"   exports PGTMP and DATABASE_URL
#   services/tools/pgtmp.sh stop "$PGTMP"                 stops it and removes the folder
# (Under `set -e`, prefer the two-step form above: `eval "$(pgtmp.sh start)"` hides a failed start,
# because eval of an empty string succeeds.)
# Trust auth on 127.0.0.1 and a unix socket in the folder; fsync off unless PGTMP_OPTS is set ("" = durable).
# As root, initdb and the server run as the `postgres` user (initdb refuses root).
# Only the `export ...` line goes to stdout; diagnostics go to stderr.
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

case "${1:-start}" in
  start)
    [ -x "$PGBIN/initdb" ] || { echo "pgtmp: PostgreSQL 15 binaries not found in $PGBIN" >&2; exit 1; }
    dir=$(mktemp -d /tmp/pgtmp.XXXXXX)
    if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$dir"; fi
    if ! as_owner "$PGBIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync \
      >"$dir/initdb.log" 2>&1; then
      echo "pgtmp: initdb failed:" >&2
      cat "$dir/initdb.log" >&2
      rm -rf "$dir"
      exit 1
    fi
    # The port is probed, then bound by the server a moment later: retry if another process took it meanwhile.
    for attempt in 1 2 3; do
      port=$(free_port)
      if as_owner "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 ${PGTMP_OPTS--c fsync=off -c synchronous_commit=off -c full_page_writes=off}" \
        start >/dev/null 2>&1; then
        echo "export PGTMP=$dir DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
        exit 0
      fi
      as_owner "$PGBIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
      echo "pgtmp: server did not start on port $port (attempt $attempt)" >&2
    done
    echo "pgtmp: giving up; last server log:" >&2
    tail -n 30 "$dir/server.log" >&2 || true
    rm -rf "$dir"
    exit 1
    ;;
  stop)
    dir=${2:?usage: pgtmp.sh stop DIR}
    # Refuse to delete anything that is not a cluster folder made by `start`.
    case "$dir" in
      /tmp/pgtmp.*) ;;
      *) echo "pgtmp: refusing to stop '$dir' (not a /tmp/pgtmp.* folder)" >&2; exit 1 ;;
    esac
    [ -d "$dir" ] || exit 0
    if [ -f "$dir/data/PG_VERSION" ]; then
      as_owner "$PGBIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: pgtmp.sh start | pgtmp.sh stop DIR" >&2
    exit 2
    ;;
esac
