"""catanatron's board coordinates in our names, once.

catanatron draws pointy-top hexes in cube coordinates (x, y, z) and numbers corners (nodes)
and names edges by their two nodes. Our boards are flat-top hexes in axial (q, r), r growing
downwards (src/geometry.rs), written as board-file offsets `col,row` (docs/boards.md); land
hexes are named A, B, ... in reading order (src/board/map.rs), a corner `<hex>.<point>`, an
edge `<hex>.<side>`. Turning catanatron's board a quarter turn clockwise lays one lattice on
the other: catanatron's east neighbour is our south one, its south-east our south-west, and
each node and edge reference turns with it (the tables below).
"""

# catanatron's reference -> our point / side, a quarter turn clockwise.
NODE_TO_POINT = {
    "NORTH": "e",
    "NORTHEAST": "se",
    "SOUTHEAST": "sw",
    "SOUTH": "w",
    "SOUTHWEST": "nw",
    "NORTHWEST": "ne",
}
EDGE_TO_SIDE = {
    "EAST": "s",
    "SOUTHEAST": "sw",
    "SOUTHWEST": "nw",
    "WEST": "n",
    "NORTHWEST": "ne",
    "NORTHEAST": "se",
}
OPPOSITE = {
    "EAST": "WEST",
    "WEST": "EAST",
    "NORTHEAST": "SOUTHWEST",
    "SOUTHWEST": "NORTHEAST",
    "NORTHWEST": "SOUTHEAST",
    "SOUTHEAST": "NORTHWEST",
}
# catanatron's resource -> our word and our board-file terrain letter.
RESOURCE_WORD = {
    "WOOD": "lumber",
    "BRICK": "brick",
    "SHEEP": "wool",
    "WHEAT": "grain",
    "ORE": "ore",
}
WORD_RESOURCE = {w: r for r, w in RESOURCE_WORD.items()}
TERRAIN_LETTER = {"WOOD": "F", "BRICK": "B", "SHEEP": "S", "WHEAT": "W", "ORE": "O", None: "D"}


def our_hex(cube):
    """Our axial (q, r) of catanatron's cube coordinate: x steps east (our south), z steps
    south-east (our south-west)."""
    x, _y, z = cube
    return (-z, x + z)


