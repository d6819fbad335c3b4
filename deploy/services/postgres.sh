#!/usr/bin/env bash
# PostgreSQL 15 (Debian package) for tests and CI.
# Usage: deploy/services/postgres.sh start|stop|env
#   KITH_SERVICES_DIR (default /var/tmp/kith-services), KITH_PG_PORT (default 55432)
set -euo pipefail
SERVICE=postgres
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PORT=${KITH_PG_PORT:-55432}
DIR=$KITH_SERVICES_DIR/postgres
DATA=$DIR/data
BIN=/usr/lib/postgresql/15/bin
URL=postgres://postgres@127.0.0.1:$PORT/kith

# initdb and the server refuse to run as root: run them as the postgres user.
as_pg() { if (( EUID == 0 )); then runuser -u postgres -- "$@"; else "$@"; fi; }
ready() { "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -U postgres; }
sql() { "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -tAc "$1"; }

start() {
  [[ -x $BIN/initdb ]] || apt_install postgresql-15
  mkdir -p "$DIR"
  if (( EUID == 0 )); then chown postgres:postgres "$DIR"; fi
  if ready; then
    log "already running on 127.0.0.1:$PORT"
  else
    if [[ ! -s $DATA/PG_VERSION ]]; then
      log "initdb $DATA"
      rm -rf "$DATA"
      as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$DIR/initdb.log" 2>&1 \
        || { cat "$DIR/initdb.log" >&2; die "initdb failed"; }
    fi
    # A postmaster killed hard leaves its pid file behind (and may linger as a zombie): drop a stale one.
    if [[ -f $DATA/postmaster.pid ]] && ! alive "$(head -1 "$DATA/postmaster.pid")"; then
      log "removing stale lock files"; rm -f "$DATA/postmaster.pid" "$DIR/.s.PGSQL.$PORT.lock"
    fi
    log "starting on 127.0.0.1:$PORT (log: $DIR/postgres.log)"
    as_pg "$BIN/pg_ctl" -D "$DATA" -l "$DIR/postgres.log" -w -t 60 start \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c max_connections=200" >/dev/null \
      || { tail -20 "$DIR/postgres.log" >&2; die "pg_ctl start failed"; }
  fi
  if [[ -z $(sql "SELECT 1 FROM pg_database WHERE datname = 'kith'") ]]; then
    log "creating database kith"; sql "CREATE DATABASE kith" >/dev/null
  fi
  log "ready in $(took): $URL"
}

stop() {
  if [[ -f $DATA/postmaster.pid ]] && as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    as_pg "$BIN/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null
    log "stopped in $(took)"
  else
    log "not running"
  fi
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  env) echo "export DATABASE_URL=$URL" ;;
  *) echo "usage: $0 start|stop|env" >&2; exit 2 ;;
esac
