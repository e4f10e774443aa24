#!/usr/bin/env python3
"""Our bot against catanatron's, in catanatron's own Game: catanatron referees.

    benches/peers/arena.py --ours hard --theirs value --games 20 --seed 1 [--ours-seats 1] [--json]

Our seats are played by one `catan bot` child process (docs/bot-protocol.md): at each of our
decisions the script writes what our seat may know as a position, reads the answer and plays it
as catanatron's action. catanatron's bots read catanatron's whole state (every hand); ours
sees only its seat's. Needs catanatron 3.3 or later (`git clone` bcollazo/catanatron, then
`pip install .` in the checkout, or point CATANATRON_SRC at the checkout), and a
built `catan` (CATAN_BIN, else target/release/catan).

`--self-test` checks the board mapping (catan_names.py) on a fresh map and exits;
`--mapping` prints one map's names for tests/arena.rs to check against our geometry.
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
if os.environ.get("CATANATRON_SRC"):
    sys.path.insert(0, os.path.join(os.environ["CATANATRON_SRC"], "catanatron"))

from catanatron.game import Game  # noqa: E402
from catanatron.models.enums import ActionPrompt, ActionType  # noqa: E402
from catanatron.models.map import BASE_MAP_TEMPLATE, CatanMap  # noqa: E402
from catanatron.models.player import Color, Player  # noqa: E402
from catanatron.state_functions import (  # noqa: E402
    get_largest_army,
    get_longest_road_color,
    player_key,
)

import catan_names  # noqa: E402
from catan_names import RESOURCE_WORD, WORD_RESOURCE  # noqa: E402
from wilson import interval  # noqa: E402

RESOURCES = ["WOOD", "BRICK", "SHEEP", "WHEAT", "ORE"]
PROGRESS_WORD = {"ROAD_BUILDING": "roads", "YEAR_OF_PLENTY": "plenty", "MONOPOLY": "monopoly"}
DEV_WORD = {"KNIGHT": "knight", "VICTORY_POINT": "vp", **PROGRESS_WORD}


def theirs(kind, color):
    """One of catanatron's bots, with its own defaults."""
    if kind == "alphabeta":
        from catanatron.players.minimax import AlphaBetaPlayer

        return AlphaBetaPlayer(color)
    if kind == "value":
        from catanatron.players.value import ValueFunctionPlayer

        return ValueFunctionPlayer(color)
    if kind == "mcts":
        from catanatron.players.mcts import MCTSPlayer

        return MCTSPlayer(color)
    if kind == "weighted":
        from catanatron.players.weighted_random import WeightedRandomPlayer

        return WeightedRandomPlayer(color)
    raise SystemExit(f"arena: unknown opponent {kind} (alphabeta, value, mcts, weighted)")


