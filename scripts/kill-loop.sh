#!/usr/bin/env bash
# Kills a hosted game with SIGKILL again and again, resuming it from its save each time, and
# checks that every resume replays every line the save held. A person joins and leaves at
# once, so bots play all seats (--away-secs 0). Usage: scripts/kill-loop.sh [KILLS] [PORT]
# (after `cargo build --release`).
set -u
KILLS=${1:-40}
PORT=${2:-38112}
B=${CATAN:-$(dirname "$0")/../target/release/catan}
DIR=$(mktemp -d)
export CATAN_NO_ADVERTISE=1 CATAN_DATA_DIR=$DIR/data
SAVE=$DIR/game.catan
"$B" host --headless --bind 127.0.0.1 --port "$PORT" --seats 3 --bots 2 --seed 19 \
  --bot-think-secs 0.1 --away-secs 0 --save "$SAVE" > "$DIR/h0.out" 2>&1 &
HP=$!
sleep 0.5
(echo state; sleep 0.3) | "$B" join "127.0.0.1:$PORT" --plain --name Ann > /dev/null
survived=0
for i in $(seq 1 "$KILLS"); do
  sleep "0.$((RANDOM % 9 + 1))"
  kill -9 "$HP"; wait "$HP" 2>/dev/null
  lines=$(grep -c . "$SAVE")
  "$B" host --headless --bind 127.0.0.1 --port "$PORT" --resume "$SAVE" --away-secs 0 \
    > "$DIR/h$i.out" 2>&1 &
  HP=$!
  sleep 0.3
  if grep -q "is over" "$DIR/h$i.out"; then echo "the game ended"; break; fi
  if grep -q "catan host:" "$DIR/h$i.out"; then echo "FAIL: $(cat "$DIR/h$i.out")"; exit 1; fi
  steps=$(grep -o "[0-9]* steps replayed" "$DIR/h$i.out" | cut -d' ' -f1)
  if [ "$steps" != "$((lines - 2))" ]; then
    echo "FAIL: the save held $((lines - 2)) steps, the resume replayed $steps"; exit 1
  fi
  survived=$i
done
kill -9 "$HP" 2>/dev/null; wait "$HP" 2>/dev/null
"$B" replay "$SAVE" --all | head -1
echo "kills survived: $survived (files in $DIR)"
