# shellcheck shell=bash
# Helpers shared by deploy/services/*.sh (sourced, not run). The caller sets SERVICE first.
export DEBIAN_FRONTEND=noninteractive
KITH_SERVICES_DIR=${KITH_SERVICES_DIR:-/var/tmp/kith-services}
_t0=$(date +%s%N)

log() { echo "[$SERVICE] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }
took() { echo "$(( ($(date +%s%N) - _t0) / 1000000 )) ms"; }

# apt_install PKG...: apt-get update (at most once an hour), then install quietly; output goes to apt.log.
apt_install() {
  local stamp=$KITH_SERVICES_DIR/.apt-updated aptlog=$KITH_SERVICES_DIR/apt.log
  mkdir -p "$KITH_SERVICES_DIR"
  if [[ ! -e $stamp || -n $(find "$stamp" -mmin +60) ]]; then
    log "apt-get update"
    apt-get update -q >>"$aptlog" 2>&1 || { tail -20 "$aptlog" >&2; die "apt-get update failed"; }
    touch "$stamp"
  fi
  log "apt-get install $*"
  apt-get install -y -q --no-install-recommends "$@" >>"$aptlog" 2>&1 \
    || { tail -20 "$aptlog" >&2; die "apt-get install $* failed (see $aptlog)"; }
}

# alive PID: the process exists and is not a zombie (a killed daemon may stay a zombie under PID 1).
alive() {
  local st
  [[ -n ${1:-} ]] && st=$(ps -o stat= -p "$1" 2>/dev/null) && [[ $st != Z* ]]
}

# pid_of FILE PATTERN: the pid stored in FILE if that process is alive and its command line has PATTERN.
pid_of() {
  local pid
  pid=$(cat "$1" 2>/dev/null || true)
  if alive "$pid" && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$2"; then echo "$pid"; fi
}

# wait_for SECONDS PID CMD...: retry CMD every 0.25 s until it succeeds; fail if PID dies or time runs out.
wait_for() {
  local deadline=$(( $(date +%s) + $1 )) pid=$2; shift 2
  until "$@" >/dev/null 2>&1; do
    [[ -z $pid ]] || alive "$pid" || return 1
    (( $(date +%s) < deadline )) || return 1
    sleep 0.25
  done
}

# stop_pid PID [SECONDS]: SIGTERM, wait (default 60 s), then SIGKILL.
stop_pid() {
  local pid=$1 n=$(( ${2:-60} * 4 ))
  kill -TERM "$pid" 2>/dev/null || return 0
  while alive "$pid" && (( n-- > 0 )); do sleep 0.25; done
  if alive "$pid"; then
    log "did not stop in time, sending SIGKILL"; kill -KILL "$pid" 2>/dev/null || true
    while alive "$pid"; do sleep 0.1; done
  fi
}

# port_open PORT: something accepts TCP connections on 127.0.0.1:PORT.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# stop_daemon PIDFILE MARKER: stops the daemon of this state dir (see pid_of), if it runs.
stop_daemon() {
  local pid; pid=$(pid_of "$1" "$2")
  if [[ -z $pid ]]; then log "not running"; return; fi
  stop_pid "$pid" 60
  rm -f "$1"
  log "stopped in $(took)"
}
