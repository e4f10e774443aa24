//! Base's panes beside the board: the players, the hand of the seat on screen and the dice.
//! Risk of Catan shows its base game through them too.

use crate::tui::lines::res_name;
use super::phase;
use crate::tui::ruleset::{Ctx, Phase};
use crate::tui::theme::Theme;
use crate::tui::widgets::panel;
use crate::rules::resources::{Resource, ResourceSet};
use crate::variants::base::BaseView;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

pub(super) fn players_pane(cx: &Ctx, v: &BaseView, area: Rect, buf: &mut Buffer) {
    let t = cx.theme;
    let people = &cx.people;
    let seats = cx
        .st
        .update
        .as_ref()
        .map(|u| u.seats.clone())
        .unwrap_or_default();
    let me = cx.me;
    let inner_w = area.width.saturating_sub(2) as usize;
    // Each seat's tags, in long and short words: the short ones and narrower number columns
    // are used when the long ones would not fit beside a name of 8.
    let tags: Vec<Vec<(String, String, ratatui::style::Style)>> = v
        .players
        .iter()
        .map(|p| {
            let mut tags = Vec::new();
            if p.longest_road {
                tags.push((" LR".into(), " LR".into(), t.good()));
            }
            if p.largest_army {
                tags.push((" LA".into(), " LA".into(), t.good()));
            }
            if let Some(n) = p.must_discard {
                tags.push((format!(" discards {n}"), format!(" disc {n}"), t.warn()));
            }
            match seats.get(p.seat as usize) {
                Some(i) if i.bot => tags.push((" bot".into(), " bot".into(), t.dim())),
                Some(i) if i.away => {
                    tags.push((" away (bot plays)".into(), " away".into(), t.warn()))
                }
                Some(i) if !i.connected && i.left => {
                    tags.push((" left".into(), " left".into(), t.warn()))
                }
                Some(i) if !i.connected => {
                    tags.push((" offline".into(), " off".into(), t.error()))
                }
                _ => {}
            }
            if p.out {
                tags.push((" out".into(), " out".into(), t.dim()));
            }
            tags
        })
        .collect();
    let widest = |short: bool| {
        tags.iter()
            .map(|ts| {
                ts.iter()
                    .map(|(long, brief, _)| if short { brief } else { long }.chars().count())
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0)
    };
    // "▶ r " and the numbers: VP cards dev kn road, wide or narrow.
    const WIDE: [usize; 5] = [3, 6, 5, 4, 6];
    const NARROW: [usize; 5] = [3, 4, 4, 3, 3];
    // A column of margin on the right, as on the left.
    let room = inner_w.saturating_sub(1);
    let fits = |cols: &[usize; 5], tag_w: usize| 4 + 8 + cols.iter().sum::<usize>() + tag_w <= room;
    let (cols, short) = if fits(&WIDE, widest(false)) || inner_w >= 60 {
        (WIDE, false)
    } else if fits(&NARROW, widest(false)) {
        (NARROW, false)
    } else {
        (NARROW, true)
    };
    let names = if cols == WIDE {
        ["VP", "cards", "dev", "kn", "road"]
    } else {
        ["VP", "crd", "dev", "kn", "rd"]
    };
    let name_w = room
        .saturating_sub(4 + cols.iter().sum::<usize>() + widest(short))
        .clamp(5, 16);
    let mut header = format!("   {:<nw$}", "player", nw = name_w + 1);
    for (n, w) in names.iter().zip(cols) {
        header.push_str(&format!("{n:>w$}"));
    }
    let mut lines = vec![Line::from(Span::styled(header, t.dim()))];
    for (p, tags) in v.players.iter().zip(tags) {
        let s = p.seat;
        let acting = match phase(v) {
            Phase::Discard => p.must_discard.is_some(),
            Phase::Over => v.winner == Some(s),
            _ => v.current == Some(s),
        };
        let mut name = people.name(s).to_string();
        if Some(s) == me && name_w >= 12 {
            name.push_str(" (you)");
        }
        let name: String = name.chars().take(name_w).collect();
        let st = t.player(people.colors.get(s as usize).map_or("", |c| c.as_str()));
        let [vp, cards, dev, kn, road] = cols;
        let mut spans = vec![
            Span::styled(if acting { "▶ " } else { "  " }, t.key()),
            Span::styled(
                people
                    .letters
                    .get(s as usize)
                    .copied()
                    .unwrap_or('?')
                    .to_string(),
                st,
            ),
            Span::raw(" "),
            Span::styled(format!("{name:<name_w$}"), st),
            Span::styled(format!("{:>vp$}", p.vp), t.title()),
            Span::raw(format!(
                "{:>cards$}{:>dev$}{:>kn$}{:>road$}",
                p.cards, p.dev_cards, p.knights, p.road_length
            )),
        ];
        for (long, brief, style) in tags {
            spans.push(Span::styled(if short { brief } else { long }, style));
        }
        lines.push(Line::from(spans));
    }
    if area.height as usize >= v.players.len() + 4 {
        lines.push(bank_line(t, &v.bank, v.deck, inner_w));
    }
    let title = Line::from(vec![
        Span::styled(" Players ", t.title()),
        Span::styled(format!("· {} VP to win ", v.vp_target), t.dim()),
    ]);
    Paragraph::new(lines)
        .block(panel(t, title, false))
        .render(area, buf);
}

fn bank_line(t: &Theme, bank: &ResourceSet, deck: u32, width: usize) -> Line<'static> {
    let long = 5
        + Resource::ALL
            .iter()
            .map(|r| r.name().len() + 4)
            .sum::<usize>()
        + 10;
    let mut spans = vec![Span::styled(" Bank", t.dim())];
    for r in Resource::ALL {
        let name = if width >= long {
            r.name().to_string()
        } else {
            r.name()[..2].to_string()
        };
        spans.push(Span::styled(format!(" {name}"), t.resource(r)));
        spans.push(Span::raw(format!(" {}", bank[r])));
    }
    spans.push(Span::styled(format!("  deck {deck}"), t.dim()));
    Line::from(spans)
}

