#!/usr/bin/env python3
"""The ladder: each of our levels against each of catanatron's bots, in catanatron's Game.

    benches/peers/ladder.py --games 200 --seed 1 [--ours easy,medium,hard]
        [--theirs weighted,value,alphabeta,mcts] [--ours-seats 1,2]

One row per level, opponent and seat count (one of ours against three of theirs, and two
against two), played one after the other by arena.py's loop (one `catan bot` child at a time).
Prints each row as a JSON line as it finishes, then a table with 95% intervals (Wilson).
Seats: catanatron draws the seat order from each game's seed, so ours sit everywhere.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import arena  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ours", default="easy,medium,hard")
    ap.add_argument("--theirs", default="weighted,value,alphabeta,mcts")
    ap.add_argument("--ours-seats", default="1,2")
    ap.add_argument("--playouts", type=int)
    ap.add_argument("--think-ms", type=int)
    args = ap.parse_args()
    rows = []
    for seats in [int(s) for s in args.ours_seats.split(",")]:
        for theirs in args.theirs.split(","):
            for ours in args.ours.split(","):
                row = arena.play(
                    argparse.Namespace(
                        ours=ours,
                        theirs=theirs,
                        games=args.games,
                        seed=args.seed,
                        ours_seats=seats,
                        playouts=args.playouts,
                        think_ms=args.think_ms,
                        json=True,
                    )
                )
                print(json.dumps(row), flush=True)
                rows.append(row)
    print()
    print("| ours | against | seats (ours v theirs) | games | ours won | share | 95% | equal share | p99 ms a decision | s a game |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        lo, hi = r["ours_share_95"]
        per_game = r["seconds"] / r["games"] if r["games"] else 0
        print(
            f"| {r['ours']} | {r['theirs']} | {r['ours_seats']} v {4 - r['ours_seats']} "
            f"| {r['games']} | {r['ours_wins']} | {100 * r['ours_share']:.1f}% "
            f"| {100 * lo:.1f}–{100 * hi:.1f}% | {100 * r['equal_share']:.0f}% "
            f"| {r['decision_p99_ms']} | {per_game:.1f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
