//! The board pane: which part of the picture shows when the board is larger than its pane,
//! moving the cursor between corners, edges and hexes, and painting the renderer's cells.

use super::input::Dir;
use super::theme::Theme;
use crate::board::Map;
use crate::board::render::{Picture, Target};
use crate::topology::HexId;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Where the picture sits in a pane: `offset` is the picture cell at the pane's top left when
/// it scrolls, `pad` the blank margin when it is smaller than the pane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Viewport {
    pub offset: (u16, u16),
    pub pad: (u16, u16),
    /// The picture is cut on that side (more to see by panning).
    pub more_left: bool,
    pub more_right: bool,
    pub more_up: bool,
    pub more_down: bool,
}

/// Places a picture of `pic` cells in a pane of `pane` cells, scrolled to `pan` (clamped).
pub fn viewport(pic: (u16, u16), pane: (u16, u16), pan: (u16, u16)) -> Viewport {
    let axis = |p: u16, w: u16, pan: u16| -> (u16, u16, bool, bool) {
        if p <= w {
            (0, (w - p) / 2, false, false)
        } else {
            let off = pan.min(p - w);
            (off, 0, off > 0, off + w < p)
        }
    };
    let (ox, px, l, r) = axis(pic.0, pane.0, pan.0);
    let (oy, py, u, d) = axis(pic.1, pane.1, pan.1);
    Viewport {
        offset: (ox, oy),
        pad: (px, py),
        more_left: l,
        more_right: r,
        more_up: u,
        more_down: d,
    }
}

/// The pan that keeps a picture position visible with a margin, changing `pan` as little as
/// possible.
pub fn follow(
    pan: (u16, u16),
    pos: (usize, usize),
    pic: (u16, u16),
    pane: (u16, u16),
) -> (u16, u16) {
    let axis = |pan: u16, pos: u16, p: u16, w: u16| -> u16 {
        if p <= w {
            return 0;
        }
        let margin = (w / 5).min(4);
        let mut pan = pan.min(p - w);
        if pos < pan + margin {
            pan = pos.saturating_sub(margin);
        } else if pos + margin >= pan + w {
            pan = (pos + margin + 1).saturating_sub(w);
        }
        pan.min(p - w)
    };
    (
        axis(pan.0, pos.0 as u16, pic.0, pane.0),
        axis(pan.1, pos.1 as u16, pic.1, pane.1),
    )
}

/// Whether a target is a place anything can stand on (land hexes, corners touching land, road
/// or ship edges), so the cursor skips the open sea.
pub fn playable(map: &Map, t: Target) -> bool {
    match t {
        Target::Corner(c) => map.corner_touches_land(c),
        Target::Edge(e) => map.edge_is_road_spot(e) || map.edge_is_ship_spot(e),
        Target::Hex(h) => map.is_land(h),
    }
}

/// The nearest candidate from `from` in a direction. Text lines are about twice as tall as
/// columns are wide, so vertical distance counts double, and straying off the direction counts
/// more than going along it.
pub fn step(
    from: (usize, usize),
    dir: Dir,
    candidates: impl Iterator<Item = (Target, (usize, usize))>,
) -> Option<Target> {
    let (fx, fy) = (from.0 as i64, from.1 as i64);
    candidates
        .filter_map(|(t, (x, y))| {
            let (dx, dy) = (x as i64 - fx, (y as i64 - fy) * 2);
            let (along, across) = match dir {
                Dir::Right => (dx, dy.abs()),
                Dir::Left => (-dx, dy.abs()),
                Dir::Down => (dy, dx.abs()),
                Dir::Up => (-dy, dx.abs()),
            };
            (along > 0 && across <= along * 2).then_some((along + across * 2, y, x, t))
        })
        .min_by_key(|(score, y, x, _)| (*score, *y, *x))
        .map(|(_, _, _, t)| t)
}