class Engine:
    """The `catan bot` child: one request line in, one answer line out."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "bot"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("arena: `catan bot` ended")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


class Stats:
    def __init__(self):
        self.decisions_ms = []
        self.decisions_cpu_ms = []
        self.refused = 0
        self.errors = []


def cards(freq):
    return {RESOURCE_WORD[r]: n for r, n in zip(RESOURCES, freq)}


def position(game, color, names):
    """What `color` may know of catanatron's state, in our position format."""
    st = game.state
    me = st.color_to_index[color]
    ps = st.player_state

    def p(i, key):
        return ps[f"P{i}_{key}"]

    seat_of = {c: i + 1 for i, c in enumerate(st.colors)}
    prompt = st.current_prompt
    rolled = p(st.current_turn_index, "HAS_ROLLED")
    if prompt == ActionPrompt.BUILD_INITIAL_SETTLEMENT:
        phase = {"kind": "setup-settlement"}
    elif prompt == ActionPrompt.BUILD_INITIAL_ROAD:
        last = st.buildings_by_color[color]["SETTLEMENT"][-1]
        phase = {"kind": "setup-road", "settlement": names.node_place[last]}
    elif prompt == ActionPrompt.DISCARD:
        phase = {"kind": "discard", "count": st.discard_counts[me]}
    elif prompt == ActionPrompt.MOVE_ROBBER:
        phase = {"kind": "robber", "before_roll": not rolled}
    elif st.is_road_building:
        phase = {"kind": "road-building", "left": st.free_roads_available, "before_roll": not rolled}
    elif not rolled:
        phase = {"kind": "roll"}
    else:
        phase = {"kind": "main"}
    buildings = [
        {"at": names.node_place[n], "seat": seat_of[c], "city": kind == "CITY"}
        for n, (c, kind) in st.board.buildings.items()
    ]
    roads = {}
    for e, c in st.board.roads.items():
        roads[frozenset(e)] = c
    players = []
    for i in range(len(st.colors)):
        players.append(
            {
                "cards": sum(p(i, f"{r}_IN_HAND") for r in RESOURCES),
                "dev_cards": sum(p(i, f"{d}_IN_HAND") for d in DEV_WORD),
                "knights": p(i, "PLAYED_KNIGHT"),
                "progress_played": [
                    w for d, w in PROGRESS_WORD.items() for _ in range(p(i, f"PLAYED_{d}"))
                ],
            }
        )
    own = []
    for d, w in DEV_WORD.items():
        held = p(me, f"{d}_IN_HAND")
        at_start = d != "VICTORY_POINT" and p(me, f"{d}_OWNED_AT_START")
        for k in range(held):
            own.append({"card": w, "playable": bool(at_start) and k == 0})
    longest = get_longest_road_color(st)
    largest, _ = get_largest_army(st)
    current = st.current_player_index if st.is_initial_build_phase else st.current_turn_index
    return {
        "version": 1,
        "board": {"tiles": names.tiles, "harbors": names.harbors},
        "vp_target": game.vps_to_win,
        "seat": me + 1,
        "current": current + 1,
        "turn": 0 if st.is_initial_build_phase else st.num_turns + 1,
        "phase": phase,
        "dev_played": bool(p(st.current_turn_index, "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN")),
        "built": False,
        "robber": names.hex_place[st.board.robber_coordinate],
        "buildings": buildings,
        "roads": [{"at": names.edge_place[e], "seat": seat_of[c]} for e, c in roads.items()],
        "players": players,
        "hand": cards([p(me, f"{r}_IN_HAND") for r in RESOURCES]),
        "dev_cards": own,
        "longest_road": seat_of.get(longest),
        "largest_army": seat_of.get(largest),
        "bank": cards(st.resource_freqdeck),
        "deck": len(st.development_listdeck),
    }


def resource_list(counts):
    out = []
    for word, n in counts.items():
        out += [WORD_RESOURCE[word]] * n
    return out


def to_action(move, playable, names, colors):
    """catanatron's action for our machine-readable move, if it is among `playable`."""
    kind = move["kind"]

    def first(pred):
        return next((a for a in playable if pred(a)), None)

    t = ActionType
    if kind == "settle":
        node = catan_names.node_at(names, move["at"])
        return first(lambda a: a.action_type == t.BUILD_SETTLEMENT and a.value == node)
    if kind == "city":
        node = catan_names.node_at(names, move["at"])
        return first(lambda a: a.action_type == t.BUILD_CITY and a.value == node)
    if kind == "road":
        edge = catan_names.edge_at(names, move["at"])
        return first(lambda a: a.action_type == t.BUILD_ROAD and frozenset(a.value) == edge)
    simple = {
        "buy-dev": t.BUY_DEVELOPMENT_CARD,
        "roll": t.ROLL,
        "end": t.END_TURN,
        "play-knight": t.PLAY_KNIGHT_CARD,
        "play-roads": t.PLAY_ROAD_BUILDING,
    }
    if kind in simple:
        return first(lambda a: a.action_type == simple[kind])
    if kind == "robber":
        coord = catan_names.hex_at(names, move["hex"])
        victim = colors[move["steal"] - 1] if move.get("steal") else None
        exact = first(lambda a: a.action_type == t.MOVE_ROBBER and a.value[:2] == (coord, victim))
        return exact or first(lambda a: a.action_type == t.MOVE_ROBBER and a.value[0] == coord)
    if kind == "play-plenty":
        want = sorted(resource_list(move["cards"]))
        return first(
            lambda a: a.action_type == t.PLAY_YEAR_OF_PLENTY and sorted(a.value) == want
        )
    if kind == "play-monopoly":
        res = WORD_RESOURCE.get(str(move["resource"]).lower())
        return first(lambda a: a.action_type == t.PLAY_MONOPOLY and a.value == res)
    if kind == "bank":
        give = resource_list(move["give"])
        get = resource_list(move["get"])
        return first(
            lambda a: a.action_type == t.MARITIME_TRADE
            and sorted(r for r in a.value[:4] if r) == sorted(give)
            and [a.value[4]] == get
        )
    return None