fn hand_spans(t: &Theme, hand: &ResourceSet, short: bool) -> Vec<Span<'static>> {
    let mut spans = vec![Span::raw(" ")];
    for r in Resource::ALL {
        let n = hand[r];
        spans.push(Span::styled(
            res_name(r, short).to_string(),
            if n > 0 { t.resource(r) } else { t.dim() },
        ));
        spans.push(Span::styled(
            format!(" {n}  "),
            if n > 0 { t.title() } else { t.dim() },
        ));
    }
    spans.push(Span::styled(format!("= {}", hand.total()), t.dim()));
    spans
}

pub(super) fn hand_pane(cx: &Ctx, v: &BaseView, area: Rect, buf: &mut Buffer) {
    let t = cx.theme;
    let Some(y) = &v.you else {
        Paragraph::new(vec![
            Line::raw(" You are watching: hands stay hidden."),
            Line::from(Span::styled(
                " Pieces, counts and the log are public.",
                t.dim(),
            )),
        ])
        .block(panel(t, Span::styled(" Spectator ", t.title()), false))
        .render(area, buf);
        return;
    };
    let short = area.width < 50;
    let mut lines = vec![Line::from(hand_spans(t, &y.hand, short))];
    let mut dev: Vec<Span> = vec![Span::styled(" cards: ", t.dim())];
    if y.dev_cards.is_empty() {
        dev.push(Span::styled("none", t.dim()));
    }
    let mut seen = Vec::new();
    for c in &y.dev_cards {
        if seen.contains(&c.card) {
            continue;
        }
        seen.push(c.card);
        let all: Vec<_> = y.dev_cards.iter().filter(|x| x.card == c.card).collect();
        let ready = all.iter().filter(|x| x.playable).count();
        let n = all.len();
        if dev.len() > 1 {
            dev.push(Span::styled(" · ", t.dim()));
        }
        let label = if n > 1 {
            format!("{} ×{n}", c.card)
        } else {
            c.card.to_string()
        };
        dev.push(Span::styled(
            label,
            if ready > 0 { t.title() } else { t.dim() },
        ));
        if ready < n && c.card != crate::rules::devcards::DevCard::VictoryPoint {
            dev.push(Span::styled(
                if ready == 0 { " (new)" } else { " (1 new)" },
                t.dim(),
            ));
        }
    }
    lines.push(Line::from(dev));
    let mut rates = vec![Span::styled(" bank trades: ", t.dim())];
    let generic = y.bank_rates.iter().copied().max().unwrap_or(4);
    rates.push(Span::raw(format!("{generic}:1")));
    for r in Resource::ALL {
        let rate = y.bank_rates[r as usize];
        if rate < generic {
            rates.push(Span::raw(format!(" · {} {rate}:1", r.name())));
        }
    }
    if area.height >= 6 {
        lines.push(Line::from(rates));
    }
    let hidden = y.vp_total.saturating_sub(
        v.players
            .get(cx.me.unwrap_or(0) as usize)
            .map_or(0, |p| p.vp),
    );
    let title = Line::from(vec![
        Span::styled(" Your hand ", t.title()),
        Span::styled(
            format!(
                "· {} VP{} ",
                y.vp_total,
                if hidden > 0 {
                    format!(" ({hidden} hidden)")
                } else {
                    String::new()
                }
            ),
            t.dim(),
        ),
    ]);
    Paragraph::new(lines)
        .block(panel(t, title, false))
        .render(area, buf);
}

