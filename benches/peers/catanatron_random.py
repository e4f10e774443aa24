"""Random four-seat games on catanatron 3.2.1, for benches/peers/run.sh.

Four `RandomPlayer`s (a uniformly random playable action each decision) play full games with
catanatron's defaults (10 points to win; a game stopped at its 1000-turn limit counts as
played but unfinished). Prints one JSON line: games, finished games, actions applied, seconds.
"""

import json
import sys
import time

from catanatron import Color, Game, RandomPlayer

games_wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 100
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1

colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
moves = finished = 0
start = time.perf_counter()
for i in range(games_wanted):
    game = Game([RandomPlayer(c) for c in colors], seed=seed * 1_000_003 + i + 1)
    if game.play() is not None:
        finished += 1
    moves += len(game.state.actions)
secs = time.perf_counter() - start
print(json.dumps({"engine": "catanatron 3.2.1", "games": games_wanted, "finished": finished,
                  "moves": moves, "secs": secs, "engine_secs": secs}))
