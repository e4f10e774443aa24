//! The ASCII renderer: a pure function from a map plus what stands on it to a grid of styled
//! characters in the style of the rule texts' board drawings.
//!
//! Each land hex is drawn as
//! ```text
//!   .--.
//!  /    \
//! <  F4  >
//!  \    /
//!   `--'
//! ```
//! with shared corners and edges drawn once; a corner's glyph follows from which of the three
//! hexes around it are drawn (`<` `>` where a hex has its west or east corner, `.` for a top
//! corner, `` ` `` and `'` for bottom corners). With no overlay, Board A comes out exactly as the
//! rule text draws it.
//!
//! Pieces overlay corners and edges with the owner's letter, so the board reads without colour:
//! a settlement is the lower-case letter, a city the upper-case one, a road the lower-case
//! letter on the edge. A ship is [`SHIP`] on its edge in its owner's ink: a slanted edge is one
//! character, where any letter would read as a road or a city. The robber is `@@` under the
//! label (above it, right of the name, where a variant marks the hex below). [`PIECES_KEY`]
//! says all this in the words every legend uses.
//! The interior lines above and below a label carry hex names and variant marks (armies, herds).

use super::map::Map;
use super::spec::{HarborKind, Territory};
use crate::geometry::{CornerSide, Hex, Side};
use crate::topology::{CornerId, EdgeId, HexId};
use std::collections::HashMap;

/// The caption over the Big Game's dividing line, and how far left of the line it starts
/// (the line runs under the gap between its words).
pub const DIVIDING_LINE: &str = "Dividing Line";
const CAPTION_LEFT: i32 = 8;

/// The mark of a ship, on every character of its edge, in its owner's ink. Not a letter: a
/// slanted edge is one character wide, and there the owner's upper-case letter (the old mark)
/// looked like a city on the corner beside it, the lower-case one like a road.
pub const SHIP: char = '~';

/// The key to the pieces' marks, in the words every legend of a board with pieces uses (the
/// TUI's help and footer, `catan replay`, `catan board show`), so that none of them forgets a
/// piece.
pub const PIECES_KEY: &str = "settlement = lower-case letter, city = upper case, road = letter on an edge, ship = ~ on an edge (in its owner's colour), @@ = robber";

/// What colours a cell: the TUI maps inks to styles, plain output ignores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    Blank,
    Frame,
    /// A hex label of this terrain's letter (the TUI colours by terrain).
    Terrain(char),
    /// A number token; 6 and 8 are drawn hot.
    Number(u8),
    Sea,
    Harbor,
    Robber,
    /// A hex name or other annotation.
    Note,
    /// A player's piece or mark, by seat.
    Player(crate::engine::Seat),
    DividingLine,
}

/// One character of the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub ch: char,
    pub ink: Ink,
    /// A legal target of the chosen action.
    pub highlight: bool,
    /// Under the cursor.
    pub cursor: bool,
}

impl Cell {
    const BLANK: Cell = Cell {
        ch: ' ',
        ink: Ink::Blank,
        highlight: false,
        cursor: false,
    };
}

/// A piece drawn on a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CornerPiece {
    Settlement(crate::engine::Seat),
    City(crate::engine::Seat),
}

/// A piece drawn on an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgePiece {
    Road(crate::engine::Seat),
    Ship(crate::engine::Seat),
}

/// Text a variant writes inside a hex: the line above the label (4 wide), below it (4 wide),
/// or beside the tile's glyph on the label line itself (4 wide). The label line is bounded by
/// the hex's own corners, so what stands there cannot be read as a neighbour's; with `beside`
/// the label shrinks to its first glyph (the terrain letter, or `~`) at the left edge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexNote {
    pub top: Option<(String, Ink)>,
    pub bottom: Option<(String, Ink)>,
    pub beside: Option<(String, Ink)>,
}

/// What stands on the board and what to show.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    pub corners: HashMap<CornerId, CornerPiece>,
    pub edges: HashMap<EdgeId, EdgePiece>,
    pub robbers: Vec<HexId>,
    pub notes: HashMap<HexId, HexNote>,
    pub highlight_corners: Vec<CornerId>,
    pub highlight_edges: Vec<EdgeId>,
    pub highlight_hexes: Vec<HexId>,
    pub cursor: Option<Target>,
    /// Player letters by seat (lower case; cities use the upper case, ships [`SHIP`]).
    pub letters: Vec<char>,
}