def offset(h):
    """Board-file `col,row` of an axial hex (Hex::to_offset)."""
    q, r = h
    return (q, r + q // 2)


def from_offset(col, row):
    """Axial (q, r) of a board-file `col,row` (Hex::from_offset)."""
    return (col, row - col // 2)


def parse_place(s):
    """`"2,1 nw"` -> ((q, r), "nw"); `"2,1"` -> ((q, r), None)."""
    pos, _, rest = s.strip().partition(" ")
    col, row = (int(v) for v in pos.split(","))
    return from_offset(col, row), (rest.strip().lower() or None)


def letters(i):
    """A..Z, AA, AB, ... (src/board/map.rs `letters`)."""
    s = ""
    while True:
        s = chr(ord("A") + i % 26) + s
        if i < 26:
            return s
        i = i // 26 - 1


def canonical_corner(h, point):
    """The lattice corner (q, r, 'W'|'E') a hex's point is (Hex::corner)."""
    q, r = h
    return {
        "w": (q, r, "W"),
        "nw": (q - 1, r, "E"),
        "ne": (q + 1, r - 1, "W"),
        "e": (q, r, "E"),
        "se": (q + 1, r, "W"),
        "sw": (q - 1, r + 1, "E"),
    }[point]


def canonical_edge(h, side):
    """The lattice edge (q, r, 'N'|'NE'|'SE') a hex's side is (Hex::edge)."""
    q, r = h
    return {
        "n": (q, r, "N"),
        "ne": (q, r, "NE"),
        "se": (q, r, "SE"),
        "s": (q, r + 1, "N"),
        "sw": (q - 1, r + 1, "NE"),
        "nw": (q - 1, r, "SE"),
    }[side]


class Names:
    """One catanatron map in our words: the board file, and names both ways for every hex,
    node and edge."""

    def __init__(self, catan_map):
        land = catan_map.land_tiles
        ours = {c: our_hex(c) for c in land}
        # Reading order: text line 4r + 2q, then column 5q (src/board/map.rs `reading_key`).
        order = sorted(land, key=lambda c: (4 * ours[c][1] + 2 * ours[c][0], 5 * ours[c][0]))
        self.hex_name = {c: letters(i) for i, c in enumerate(order)}
        self.coord_of = {n: c for c, n in self.hex_name.items()}
        self.node_name = {}
        self.node_of = {}
        self.edge_name = {}
        self.edge_of = {}
        self.node_corner = {}
        self.edge_lattice = {}
        # Places in the board files' coordinates, which the engine protocol speaks.
        self.hex_place = {}
        self.node_place = {}
        self.edge_place = {}
        for c in order:
            tile = land[c]
            name = self.hex_name[c]
            col, row = offset(ours[c])
            self.hex_place[c] = f"{col},{row}"
            for ref, node in tile.nodes.items():
                self.node_place.setdefault(node, f"{col},{row} {NODE_TO_POINT[ref.value]}")
            for ref, edge in tile.edges.items():
                self.edge_place.setdefault(frozenset(edge), f"{col},{row} {EDGE_TO_SIDE[ref.value]}")
            for ref, node in tile.nodes.items():
                point = NODE_TO_POINT[ref.value]
                self.node_name.setdefault(node, f"{name}.{point}")
                self.node_of[f"{name}.{point}"] = node
                self.node_corner.setdefault(node, set()).add(canonical_corner(ours[c], point))
            for ref, edge in tile.edges.items():
                side = EDGE_TO_SIDE[ref.value]
                key = frozenset(edge)
                self.edge_name.setdefault(key, f"{name}.{side}")
                self.edge_of[f"{name}.{side}"] = key
                self.edge_lattice.setdefault(key, set()).add(canonical_edge(ours[c], side))
        tiles = []
        for c in order:
            t = land[c]
            col, row = offset(ours[c])
            token = TERRAIN_LETTER[t.resource] + (str(t.number) if t.number else "")
            tiles.append(f"{col},{row} {token}")
        harbors = []
        for c, t in catan_map.tiles.items():
            if type(t).__name__ != "Port":
                continue
            from catanatron.models.coordinate_system import UNIT_VECTORS, add

            land_c = add(c, UNIT_VECTORS[t.direction])
            side = EDGE_TO_SIDE[OPPOSITE[t.direction.value]]
            col, row = offset(ours[land_c])
            rate = "3:1" if t.resource is None else f"2:1 {RESOURCE_WORD[t.resource]}"
            harbors.append(f"{col},{row} {side} {rate}")
        self.corner_node = {next(iter(p)): n for n, p in self.node_corner.items()}
        self.lattice_edge = {next(iter(p)): e for e, p in self.edge_lattice.items()}
        self.coord_at = {h: c for c, h in ours.items()}
        self.tiles = tiles
        self.harbors = harbors
        quote = lambda s: '"' + s + '"'
        self.board_toml = (
            'name = "catanatron"\nkind = "base"\n'
            f"tiles = [{', '.join(map(quote, tiles))}]\n"
            f"harbors = [{', '.join(map(quote, harbors))}]\n"
        )

    def check(self, catan_map):
        """Every node and edge of the map has one name and one lattice place, and back: the
        round trip the arena stands on. Returns what is wrong (empty when all is well)."""
        wrong = []
        nodes = set(catan_map.land_nodes)
        for node in nodes:
            places = self.node_corner.get(node, set())
            if len(places) != 1:
                wrong.append(f"node {node} is {len(places)} corners: {places}")
            name = self.node_name.get(node)
            if name is None or self.node_of.get(name) != node:
                wrong.append(f"node {node} does not come back from its name {name}")
        corners = [next(iter(p)) for p in self.node_corner.values() if p]
        if len(set(corners)) != len(corners):
            wrong.append("two nodes share a corner")
        edges = set()
        for t in catan_map.land_tiles.values():
            edges.update(frozenset(e) for e in t.edges.values())
        for e in edges:
            places = self.edge_lattice.get(e, set())
            if len(places) != 1:
                wrong.append(f"edge {sorted(e)} is {len(places)} edges: {places}")
            a, b = sorted(e)
            # The edge's lattice ends are its nodes' corners.
            ends = {next(iter(self.node_corner[a])), next(iter(self.node_corner[b]))}
            if places and ends != lattice_ends(next(iter(places))):
                wrong.append(f"edge {sorted(e)} does not join its nodes' corners")
            if self.edge_of.get(self.edge_name.get(e)) != e:
                wrong.append(f"edge {sorted(e)} does not come back from its name")
        lattice = [next(iter(p)) for p in self.edge_lattice.values() if p]
        if len(set(lattice)) != len(lattice):
            wrong.append("two edges share a place")
        if len(nodes) != 54 or len(edges) != 72:
            wrong.append(f"{len(nodes)} nodes and {len(edges)} edges (54 and 72 expected)")
        return wrong


def node_at(names, place):
    """catanatron's node at one of our corners (`"2,1 nw"`), or None."""
    h, point = parse_place(place)
    return names.corner_node.get(canonical_corner(h, point))


def edge_at(names, place):
    """catanatron's edge (a frozenset of its two nodes) at one of our edges, or None."""
    h, side = parse_place(place)
    return names.lattice_edge.get(canonical_edge(h, side))


def hex_at(names, place):
    """catanatron's coordinate of one of our hexes (`"2,1"`), or None."""
    h, _ = parse_place(place)
    return names.coord_at.get(h)


def lattice_ends(edge):
    """The two canonical corners of a canonical edge (Edge::endpoints)."""
    q, r, s = edge
    h = (q, r)
    return {
        "N": {canonical_corner(h, "nw"), canonical_corner(h, "ne")},
        "NE": {canonical_corner(h, "ne"), canonical_corner(h, "e")},
        "SE": {canonical_corner(h, "e"), canonical_corner(h, "se")},
    }[s]
