//! Board files: a human-editable TOML format, parsed into a checked [`BoardSpec`].
//! `docs/boards.md` describes it at length, with a complete example.
//!
//! ```toml
//! name = "Board A"
//! description = "free text"  # optional
//! kind = "divided"           # base | base-6 | divided | custom: which counts are checked
//! # Land by column, left to right, each top to bottom. Odd columns sit half a hex lower.
//! # F forest, W wheat (fields), S sheep (pasture), B brick (hills), O ore (mountains),
//! # D desert, each with its number token; "~" sea; "." nothing.
//! columns = ["F4 . W11", "S12 B8", ...]
//! tiles = ["9,1 F3"]         # optional: single tiles at "column,row"
//! harbors = ["0,0 nw 3:1", "1,0 sw 2:1 wool"]   # land hex, its coast side, the rate
//! [dividing_line]
//! column = 4                 # the line runs down the middle of this column
//! west = ["4,0"]             # hexes of that column that belong to the west; the rest are east
//! [start.west]               # starting pieces of one seat ("west"/"east" on divided boards)
//! settlements = ["4,0 w"]    # hex and corner (w nw ne e se sw)
//! roads = ["2,0 s"]          # hex and side (n ne se s sw nw)
//! ships = ["4,0 nw"]
//! ```
//!
//! Positions are `column,row` with both within [`MAX_COORD`] of `0,0`. Everything wrong with a
//! file is reported with the file, the line and the reason; nothing in here panics on bad input.

use crate::geometry::{Corner, Edge, Hex, Point, Side};
use crate::resources::{Resource, Terrain};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Sets and maps of positions while a board is checked and built (every game builds one):
/// a fast fixed hasher, since the keys are small coordinates.
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
type HashSet<T> = std::collections::HashSet<T, foldhash::fast::FixedState>;
use std::fmt;
use toml::Spanned;

/// What lies on a position of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tile {
    Land {
        terrain: Terrain,
        /// The number token; `None` on the desert.
        number: Option<u8>,
    },
    Sea,
}

impl Tile {
    pub fn is_land(self) -> bool {
        matches!(self, Tile::Land { .. })
    }
    pub fn terrain(self) -> Option<Terrain> {
        match self {
            Tile::Land { terrain, .. } => Some(terrain),
            Tile::Sea => None,
        }
    }
    pub fn number(self) -> Option<u8> {
        match self {
            Tile::Land { number, .. } => number,
            Tile::Sea => None,
        }
    }
    /// The label the drawings print: `F4`, `S12`, `D`.
    pub fn label(self) -> String {
        match self {
            Tile::Land { terrain, number } => match number {
                Some(n) => format!("{}{}", terrain.letter(), n),
                None => terrain.letter().to_string(),
            },
            Tile::Sea => "~~".into(),
        }
    }
    /// The label in a sentence about places: `F4`, but `desert` and `sea`, whose marks (`D`,
    /// `~~`) read there as a hex's name or as nothing.
    pub fn said(self) -> String {
        match self {
            Tile::Land {
                terrain: crate::resources::Terrain::Desert,
                number: None,
            } => "desert".into(),
            Tile::Sea => "sea".into(),
            _ => self.label(),
        }
    }
}

/// The rate a harbour gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HarborKind {
    /// 3:1 of any one resource.
    Generic,
    /// 2:1 of this resource.
    Special(Resource),
}

impl HarborKind {
    /// Cards of `r` given for one card at this harbour, or `None` if it does not apply.
    pub fn rate(self, r: Resource) -> Option<u32> {
        match self {
            HarborKind::Generic => Some(3),
            HarborKind::Special(s) if s == r => Some(2),
            HarborKind::Special(_) => None,
        }
    }
}

impl fmt::Display for HarborKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HarborKind::Generic => f.write_str("3:1"),
            HarborKind::Special(r) => write!(f, "2:1 {r}"),
        }
    }
}

/// A harbour on a coast edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HarborSpec {
    /// The land hex whose side it is on.
    pub land: Hex,
    pub side: Side,
    pub kind: HarborKind,
}

impl HarborSpec {
    pub fn edge(&self) -> Edge {
        self.land.edge(self.side)
    }
}