/// Something on the board a cursor or a click can point at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Corner(CornerId),
    Edge(EdgeId),
    Hex(HexId),
}

/// What to draw besides the land.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Land hex names (`A`, `B`, ...) on the line above each label.
    pub names: bool,
    /// Sea names (`~1`, ...) too: only ships' commands need them.
    pub sea_names: bool,
    /// Harbour rates in the sea beside their edges.
    pub harbors: bool,
    /// Sea positions as faint hexes.
    pub sea: bool,
    /// A divided board's dividing line, as the rule text draws it.
    pub dividing_line: bool,
    /// Hide the land labels (terrain and number), as in the blank templates.
    pub blank: bool,
    /// On maps of several boards: draw only these boards, left to right in this order.
    pub boards: Option<Vec<usize>>,
}

/// The rendered picture: lines of cells, and where each target sits (for mouse clicks).
#[derive(Clone, Debug, Default)]
pub struct Picture {
    pub lines: Vec<Vec<Cell>>,
    pub corner_at: HashMap<(usize, usize), CornerId>,
    pub edge_at: HashMap<(usize, usize), EdgeId>,
    pub hex_at: HashMap<(usize, usize), HexId>,
    /// Text position of each drawn target, for cursors.
    pub positions: HashMap<Target, (usize, usize)>,
    /// Captions written on a row of the picture over a column (the Big Game's "Dividing
    /// Line" over its line): a pane showing part of the picture writes them whole or not
    /// at all.
    pub captions: Vec<Caption>,
}

/// A caption of the picture: `text` on row `y` from column `start`, over column `x`, in
/// `ink`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    pub x: usize,
    pub start: usize,
    pub y: usize,
    pub text: &'static str,
    pub ink: Ink,
}

impl Picture {
    pub fn width(&self) -> usize {
        self.lines.iter().map(|l| l.len()).max().unwrap_or(0)
    }

    pub fn height(&self) -> usize {
        self.lines.len()
    }

    /// The picture as plain text, trailing spaces trimmed.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for l in &self.lines {
            let s: String = l.iter().map(|c| c.ch).collect();
            out.push_str(s.trim_end());
            out.push('\n');
        }
        out
    }

    /// What is drawn at a text position, for mouse clicks: corners first, then edges, then the
    /// hex whose interior holds it.
    pub fn target_at(&self, x: usize, y: usize) -> Option<Target> {
        if let Some(c) = self.corner_at.get(&(x, y)) {
            return Some(Target::Corner(*c));
        }
        if let Some(e) = self.edge_at.get(&(x, y)) {
            return Some(Target::Edge(*e));
        }
        self.hex_at.get(&(x, y)).map(|h| Target::Hex(*h))
    }
}

struct Grid {
    lines: Vec<Vec<Cell>>,
}

impl Grid {
    fn put(&mut self, x: i32, y: i32, ch: char, ink: Ink) {
        if x < 0 || y < 0 {
            return;
        }
        let (x, y) = (x as usize, y as usize);
        while self.lines.len() <= y {
            self.lines.push(Vec::new());
        }
        let line = &mut self.lines[y];
        while line.len() <= x {
            line.push(Cell::BLANK);
        }
        line[x] = Cell {
            ch,
            ink,
            highlight: false,
            cursor: false,
        };
    }

    fn text(&mut self, x: i32, y: i32, s: &str, ink: Ink) {
        for (i, ch) in s.chars().enumerate() {
            self.put(x + i as i32, y, ch, ink);
        }
    }

    fn get(&self, x: i32, y: i32) -> Cell {
        if x < 0 || y < 0 {
            return Cell::BLANK;
        }
        self.lines
            .get(y as usize)
            .and_then(|l| l.get(x as usize))
            .copied()
            .unwrap_or(Cell::BLANK)
    }

