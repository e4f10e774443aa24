#!/usr/bin/env python3
"""The ladder: each of our levels against each of catanatron's bots, in catanatron's Game.

    benches/peers/ladder.py --games 200 --seed 1 [--ours easy,medium,hard]
        [--theirs weighted,value,alphabeta,mcts] [--ours-seats 1,2] [--first N]
    benches/peers/ladder.py --merge ROWS.jsonl [MORE.jsonl ...]

One row per level, opponent and seat count (one of ours against three of theirs, and two
against two), played one after the other by arena.py's loop (one `catan bot` child at a time).
Prints each row as a JSON line as it finishes, then a table with 95% intervals (Wilson).
Seats: catanatron draws the seat order from each game's seed, so ours sit everywhere.

A row too long for one run (AlphaBeta and MCTS take a minute or two a game in Python) is
played in parts: `--first 0 --games 50`, then `--first 50 --games 50`, ... each part's JSON
lines kept in a file. `--merge` reads such files (the JSON lines in them), adds up the parts
of each row (same level, opponent, seats and seed; their games must not overlap) and prints
the table. A merged row's p99 is the largest of its parts' (an upper bound).
"""

import argparse
import json
import os
import sys
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from wilson import interval  # noqa: E402


def read_rows(paths):
    """The JSON rows in these files (other lines, such as a table, are skipped)."""
    rows = []
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("{"):
                    rows.append(json.loads(line))
    return rows


def merge(rows):
    """Adds up the parts of each row: wins, games, draws and refusals summed, the interval
    computed again, the p99 the largest part's."""
    merged = OrderedDict()
    for r in rows:
        key = (r["ours"], r["theirs"], r["ours_seats"], r["seed"])
        first = r.get("first", 0)
        span = (first, first + r["games"])
        m = merged.get(key)
        if m is None:
            merged[key] = dict(r, spans=[span])
            continue
        for a, b in m["spans"]:
            if span[0] < b and a < span[1]:
                raise SystemExit(f"ladder: games {span} of {key} overlap games {(a, b)}")
        m["spans"].append(span)
        for k in ["games", "ours_wins", "theirs_wins", "draws", "answers_refused", "seconds"]:
            m[k] = m.get(k, 0) + r.get(k, 0)
        for k in ["decision_p99_ms", "decision_cpu_p99_ms"]:
            if k in r:
                m[k] = max(m.get(k, 0), r[k])
    out = []
    for m in merged.values():
        lo, hi = interval(m["ours_wins"], m["games"])
        m["ours_share"] = m["ours_wins"] / m["games"] if m["games"] else 0.0
        m["ours_share_95"] = [round(lo, 4), round(hi, 4)]
        out.append(m)
    return out


def print_table(rows):
    print()
    print("| ours | against | seats (ours v theirs) | games | ours won | share | 95% | equal share | p99 ms a decision | CPU p99 ms | s a game |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        lo, hi = r["ours_share_95"]
        per_game = r["seconds"] / r["games"] if r["games"] else 0
        print(
            f"| {r['ours']} | {r['theirs']} | {r['ours_seats']} v {4 - r['ours_seats']} "
            f"| {r['games']} | {r['ours_wins']} | {100 * r['ours_share']:.1f}% "
            f"| {100 * lo:.1f}–{100 * hi:.1f}% | {100 * r['equal_share']:.0f}% "
            f"| {r['decision_p99_ms']} | {r.get('decision_cpu_p99_ms', '–')} | {per_game:.1f} |"
        )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ours", default="easy,medium,hard")
    ap.add_argument("--theirs", default="weighted,value,alphabeta,mcts")
    ap.add_argument("--ours-seats", default="1,2")
    ap.add_argument("--playouts", type=int)
    ap.add_argument("--think-ms", type=int)
    ap.add_argument("--first", type=int, default=0, help="the first game's number")
    ap.add_argument("--merge", nargs="+", metavar="FILE", help="add up rows kept in files")
    args = ap.parse_args()
    if args.merge:
        print_table(merge(read_rows(args.merge)))
        return 0
    import arena  # catanatron is needed to play, not to merge

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
                        first=args.first,
                        ours_seats=seats,
                        playouts=args.playouts,
                        think_ms=args.think_ms,
                        json=True,
                    )
                )
                print(json.dumps(row), flush=True)
                rows.append(row)
    print_table(rows)
    return 0


if __name__ == "__main__":
    import hashseed

    hashseed.pin()
    sys.exit(main())
