//! Small text pieces the variants' panels share: a countdown and a row of resource counts.

use super::theme::Theme;
use crate::rules::resources::Resource;
use crate::variants::base::view::OwnCard;
use ratatui::text::{Line, Span};

/// A countdown as minutes and seconds, rounded up (`0:45`).
pub(super) fn fmt_secs(s: f64) -> String {
    let s = s.ceil() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// A resource in three letters, for tight rows.
fn res_short(r: Resource) -> &'static str {
    match r {
        Resource::Lumber => "lum",
        Resource::Brick => "bri",
        Resource::Wool => "woo",
        Resource::Grain => "gra",
        Resource::Ore => "ore",
    }
}

/// A labelled row of resource counts (a hand, a bank, a discard pile), counts above zero
/// highlighted.
pub(super) fn hand_line(
    t: &Theme,
    label: &str,
    h: &crate::rules::resources::ResourceSet,
    width: usize,
) -> Line<'static> {
    let head = format!(" {label:<6} ");
    // The roomiest form that fits: three-letter names two apart, then one apart, then two
    // letters (`lu 3 br 0`).
    let form = |letters: usize, gap: usize| {
        let body: usize = Resource::ALL
            .iter()
            .map(|&r| letters + 1 + h[r].to_string().len())
            .sum::<usize>()
            + gap * (Resource::ALL.len() - 1);
        head.chars().count() + body <= width
    };
    let (letters, gap) = [(3, 2), (3, 1), (2, 1)]
        .into_iter()
        .find(|&(l, g)| form(l, g))
        .unwrap_or((2, 1));
    let mut spans = vec![Span::styled(head, t.dim())];
    for (i, r) in Resource::ALL.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" ".repeat(gap)));
        }
        spans.push(Span::styled(
            format!("{} ", &res_short(r)[..letters]),
            t.dim(),
        ));
        spans.push(Span::styled(
            h[r].to_string(),
            if h[r] > 0 { t.title() } else { t.dim() },
        ));
    }
    Line::from(spans)
}

/// The seat's development cards in one row, each not yet playable marked with `later`
/// (VP cards are never played, so never marked); `None` without cards.
pub(super) fn dev_cards_line(t: &Theme, cards: &[OwnCard], later: &str) -> Option<Line<'static>> {
    if cards.is_empty() {
        return None;
    }
    let words: Vec<String> = cards
        .iter()
        .map(|c| {
            let wait = !c.playable && c.card.word() != "vp";
            format!("{}{}", c.card.word(), if wait { later } else { "" })
        })
        .collect();
    Some(Line::from(vec![
        Span::styled(" cards  ", t.dim()),
        Span::styled(words.join(", "), t.title()),
    ]))
}

/// A resource's name, or its first two letters in narrow panes.
pub fn res_name(r: Resource, short: bool) -> &'static str {
    if short { &r.name()[..2] } else { r.name() }
}