    /// Moves the text on line `y` within `w` cells either side of the dividing line at `line`
    /// to one side of it: the west (left) or the east. Text too long for one side is split at
    /// its first space if the halves fit, else left alone.
    fn beside_line(&mut self, line: i32, y: i32, w: i32, west: bool) {
        let cells: Vec<Cell> = (line - w..line)
            .chain(line + 1..=line + w)
            .map(|x| self.get(x, y))
            .collect();
        let (Some(first), Some(last)) = (
            cells.iter().position(|c| c.ch != ' '),
            cells.iter().rposition(|c| c.ch != ' '),
        ) else {
            return;
        };
        let run = &cells[first..=last];
        let w = w as usize;
        let (left, right): (&[Cell], &[Cell]) = if run.len() <= w {
            if west { (run, &[]) } else { (&[], run) }
        } else {
            let Some(sp) = run.iter().position(|c| c.ch == ' ') else {
                return;
            };
            let rest = &run[sp..];
            let skip = rest.iter().take_while(|c| c.ch == ' ').count();
            let (a, b) = (&run[..sp], &rest[skip..]);
            if a.len() > w || b.len() > w {
                return;
            }
            (a, b)
        };
        let w = w as i32;
        for x in (line - w..line).chain(line + 1..=line + w) {
            self.put(x, y, ' ', Ink::Blank);
        }
        for (i, c) in left.iter().enumerate() {
            self.set(line - left.len() as i32 + i as i32, y, *c);
        }
        for (i, c) in right.iter().enumerate() {
            self.set(line + 1 + i as i32, y, *c);
        }
    }

    fn set(&mut self, x: i32, y: i32, cell: Cell) {
        self.put(x, y, cell.ch, cell.ink);
        self.mark(x, y, cell.highlight, cell.cursor);
    }

    fn mark(&mut self, x: i32, y: i32, highlight: bool, cursor: bool) {
        if let Some(c) = self
            .lines
            .get_mut(y as usize)
            .and_then(|l| l.get_mut(x as usize))
        {
            c.highlight |= highlight;
            c.cursor |= cursor;
        }
    }
}