/// Kinds of board; decide which counts a file must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardKind {
    /// The standard 19 hexes: 18 tiles, 18 tokens, 1 desert, 9 harbours.
    Base,
    /// A board split in two territories: 18 tiles, 18 tokens, 2 deserts, a dividing line,
    /// west and east starts. Saves written before it had this name use its older one.
    #[serde(alias = "BigGame")]
    Divided,
    /// The 5–6 player extension's island: 28 tiles, the 28 tokens of that set, 2 deserts.
    Base6,
    /// Anything well-formed.
    Custom,
}

/// A divided board's line between its two starting territories.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DividingLine {
    /// It runs down the middle of this column.
    pub column: i32,
    /// Hexes of that column that belong to the west side; the others of it are east.
    pub west: Vec<Hex>,
}

/// Which side of a board's dividing line. West is the Sun player's, east the Moon's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Territory {
    West,
    East,
}

impl DividingLine {
    /// The territory of a hex of this board.
    pub fn territory_of_hex(&self, h: Hex) -> Territory {
        if h.q < self.column || (h.q == self.column && self.west.contains(&h)) {
            Territory::West
        } else {
            Territory::East
        }
    }

    /// The territory of a corner: its side of the line (corners never lie on it).
    pub fn territory_of_corner(&self, c: Corner) -> Territory {
        let (x, _) = c.text_pos();
        // The line's text column is the middle of the column: 5c + 3.5.
        if 2 * x < 2 * (5 * self.column) + 7 {
            Territory::West
        } else {
            Territory::East
        }
    }
}

/// One seat's starting pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartSpec {
    pub settlements: Vec<Corner>,
    pub roads: Vec<Edge>,
    pub ships: Vec<Edge>,
}

/// A checked board: positions in the file's own coordinates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardSpec {
    pub name: String,
    pub kind: BoardKind,
    /// Land and explicit sea, in file order. Sea around the land is implied (see
    /// [`BoardSpec::sea_ring`]).
    pub tiles: Vec<(Hex, Tile)>,
    pub harbors: Vec<HarborSpec>,
    pub dividing_line: Option<DividingLine>,
    /// Starting pieces by seat name, sorted by name.
    pub starts: Vec<(String, StartSpec)>,
}

/// Why a board file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct BoardError {
    pub file: String,
    /// 1-based line, where it could be found.
    pub line: Option<usize>,
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    name: Spanned<String>,
    #[serde(default)]
    kind: Option<Spanned<String>>,
    #[serde(default)]
    #[allow(dead_code)]
    description: Option<String>,
    #[serde(default)]
    columns: Vec<Spanned<String>>,
    #[serde(default)]
    tiles: Vec<Spanned<String>>,
    #[serde(default)]
    harbors: Vec<Spanned<String>>,
    #[serde(default)]
    dividing_line: Option<RawLine>,
    #[serde(default)]
    start: BTreeMap<String, Spanned<RawStart>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    column: Spanned<i64>,
    #[serde(default)]
    west: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    #[serde(default)]
    settlements: Vec<Spanned<String>>,
    #[serde(default)]
    roads: Vec<Spanned<String>>,
    #[serde(default)]
    ships: Vec<Spanned<String>>,
}

/// Turns byte offsets into lines for error messages.
struct Source<'a> {
    file: &'a str,
    text: &'a str,
}

impl Source<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text.as_bytes()[..offset.min(self.text.len())]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1
    }
    fn err<T>(
        &self,
        span: Option<std::ops::Range<usize>>,
        message: impl Into<String>,
    ) -> Result<T, BoardError> {
        Err(BoardError {
            file: self.file.to_string(),
            line: span.map(|s| self.line_of(s.start)),
            message: message.into(),
        })
    }
}

pub(crate) fn parse_pos(s: &str) -> Option<Hex> {
    let (c, r) = s.split_once(',')?;
    let col = c.trim().parse::<i32>().ok()?;
    let row = r.trim().parse::<i32>().ok()?;
    if col.abs() > MAX_COORD || row.abs() > MAX_COORD {
        return None;
    }
    Some(Hex::from_offset(col, row))
}