class Ours(Player):
    """A seat played by `catan bot`."""

    def __init__(self, color, engine, level, options, stats):
        super().__init__(color)
        self.engine = engine
        self.level = level
        self.options = options
        self.stats = stats
        self.names = None
        self.discards = []

    def decide(self, game, playable_actions):
        st = game.state
        if st.current_prompt == ActionPrompt.DISCARD and self.discards:
            r = self.discards.pop()
            a = next((a for a in playable_actions if a.value == r), None)
            if a is not None:
                return a
        self.discards = []
        if len(playable_actions) == 1 and st.current_prompt != ActionPrompt.DISCARD:
            return playable_actions[0]
        if self.names is None or self.names.map is not st.board.map:
            self.names = catan_names.Names(st.board.map)
            self.names.map = st.board.map
        request = {
            "position": position(game, self.color, self.names),
            "options": {"level": self.level, "seed": self.options["seed"] + st.num_turns, **self.options["think"]},
        }
        start = time.perf_counter()
        answer = self.engine.ask(request)
        self.stats.decisions_ms.append((time.perf_counter() - start) * 1000)
        if answer.get("cpu_ms") is not None:
            self.stats.decisions_cpu_ms.append(answer["cpu_ms"])
        move = answer.get("move")
        action = None
        if move is not None:
            if move["kind"] == "discard":
                self.discards = resource_list(move["cards"])
                random.Random(0).shuffle(self.discards)
                r = self.discards.pop()
                action = next((a for a in playable_actions if a.value == r), None)
            else:
                action = to_action(move, playable_actions, self.names, st.colors)
        if action is None:
            self.stats.refused += 1
            if len(self.stats.errors) < 5:
                self.stats.errors.append(answer.get("error") or answer.get("command"))
            kinds = [ActionType.ROLL, ActionType.END_TURN]
            action = next((a for k in kinds for a in playable_actions if a.action_type == k), None)
            action = action or playable_actions[0]
        return action


def percentile(values, q):
    if not values:
        return 0.0
    v = sorted(values)
    return v[min(len(v) - 1, int(math.ceil(q * len(v))) - 1)]