/// Draws the map.
pub fn render(map: &Map, overlay: &Overlay, opts: &RenderOptions) -> Picture {
    let topo = &map.topology;
    // Which positions to draw, each with the lattice position it is drawn at (boards of a ring
    // are unwrapped so a window of them sits side by side).
    let mut placed: HashMap<HexId, Hex> = HashMap::new();
    match (&opts.boards, topo.wrap()) {
        (Some(order), wrap) => {
            let period = wrap
                .map(|w| w / map.boards().len().max(1) as i32)
                .unwrap_or(0);
            for (slot, b) in order.iter().enumerate() {
                let Some(board) = map.boards().get(*b) else {
                    continue;
                };
                // Move board `b` to sit in slot `slot`, keeping text lines.
                let dq = (slot as i32 - *b as i32) * period;
                let _ = board;
                for h in topo.hex_ids() {
                    if map.board_of_hex(h) == *b && (map.is_land(h) || opts.sea || opts.harbors) {
                        let p = topo.hex(h);
                        placed.insert(h, Hex::new(p.q + dq, p.r - dq / 2));
                    }
                }
            }
        }
        (None, _) => {
            for h in topo.hex_ids() {
                if map.is_land(h) || opts.sea || opts.harbors {
                    placed.insert(h, topo.hex(h));
                }
            }
        }
    }
    let drawn = |h: &Hex, lookup: &HashMap<Hex, HexId>| -> bool {
        lookup.get(h).is_some_and(|id| map.is_land(*id) || opts.sea)
    };
    let lookup: HashMap<Hex, HexId> = placed.iter().map(|(id, h)| (*h, *id)).collect();
    let mut framed: Vec<(HexId, Hex)> = placed
        .iter()
        .filter(|(id, _)| map.is_land(**id) || opts.sea)
        .map(|(id, h)| (*id, *h))
        .collect();
    if framed.is_empty() {
        return Picture::default();
    }
    // Reading order, so that where a target is drawn twice the same place wins every time.
    framed.sort_by_key(|(id, h)| (h.text_origin().1, h.text_origin().0, *id));
    // Harbour rates sit in sea positions, which are not framed unless the sea is drawn.
    let harbor_seas: Vec<Hex> = if opts.harbors {
        map.harbors()
            .iter()
            .filter_map(|hb| hb.sea.and_then(|s| placed.get(&s)).copied())
            .collect()
    } else {
        Vec::new()
    };
    let in_box = || {
        framed
            .iter()
            .map(|(_, h)| *h)
            .chain(harbor_seas.iter().copied())
    };
    // Origin: the leftmost west corner at column 0, the topmost top edge at line 0.
    let min_x = in_box().map(|h| h.text_origin().0).min().unwrap_or(0);
    let min_y = in_box().map(|h| h.text_origin().1).min().unwrap_or(0) - 2;
    let top_pad = if opts.dividing_line { 2 } else { 0 };
    let ox = -min_x;
    let oy = -min_y + top_pad;
    let mut g = Grid { lines: Vec::new() };
    let mut pic = Picture::default();
    // Marks written under hex labels: where, and how long.
    let mut bottom_notes: Vec<(i32, i32, usize)> = Vec::new();
    let frame_ink = |id: HexId| {
        if map.is_land(id) {
            Ink::Frame
        } else {
            Ink::Sea
        }
    };

    // Edges and interiors.
    let mut framed_sorted = framed.clone();
    // Sea first so land frames win where they meet.
    framed_sorted.sort_by_key(|(id, h)| (map.is_land(*id), h.text_origin().1, h.text_origin().0));
    for (id, h) in &framed_sorted {
        let (x, y) = h.text_origin();
        let (x, y) = (x + ox, y + oy);
        let ink = frame_ink(*id);
        g.text(x + 3, y - 2, "--", ink);
        g.put(x + 1, y - 1, '/', ink);
        g.put(x + 6, y - 1, '\\', ink);
        g.put(x + 6, y + 1, '/', ink);
        g.put(x + 1, y + 1, '\\', ink);
        g.text(x + 3, y + 2, "--", ink);
        for dx in 2..=5 {
            g.put(x + dx, y - 1, ' ', Ink::Blank);
            g.put(x + dx, y + 1, ' ', Ink::Blank);
        }
        let tile = map.tile(*id);
        let beside = overlay.notes.get(id).and_then(|n| n.beside.as_ref());
        let label = if !map.is_land(*id) {
            "  ~~  ".to_string()
        } else if opts.blank {
            "      ".to_string()
        } else {
            format!("  {:<4}", tile.label())
        };
        let label = match beside {
            Some(_) => format!("{:<6}", fit(label.trim(), 1)),
            None => label,
        };
        for (i, ch) in label.chars().enumerate() {
            let ink = if !map.is_land(*id) {
                Ink::Sea
            } else if ch.is_ascii_digit() {
                Ink::Number(tile.number().unwrap_or(0))
            } else if ch == ' ' {
                Ink::Blank
            } else {
                Ink::Terrain(ch)
            };
            g.put(x + 1 + i as i32, y, ch, ink);
        }
        if let Some((s, ink)) = beside {
            g.text(x + 3, y, &fit(s, 4), *ink);
        }
        for dy in -1..=1 {
            let span = if dy == 0 { 1..=6 } else { 2..=5 };
            for dx in span {
                pic.hex_at
                    .insert(((x + dx) as usize, (y + dy) as usize), *id);
            }
        }
        pic.positions
            .insert(Target::Hex(*id), ((x + 3) as usize, y as usize));
        if opts.names && (map.is_land(*id) || opts.sea_names) {
            g.text(
                x + 2,
                y - 1,
                &format!("{:<4}", map.hex_name(*id)),
                Ink::Note,
            );
        }
        if let Some(note) = overlay.notes.get(id) {
            if let Some((s, ink)) = &note.top {
                g.text(x + 2, y - 1, &fit(s, 4), *ink);
            }
            if let Some((s, ink)) = &note.bottom {
                g.text(x + 2, y + 1, &fit(s, 4), *ink);
                bottom_notes.push((x + 2, y + 1, s.chars().count()));
            }
        }
        if overlay.robbers.contains(id) {
            // Under the label, unless a mark (Risk's armies) is there: then at the right of
            // the line above, beside the hex's name, so neither hides the other.
            let under_taken = overlay.notes.get(id).is_some_and(|n| n.bottom.is_some());
            if under_taken {
                g.text(x + 4, y - 1, "@@", Ink::Robber);
            } else {
                g.text(x + 3, y + 1, "@@", Ink::Robber);
            }
        }
    }

    // Corners: glyph by which of the three hexes around are drawn.
    let mut corner_points: HashMap<(i32, i32), (CornerSide, [bool; 3])> = HashMap::new();
    for (_, h) in &framed {
        for c in h.corners() {
            let pos = c.text_pos();
            let around = c.touches().map(|t| drawn(&t, &lookup));
            corner_points.insert(pos, (c.side, around));
        }
    }
    for ((x, y), (side, [h0, h1, h2])) in &corner_points {
        let ch = match side {
            CornerSide::W if *h0 || (*h1 && *h2) => '<',
            CornerSide::W if *h1 => '\'',
            CornerSide::W => '.',
            CornerSide::E if *h0 || (*h1 && *h2) => '>',
            CornerSide::E if *h1 => '`',
            CornerSide::E => '.',
        };
        g.put(x + ox, y + oy, ch, Ink::Frame);
    }

    // Harbours: the rate in the sea position beside the edge.
    if opts.harbors {
        for hb in map.harbors() {
            let Some(sea) = hb.sea else { continue };
            let Some(h) = placed.get(&sea) else { continue };
            let (x, y) = h.text_origin();
            let s = match hb.kind {
                HarborKind::Generic => " 3:1  ".to_string(),
                HarborKind::Special(r) => format!(" 2:1 {}", r.letter()),
            };
            let (x, y) = (x + ox, y + oy);
            g.text(x + 1, y, &s, Ink::Harbor);
            // Point at the harbour's edge from inside the sea position, so its two corners
            // are plain even without colour.
            let toward = Side::ALL
                .into_iter()
                .find(|side| topo.hex_edge(sea, *side) == hb.edge);
            let marks: &[(i32, i32)] = match toward {
                Some(Side::N) => &[(3, -1), (4, -1)],
                Some(Side::NE) => &[(5, -1)],
                Some(Side::SE) => &[(5, 1)],
                Some(Side::S) => &[(3, 1), (4, 1)],
                Some(Side::SW) => &[(2, 1)],
                Some(Side::NW) => &[(2, -1)],
                None => &[],
            };
            if opts.names && opts.sea_names && marks.iter().any(|(_, dy)| *dy < 0) {
                // The marks take the name's line: write the name below the rate instead.
                g.text(x + 2, y - 1, "    ", Ink::Blank);
                g.text(
                    x + 2,
                    y + 1,
                    &format!("{:<4}", map.hex_name(sea)),
                    Ink::Note,
                );
            }
            for (dx, dy) in marks {
                g.put(x + dx, y + dy, '*', Ink::Harbor);
            }
        }
    }

    // Pieces and targets on corners and edges. A corner or edge is drawn where one of its
    // drawn hexes puts it.
    let letter = |seat: crate::engine::Seat, upper: bool| {
        let c = overlay
            .letters
            .get(seat as usize)
            .copied()
            .unwrap_or((b'a' + (seat % 26) as u8) as char);
        if upper {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        }
    };
    for (id, h) in &framed {
        for (i, c) in topo.hex_corners(*id).iter().enumerate() {
            let pos = h.corners()[i].text_pos();
            let (x, y) = (pos.0 + ox, pos.1 + oy);
            pic.corner_at.insert((x as usize, y as usize), *c);
            pic.positions
                .entry(Target::Corner(*c))
                .or_insert((x as usize, y as usize));
            if let Some(piece) = overlay.corners.get(c) {
                let (seat, upper) = match piece {
                    CornerPiece::Settlement(s) => (*s, false),
                    CornerPiece::City(s) => (*s, true),
                };
                g.put(x, y, letter(seat, upper), Ink::Player(seat));
            }
        }
        for (i, e) in topo.hex_edges(*id).iter().enumerate() {
            let lattice = h.edges()[i];
            let (gx, gy, glyph) = lattice.text_glyph();
            let (x, y) = (gx + ox, gy + oy);
            let width = glyph.len() as i32;
            for dx in 0..width {
                pic.edge_at.insert(((x + dx) as usize, y as usize), *e);
            }
            pic.positions
                .entry(Target::Edge(*e))
                .or_insert((x as usize, y as usize));
            if let Some(piece) = overlay.edges.get(e) {
                let (seat, ch) = match piece {
                    EdgePiece::Road(s) => (*s, letter(*s, false)),
                    EdgePiece::Ship(s) => (*s, SHIP),
                };
                for dx in 0..width {
                    g.put(x + dx, y, ch, Ink::Player(seat));
                }
            }
        }
    }
    // A short mark under a label moves one cell right, off a road drawn on the hex's lower
    // left edge (`rr✓1` read as a doubled letter), when the right edge has no letter.
    for (x, y, len) in bottom_notes {
        let letter_at = |x: i32| g.get(x, y).ch.is_ascii_alphabetic();
        if len <= 3 && letter_at(x - 1) && g.get(x + 3, y).ch == ' ' && !letter_at(x + 4) {
            for dx in (0..3).rev() {
                let c = g.get(x + dx, y);
                g.put(x + dx + 1, y, c.ch, c.ink);
            }
            g.put(x, y, ' ', Ink::Blank);
        }
    }
    for t in overlay
        .highlight_corners
        .iter()
        .map(|c| Target::Corner(*c))
        .chain(overlay.highlight_edges.iter().map(|e| Target::Edge(*e)))
        .chain(overlay.highlight_hexes.iter().map(|h| Target::Hex(*h)))
        .chain(overlay.cursor)
    {
        let cursor = overlay.cursor == Some(t);
        let highlight = !cursor || overlay_highlights(overlay, t);
        for (x, y) in target_cells(&pic, t) {
            g.mark(x as i32, y as i32, highlight, cursor);
        }
    }

    // The dividing line: one inserted column through the middle of each drawn board's line
    // column, as in the rule text's second drawing.
    if opts.dividing_line {
        let mut cols: Vec<i32> = Vec::new();
        for (b, board) in map.boards().iter().enumerate() {
            let Some(col) = board.line_column else {
                continue;
            };
            // Where that column is drawn: find a drawn hex of this board in that column.
            let Some((_, h)) = framed
                .iter()
                .find(|(id, _)| map.board_of_hex(*id) == b && topo.hex(*id).q == col)
            else {
                continue;
            };
            cols.push(h.text_origin().0 + ox + 4);
        }
        cols.sort_unstable();
        let height = g.lines.len() as i32 + 1;
        for x in cols.iter().rev() {
            for line in g.lines.iter_mut() {
                let at = (*x as usize).min(line.len());
                if line.len() > at {
                    line.insert(at, Cell::BLANK);
                }
            }
            for y in 1..height {
                g.put(*x, y, '|', Ink::DividingLine);
            }
            g.text(x - CAPTION_LEFT, 0, DIVIDING_LINE, Ink::DividingLine);
        }
        // Shift click maps right of each inserted column.
        let shift = |x: usize| x + cols.iter().filter(|c| (**c as usize) <= x).count();
        // Each line's caption over it, where the insertions to its left moved it.
        pic.captions = cols
            .iter()
            .enumerate()
            .map(|(i, x)| Caption {
                x: *x as usize + i,
                start: (*x - CAPTION_LEFT).max(0) as usize + i,
                y: 0,
                text: DIVIDING_LINE,
                ink: Ink::DividingLine,
            })
            .collect();
        pic.corner_at = pic
            .corner_at
            .into_iter()
            .map(|((x, y), v)| ((shift(x), y), v))
            .collect();
        pic.edge_at = pic
            .edge_at
            .into_iter()
            .map(|((x, y), v)| ((shift(x), y), v))
            .collect();
        pic.hex_at = pic
            .hex_at
            .into_iter()
            .map(|((x, y), v)| ((shift(x), y), v))
            .collect();
        pic.positions = pic
            .positions
            .into_iter()
            .map(|(t, (x, y))| (t, (shift(x), y)))
            .collect();
        // The line runs through the middle of the hexes of its column: move what is written
        // in them to one side, the hex's own territory, rather than split it.
        for (id, h) in &framed {
            let (x, y) = h.text_origin();
            let (x, y) = (x + ox, y + oy);
            if !cols.contains(&(x + 4)) {
                continue;
            }
            let x = shift(x as usize) as i32;
            let west = map.hex_territory(*id) != Some(Territory::East);
            g.beside_line(x + 4, y, 3, west);
            g.beside_line(x + 4, y - 1, 2, west);
            g.beside_line(x + 4, y + 1, 2, west);
        }
    }
    pic.lines = g.lines;
    pic
}

