#!/bin/sh
# Hall scale on loopback: for each client count N, a Big Game host of N/2 boards
# (`catan host --variant big-game --boards N/2`) and `catan loadtest` with N clients, one after
# the other on this machine; prints the load test's JSON line per size, with the host's and
# the machine's load. docs/hall.md.
#
#   benches/hall.sh [N ...]        default: 1000 2000 5000 10000
#   ROUNDS=5 ROUND_SECS=... benches/hall.sh 1000
#   INSECURE=1 benches/hall.sh 1000   # plaintext host and clients: what encryption costs
#   BUSY=1 benches/hall.sh 1000       # with `catan sim --threads 2` keeping both cores busy
#   BIN=/path/to/catan benches/hall.sh 1000   # another build (no cargo build): before/after
set -eu
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=target/release/catan
fi
ROUNDS=${ROUNDS:-5}
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), binary $BIN, $(nproc) cores"
SIM=""
if [ "${BUSY:-0}" = 1 ]; then
  # Another job keeping both cores busy beside the host and the load generator.
  $BIN sim --variant base --games 1000000 --seed 1 --threads 2 >/dev/null 2>&1 &
  SIM=$!
fi
export CATAN_NO_ADVERTISE=1
DATA=$(mktemp -d)
export CATAN_DATA_DIR="$DATA"
trap 'rm -rf "$DATA"; if [ -n "$SIM" ]; then kill "$SIM" 2>/dev/null || true; fi' EXIT
PORT=${PORT:-7990}
# Encrypted by default; INSECURE=1 runs both ends in plaintext (docs/reliability.md).
PLAIN=""
if [ "${INSECURE:-0}" = 1 ]; then PLAIN="--insecure"; fi
for N in ${*:-1000 2000 5000 10000}; do
  BOARDS=$((N / 2))
  # Longer rounds for bigger halls: a round's start reaches everyone well inside it.
  SECS=${ROUND_SECS:-$(( N <= 2000 ? 3 : 6 ))}
  $BIN host --variant big-game --boards "$BOARDS" --round-secs "$SECS" --vp 0 \
    --max-rounds 1000 --headless --plain --bind 127.0.0.1 --port "$PORT" \
    --save "$DATA/hall-$N.catan" $PLAIN >"$DATA/host-$N.out" 2>"$DATA/host-$N.log" &
  HOST=$!
  # Wait for the listener (a ring of thousands of boards takes a moment to build).
  for _ in $(seq 1 150); do
    if grep -qs Serving "$DATA/host-$N.out"; then break; fi
    sleep 0.2
  done
  echo "# $N clients, $BOARDS boards, ${SECS}s rounds; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  $BIN loadtest 127.0.0.1:$PORT --clients "$N" --rounds "$ROUNDS" --json --timeout-secs 600 $PLAIN | tail -1
  echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  # The host's CPU time (user + system) over the whole run, for the cost per message.
  echo "# host cpu: $(awk -v t="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / t}' /proc/$HOST/stat) s"
  kill "$HOST" 2>/dev/null || true
  wait "$HOST" 2>/dev/null || true
  PORT=$((PORT + 1))
done