/// How far from `0,0` a position may be: keeps a mistyped coordinate from asking the renderer
/// for a picture of millions of cells.
pub const MAX_COORD: i32 = 100;

pub(crate) fn fmt_pos(h: Hex) -> String {
    let (c, r) = h.to_offset();
    format!("{c},{r}")
}

/// Parses a tile token: `F4`, `S12`, `D`, `~`.
fn parse_tile(tok: &str) -> Result<Tile, String> {
    if tok == "~" {
        return Ok(Tile::Sea);
    }
    let mut chars = tok.chars();
    let letter = chars.next().ok_or("empty tile")?;
    let terrain = Terrain::from_letter(letter).ok_or_else(|| {
        format!(
            "unknown terrain `{letter}` in `{tok}` (F forest, W wheat, S sheep, B brick, O ore, D desert, ~ sea)"
        )
    })?;
    let rest: String = chars.collect();
    if terrain == Terrain::Desert {
        if !rest.is_empty() {
            return Err(format!("the desert takes no number token: `{tok}`"));
        }
        return Ok(Tile::Land {
            terrain,
            number: None,
        });
    }
    let n: u8 = rest
        .parse()
        .map_err(|_| format!("`{tok}` needs a number token from 2 to 12, e.g. `{letter}8`"))?;
    if !(2..=12).contains(&n) || n == 7 {
        return Err(format!("`{tok}`: number tokens are 2 to 12 without 7"));
    }
    Ok(Tile::Land {
        terrain,
        number: Some(n),
    })
}