fn overlay_highlights(o: &Overlay, t: Target) -> bool {
    match t {
        Target::Corner(c) => o.highlight_corners.contains(&c),
        Target::Edge(e) => o.highlight_edges.contains(&e),
        Target::Hex(h) => o.highlight_hexes.contains(&h),
    }
}

/// The cells that show a target: a corner's glyph, an edge's glyph, a hex's label.
fn target_cells(pic: &Picture, t: Target) -> Vec<(usize, usize)> {
    match t {
        Target::Corner(_) => pic.positions.get(&t).into_iter().copied().collect(),
        Target::Edge(e) => pic
            .edge_at
            .iter()
            .filter(|(_, v)| **v == e)
            .map(|(k, _)| *k)
            .collect(),
        Target::Hex(_) => match pic.positions.get(&t) {
            Some((x, y)) => (0..4).map(|dx| (x + dx, *y)).collect(),
            None => Vec::new(),
        },
    }
}

fn fit(s: &str, n: usize) -> String {
    let mut out: String = s.chars().take(n).collect();
    while out.chars().count() < n {
        out.push(' ');
    }
    out
}

/// Pip totals of a board: per territory (when it has a dividing line) and per resource.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardStats {
    pub west: u32,
    pub east: u32,
    /// `(resource name, pips)` for every resource, in [`Resource::ALL`] order.
    ///
    /// [`Resource::ALL`]: crate::resources::Resource::ALL
    pub per_resource: Vec<(String, u32)>,
    /// The same, counting only the west's hexes (all zero without a dividing line).
    pub per_resource_west: Vec<(String, u32)>,
    /// The same, counting only the east's hexes.
    pub per_resource_east: Vec<(String, u32)>,
    pub total: u32,
}