def play(args):
    binary = os.environ.get("CATAN_BIN") or os.path.join(ROOT, "target", "release", "catan")
    engine = Engine(binary)
    stats = Stats()
    think = {}
    if args.playouts is not None:
        think["playouts"] = args.playouts
    if args.think_ms is not None:
        think["think_ms"] = args.think_ms
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    ours_wins = theirs_wins = draws = 0
    seat_wins = {}
    started = time.perf_counter()
    first = getattr(args, "first", 0) or 0
    for g in range(first, first + args.games):
        seed = args.seed * 100_003 + g
        players = []
        mine = set(colors[: args.ours_seats])
        for c in colors:
            if c in mine:
                options = {"seed": seed, "think": think}
                players.append(Ours(c, engine, args.ours, options, stats))
            else:
                players.append(theirs(args.theirs, c))
        # catanatron draws the seat order from the game's seed: ours sit anywhere.
        game = Game(players, seed=seed)
        winner = game.play()
        if winner is None:
            draws += 1
        elif winner in mine:
            ours_wins += 1
            seat = game.state.colors.index(winner) + 1
            seat_wins[seat] = seat_wins.get(seat, 0) + 1
        else:
            theirs_wins += 1
        if not args.json:
            print(f"game {g + 1}: {'ours' if winner in mine else 'theirs' if winner else 'draw'}",
                  file=sys.stderr)
    engine.close()
    lo, hi = interval(ours_wins, args.games)
    return {
        "ours": args.ours,
        "theirs": args.theirs,
        "games": args.games,
        "seed": args.seed,
        "first": first,
        "ours_seats": args.ours_seats,
        "ours_wins": ours_wins,
        "theirs_wins": theirs_wins,
        "draws": draws,
        "ours_share": ours_wins / args.games if args.games else 0.0,
        "ours_share_95": [round(lo, 4), round(hi, 4)],
        "equal_share": args.ours_seats / 4,
        "ours_wins_by_seat": {str(k): v for k, v in sorted(seat_wins.items())},
        "decisions": len(stats.decisions_ms),
        "decision_p50_ms": round(percentile(stats.decisions_ms, 0.5), 2),
        "decision_p99_ms": round(percentile(stats.decisions_ms, 0.99), 2),
        # What a decision costs on one core (the engine's own CPU time), whatever else runs.
        "decision_cpu_p99_ms": round(percentile(stats.decisions_cpu_ms, 0.99), 2),
        "decision_cpu_max_ms": round(max(stats.decisions_cpu_ms, default=0.0), 2),
        "answers_refused": stats.refused,
        "refused_examples": stats.errors,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ours", default="hard", help="easy, medium or hard")
    ap.add_argument("--theirs", default="weighted", help="alphabeta, value, mcts or weighted")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0,
                    help="the first game's number: a row split into runs (0-99, then --first 100)")
    ap.add_argument("--ours-seats", type=int, default=1, choices=[1, 2, 3])
    ap.add_argument("--playouts", type=int, help="our hard bot's playouts a decision")
    ap.add_argument("--think-ms", type=int, help="our hard bot's time a decision instead")
    ap.add_argument("--json", action="store_true", help="one JSON line")
    ap.add_argument("--self-test", action="store_true", help="check the board mapping")
    ap.add_argument("--mapping", action="store_true", help="print one map's names as JSON")
    args = ap.parse_args()
    if args.self_test or args.mapping:
        random.seed(args.seed)
        m = CatanMap.from_template(BASE_MAP_TEMPLATE)
        names = catan_names.Names(m)
        if args.mapping:
            print(json.dumps({
                "board": names.board_toml,
                "nodes": {str(n): names.node_place[n] for n in sorted(m.land_nodes)},
                "edges": [[*sorted(e), names.edge_place[e]] for e in names.edge_place],
            }))
            return 0
        wrong = names.check(m)
        for w in wrong:
            print(w, file=sys.stderr)
        print("mapping: " + ("wrong" if wrong else "54 nodes and 72 edges round-trip"))
        return 1 if wrong else 0
    report = play(args)
    if args.json:
        print(json.dumps(report))
    else:
        lo, hi = report["ours_share_95"]
        print(
            f"{args.ours} x{args.ours_seats} vs {args.theirs}: {report['ours_wins']}/{args.games} "
            f"({100 * report['ours_share']:.1f}%, 95% {100 * lo:.1f}-{100 * hi:.1f}%), "
            f"draws {report['draws']}, p99 {report['decision_p99_ms']} ms, "
            f"refused {report['answers_refused']}"
        )
    return 0


if __name__ == "__main__":
    import hashseed

    hashseed.pin()
    sys.exit(main())
