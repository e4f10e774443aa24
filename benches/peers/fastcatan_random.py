"""Random four-seat games on fastcatan 2.0.0's batched simulator, for benches/peers/run.sh.

Each step every slot of the batch takes a uniformly random legal action (drawn in NumPy from
the packed legal-action masks) and `step_autoreset` starts a new game in a finished slot.
Prints one JSON line: games finished, actions applied, wall seconds, the seconds spent
inside fastcatan's own calls (masks and stepping) apart from the NumPy draw, and the mean
length of the finished games. When the run stops, up to a batch of games are still under way:
their actions count in `moves` but they are not among `games`, so the steady rate is moves/s
divided by `moves_per_game`.
"""

import json
import sys
import time

import numpy as np
import fastcatan

games_wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
batch = int(sys.argv[2]) if len(sys.argv) > 2 else 256
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1

env = fastcatan.BatchedEnv(batch, seed=seed)
env.reset()
rng = np.random.default_rng(seed)
masks = np.zeros((batch, fastcatan.MASK_WORDS), dtype=np.uint64)
actions = np.zeros(batch, dtype=np.uint32)
dones = np.zeros(batch, dtype=np.uint8)

games = moves = 0
finished_moves = 0
slot_moves = np.zeros(batch, dtype=np.int64)
engine = 0.0
start = time.perf_counter()
while games < games_wanted:
    t0 = time.perf_counter()
    env.write_masks(masks)
    t1 = time.perf_counter()
    bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, : fastcatan.NUM_ACTIONS]
    # The k-th legal action of each row, k uniform below the row's count.
    counts = bits.sum(axis=1, dtype=np.int64)
    k = (rng.random(batch) * counts).astype(np.int64)
    actions[:] = (np.cumsum(bits, axis=1, dtype=np.int64) > k[:, None]).argmax(axis=1)
    t2 = time.perf_counter()
    env.step_autoreset(actions, dones)
    t3 = time.perf_counter()
    engine += (t1 - t0) + (t3 - t2)
    moves += batch
    slot_moves += 1
    done = dones.astype(bool)
    if done.any():
        games += int(done.sum())
        finished_moves += int(slot_moves[done].sum())
        slot_moves[done] = 0
secs = time.perf_counter() - start
print(json.dumps({"engine": "fastcatan 2.0.0", "games": games, "moves": moves,
                  "secs": secs, "engine_secs": engine,
                  "moves_per_game": finished_moves / max(games, 1)}))