/// Pips per territory and per resource, for `board show --stats`.
pub fn stats(map: &Map) -> BoardStats {
    use crate::resources::{Resource, pips};
    let mut s = BoardStats::default();
    let mut per = [[0u32; 5]; 3];
    for h in map.land_hexes() {
        let t = map.tile(h);
        let p = t.number().map(pips).unwrap_or(0) as u32;
        s.total += p;
        let side = match map.hex_territory(h) {
            Some(Territory::West) => {
                s.west += p;
                Some(1)
            }
            Some(Territory::East) => {
                s.east += p;
                Some(2)
            }
            None => None,
        };
        if let Some(r) = t.terrain().and_then(|t| t.resource()) {
            per[0][r as usize] += p;
            if let Some(side) = side {
                per[side][r as usize] += p;
            }
        }
    }
    let table = |k: usize| {
        Resource::ALL
            .iter()
            .map(|r| (r.name().to_string(), per[k][*r as usize]))
            .collect()
    };
    s.per_resource = table(0);
    s.per_resource_west = table(1);
    s.per_resource_east = table(2);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Side;
    use crate::variants::boards as builtin;

    /// Board A (a divided board: land with sea around), one player `r`.
    fn board() -> Map {
        Map::single(&builtin::spec("A").expect("board A"))
    }

    fn cells(pic: &Picture, t: Target) -> Vec<char> {
        target_cells(pic, t)
            .into_iter()
            .map(|(x, y)| pic.lines[y][x].ch)
            .collect()
    }

    #[test]
    fn a_ship_on_every_edge_direction_is_drawn_with_the_ship_mark_and_a_city_with_its_letter() {
        let map = board();
        let h = map.land_hexes().next().expect("land");
        for side in Side::ALL {
            let e = map.topology.hex_edge(h, side);
            let c = map.topology.edge_corners(e)[0];
            let mut o = Overlay {
                letters: vec!['r'],
                ..Overlay::default()
            };
            o.edges.insert(e, EdgePiece::Ship(0));
            o.corners.insert(c, CornerPiece::City(0));
            let pic = render(&map, &o, &RenderOptions::default());
            let ship = cells(&pic, Target::Edge(e));
            assert!(!ship.is_empty(), "{side:?}: the edge is not drawn");
            assert!(
                ship.iter().all(|ch| *ch == SHIP),
                "{side:?}: ship drawn as {ship:?}\n{}",
                pic.to_text()
            );
            assert_eq!(
                cells(&pic, Target::Corner(c)),
                vec!['R'],
                "{side:?}: the city"
            );
            // The same edge with a road: the owner's lower-case letter.
            o.edges.insert(e, EdgePiece::Road(0));
            let pic = render(&map, &o, &RenderOptions::default());
            let road = cells(&pic, Target::Edge(e));
            assert!(
                road.iter().all(|ch| *ch == 'r'),
                "{side:?}: road drawn as {road:?}"
            );
        }
    }

    #[test]
    fn a_note_beside_the_label_stands_between_the_hexs_own_corners() {
        let map = board();
        let h = map.land_hexes().next().expect("land");
        let mut o = Overlay::default();
        o.notes.insert(
            h,
            HexNote {
                beside: Some(("w3o2".into(), Ink::Note)),
                ..HexNote::default()
            },
        );
        let pic = render(&map, &o, &RenderOptions::default());
        let (x, y) = pic.positions[&Target::Hex(h)];
        let row = |y: usize, from: usize, to: usize| -> String {
            pic.lines[y][from..=to].iter().map(|c| c.ch).collect()
        };
        let glyph = map.tile(h).label().chars().next().expect("a land label");
        assert_eq!(
            row(y, x - 3, x + 4),
            format!("<{glyph} w3o2>"),
            "{}",
            pic.to_text()
        );
        // The line below stays empty, so nothing there reads as the next hex's.
        assert_eq!(row(y + 1, x - 1, x + 2), "    ", "{}", pic.to_text());
    }

    #[test]
    fn the_robber_stands_above_the_label_when_a_mark_is_under_it() {
        let map = board();
        let h = map.land_hexes().next().expect("land");
        let mut o = Overlay::default();
        o.robbers.push(h);
        let pic = render(&map, &o, &RenderOptions::default());
        let (x, y) = pic.positions[&Target::Hex(h)];
        let row = |pic: &Picture, y: usize| -> String {
            pic.lines[y][x - 1..=x + 2].iter().map(|c| c.ch).collect()
        };
        assert_eq!(
            row(&pic, y + 1),
            " @@ ",
            "under the label:\n{}",
            pic.to_text()
        );
        o.notes.insert(
            h,
            HexNote {
                bottom: Some(("w×1".into(), Ink::Note)),
                ..HexNote::default()
            },
        );
        let pic = render(&map, &o, &RenderOptions::default());
        assert_eq!(
            row(&pic, y + 1),
            "w×1 ",
            "the mark whole:\n{}",
            pic.to_text()
        );
        assert_eq!(
            row(&pic, y - 1)[1..].to_string(),
            " @@",
            "{}",
            pic.to_text()
        );
    }

    #[test]
    fn a_short_mark_under_the_label_steps_off_a_road_on_the_lower_left_edge() {
        let map = board();
        let h = map.land_hexes().next().expect("land");
        let mut o = Overlay {
            letters: vec!['w'],
            ..Overlay::default()
        };
        o.notes.insert(
            h,
            HexNote {
                bottom: Some(("w×1".into(), Ink::Note)),
                ..HexNote::default()
            },
        );
        let pic = render(&map, &o, &RenderOptions::default());
        let (x, y) = pic.positions[&Target::Hex(h)];
        let row = |pic: &Picture| -> String {
            pic.lines[y + 1][x - 2..=x + 3]
                .iter()
                .map(|c| c.ch)
                .collect()
        };
        assert_eq!(row(&pic), "\\w×1 /", "{}", pic.to_text());
        let edge = pic.edge_at[&(x - 2, y + 1)];
        o.edges.insert(edge, EdgePiece::Road(0));
        let pic = render(&map, &o, &RenderOptions::default());
        assert_eq!(row(&pic), "w w×1/", "{}", pic.to_text());
    }

    #[test]
    fn the_ship_mark_is_no_letter_and_the_key_names_every_piece() {
        assert!(!SHIP.is_alphanumeric());
        for piece in ["settlement", "city", "road", "ship = ~", "robber"] {
            assert!(PIECES_KEY.contains(piece), "the key lacks {piece}");
        }
        assert!(PIECES_KEY.contains(&format!("ship = {SHIP}")));
    }
}
