#!/usr/bin/env bash
# Real PostgreSQL, Redis and Apache Kafka (KRaft) on 127.0.0.1 for tests and local development, plus a
# SOCKS5 proxy (microsocks) for the registrar client and an IMAP server (Dovecot) for the mail poller. No Docker.
#
#   scripts/services.sh up|down|status|env|fetch [postgres] [redis] [kafka] [socks] [imap]   (no names = all)
#
#   up      installs what is missing (apt-get, as root), starts the servers, waits until each one really
#           answers, then prints `export NAME=url` lines on stdout (all progress goes to stderr), so
#           `eval "$(scripts/services.sh up)"` works. Idempotent: a running server is left as it is.
#   down    stops the servers started from this state dir (pid files / pg_ctl).
#   status  says what runs; exits 0 when every named service runs, 3 otherwise.
#   env     prints the export lines of the named services that run, starts nothing.
#   fetch   (kafka only) makes sure the broker jars are cached; exits 75 when Maven cannot download them.
#
# Environment (defaults):
#   SERVICES_DIR=$REPO/.cache/services   state: data, logs, pid files (one sub-folder per service)
#   SOCKS_PORT=11080  SOCKS_EGRESS_IP=127.0.0.2   a SOCKS5 proxy (microsocks) whose outgoing connections
#                  leave from SOCKS_EGRESS_IP: the stand-in for the registrar's whitelisted fixed IP
#   PG_PORT=54329  REDIS_PORT=63799  KAFKA_PORT=19092  KAFKA_CONTROLLER_PORT=19093  IMAP_PORT=14393
#   IMAP_USER=codes  IMAP_PASSWORD=codes-password   the test mailbox (TEST_IMAP_URL=imap://USER:PASS@…/INBOX)
#   KAFKA_CACHE=$REPO/.cache/kafka-$KAFKA_VERSION   broker jars (Maven's ~/.m2 is a second cache)
#   KAFKA_HEAP_OPTS="-Xms256m -Xmx512m"  KAFKA_START_TIMEOUT=90
#   REDIS_APPENDONLY=no   yes: Redis keeps its data (BullMQ jobs) across a restart in an append-only file
#
# Exit codes: 0 ok, 1 a service failed (its name and the tail of its log are printed), 2 usage,
# 3 `status` found a named service stopped, 75 the Kafka jars could not be fetched from Maven Central.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
KAFKA_VERSION=3.9.1 # keep in step with scripts/kafka/pom.xml and docker-compose.yml

SERVICES_DIR="${SERVICES_DIR:-$REPO/.cache/services}"
PG_PORT="${PG_PORT:-54329}"
REDIS_PORT="${REDIS_PORT:-63799}"
KAFKA_PORT="${KAFKA_PORT:-19092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-19093}"
KAFKA_CACHE="${KAFKA_CACHE:-$REPO/.cache/kafka-$KAFKA_VERSION}"
KAFKA_HEAP_OPTS="${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m}"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-90}"
SOCKS_PORT="${SOCKS_PORT:-11080}"
SOCKS_EGRESS_IP="${SOCKS_EGRESS_IP:-127.0.0.2}"
IMAP_PORT="${IMAP_PORT:-14393}"
IMAP_USER="${IMAP_USER:-codes}"
IMAP_PASSWORD="${IMAP_PASSWORD:-codes-password}"

PG_DB=tracker PG_USER=tracker PG_PASSWORD=tracker

log() { printf '[services] %s\n' "$*" >&2; }
die() { printf '[services] ERROR: %s\n' "$*" >&2; exit 1; }

# Prints the tail of a log file to stderr, framed, for failure messages.
show_log() {
  local file="$1" lines="${2:-40}"
  if [[ -s "$file" ]]; then
    printf '[services] ---- last %s lines of %s ----\n' "$lines" "$file" >&2
    tail -n "$lines" "$file" >&2
    printf '[services] ----\n' >&2
  else
    printf '[services] (no log at %s)\n' "$file" >&2
  fi
}