impl BoardSpec {
    /// Parses and checks a board file. `file` names it in error messages.
    pub fn parse(file: &str, text: &str) -> Result<BoardSpec, BoardError> {
        let src = Source { file, text };
        let raw: RawBoard = toml::from_str(text).map_err(|e| BoardError {
            file: file.to_string(),
            line: e.span().map(|s| src.line_of(s.start)),
            message: e.message().trim().to_string(),
        })?;
        let kind = match raw.kind.as_ref().map(|k| k.get_ref().as_str()) {
            None | Some("custom") => BoardKind::Custom,
            Some("base") => BoardKind::Base,
            // Board files written before `divided` had its name use its older one.
            Some("divided" | "big-game") => BoardKind::Divided,
            Some("base-6") => BoardKind::Base6,
            Some(other) => {
                return src.err(
                    raw.kind.as_ref().map(|k| k.span()),
                    format!("unknown kind `{other}` (base, base-6, divided or custom)"),
                );
            }
        };

        // Tiles.
        let mut tiles: Vec<(Hex, Tile)> = Vec::new();
        let mut at: HashMap<Hex, usize> = HashMap::default();
        let mut place = |h: Hex, t: Tile, span: std::ops::Range<usize>| -> Result<(), BoardError> {
            if let Some(prev) = at.get(&h) {
                return src.err(
                    Some(span),
                    format!(
                        "overlapping hexes: {} is given twice ({} and {})",
                        fmt_pos(h),
                        tiles[*prev].1.label(),
                        t.label()
                    ),
                );
            }
            at.insert(h, tiles.len());
            tiles.push((h, t));
            Ok(())
        };
        for (col, s) in raw.columns.iter().enumerate() {
            for (row, tok) in s.get_ref().split_whitespace().enumerate() {
                if tok == "." {
                    continue;
                }
                if col > MAX_COORD as usize || row > MAX_COORD as usize {
                    return src.err(
                        Some(s.span()),
                        format!("the board is too large: at most {MAX_COORD} columns and rows"),
                    );
                }
                let t = parse_tile(tok).or_else(|m| src.err(Some(s.span()), m))?;
                place(Hex::from_offset(col as i32, row as i32), t, s.span())?;
            }
        }
        for s in &raw.tiles {
            let mut parts = s.get_ref().split_whitespace();
            let (Some(p), Some(tok), None) = (parts.next(), parts.next(), parts.next()) else {
                return src.err(
                    Some(s.span()),
                    format!(
                        "`{}`: a tile is `column,row TILE`, e.g. `3,1 F4`",
                        s.get_ref()
                    ),
                );
            };
            let h = parse_pos(p).map_or_else(
                || {
                    src.err(
                        Some(s.span()),
                        format!(
                            "`{p}` is not a position `column,row` (each from -{MAX_COORD} to {MAX_COORD})"
                        ),
                    )
                },
                Ok,
            )?;
            let t = parse_tile(tok).or_else(|m| src.err(Some(s.span()), m))?;
            place(h, t, s.span())?;
        }

        if !tiles.iter().any(|(_, t)| t.is_land()) {
            return src.err(None, "the board has no land: give `columns` or `tiles`");
        }
        let land: HashSet<Hex> = tiles
            .iter()
            .filter(|(_, t)| t.is_land())
            .map(|(h, _)| *h)
            .collect();
        let is_land = |h: Hex| land.contains(&h);

        let kind_span = raw.kind.as_ref().map(|k| k.span());
        check_counts(&src, kind, kind_span.clone(), &tiles)?;

        // Harbours.
        let mut harbors = Vec::new();
        let mut harbor_corners: HashSet<Corner> = HashSet::default();
        for s in &raw.harbors {
            let words: Vec<&str> = s.get_ref().split_whitespace().collect();
            let usage =
                "a harbour is `column,row side rate`, e.g. `0,0 nw 3:1` or `1,0 sw 2:1 wool`";
            if words.len() < 3 {
                return src.err(Some(s.span()), format!("`{}`: {usage}", s.get_ref()));
            }
            let h = parse_pos(words[0]).map_or_else(
                || src.err(Some(s.span()), format!("`{}`: {usage}", words[0])),
                Ok,
            )?;
            let side = Side::parse(words[1]).map_or_else(
                || {
                    src.err(
                        Some(s.span()),
                        format!("`{}` is not a side (n ne se s sw nw)", words[1]),
                    )
                },
                Ok,
            )?;
            let kind = match (words[2], words.get(3)) {
                ("3:1", None) => HarborKind::Generic,
                ("2:1", Some(r)) if words.len() == 4 => match Resource::parse(r) {
                    Some(r) => HarborKind::Special(r),
                    None => return src.err(Some(s.span()), format!("`{r}` is not a resource")),
                },
                _ => return src.err(Some(s.span()), format!("`{}`: {usage}", s.get_ref())),
            };
            if !is_land(h) {
                return src.err(
                    Some(s.span()),
                    format!("harbour at {}: that hex is not land", words[0]),
                );
            }
            if is_land(h.neighbor(side)) {
                return src.err(
                    Some(s.span()),
                    format!(
                        "harbour on an inland edge: {} {} has land on both sides",
                        words[0], words[1]
                    ),
                );
            }
            let edge = h.edge(side);
            for c in edge.endpoints() {
                if !harbor_corners.insert(c) {
                    return src.err(
                        Some(s.span()),
                        format!(
                            "harbour at {} {} shares a corner with another harbour",
                            words[0], words[1]
                        ),
                    );
                }
            }
            harbors.push(HarborSpec {
                land: h,
                side,
                kind,
            });
        }

        // Dividing line.
        let dividing_line = match &raw.dividing_line {
            None => None,
            Some(l) => {
                let column = *l.column.get_ref();
                if !(-1000..=1000).contains(&column) {
                    return src.err(Some(l.column.span()), "dividing line column out of range");
                }
                let column = column as i32;
                let mut west = Vec::new();
                for w in &l.west {
                    let h = parse_pos(w.get_ref()).map_or_else(
                        || {
                            src.err(
                                Some(w.span()),
                                format!("`{}` is not a position `column,row`", w.get_ref()),
                            )
                        },
                        Ok,
                    )?;
                    if h.q != column || !is_land(h) {
                        return src.err(
                            Some(w.span()),
                            format!(
                                "`{}` is not a land hex of the line's column {column}",
                                w.get_ref()
                            ),
                        );
                    }
                    west.push(h);
                }
                Some(DividingLine { column, west })
            }
        };

        // Starting pieces.
        let mut starts = Vec::new();
        let mut all_settlements: Vec<(Corner, std::ops::Range<usize>)> = Vec::new();
        let mut taken_edges: HashSet<Edge> = HashSet::default();
        for (seat, st) in &raw.start {
            let span = st.span();
            let st = st.get_ref();
            let mut spec = StartSpec::default();
            for s in &st.settlements {
                let c = parse_corner(s.get_ref()).map_or_else(
                    || {
                        src.err(
                            Some(s.span()),
                            format!(
                                "`{}`: a corner is `column,row corner`, e.g. `4,0 w`",
                                s.get_ref()
                            ),
                        )
                    },
                    Ok,
                )?;
                if !c.touches().iter().any(|h| is_land(*h)) {
                    return src.err(
                        Some(s.span()),
                        format!("settlement at `{}` is not on land", s.get_ref()),
                    );
                }
                for (o, _) in &all_settlements {
                    if *o == c || c.adjacent().contains(o) {
                        return src.err(
                            Some(s.span()),
                            format!(
                                "starting settlement at `{}` breaks the distance rule",
                                s.get_ref()
                            ),
                        );
                    }
                }
                all_settlements.push((c, s.span()));
                spec.settlements.push(c);
            }
            for (list, is_ship) in [(&st.roads, false), (&st.ships, true)] {
                for s in list {
                    let e = parse_edge(s.get_ref()).map_or_else(
                        || {
                            src.err(
                                Some(s.span()),
                                format!(
                                    "`{}`: an edge is `column,row side`, e.g. `2,0 s`",
                                    s.get_ref()
                                ),
                            )
                        },
                        Ok,
                    )?;
                    let lands = e.sides().iter().filter(|h| is_land(**h)).count();
                    if !is_ship && lands == 0 {
                        return src.err(
                            Some(s.span()),
                            format!("road at `{}` is not on land", s.get_ref()),
                        );
                    }
                    if is_ship && lands == 2 {
                        return src.err(
                            Some(s.span()),
                            format!("ship at `{}` is not on the sea", s.get_ref()),
                        );
                    }
                    if !taken_edges.insert(e) {
                        return src.err(
                            Some(s.span()),
                            format!("two pieces on the edge `{}`", s.get_ref()),
                        );
                    }
                    if !e.endpoints().iter().any(|c| spec.settlements.contains(c)) {
                        return src.err(
                            Some(s.span()),
                            format!(
                                "`{}` does not touch one of seat {seat}'s starting settlements",
                                s.get_ref()
                            ),
                        );
                    }
                    if is_ship {
                        spec.ships.push(e);
                    } else {
                        spec.roads.push(e);
                    }
                }
            }
            if spec.settlements.is_empty() {
                return src.err(Some(span), format!("start.{seat} has no settlements"));
            }
            starts.push((seat.clone(), spec));
        }

        if kind == BoardKind::Divided {
            if dividing_line.is_none() {
                return src.err(kind_span, "a divided board needs a [dividing_line]");
            }
            for seat in ["west", "east"] {
                if !starts.iter().any(|(s, _)| s == seat) {
                    return src.err(kind_span, format!("a divided board needs [start.{seat}]"));
                }
            }
            if let Some((s, st)) = raw.start.iter().find(|(s, _)| *s != "west" && *s != "east") {
                return src.err(
                    Some(st.span()),
                    format!("a divided board's starts are `west` and `east`, not `{s}`"),
                );
            }
        }
        if let Some(line) = &dividing_line {
            for (seat, spec) in &starts {
                let want = match seat.as_str() {
                    "west" => Territory::West,
                    "east" => Territory::East,
                    _ => continue,
                };
                if let Some(c) = spec
                    .settlements
                    .iter()
                    .find(|c| line.territory_of_corner(**c) != want)
                {
                    let span = all_settlements
                        .iter()
                        .find(|(o, _)| o == c)
                        .map(|(_, span)| span.clone());
                    return src.err(
                        span,
                        format!(
                            "start.{seat}: settlement at {} is on the other side of the dividing line",
                            fmt_corner(*c)
                        ),
                    );
                }
            }
        }

        Ok(BoardSpec {
            name: raw.name.into_inner(),
            kind,
            tiles,
            harbors,
            dividing_line,
            starts,
        })
    }

