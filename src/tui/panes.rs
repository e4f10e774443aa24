//! The in-game panes around the board: the board itself and what the cursor explains,
//! the players, your hand, the actions and the dice.

use super::app::{App, action_lines};
use super::board;
use super::layout::{self};
use super::widgets::fit_line;
use super::widgets::panel;
use crate::rules::words::count;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

pub(super) fn board_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let inner_full = Block::default().borders(Borders::ALL).inner(area);
    let inner = app.board_inner(area);
    let vp = app.viewport(inner);
    let mut title = vec![Span::styled(" Board ", t.title())];
    if let Some(a) = app.effective_action() {
        title.push(Span::styled(format!("· {} ", a.doing()), t.good()));
    }
    let scrolls = vp.more_left || vp.more_right || vp.more_up || vp.more_down;
    let mut block = panel(t, Line::from(title), app.effective_action().is_some());
    if scrolls {
        block = block.title_bottom(Line::from(Span::styled(
            " more: Shift+arrows or H J K L ",
            t.warn(),
        )));
    }
    block.render(area, buf);
    let colors: Vec<&str> = app
        .st()
        .update
        .as_ref()
        .map(|u| u.seats.iter().map(|s| s.color.as_str()).collect())
        .unwrap_or_default();
    board::paint(
        &app.pic,
        &vp,
        inner,
        buf,
        t,
        &colors,
        app.map().map(|m| m.as_ref()),
    );
    // Arrows on the frame where the picture goes on.
    let mark = |buf: &mut Buffer, x: u16, y: u16, s: &str| {
        if let Some(c) = buf.cell_mut((x, y)) {
            c.set_symbol(s);
            c.set_style(t.warn());
        }
    };
    let right_x = area.x + area.width.saturating_sub(3);
    let mid_y = inner.y + inner.height / 2;
    if vp.more_up {
        mark(buf, right_x, area.y, "▲");
    }
    if vp.more_down {
        mark(buf, right_x, area.y + area.height - 1, "▼");
    }
    if vp.more_left {
        mark(buf, area.x, mid_y, "◀");
    }
    if vp.more_right {
        mark(buf, area.x + area.width - 1, mid_y, "▶");
    }
    // Below the board: the cursor's place, and a key.
    let below = layout::board_footer_lines(app.pic.height() as u16, inner_full);
    let y0 = inner.y + inner.height;
    let mut lines = cursor_info(app);
    if below == 1 && lines.len() > 1 {
        // One row: the place without its kind, the Enter mark, then what it is worth, cut
        // at a word if need be.
        let mut spans = Vec::new();
        let mut mark = None;
        for s in &lines[0].spans {
            let text = s.content.as_ref();
            if text.starts_with("  ✓") || text.starts_with("  ✗") {
                mark = Some(Span::styled(format!(" {}", &text[2..5]), s.style));
                continue;
            }
            let short = ["corner ", "edge ", "hex "]
                .iter()
                .find_map(|k| text.strip_prefix(k))
                .unwrap_or(text);
            spans.push(Span::styled(short.to_string(), s.style));
        }
        spans.extend(mark);
        spans.push(Span::raw(" "));
        // What it is worth, in fewer words, and whole parts of it dropped from the end
        // (" · 5 pips") rather than a part cut to a bare number.
        let mut detail: Vec<Span<'static>> = lines[1]
            .spans
            .iter()
            .skip(1)
            .map(|s| {
                let text = s.content.strip_prefix("produces ").unwrap_or(&s.content);
                Span::styled(text.to_string(), s.style)
            })
            .collect();
        let room = inner_full.width as usize;
        let width = |spans: &[Span], detail: &[Span]| {
            spans.iter().chain(detail).map(|s| s.width()).sum::<usize>()
        };
        while width(&spans, &detail) > room {
            let Some(last) = detail.last_mut() else { break };
            match last.content.rfind(" · ") {
                Some(i) => last.content = last.content[..i].to_string().into(),
                None if detail.len() > 1 => {
                    detail.pop();
                }
                None => break,
            }
        }
        spans.extend(detail);
        lines = vec![fit_line(Line::from(spans), room)];
    }
    lines.truncate(below.min(2) as usize);
    // A ruleset played on hexes alone has no settlements, roads or robber to name.
    let pieces = app.ruleset().is_none_or(|r| r.corners_and_edges());
    if below >= 4 && pieces {
        let mut key = vec![
            Span::styled(" r", t.title()),
            Span::styled(" settlement ", t.dim()),
            Span::styled("R", t.title()),
            Span::styled(" city ", t.dim()),
            Span::styled("rr", t.title()),
            Span::styled(" road ", t.dim()),
        ];
        // A ruleset with ships: its key names their mark.
        if app.ruleset().is_some_and(|r| r.ships()) {
            key.push(Span::styled(
                crate::board::render::SHIP.to_string(),
                t.title(),
            ));
            key.push(Span::styled(" ship ", t.dim()));
        }
        key.push(Span::styled("@@", t.title()));
        key.push(Span::styled(" robber", t.dim()));
        lines.push(Line::from(key));
        lines.push(Line::from(vec![
            Span::styled(" F", t.title()),
            Span::styled(" lumber ", t.dim()),
            Span::styled("B", t.title()),
            Span::styled(" brick ", t.dim()),
            Span::styled("S", t.title()),
            Span::styled(" wool ", t.dim()),
            Span::styled("W", t.title()),
            Span::styled(" grain ", t.dim()),
            Span::styled("O", t.title()),
            Span::styled(" ore", t.dim()),
        ]));
    }
    Paragraph::new(lines).render(Rect::new(inner.x, y0, inner.width, below), buf);
}