/// Targets in reading order (line, then column).
pub fn reading_order(pic: &Picture, targets: &[Target]) -> Vec<(Target, (usize, usize))> {
    let mut v: Vec<(Target, (usize, usize))> = targets
        .iter()
        .filter_map(|t| pic.positions.get(t).map(|p| (*t, *p)))
        .collect();
    v.sort_by_key(|(_, (x, y))| (*y, *x));
    v
}

/// The next (or previous) target after `from` in reading order, wrapping round.
pub fn cycle(
    ordered: &[(Target, (usize, usize))],
    from: Option<(usize, usize)>,
    forward: bool,
) -> Option<Target> {
    if ordered.is_empty() {
        return None;
    }
    let Some((fx, fy)) = from else {
        return Some(ordered[0].0);
    };
    let key = |(x, y): (usize, usize)| (y, x);
    if forward {
        ordered
            .iter()
            .find(|(_, p)| key(*p) > (fy, fx))
            .or(ordered.first())
            .map(|(t, _)| *t)
    } else {
        ordered
            .iter()
            .rev()
            .find(|(_, p)| key(*p) < (fy, fx))
            .or(ordered.last())
            .map(|(t, _)| *t)
    }
}

/// Paints the visible part of the picture into `area`; with a map, land hexes get a tint of
/// their terrain behind them (when the terminal has the colours for it).
pub fn paint(
    pic: &Picture,
    vp: &Viewport,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    colors: &[&str],
    map: Option<&Map>,
) {
    let shown_w = area.width.saturating_sub(vp.pad.0) as usize;
    for row in 0..area.height.saturating_sub(vp.pad.1) {
        let py = (vp.offset.1 + row) as usize;
        let Some(line) = pic.lines.get(py) else { break };
        let y = area.y + vp.pad.1 + row;
        let first = vp.offset.0 as usize;
        // Only a picture wider than the pane has text its edges cut.
        let (cut_left, cut_right) = if vp.more_left || vp.more_right {
            let chars: Vec<char> = line.iter().map(|c| c.ch).collect();
            let hexes: Vec<Option<HexId>> = (0..line.len())
                .map(|px| pic.hex_at.get(&(px, py)).copied())
                .collect();
            cut_at_edges(&chars, &hexes, first, first + shown_w)
        } else {
            (0, 0)
        };
        let end = (first + shown_w).min(line.len());
        for col in 0..shown_w as u16 {
            let px = (vp.offset.0 + col) as usize;
            let Some(cell) = line.get(px) else { break };
            let cut = px < first + cut_left || px + cut_right >= end;
            let blank;
            let cell = if cut && cell.ch != ' ' {
                blank = crate::board::render::Cell { ch: ' ', ..*cell };
                &blank
            } else {
                cell
            };
            let tint = map
                .and_then(|m| pic.hex_at.get(&(px, py)).map(|h| m.tile(*h)))
                .and_then(|t| t.terrain())
                .and_then(|t| theme.tint(t.letter()));
            if cell.ch == ' ' && !cell.highlight && !cell.cursor && tint.is_none() {
                continue;
            }
            let x = area.x + vp.pad.0 + col;
            if let Some(c) = buf.cell_mut((x, y)) {
                c.set_char(cell.ch);
                let mut style = theme.cell(cell, colors);
                if let Some(bg) = tint
                    && style.bg.is_none()
                {
                    style = style.bg(bg);
                }
                c.set_style(style);
            }
        }
    }
    paint_captions(pic, vp, area, buf, theme, colors);
}

