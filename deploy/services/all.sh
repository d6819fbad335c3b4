#!/usr/bin/env bash
# Start/stop the real services for tests and CI, and print their environment.
# Usage: deploy/services/all.sh start|stop|env [postgres] [clickhouse] [kafka]   (default: all three)
#   start prints the env lines on stdout, so:  eval "$(deploy/services/all.sh start)"
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cmd=${1:-}; shift || true
services=("$@"); (( ${#services[@]} )) || services=(postgres clickhouse kafka)
for s in "${services[@]}"; do
  [[ -x $HERE/$s.sh ]] || { echo "[all] unknown service: $s" >&2; exit 2; }
done

case $cmd in
  start|env) order=("${services[@]}") ;;
  stop) order=(); for s in "${services[@]}"; do order=("$s" "${order[@]}"); done ;;  # reverse order
  *) echo "usage: $0 start|stop|env [postgres clickhouse kafka]" >&2; exit 2 ;;
esac

if [[ $cmd != env ]]; then
  t_all=$(date +%s%N)
  for s in "${order[@]}"; do
    t=$(date +%s%N)
    "$HERE/$s.sh" "$cmd"
    echo "[all] $s $cmd: $(( ($(date +%s%N) - t) / 1000000 )) ms" >&2
  done
  echo "[all] total $cmd: $(( ($(date +%s%N) - t_all) / 1000000 )) ms" >&2
fi
if [[ $cmd != stop ]]; then
  for s in "${order[@]}"; do "$HERE/$s.sh" env; done
fi