pub(super) fn dice_pane(cx: &Ctx, v: &BaseView, area: Rect, buf: &mut Buffer) {
    let t = cx.theme;
    let total: u32 = v.dice[2..=12].iter().sum();
    let max = v.dice[2..=12].iter().copied().max().unwrap_or(0).max(1);
    let bar_w = area.width.saturating_sub(16) as u32;
    let last = v.last_roll.map(|(a, b)| (a + b) as usize);
    let lines: Vec<Line> = (2..=12usize)
        .map(|n| {
            let c = v.dice[n];
            let len = if c == 0 { 0 } else { (c * bar_w).div_ceil(max) } as usize;
            let hot = n == 6 || n == 8;
            let mut spans = vec![
                Span::styled(
                    format!(" {n:>2} "),
                    if n == 7 { t.error() } else { t.dim() },
                ),
                Span::styled(
                    "█".repeat(len),
                    if n == 7 {
                        t.error()
                    } else if hot {
                        t.warn()
                    } else {
                        t.notice()
                    },
                ),
                Span::raw(format!(" {c}")),
            ];
            if last == Some(n) {
                spans.push(Span::styled(" ◀ last", t.key()));
            }
            Line::from(spans)
        })
        .collect();
    let title = Line::from(vec![
        Span::styled(" Dice ", t.title()),
        Span::styled(
            format!("· {total} roll{} ", if total == 1 { "" } else { "s" }),
            t.dim(),
        ),
    ]);
    Paragraph::new(lines)
        .block(panel(t, title, false))
        .render(area, buf);
}

/// The results screen's lines: the winner, the standings, the dice rolled and the resources
/// produced.
pub(super) fn results_lines(cx: &Ctx, v: &BaseView) -> Vec<Line<'static>> {
    let t = cx.theme;
    let people = &cx.people;
    let mut lines = Vec::new();
    let mut head = vec![Span::raw("  ")];
    match v.winner {
        Some(w) => {
            head.extend(people.label(w, t));
            head.push(Span::styled(
                if Some(w) == cx.me {
                    " — you win!"
                } else {
                    " wins!"
                },
                t.good(),
            ));
        }
        None => head.push(Span::styled("The game is over.", t.title())),
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(head));
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(
        "  Standings        VP  knights  road  produced",
        t.dim(),
    )));
    let mut order: Vec<&crate::variants::base::view::PlayerPublic> = v.players.iter().collect();
    order.sort_by_key(|p| {
        (
            std::cmp::Reverse(v.winner == Some(p.seat)),
            std::cmp::Reverse(p.vp),
        )
    });
    for (rank, p) in order.iter().enumerate() {
        let produced = v.produced.get(p.seat as usize).map_or(0, |s| s.total());
        let mut spans = vec![Span::styled(format!("  {}. ", rank + 1), t.dim())];
        let label = people.label(p.seat, t);
        let len: usize = label.iter().map(|s| s.content.chars().count()).sum();
        spans.extend(label);
        spans.push(Span::raw(" ".repeat(14usize.saturating_sub(len))));
        spans.push(Span::styled(format!("{:>3}", p.vp), t.title()));
        let mut tags = String::new();
        if p.longest_road {
            tags.push_str(" LR");
        }
        if p.largest_army {
            tags.push_str(" LA");
        }
        spans.push(Span::raw(format!(
            "{:>9}{:>6}{:>10}{tags}",
            p.knights, p.road_length, produced
        )));
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(Span::styled(
        "  (VP shows what the table can see; the winner's hidden cards are revealed in the log.)",
        t.dim(),
    )));
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled("  Dice rolled", t.title())));
    let max = v.dice[2..=12].iter().copied().max().unwrap_or(0).max(1);
    let total: u32 = v.dice[2..=12].iter().sum();
    for n in 2..=12usize {
        let c = v.dice[n];
        let bar = (c * 40).div_ceil(max) as usize;
        lines.push(Line::from(vec![
            Span::styled(
                format!("  {n:>2} "),
                if n == 7 { t.error() } else { t.dim() },
            ),
            Span::styled(
                "█".repeat(bar),
                if n == 6 || n == 8 {
                    t.error()
                } else {
                    t.notice()
                },
            ),
            Span::raw(format!(" {c}")),
        ]));
    }
    lines.push(Line::from(Span::styled(
        format!("     {total} rolls"),
        t.dim(),
    )));
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(
        "  Resources produced   lumber brick  wool grain   ore",
        t.title(),
    )));
    for p in &v.players {
        let s = v.produced.get(p.seat as usize).copied().unwrap_or_default();
        let mut spans = vec![Span::raw("  ")];
        let label = people.label(p.seat, t);
        let len: usize = label.iter().map(|s| s.content.chars().count()).sum();
        spans.extend(label);
        spans.push(Span::raw(" ".repeat(19usize.saturating_sub(len))));
        spans.push(Span::raw(format!(
            "{:>6}{:>6}{:>6}{:>6}{:>6}",
            s.0[0], s.0[1], s.0[2], s.0[3], s.0[4]
        )));
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines
}
