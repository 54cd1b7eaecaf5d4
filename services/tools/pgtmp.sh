#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster in a temporary folder on a free loopback port.
#   eval "$(scripts/pgtmp.sh start)"   exports PGTMP and DATABASE_URL
#   scripts/pgtmp.sh stop "$PGTMP"     stops it and removes the folder
set -euo pipefail
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
case "${1:-start}" in
  start)
    [ -x "$PGBIN/initdb" ] || { echo "PostgreSQL 15 binaries not found in $PGBIN" >&2; exit 1; }
    port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    dir=$(mktemp -d /tmp/pgtmp.XXXXXX)
    if [ "$(id -u)" = 0 ]; then
      chown postgres:postgres "$dir"
      run() { runuser -u postgres -- "$@"; }
    else
      run() { "$@"; }
    fi
    run "$PGBIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log"
    run "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 ${PGTMP_OPTS--c fsync=off -c synchronous_commit=off -c full_page_writes=off}" \
      start >/dev/null
    echo "export PGTMP=$dir DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?usage: pgtmp.sh stop DIR}
    if [ "$(id -u)" = 0 ]; then
      runuser -u postgres -- "$PGBIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    else
      "$PGBIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
esac