    /// Land positions and tiles.
    pub fn land(&self) -> impl Iterator<Item = (Hex, Tile)> + '_ {
        self.tiles.iter().copied().filter(|(_, t)| t.is_land())
    }

    /// Sea positions: the explicit ones and every non-land position next to land.
    pub fn sea_ring(&self) -> Vec<Hex> {
        let land: HashSet<Hex> = self.land().map(|(h, _)| h).collect();
        let mut seen: HashSet<Hex> = HashSet::default();
        let mut out = Vec::new();
        for (h, t) in &self.tiles {
            if !t.is_land() && seen.insert(*h) {
                out.push(*h);
            }
        }
        for (h, _) in self.land() {
            for n in h.neighbors() {
                if !land.contains(&n) && seen.insert(n) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// The territory of a hex, for boards with a dividing line.
    pub fn territory(&self, h: Hex) -> Option<Territory> {
        self.dividing_line.as_ref().map(|l| l.territory_of_hex(h))
    }

    /// Writes the board back out in the file format (used by the board generator and tests).
    pub fn to_toml(&self) -> String {
        let mut out = format!("name = {}\n", toml_string(&self.name));
        out += match self.kind {
            BoardKind::Base => "kind = \"base\"\n",
            BoardKind::Divided => "kind = \"divided\"\n",
            BoardKind::Base6 => "kind = \"base-6\"\n",
            BoardKind::Custom => "kind = \"custom\"\n",
        };
        out += "tiles = [\n";
        for (h, t) in &self.tiles {
            let tok = if t.is_land() { t.label() } else { "~".into() };
            out += &format!("  \"{} {}\",\n", fmt_pos(*h), tok);
        }
        out += "]\nharbors = [\n";
        for hb in &self.harbors {
            out += &format!(
                "  \"{} {} {}\",\n",
                fmt_pos(hb.land),
                hb.side.name(),
                hb.kind
            );
        }
        out += "]\n";
        if let Some(l) = &self.dividing_line {
            out += &format!("[dividing_line]\ncolumn = {}\nwest = [", l.column);
            out += &l
                .west
                .iter()
                .map(|h| format!("\"{}\"", fmt_pos(*h)))
                .collect::<Vec<_>>()
                .join(", ");
            out += "]\n";
        }
        for (seat, s) in &self.starts {
            let key = if !seat.is_empty()
                && seat
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                seat.clone()
            } else {
                toml_string(seat)
            };
            out += &format!("[start.{key}]\nsettlements = [");
            out += &s
                .settlements
                .iter()
                .map(|c| format!("\"{}\"", fmt_corner(*c)))
                .collect::<Vec<_>>()
                .join(", ");
            out += "]\nroads = [";
            out += &s
                .roads
                .iter()
                .map(|e| format!("\"{}\"", fmt_edge(*e)))
                .collect::<Vec<_>>()
                .join(", ");
            out += "]\nships = [";
            out += &s
                .ships
                .iter()
                .map(|e| format!("\"{}\"", fmt_edge(*e)))
                .collect::<Vec<_>>()
                .join(", ");
            out += "]\n";
        }
        out
    }
}

/// A string as a TOML basic string, escaped as TOML (not Rust) wants it.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

pub(crate) fn parse_corner(s: &str) -> Option<Corner> {
    let (p, c) = s.trim().split_once(char::is_whitespace)?;
    Some(parse_pos(p)?.corner(Point::parse(c.trim())?))
}

pub(crate) fn parse_edge(s: &str) -> Option<Edge> {
    let (p, c) = s.trim().split_once(char::is_whitespace)?;
    Some(parse_pos(p)?.edge(Side::parse(c.trim())?))
}

pub(crate) fn fmt_corner(c: Corner) -> String {
    let p = match c.side {
        crate::geometry::CornerSide::W => "w",
        crate::geometry::CornerSide::E => "e",
    };
    format!("{} {p}", fmt_pos(c.hex))
}

pub(crate) fn fmt_edge(e: Edge) -> String {
    let s = match e.side {
        crate::geometry::EdgeSide::N => "n",
        crate::geometry::EdgeSide::NE => "ne",
        crate::geometry::EdgeSide::SE => "se",
    };
    format!("{} {s}", fmt_pos(e.hex))
}

/// The standard number tokens of the base game.
pub const STANDARD_TOKENS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

/// Terrain counts of the 18 standard producing tiles.
pub const STANDARD_TERRAINS: [(Terrain, usize); 5] = [
    (Terrain::Forest, 4),
    (Terrain::Fields, 4),
    (Terrain::Pasture, 4),
    (Terrain::Hills, 3),
    (Terrain::Mountains, 3),
];

/// The 28 number tokens of the 5–6 player extension: the base 18 and one more of each number
/// from 2 to 12 (without 7), so two 2s, two 12s and three of every other number.
pub const LARGE_TOKENS: [u8; 28] = [
    2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12,
];

/// Terrain counts of the 28 producing tiles of the 5–6 player extension: the base 18 and two
/// more of each terrain.
pub const LARGE_TERRAINS: [(Terrain, usize); 5] = [
    (Terrain::Forest, 6),
    (Terrain::Fields, 6),
    (Terrain::Pasture, 6),
    (Terrain::Hills, 5),
    (Terrain::Mountains, 5),
];

/// Checks the tile and token counts a kind asks for; errors point at the `kind` line.
fn check_counts(
    src: &Source,
    kind: BoardKind,
    span: Option<std::ops::Range<usize>>,
    tiles: &[(Hex, Tile)],
) -> Result<(), BoardError> {
    let (kind_name, terrains, deserts_wanted, wanted_tokens): (_, _, _, &[u8]) = match kind {
        BoardKind::Custom => return Ok(()),
        BoardKind::Base => ("a base board", STANDARD_TERRAINS, 1, &STANDARD_TOKENS),
        BoardKind::Divided => ("a divided board", STANDARD_TERRAINS, 2, &STANDARD_TOKENS),
        BoardKind::Base6 => ("a base-6 board", LARGE_TERRAINS, 2, &LARGE_TOKENS),
    };
    let count = |t: Terrain| tiles.iter().filter(|(_, x)| x.terrain() == Some(t)).count();
    for (t, n) in terrains {
        if count(t) != n {
            return src.err(
                span.clone(),
                format!(
                    "wrong tile counts: {kind_name} has {n} {} tiles, this one {}",
                    t.name(),
                    count(t)
                ),
            );
        }
    }
    if count(Terrain::Desert) != deserts_wanted {
        return src.err(
            span.clone(),
            format!(
                "wrong tile counts: {kind_name} has {deserts_wanted} desert(s), this one {}",
                count(Terrain::Desert)
            ),
        );
    }
    let mut tokens: Vec<u8> = tiles.iter().filter_map(|(_, t)| t.number()).collect();
    tokens.sort_unstable();
    if tokens != wanted_tokens {
        return src.err(
            span.clone(),
            format!(
                "wrong token counts: {kind_name} uses the {} standard tokens {wanted_tokens:?}, this one {tokens:?}",
                wanted_tokens.len()
            ),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_sentence_says_desert_and_sea_in_words() {
        use crate::resources::Terrain;
        let desert = Tile::Land {
            terrain: Terrain::Desert,
            number: None,
        };
        let forest = Tile::Land {
            terrain: Terrain::Forest,
            number: Some(4),
        };
        assert_eq!(
            (desert.label(), desert.said()),
            ("D".into(), "desert".into())
        );
        assert_eq!(
            (Tile::Sea.label(), Tile::Sea.said()),
            ("~~".into(), "sea".into())
        );
        assert_eq!(forest.said(), "F4");
    }

    use super::*;

    const GOOD: &str = r#"
name = "tiny"
columns = ["F4 W5", "S6"]
harbors = ["0,0 n 3:1", "0,1 s 2:1 wool"]
[start.one]
settlements = ["0,0 w"]
roads = ["0,0 nw"]
"#;

    #[test]
    fn parses_a_good_file() {
        let b = BoardSpec::parse("tiny.toml", GOOD).unwrap();
        assert_eq!(b.land().count(), 3);
        assert_eq!(b.harbors.len(), 2);
        assert_eq!(b.harbors[1].kind, HarborKind::Special(Resource::Wool));
        assert_eq!(b.starts[0].1.roads.len(), 1);
        // Round trip through the writer.
        let again = BoardSpec::parse("again", &b.to_toml()).unwrap();
        assert_eq!(again.tiles, b.tiles);
        assert_eq!(again.harbors, b.harbors);
        assert_eq!(again.starts, b.starts);
    }

    fn refused(text: &str) -> BoardError {
        BoardSpec::parse("bad.toml", text).expect_err("must be refused")
    }

    #[test]
    fn unknown_terrain_names_line_and_letter() {
        let e = refused("name = \"x\"\n\ncolumns = [\n  \"F4 X5\",\n]\n");
        assert_eq!(e.line, Some(4));
        assert!(e.message.contains("unknown terrain `X`"), "{e}");
        assert!(e.to_string().starts_with("bad.toml:4:"), "{e}");
    }

    #[test]
    fn bad_numbers_are_refused() {
        assert!(
            refused("name='x'\ncolumns=['F7']")
                .message
                .contains("without 7")
        );
        assert!(
            refused("name='x'\ncolumns=['F13']")
                .message
                .contains("without 7")
        );
        assert!(
            refused("name='x'\ncolumns=['D6']")
                .message
                .contains("desert takes no number")
        );
        assert!(
            refused("name='x'\ncolumns=['F']")
                .message
                .contains("needs a number")
        );
    }

    #[test]
    fn wrong_counts_are_refused() {
        let e = refused("name='x'\nkind='base'\ncolumns=['F4 W5']");
        assert!(e.message.contains("wrong tile counts"), "{e}");
    }

    #[test]
    fn overlapping_hexes_are_refused() {
        let e = refused("name='x'\ncolumns=['F4 W5']\ntiles=[\n'0,1 S6']");
        assert!(e.message.contains("overlapping hexes"), "{e}");
        assert_eq!(e.line, Some(4));
    }

    #[test]
    fn inland_harbour_is_refused() {
        let e = refused("name='x'\ncolumns=['F4 W5']\nharbors=['0,0 s 3:1']");
        assert!(e.message.contains("inland edge"), "{e}");
        assert_eq!(e.line, Some(3));
    }

    #[test]
    fn start_breaking_distance_rule_is_refused() {
        let e = refused(
            "name='x'\ncolumns=['F4 W5']\n[start.a]\nsettlements=['0,0 w']\n[start.b]\nsettlements=['0,0 nw']\n",
        );
        assert!(e.message.contains("distance rule"), "{e}");
        assert_eq!(e.line, Some(6));
    }

    #[test]
    fn syntax_errors_name_their_line() {
        let e = refused("name = 'x'\ncolumns = [\n 'F4',,\n]");
        assert!(e.line.is_some(), "{e}");
        let e = refused("name = 'x'\nfoo = 1\ncolumns=['F4']");
        assert!(e.message.contains("foo"), "{e}");
    }

    #[test]
    fn corner_territory_follows_the_line() {
        let l = DividingLine {
            column: 4,
            west: vec![],
        };
        assert_eq!(
            l.territory_of_corner(Hex::from_offset(4, 0).corner(Point::W)),
            Territory::West
        );
        assert_eq!(
            l.territory_of_corner(Hex::from_offset(4, 0).corner(Point::NW)),
            Territory::West
        );
        assert_eq!(
            l.territory_of_corner(Hex::from_offset(4, 0).corner(Point::NE)),
            Territory::East
        );
        assert_eq!(
            l.territory_of_corner(Hex::from_offset(4, 0).corner(Point::E)),
            Territory::East
        );
    }

    /// Board files and saves written before the kind was called `divided` still load.
    #[test]
    fn the_older_name_of_a_divided_board_is_still_read() {
        let text = include_str!("../../assets/boards/big-game-a.toml");
        let old = text.replace("kind = \"divided\"", "kind = \"big-game\"");
        assert_ne!(old, text);
        let spec = BoardSpec::parse("old.toml", &old).expect("an older board file");
        assert_eq!(spec.kind, BoardKind::Divided);
        let kind: BoardKind = serde_json::from_str("\"BigGame\"").expect("an older save");
        assert_eq!(kind, BoardKind::Divided);
    }
}