/// The place under the cursor in words: its name and what Enter does there, then what it
/// touches (hexes, pips, a harbour) and what stands on it.
fn cursor_info(app: &App) -> Vec<Line<'static>> {
    use crate::board::render::Target;
    use crate::rules::resources::pips;
    let t = &app.theme;
    let (Some(c), Some(map), Some(u)) = (app.cursor, app.map(), app.st().update.as_ref()) else {
        return vec![Line::from(Span::styled(" arrows move the cursor", t.dim()))];
    };
    // What stands on the board, as the ruleset draws it: every ruleset's pieces and robbers.
    let pieces = super::rulesets::overlay(&u.view, &u.seats);
    let people = app.people();
    // A ruleset that names and explains its hexes its own way (a drifting frame's positions).
    let own_hex = match c {
        Target::Hex(h) => app.ruleset().and_then(|r| r.hex_info(&app.ctx(), map, h)),
        _ => None,
    };
    let mut first = vec![Span::styled(" ▸ ", t.key())];
    let mut second = vec![Span::raw("   ")];
    match c {
        Target::Corner(id) => {
            first.push(Span::styled(
                format!("corner {}", map.corner_name(id)),
                t.title(),
            ));
            let around: Vec<crate::topology::HexId> = map
                .topology
                .corner_hexes(id)
                .iter()
                .flatten()
                .copied()
                .filter(|h| map.is_land(*h))
                .collect();
            let total: u32 = around
                .iter()
                .filter_map(|h| map.tile(*h).number())
                .map(|n| pips(n) as u32)
                .sum();
            let labels: Vec<String> = around.iter().map(|h| map.tile(*h).said()).collect();
            second.push(Span::styled(
                format!("{} · {}", labels.join(" "), count(total, "pip")),
                t.dim(),
            ));
            if let Some(h) = map.corner_harbor(id) {
                second.push(Span::styled(format!(" · harbour {h}"), t.notice()));
            }
            if let Some(
                crate::board::render::CornerPiece::Settlement(owner)
                | crate::board::render::CornerPiece::City(owner),
            ) = pieces.corners.get(&id)
            {
                first.push(Span::raw(" "));
                first.extend(people.label(*owner, t));
            }
        }
        Target::Edge(id) => {
            first.push(Span::styled(
                format!("edge {}", map.edge_name(id)),
                t.title(),
            ));
            let hexes: Vec<crate::topology::HexId> = map
                .topology
                .edge_hexes(id)
                .iter()
                .flatten()
                .copied()
                .collect();
            let mut sides: Vec<String> = hexes.iter().map(|h| map.tile(*h).said()).collect();
            // Two hexes with the same label ("F5 and F5") are told apart by their names.
            if sides.len() == 2 && sides[0] == sides[1] {
                sides = hexes
                    .iter()
                    .zip(&sides)
                    .map(|(h, label)| format!("{} ({label})", map.hex_name(*h)))
                    .collect();
            }
            second.push(Span::styled(
                format!("between {}", sides.join(" and ")),
                t.dim(),
            ));
            if let Some(
                crate::board::render::EdgePiece::Road(owner)
                | crate::board::render::EdgePiece::Ship(owner),
            ) = pieces.edges.get(&id)
            {
                first.push(Span::raw(" "));
                first.extend(people.label(*owner, t));
            }
        }
        Target::Hex(_) if own_hex.is_some() => {
            let (head, detail) = own_hex.clone().unwrap_or_default();
            first.push(Span::styled(head, t.title()));
            second.push(Span::styled(detail, t.dim()));
        }
        Target::Hex(id) => {
            let tile = map.tile(id);
            first.push(Span::styled(
                format!("hex {} · {}", map.hex_name(id), tile.label()),
                t.title(),
            ));
            let what = match tile.terrain().and_then(|x| x.resource()) {
                Some(r) => format!("{r} on {}", tile.number().unwrap_or(0)),
                None => "nothing".into(),
            };
            second.push(Span::styled(
                format!(
                    "produces {what} · {}",
                    count(tile.number().map(pips).unwrap_or(0), "pip")
                ),
                t.dim(),
            ));
            if pieces.robbers.contains(&id) {
                second.push(Span::styled(" · robber", t.warn()));
            }
        }
    }
    if let Some(a) = app.effective_action() {
        let ok = app.legal.command_at(a, c).is_some()
            || matches!(c, Target::Hex(h) if !app.legal.robber_moves(h).is_empty());
        first.push(if ok {
            Span::styled("  ✓ Enter", t.good())
        } else {
            Span::styled("  ✗ not here", t.dim())
        });
    } else if app
        .legal
        .board_actions()
        .into_iter()
        .any(|a| app.legal.command_at(a, c).is_some())
    {
        // No action chosen, but Enter does something here (the phase's placement).
        first.push(Span::styled("  ✓ Enter", t.good()));
    }
    vec![Line::from(first), Line::from(second)]
}

pub(super) fn actions_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let lines: Vec<Line> = action_lines(app, area.width < 52)
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    let title = if app.my_turn() {
        Line::from(vec![
            Span::styled(" Actions ", t.title()),
            Span::styled("· your move ", t.good()),
        ])
    } else {
        Line::from(Span::styled(" Actions ", t.title()))
    };
    Paragraph::new(lines)
        .block(panel(t, title, app.my_turn()))
        .render(area, buf);
}