fail_service() { # name, message, log file...
  local name="$1" msg="$2"; shift 2
  printf '[services] ERROR: %s failed to start: %s\n' "$name" "$msg" >&2
  local f; for f in "$@"; do show_log "$f"; done
  exit 1
}

is_root() { [[ "$(id -u)" == 0 ]]; }

# True when something accepts TCP connections on 127.0.0.1:$1.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# pid alive and its command line contains $2.
pid_matches() {
  local pid="$1" pattern="$2"
  [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$pattern"
}

read_pid() { [[ -f "$1" ]] && tr -dc '0-9' <"$1" || true; }

# Stops pid with SIGTERM, waits up to $2 s, then SIGKILL.
stop_pid() {
  local pid="$1" wait_s="${2:-30}" i
  kill "$pid" 2>/dev/null || return 0
  for ((i = 0; i < wait_s * 4; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.25
  done
  log "pid $pid did not stop in ${wait_s}s, killing it"
  kill -9 "$pid" 2>/dev/null || true
  sleep 0.5
}

# ---------------------------------------------------------------------------------------------- install

pg_bin_dir() {
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
  if [[ -x /usr/lib/postgresql/15/bin/initdb ]]; then echo /usr/lib/postgresql/15/bin; return; fi
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  echo "${d:-/usr/lib/postgresql/15/bin}"
}

# Installs the Debian packages the named services need and lacks, with one apt-get update.
ensure_packages() {
  local -a pkgs=()
  local s
  for s in "$@"; do
    case "$s" in
      postgres) [[ -x "$(pg_bin_dir)/initdb" ]] || pkgs+=(postgresql) ;;
      redis) command -v redis-server >/dev/null && command -v redis-cli >/dev/null || pkgs+=(redis-server) ;;
      kafka)
        command -v java >/dev/null || pkgs+=(default-jre-headless)
        if [[ ! -f "$KAFKA_CACHE/libs/kafka_2.13-$KAFKA_VERSION.jar" ]]; then
          command -v mvn >/dev/null || pkgs+=(maven)
        fi
        ;;
      socks) command -v microsocks >/dev/null || pkgs+=(microsocks) ;;
      imap) [[ -x /usr/sbin/dovecot ]] || pkgs+=(dovecot-imapd) ;;
    esac
  done
  ((${#pkgs[@]})) || return 0
  if ! is_root; then
    die "missing packages: ${pkgs[*]} (run as root, or: sudo apt-get install -y ${pkgs[*]})"
  fi
  log "installing ${pkgs[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2 || die "apt-get update failed"
  apt-get install -y -q --no-install-recommends "${pkgs[@]}" >&2 || die "apt-get install ${pkgs[*]} failed"
}

# -------------------------------------------------------------------------------------------- postgres

# The cluster folder must be reachable by the postgres OS user when we run as root; a repo under a
# private home folder is not, so then the cluster lives under /var/tmp (same name every time).
pg_dir() {
  local dir="$SERVICES_DIR/postgres"
  if is_root; then
    mkdir -p "$SERVICES_DIR"
    if ! runuser -u postgres -- test -x "$SERVICES_DIR" 2>/dev/null; then
      dir="/var/tmp/tracker-services-$(printf '%s' "$SERVICES_DIR" | md5sum | cut -c1-10)/postgres"
    fi
  fi
  echo "$dir"
}

# Runs a command as the postgres OS user when root (initdb and pg_ctl refuse root), else as ourselves.
as_pg() {
  if is_root; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

pg_running() {
  local dir; dir="$(pg_dir)"
  [[ -f "$dir/data/postmaster.pid" ]] || return 1
  as_pg "$(pg_bin_dir)/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

pg_url() { echo "postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_DB"; }

pg_up() {
  local bin dir data logf
  bin="$(pg_bin_dir)"; dir="$(pg_dir)"; data="$dir/data"; logf="$dir/postgres.log"
  if pg_running; then
    log "postgres: already running (port $(pg_port_of "$data"))"
  else
    if port_open "$PG_PORT"; then
      fail_service postgres "port 127.0.0.1:$PG_PORT is taken by another process (set PG_PORT)"
    fi
    mkdir -p "$dir"
    is_root && chown postgres: "$dir"
    if [[ ! -f "$data/PG_VERSION" ]]; then
      log "postgres: initdb $data"
      rm -rf "$data"
      if ! as_pg "$bin/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=trust \
        --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
        fail_service postgres "initdb failed" "$dir/initdb.log"
      fi
      # Test box settings: TCP on loopback only, no unix socket (no /var/run/postgresql needed).
      cat >>"$data/postgresql.conf" <<EOF

# --- scripts/services.sh ---
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 200
EOF
    fi
    log "postgres: starting on 127.0.0.1:$PG_PORT"
    is_root && touch "$logf" && chown postgres: "$logf"
    if ! as_pg "$bin/pg_ctl" -D "$data" -l "$logf" -w -t 60 -o "-p $PG_PORT" start >"$dir/pg_ctl.log" 2>&1 9>&-; then
      fail_service postgres "pg_ctl start failed" "$dir/pg_ctl.log" "$logf"
    fi
  fi
  local port; port="$(pg_port_of "$data")"
  local i
  for ((i = 0; i < 120; i++)); do
    "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" && break
    sleep 0.5
  done
  "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" || fail_service postgres "pg_isready got no answer on port $port" "$logf"
  # Role and database, idempotently.
  if ! psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 >"$dir/setup.log" 2>&1 <<EOF
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$PG_USER') THEN
    CREATE ROLE $PG_USER LOGIN CREATEDB PASSWORD '$PG_PASSWORD';
  END IF;
END \$\$;
-- A test file drops its database WITH (FORCE); an autovacuum worker busy in it then counts as another role's
-- session, which only a member of pg_signal_backend may end.
GRANT pg_signal_backend TO $PG_USER;
SELECT 'CREATE DATABASE $PG_DB OWNER $PG_USER' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$PG_DB')\gexec
EOF
  then
    fail_service postgres "creating role/database $PG_USER/$PG_DB failed" "$dir/setup.log"
  fi
  PG_PORT="$port"
  log "postgres: ready, $(pg_url)"
}

# The port a running cluster listens on (from postmaster.pid, line 4), else $PG_PORT.
pg_port_of() {
  local p=""
  [[ -f "$1/postmaster.pid" ]] && p="$(sed -n 4p "$1/postmaster.pid" 2>/dev/null | tr -dc '0-9')"
  echo "${p:-$PG_PORT}"
}

pg_down() {
  local dir; dir="$(pg_dir)"
  if pg_running; then
    log "postgres: stopping"
    as_pg "$(pg_bin_dir)/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null 2>&1 || log "postgres: pg_ctl stop failed"
  else
    log "postgres: not running"
  fi
}

pg_status() {
  local dir; dir="$(pg_dir)"
  if pg_running; then
    echo "postgres: running (pid $(head -n 1 "$dir/data/postmaster.pid"), 127.0.0.1:$(pg_port_of "$dir/data"), data $dir/data)"
  else
    echo "postgres: stopped"; return 1
  fi
}

pg_env() {
  local dir; dir="$(pg_dir)"
  pg_running || return 1
  PG_PORT="$(pg_port_of "$dir/data")"
  echo "export DATABASE_URL=$(pg_url)"
}

# ----------------------------------------------------------------------------------------------- redis

redis_dir() { echo "$SERVICES_DIR/redis"; }

redis_pid() { read_pid "$(redis_dir)/redis.pid"; }

redis_running() { pid_matches "$(redis_pid)" redis-server; }

# The port of the running server, from the file written at start.
redis_port_of() { local p; p="$(read_pid "$(redis_dir)/port")"; echo "${p:-$REDIS_PORT}"; }

redis_up() {
  local dir logf i
  dir="$(redis_dir)"; logf="$dir/redis.log"
  if redis_running; then
    log "redis: already running (port $(redis_port_of))"
  else
    if port_open "$REDIS_PORT"; then
      fail_service redis "port 127.0.0.1:$REDIS_PORT is taken by another process (set REDIS_PORT)"
    fi
    mkdir -p "$dir"
    rm -f "$dir/redis.pid"
    : >"$logf"
    log "redis: starting on 127.0.0.1:$REDIS_PORT"
    # No persistence by default: a test store. REDIS_APPENDONLY=yes keeps jobs across a restart (the fault
    # suite restarts Redis under load). noeviction is what BullMQ requires (and Redis's default).
    if ! redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes \
      --pidfile "$dir/redis.pid" --logfile "$logf" --dir "$dir" \
      --save '' --appendonly "${REDIS_APPENDONLY:-no}" --maxmemory-policy noeviction >"$dir/start.log" 2>&1 9>&-; then
      fail_service redis "redis-server exited" "$dir/start.log" "$logf"
    fi
    echo "$REDIS_PORT" >"$dir/port"
  fi
  local port; port="$(redis_port_of)"
  for ((i = 0; i < 80; i++)); do
    [[ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" == PONG ]] && break
    sleep 0.25
  done
  [[ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" == PONG ]] ||
    fail_service redis "no PONG from redis-cli on port $port within 20 s" "$logf"
  REDIS_PORT="$port"
  log "redis: ready, redis://127.0.0.1:$port"
}

redis_down() {
  if redis_running; then
    log "redis: stopping"
    stop_pid "$(redis_pid)" 20
  else
    log "redis: not running"
  fi
  rm -f "$(redis_dir)/redis.pid"
}

redis_status() {
  if redis_running; then
    echo "redis: running (pid $(redis_pid), 127.0.0.1:$(redis_port_of))"
  else
    echo "redis: stopped"; return 1
  fi
}

redis_env() { redis_running || return 1; echo "export REDIS_URL=redis://127.0.0.1:$(redis_port_of)"; }

# ----------------------------------------------------------------------------------------------- kafka

kafka_dir() { echo "$SERVICES_DIR/kafka"; }
kafka_libs() { echo "$KAFKA_CACHE/libs"; }
kafka_pid() { read_pid "$(kafka_dir)/kafka.pid"; }
kafka_running() { pid_matches "$(kafka_pid)" kafka.Kafka; }
kafka_port_of() { local p; p="$(read_pid "$(kafka_dir)/port")"; echo "${p:-$KAFKA_PORT}"; }

# Makes sure the broker jars are in $KAFKA_CACHE/libs; downloads them with Maven when the folder is
# missing. Exits 75 (and prints Maven's errors) when Maven Central cannot deliver them.
kafka_fetch() {
  local libs marker tmp out
  libs="$(kafka_libs)"; marker="$libs/kafka_2.13-$KAFKA_VERSION.jar"
  [[ -f "$marker" ]] && return 0
  command -v mvn >/dev/null || die "kafka: mvn is missing (apt-get install maven)"
  mkdir -p "$KAFKA_CACHE"
  tmp="$KAFKA_CACHE/libs.partial"
  rm -rf "$tmp"
  log "kafka: fetching the Kafka $KAFKA_VERSION jars with Maven into $libs"
  out="$KAFKA_CACHE/mvn.log"
  # = `mvn dependency:copy-dependencies`, with the plugin named in full so that a network failure is
  # reported as such (not as "No plugin found for prefix 'dependency'").
  if ! mvn -q -B -Dstyle.color=never -f "$REPO/scripts/kafka/pom.xml" \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
    -DoutputDirectory="$tmp" >"$out" 2>&1 || [[ ! -f "$tmp/kafka_2.13-$KAFKA_VERSION.jar" ]]; then
    rm -rf "$tmp"
    printf '[services] ERROR: kafka: Maven could not fetch the broker jars (full output: %s):\n' "$out" >&2
    sed -e 's/\x1b\[[0-9;]*m//g' "$out" | grep -E '^\[ERROR\] ' |
      grep -v -E 'Re-run Maven|full stack trace|For more information about|^\[ERROR\] \[Help|^\[ERROR\] *$' |
      head -n 20 >&2 || true
    # 75 only when Maven could not download (the one failure CI may skip Kafka for); anything else, such
    # as a broken pom, is an ordinary failure.
    if grep -q -E 'Could not (transfer|resolve|find artifact)|transfer failed|Failed to read artifact descriptor|Connect(ion)? (to|refused|timed out|reset)|UnknownHost|Network is unreachable|PKIX|offline mode' "$out"; then
      exit 75
    fi
    exit 1
  fi
  rm -rf "$libs"
  mv "$tmp" "$libs"
  log "kafka: $(ls "$libs" | wc -l) jars cached"
}

kafka_write_config() {
  local dir="$1"
  cat >"$dir/server.properties" <<EOF
# Written by scripts/services.sh: a single-node KRaft Kafka (broker + controller) for tests.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$dir/data
num.partitions=6
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=6
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=6
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
delete.topic.enable=true
num.network.threads=2
num.io.threads=4
log.retention.hours=24
EOF
  cat >"$dir/log4j.properties" <<EOF
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$dir/server.log
log4j.appender.file.Append=true
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.org.apache.kafka.controller=INFO
log4j.logger.state.change.logger=WARN
EOF
  cat >"$dir/tools-log4j.properties" <<EOF
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF
}

kafka_tool() { # main class and args; the JVM logs WARN and worse to stderr
  java -Xmx256m -cp "$(kafka_libs)/*" -Dlog4j.configuration="file:$(kafka_dir)/tools-log4j.properties" "$@"
}

# Really serving metadata: an admin client lists the topics through the broker on port $1.
kafka_metadata_ok() {
  timeout 30 java -Xmx256m -cp "$(kafka_libs)/*" -Dlog4j.configuration="file:$(kafka_dir)/tools-log4j.properties" \
    org.apache.kafka.tools.TopicCommand --bootstrap-server "127.0.0.1:$1" --list >"$(kafka_dir)/check.log" 2>&1
}

kafka_up() {
  local dir logf pid i deadline
  dir="$(kafka_dir)"; logf="$dir/server.log"
  if kafka_running; then
    log "kafka: already running (port $(kafka_port_of))"
    kafka_metadata_ok "$(kafka_port_of)" || fail_service kafka "the running broker (pid $(kafka_pid)) does not serve metadata" "$dir/check.log" "$logf"
    KAFKA_PORT="$(kafka_port_of)"
    log "kafka: ready, 127.0.0.1:$KAFKA_PORT"
    return 0
  fi
  local p; for p in "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; do
    if port_open "$p"; then
      fail_service kafka "port 127.0.0.1:$p is taken by another process (set KAFKA_PORT / KAFKA_CONTROLLER_PORT)"
    fi
  done
  kafka_fetch
  mkdir -p "$dir/data"
  kafka_write_config "$dir"
  if [[ ! -f "$dir/data/meta.properties" ]]; then
    local cluster_id
    cluster_id="$(kafka_tool kafka.tools.StorageTool random-uuid 2>"$dir/format.log" | tail -n 1)"
    [[ "$cluster_id" =~ ^[A-Za-z0-9_-]{22}$ ]] || fail_service kafka "StorageTool random-uuid gave '$cluster_id'" "$dir/format.log"
    echo "$cluster_id" >"$dir/cluster.id"
    log "kafka: formatting storage (cluster id $cluster_id)"
    kafka_tool kafka.tools.StorageTool format -t "$cluster_id" -c "$dir/server.properties" >>"$dir/format.log" 2>&1 ||
      fail_service kafka "StorageTool format failed" "$dir/format.log"
  fi
  # One log per run, the previous one kept beside it.
  [[ -f "$logf" ]] && mv -f "$logf" "$logf.1"
  : >"$logf"
  log "kafka: starting $KAFKA_VERSION on 127.0.0.1:$KAFKA_PORT (controller $KAFKA_CONTROLLER_PORT)"
  # shellcheck disable=SC2086 # KAFKA_HEAP_OPTS is a list of JVM flags
  (cd "$dir" && exec setsid java $KAFKA_HEAP_OPTS -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$dir/log4j.properties" -Dkafka.logs.dir="$dir" \
    -cp "$(kafka_libs)/*" kafka.Kafka "$dir/server.properties" \
    </dev/null >"$dir/stdout.log" 2>&1 9>&-) &
  pid=$!
  echo "$pid" >"$dir/kafka.pid"
  echo "$KAFKA_PORT" >"$dir/port"
  deadline=$((SECONDS + KAFKA_START_TIMEOUT))
  # 1. the broker says it started, 2. an admin client gets metadata through it.
  until grep -q 'Kafka Server started' "$logf" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || fail_service kafka "the broker process exited" "$dir/stdout.log" "$logf"
    ((SECONDS < deadline)) || { stop_pid "$pid" 10; fail_service kafka "not started after ${KAFKA_START_TIMEOUT}s" "$dir/stdout.log" "$logf"; }
    sleep 0.5
  done
  until kafka_metadata_ok "$KAFKA_PORT"; do
    kill -0 "$pid" 2>/dev/null || fail_service kafka "the broker process exited" "$dir/stdout.log" "$logf"
    ((SECONDS < deadline)) || { stop_pid "$pid" 10; fail_service kafka "no metadata from 127.0.0.1:$KAFKA_PORT after ${KAFKA_START_TIMEOUT}s" "$dir/check.log" "$logf"; }
    sleep 1
  done
  log "kafka: ready, 127.0.0.1:$KAFKA_PORT"
}

kafka_down() {
  if kafka_running; then
    log "kafka: stopping"
    stop_pid "$(kafka_pid)" 45
  else
    log "kafka: not running"
  fi
  rm -f "$(kafka_dir)/kafka.pid"
}

kafka_status() {
  if kafka_running; then
    echo "kafka: running (pid $(kafka_pid), 127.0.0.1:$(kafka_port_of), version $KAFKA_VERSION)"
  else
    echo "kafka: stopped"; return 1
  fi
}

kafka_env() { kafka_running || return 1; echo "export KAFKA_BROKERS=127.0.0.1:$(kafka_port_of)"; }

# ----------------------------------------------------------------------------------------------- socks
# A real SOCKS5 proxy (Debian's microsocks) for the registrar client's proxy tests. It binds its outgoing
# connections to SOCKS_EGRESS_IP, so a fake registrar that whitelists that address is reachable only
# through the proxy, as the real registrar is reachable only from the proxy's fixed IP.

socks_dir() { echo "$SERVICES_DIR/socks"; }
socks_pid() { read_pid "$(socks_dir)/microsocks.pid"; }
socks_running() { pid_matches "$(socks_pid)" microsocks; }
socks_port_of() { local p; p="$(read_pid "$(socks_dir)/port")"; echo "${p:-$SOCKS_PORT}"; }
socks_egress_of() { local ip; ip="$(cat "$(socks_dir)/egress" 2>/dev/null || true)"; echo "${ip:-$SOCKS_EGRESS_IP}"; }

socks_up() {
  local dir pid i
  dir="$(socks_dir)"
  if socks_running; then
    log "socks: already running (port $(socks_port_of))"
    return 0
  fi
  port_open "$SOCKS_PORT" && fail_service socks "port 127.0.0.1:$SOCKS_PORT is taken by another process (set SOCKS_PORT)"
  mkdir -p "$dir"
  log "socks: starting microsocks on 127.0.0.1:$SOCKS_PORT (egress $SOCKS_EGRESS_IP)"
  (exec setsid microsocks -i 127.0.0.1 -p "$SOCKS_PORT" -b "$SOCKS_EGRESS_IP" </dev/null >"$dir/microsocks.log" 2>&1 9>&-) &
  pid=$!
  echo "$pid" >"$dir/microsocks.pid"
  echo "$SOCKS_PORT" >"$dir/port"
  echo "$SOCKS_EGRESS_IP" >"$dir/egress"
  for ((i = 0; i < 40; i++)); do
    port_open "$SOCKS_PORT" && break
    kill -0 "$pid" 2>/dev/null || fail_service socks "microsocks exited" "$dir/microsocks.log"
    sleep 0.25
  done
  port_open "$SOCKS_PORT" || fail_service socks "not listening on $SOCKS_PORT within 10 s" "$dir/microsocks.log"
  log "socks: ready, socks5://127.0.0.1:$SOCKS_PORT"
}

socks_down() {
  if socks_running; then
    log "socks: stopping"
    stop_pid "$(socks_pid)" 10
  else
    log "socks: not running"
  fi
  rm -f "$(socks_dir)/microsocks.pid"
}

socks_status() {
  if socks_running; then
    echo "socks: running (pid $(socks_pid), 127.0.0.1:$(socks_port_of), egress $(socks_egress_of))"
  else
    echo "socks: stopped"; return 1
  fi
}

socks_env() {
  socks_running || return 1
  echo "export TEST_SOCKS_PROXY=socks5://127.0.0.1:$(socks_port_of)"
  echo "export TEST_SOCKS_EGRESS_IP=$(socks_egress_of)"
}

# ------------------------------------------------------------------------------------------------ imap

# A private Dovecot: its own config, state, log and a passwd-file user under $SERVICES_DIR/imap, IMAP
# without TLS on 127.0.0.1 only (a test server). As root, Dovecot's processes drop to its own users and
# the mail belongs to nobody (Dovecot refuses uid 0 for mail); otherwise everything runs as ourselves.
imap_dir() { echo "$SERVICES_DIR/imap"; }
imap_port_of() { local p; p="$(read_pid "$(imap_dir)/port")"; echo "${p:-$IMAP_PORT}"; }
imap_pid() { read_pid "$(imap_dir)/run/master.pid"; }
imap_running() { pid_matches "$(imap_pid)" dovecot; }

imap_write_config() {
  local dir="$1" internal internal_group login mail_uid mail_gid
  if is_root; then
    internal=dovecot internal_group=dovecot login=dovenull mail_uid=nobody mail_gid=nogroup
  else
    internal="$(id -un)" internal_group="$(id -gn)" login="$(id -un)" mail_uid="$(id -un)" mail_gid="$(id -gn)"
  fi
  mkdir -p "$dir/run" "$dir/state" "$dir/mail"
  printf '%s:{PLAIN}%s\n' "$IMAP_USER" "$IMAP_PASSWORD" >"$dir/passwd"
  cat >"$dir/dovecot.conf" <<EOF
# Written by scripts/services.sh: a private IMAP server for tests.
protocols = imap
listen = 127.0.0.1
base_dir = $dir/run
state_dir = $dir/state
log_path = $dir/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = $internal
default_internal_group = $internal_group
default_login_user = $login
mail_location = maildir:$dir/mail/%u
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/passwd
}
userdb {
  driver = static
  args = uid=$mail_uid gid=$mail_gid home=$dir/mail/%u
}
EOF
  if is_root; then
    chown -R "$mail_uid:$mail_gid" "$dir/mail"
    chmod 755 "$dir" "$SERVICES_DIR"
    chmod 644 "$dir/passwd" "$dir/dovecot.conf"
  fi
}

imap_url() { echo "imap://$IMAP_USER:$IMAP_PASSWORD@127.0.0.1:$(imap_port_of)/INBOX"; }

# True when the server on port $1 greets, logs the test user in and says goodbye.
imap_login_ok() {
  local reply
  reply="$(
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf 'a LOGIN %s %s\r\nb LOGOUT\r\n' "$IMAP_USER" "$IMAP_PASSWORD" >&3
    timeout 5 cat <&3
  )" 2>/dev/null || return 1
  grep -q '^a OK' <<<"$reply"
}

imap_up() {
  local dir i
  dir="$(imap_dir)"
  if imap_running; then
    log "imap: already running (port $(imap_port_of))"
  else
    if port_open "$IMAP_PORT"; then
      fail_service imap "port 127.0.0.1:$IMAP_PORT is taken by another process (set IMAP_PORT)"
    fi
    mkdir -p "$dir"
    imap_write_config "$dir"
    : >"$dir/dovecot.log"
    log "imap: starting Dovecot on 127.0.0.1:$IMAP_PORT"
    if ! /usr/sbin/dovecot -c "$dir/dovecot.conf" >"$dir/start.log" 2>&1 9>&-; then
      fail_service imap "dovecot exited" "$dir/start.log" "$dir/dovecot.log"
    fi
    echo "$IMAP_PORT" >"$dir/port"
  fi
  local port; port="$(imap_port_of)"
  for ((i = 0; i < 80; i++)); do
    imap_login_ok "$port" && break
    sleep 0.25
  done
  imap_login_ok "$port" || fail_service imap "no IMAP login on port $port within 20 s" "$dir/dovecot.log"
  log "imap: ready, imap://$IMAP_USER:***@127.0.0.1:$port/INBOX"
}

imap_down() {
  local dir; dir="$(imap_dir)"
  if imap_running; then
    log "imap: stopping"
    /usr/sbin/dovecot -c "$dir/dovecot.conf" stop >/dev/null 2>&1 || stop_pid "$(imap_pid)" 20
  else
    log "imap: not running"
  fi
}

imap_status() {
  if imap_running; then
    echo "imap: running (pid $(imap_pid), 127.0.0.1:$(imap_port_of), user $IMAP_USER)"
  else
    echo "imap: stopped"; return 1
  fi
}

imap_env() { imap_running || return 1; echo "export TEST_IMAP_URL=$(imap_url)"; }

# ------------------------------------------------------------------------------------------------ main

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

cmd="${1:-}"; [[ $# -gt 0 ]] && shift
names=()
for n in "$@"; do
  case "$n" in
    postgres | pg | postgresql) names+=(postgres) ;;
    redis) names+=(redis) ;;
    kafka) names+=(kafka) ;;
    socks) names+=(socks) ;;
    imap | dovecot) names+=(imap) ;;
    *) echo "unknown service: $n (postgres, redis, kafka, socks, imap)" >&2; usage ;;
  esac
done
((${#names[@]})) || names=(postgres redis kafka socks imap)

fn_prefix() { case "$1" in postgres) echo pg ;; *) echo "$1" ;; esac; }

# One `up`/`down` at a time per state dir. The servers are started with fd 9 closed (`9>&-`), or they
# would inherit the lock and hold it for as long as they run.
with_lock() {
  mkdir -p "$SERVICES_DIR"
  exec 9>"$SERVICES_DIR/.lock"
  flock -w 300 9 || die "another services.sh holds $SERVICES_DIR/.lock"
}

case "$cmd" in
  up)
    with_lock
    ensure_packages "${names[@]}"
    for n in "${names[@]}"; do "$(fn_prefix "$n")_up"; done
    for n in "${names[@]}"; do "$(fn_prefix "$n")_env"; done
    ;;
  down)
    with_lock
    for n in "${names[@]}"; do "$(fn_prefix "$n")_down"; done
    ;;
  status)
    rc=0
    for n in "${names[@]}"; do "$(fn_prefix "$n")_status" || rc=3; done
    exit "$rc"
    ;;
  env)
    for n in "${names[@]}"; do "$(fn_prefix "$n")_env" || echo "# $n: not running" >&2; done
    ;;
  fetch)
    ensure_packages kafka
    kafka_fetch
    ;;
  *) usage ;;
esac
