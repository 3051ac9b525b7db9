#!/usr/bin/env bash
# Backup and restore of the docker-compose.yml deployment (server engines): pg_dump, ClickHouse BACKUP, and the
# projector's Kafka offsets. Run next to docker-compose.yml. deploy/ops.md, "Backups on the server engines".
#
#   deploy/backup-server.sh backup  OUT_DIR         writes OUT_DIR/tracker-server-<UTC time>/
#   deploy/backup-server.sh restore BACKUP_DIR      into the running stores of this deployment (replaces their data)
#
# The projector is stopped while the stores are copied, so PostgreSQL and ClickHouse hold exactly the events below
# the offsets saved with them; ingest keeps accepting clicks into Kafka meanwhile, and the projector catches up when
# it starts again. Kafka itself is not copied: it must keep the events from the saved offsets on (KAFKA_RETENTION_MS
# longer than the time between two backups), so a restore replays them.
set -euo pipefail

COMPOSE=${COMPOSE:-docker compose}
TOPIC=${KAFKA_TOPIC:-tracker.events}
GROUP=projector

die() { echo "backup-server.sh: $*" >&2; exit 1; }

kafka_groups() { $COMPOSE exec -T kafka /opt/kafka/bin/kafka-consumer-groups.sh --bootstrap-server kafka:9092 "$@"; }
clickhouse() { $COMPOSE exec -T clickhouse sh -c 'clickhouse-client --user "$CLICKHOUSE_USER" --password "$CLICKHOUSE_PASSWORD" --query "$1"' sh "$1"; }

backup() {
  local out=${1:?usage: backup-server.sh backup OUT_DIR}
  local stamp dir
  stamp=$(date -u +%Y-%m-%dT%H-%M-%SZ)
  dir="$out/tracker-server-$stamp"
  mkdir -p "$dir"

  $COMPOSE stop projector
  trap '$COMPOSE start projector' EXIT

  # partition,offset per line: where the projector resumes after a restore.
  kafka_groups --describe --group "$GROUP" |
    awk -v topic="$TOPIC" '$2 == topic && $4 ~ /^[0-9]+$/ { print $3 "," $4 }' > "$dir/kafka-offsets.csv"
  [ -s "$dir/kafka-offsets.csv" ] || die "no committed offsets of group $GROUP on $TOPIC (has the projector ever run?)"

  $COMPOSE exec -T postgres pg_dump -U tracker -d tracker --format=custom > "$dir/postgres.dump"

  clickhouse "BACKUP DATABASE tracker TO Disk('backups', 'tracker-$stamp.zip')" > /dev/null
  $COMPOSE cp "clickhouse:/backups/tracker-$stamp.zip" "$dir/clickhouse.zip"
  $COMPOSE exec -T clickhouse rm -f "/backups/tracker-$stamp.zip"

  $COMPOSE start projector
  trap - EXIT

  (cd "$dir" && sha256sum kafka-offsets.csv postgres.dump clickhouse.zip > SHA256SUMS)
  echo "Backup written to $dir"
}

restore() {
  local dir=${1:?usage: backup-server.sh restore BACKUP_DIR}
  [ -f "$dir/SHA256SUMS" ] || die "$dir holds no SHA256SUMS: not a backup of this script"
  (cd "$dir" && sha256sum --check --quiet SHA256SUMS) || die "$dir is damaged: a file does not match SHA256SUMS"
  local name
  name="restore-$(date -u +%s).zip"

  # Nothing may write while the stores are replaced.
  $COMPOSE stop api ingest projector workers

  $COMPOSE exec -T postgres pg_restore -U tracker -d tracker --clean --if-exists --no-owner < "$dir/postgres.dump"

  $COMPOSE cp "$dir/clickhouse.zip" "clickhouse:/backups/$name"
  clickhouse "DROP DATABASE IF EXISTS tracker SYNC"
  clickhouse "RESTORE DATABASE tracker FROM Disk('backups', '$name')" > /dev/null
  $COMPOSE exec -T clickhouse rm -f "/backups/$name"

  # The projector replays Kafka from the saved positions; what the stores already hold of it is dropped as copies.
  local partition offset
  while IFS=, read -r partition offset; do
    kafka_groups --reset-offsets --group "$GROUP" --topic "$TOPIC:$partition" --to-offset "$offset" --execute > /dev/null
  done < "$dir/kafka-offsets.csv"

  $COMPOSE start projector workers api ingest
  echo "Restored $dir; the projector replays Kafka from the saved offsets."
}

case "${1:-}" in
  backup) backup "${2:-}" ;;
  restore) restore "${2:-}" ;;
  *) die "usage: backup-server.sh backup OUT_DIR | restore BACKUP_DIR" ;;
esac