/// How many cells at each end of a row's visible span `first..end` belong to text that the
/// pane's edge cuts: a word (a label `F10` showing as `10`, or as `F1`), or the text inside a
/// hex (`hexes`: the hex whose inside each cell is) when part of it lies beyond the edge (a
/// harbour's `2:1 F` showing as `1 F`). They are left blank, so that no part of a label
/// reads as a whole one; a hex cut only in its blank margin keeps its text.
fn cut_at_edges(row: &[char], hexes: &[Option<HexId>], first: usize, end: usize) -> (usize, usize) {
    let end = end.min(row.len());
    if first >= end {
        return (0, 0);
    }
    let word = |i: usize| row.get(i).is_some_and(|c| c.is_ascii_alphanumeric());
    let hex = |i: usize| hexes.get(i).copied().flatten();
    let inked = |i: usize| row.get(i).is_some_and(|c| *c != ' ');
    // The cells beyond the edge that share the edge cell's hex: does any carry ink?
    let hex_cut = |edge: usize, beyond: &mut dyn Iterator<Item = usize>| {
        hex(edge).is_some_and(|h| beyond.take_while(|&i| hex(i) == Some(h)).any(inked))
    };
    let left = if first > 0 && hex_cut(first, &mut (0..first).rev()) {
        let h = hex(first);
        (first..end).take_while(|&i| hex(i) == h).count()
    } else if first > 0 && word(first - 1) {
        (first..end).take_while(|&i| word(i)).count()
    } else {
        0
    };
    let right = if hex_cut(end - 1, &mut (end..row.len())) {
        let h = hex(end - 1);
        (first..end).rev().take_while(|&i| hex(i) == h).count()
    } else if word(end) {
        (first..end).rev().take_while(|&i| word(i)).count()
    } else {
        0
    };
    (left, right)
}

/// The picture's captions whole: one that the pane's edge would cut is moved inside it
/// while the column it names is in view, and left out when that column is not.
fn paint_captions(
    pic: &Picture,
    vp: &Viewport,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    colors: &[&str],
) {
    let (ox, oy) = (vp.offset.0 as usize, vp.offset.1 as usize);
    let shown_w = area.width.saturating_sub(vp.pad.0) as usize;
    let shown_h = area.height.saturating_sub(vp.pad.1) as usize;
    let visible = ox..ox + shown_w.min(pic.width().saturating_sub(ox));
    for cap in &pic.captions {
        let len = cap.text.chars().count();
        let whole = visible.contains(&cap.start) && visible.contains(&(cap.start + len - 1));
        if whole || cap.y < oy || cap.y >= oy + shown_h {
            continue;
        }
        let y = area.y + vp.pad.1 + (cap.y - oy) as u16;
        let screen_x = |px: usize| area.x + vp.pad.0 + (px - ox) as u16;
        for px in cap.start..cap.start + len {
            if visible.contains(&px)
                && let Some(c) = buf.cell_mut((screen_x(px), y))
            {
                c.reset();
            }
        }
        if !visible.contains(&cap.x) || len > visible.len() {
            continue;
        }
        let start = cap.start.clamp(visible.start, visible.end - len);
        let style = theme.cell(
            &crate::board::render::Cell {
                ch: ' ',
                ink: cap.ink,
                highlight: false,
                cursor: false,
            },
            colors,
        );
        for (i, ch) in cap.text.chars().enumerate() {
            if let Some(c) = buf.cell_mut((screen_x(start + i), y)) {
                c.set_char(ch);
                c.set_style(style);
            }
        }
    }
}

/// The picture position under a screen position, if the pane shows one there.
pub fn pic_pos(area: Rect, vp: &Viewport, x: u16, y: u16) -> Option<(usize, usize)> {
    let inside = x >= area.x + vp.pad.0
        && y >= area.y + vp.pad.1
        && x < area.x + area.width
        && y < area.y + area.height;
    inside.then(|| {
        (
            (x - area.x - vp.pad.0 + vp.offset.0) as usize,
            (y - area.y - vp.pad.1 + vp.offset.1) as usize,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{CornerId, HexId};

    #[test]
    fn small_pictures_are_centred_and_large_ones_scroll() {
        let v = viewport((38, 29), (50, 40), (5, 5));
        assert_eq!((v.offset, v.pad), ((0, 0), (6, 5)));
        assert!(!v.more_down && !v.more_right);
        let v = viewport((38, 29), (30, 20), (100, 3));
        assert_eq!(v.offset, (8, 3), "pan is clamped to the picture");
        assert!(v.more_left && !v.more_right && v.more_up && v.more_down);
    }

    #[test]
    fn a_label_cut_by_the_panes_edge_is_left_out() {
        let row: Vec<char> = "  F10  O5 ".chars().collect();
        let no_hexes = vec![None; row.len()];
        let cut_at_edges = |row: &[char], first, end| cut_at_edges(row, &no_hexes, first, end);
        assert_eq!(
            cut_at_edges(&row, 3, 10),
            (2, 0),
            "`10` of F10 at the left edge"
        );
        assert_eq!(
            cut_at_edges(&row, 0, 8),
            (0, 1),
            "`O` of O5 at the right edge"
        );
        assert_eq!(cut_at_edges(&row, 2, 7), (0, 0), "whole words");
        assert_eq!(cut_at_edges(&row, 0, 3), (0, 1), "`F` of F10");
    }

    #[test]
    fn the_text_inside_a_hex_goes_whole_or_not_at_all() {
        // `<` and `>` are the hex's corners; its inside is the six cells between.
        let row: Vec<char> = "< 2:1 F>--<  ~~  >".chars().collect();
        let mut hexes = vec![None; row.len()];
        for (i, h) in hexes.iter_mut().enumerate() {
            *h = match i {
                1..=6 => Some(HexId(1)),
                11..=16 => Some(HexId(2)),
                _ => None,
            };
        }
        assert_eq!(
            cut_at_edges(&row, &hexes, 3, 18),
            (4, 0),
            "`:1 F` of `2:1 F`"
        );
        assert_eq!(
            cut_at_edges(&row, &hexes, 2, 18),
            (0, 0),
            "only the margin is cut"
        );
        assert_eq!(cut_at_edges(&row, &hexes, 0, 14), (0, 3), "`  ~` of `~~`");
        assert_eq!(cut_at_edges(&row, &hexes, 0, 16), (0, 0), "`~~` whole");
        assert_eq!(
            cut_at_edges(&row, &hexes, 7, 18),
            (0, 0),
            "starts at the corner"
        );
    }

    #[test]
    fn follow_keeps_the_cursor_in_view() {
        assert_eq!(follow((0, 0), (10, 25), (38, 29), (38, 20)), (0, 9));
        assert_eq!(follow((0, 9), (10, 2), (38, 29), (38, 20)), (0, 0));
        assert_eq!(
            follow((0, 5), (10, 10), (38, 29), (38, 20)),
            (0, 5),
            "no move needed"
        );
    }

    #[test]
    fn steps_and_cycles() {
        let a = Target::Hex(HexId(0));
        let b = Target::Hex(HexId(1));
        let c = Target::Corner(CornerId(0));
        let cands = vec![(a, (10, 10)), (b, (20, 10)), (c, (12, 12))];
        assert_eq!(
            step((10, 10), Dir::Right, cands.clone().into_iter()),
            Some(b)
        );
        assert_eq!(
            step((10, 10), Dir::Down, cands.clone().into_iter()),
            Some(c)
        );
        assert_eq!(step((10, 10), Dir::Left, cands.clone().into_iter()), None);
        let mut ordered = cands.clone();
        ordered.sort_by_key(|(_, (x, y))| (*y, *x));
        assert_eq!(cycle(&ordered, Some((10, 10)), true), Some(b));
        assert_eq!(cycle(&ordered, Some((12, 12)), true), Some(a), "wraps");
        assert_eq!(
            cycle(&ordered, Some((10, 10)), false),
            Some(c),
            "wraps back"
        );
        assert_eq!(cycle(&ordered, None, true), Some(a));
    }
}
