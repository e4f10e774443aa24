//! Small text pieces the variants' panels share: a countdown, a row of resource counts and a
//! labelled list.

use super::theme::Theme;
use crate::rules::resources::Resource;
use crate::variants::base::view::OwnCard;
use ratatui::style::Style;
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

/// A labelled list (`trade  Bot 2 (2), Bot 3 (3)`) in rows of at most `width` columns,
/// broken between items, never inside one, the rows after the first under the first item.
/// `sep` ends every item but the last (`","`, or `""` for items apart by a space alone). An
/// empty label leaves the margin alone.
pub(super) fn list_lines(
    t: &Theme,
    label: &str,
    items: &[String],
    sep: &str,
    style: Style,
    width: usize,
) -> Vec<Line<'static>> {
    let head = if label.is_empty() {
        " ".to_string()
    } else {
        format!(" {label:<6} ")
    };
    let room = width.saturating_sub(head.chars().count()).max(1);
    let mut rows: Vec<String> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let item = if i + 1 < items.len() {
            format!("{item}{sep}")
        } else {
            item.clone()
        };
        match rows.last_mut() {
            Some(row) if row.chars().count() + 1 + item.chars().count() <= room => {
                row.push(' ');
                row.push_str(&item);
            }
            _ => rows.push(item),
        }
    }
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let lead = if i == 0 {
                head.clone()
            } else {
                " ".repeat(head.chars().count())
            };
            Line::from(vec![Span::styled(lead, t.dim()), Span::styled(row, style)])
        })
        .collect()
}

/// A labelled row of resource counts (a hand, a bank, a discard pile), counts above zero
/// highlighted.
pub(super) fn hand_line(
    t: &Theme,
    label: &str,
    h: &crate::rules::resources::ResourceSet,
    width: usize,
) -> Line<'static> {
    hand_lines(t, &[(label, h)], width).remove(0)
}

/// Rows of resource counts one above the other (a hand and its bank), all in the roomiest
/// form that fits every one: three-letter names two apart, then one apart, then two letters
/// (`lu 3 br 0`), so the columns of the rows read alike.
pub(super) fn hand_lines(
    t: &Theme,
    rows: &[(&str, &crate::rules::resources::ResourceSet)],
    width: usize,
) -> Vec<Line<'static>> {
    let head = |label: &str| format!(" {label:<6} ");
    let fits = |letters: usize, gap: usize| {
        rows.iter().all(|(label, h)| {
            let body: usize = Resource::ALL
                .iter()
                .map(|&r| letters + 1 + h[r].to_string().len())
                .sum::<usize>()
                + gap * (Resource::ALL.len() - 1);
            head(label).chars().count() + body <= width
        })
    };
    let (letters, gap) = [(3, 2), (3, 1), (2, 1)]
        .into_iter()
        .find(|&(l, g)| fits(l, g))
        .unwrap_or((2, 1));
    rows.iter()
        .map(|(label, h)| {
            let mut spans = vec![Span::styled(head(label), t.dim())];
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
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::theme::ColorLevel;

    fn text(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn rows_of_counts_one_above_the_other_share_one_form() {
        use crate::rules::resources::ResourceSet;
        let t = Theme::new(ColorLevel::None);
        let hand = ResourceSet::new(1, 2, 0, 1, 2);
        let bank = ResourceSet::new(15, 18, 16, 16, 14);
        let width = 37;
        assert_eq!(
            text(&[hand_line(&t, "hand", &hand, width)]),
            [" hand   lum 1 bri 2 woo 0 gra 1 ore 2"]
        );
        assert_eq!(
            text(&hand_lines(&t, &[("hand", &hand), ("bank", &bank)], width)),
            [
                " hand   lu 1 br 2 wo 0 gr 1 or 2",
                " bank   lu 15 br 18 wo 16 gr 16 or 14"
            ]
        );
    }

    #[test]
    fn a_list_breaks_between_items_under_its_first() {
        let t = Theme::new(ColorLevel::None);
        let items: Vec<String> = (2..=6).map(|s| format!("Bot {s} ({s})")).collect();
        assert_eq!(
            text(&list_lines(&t, "trade", &items, ",", t.title(), 36)),
            [
                " trade  Bot 2 (2), Bot 3 (3),",
                "        Bot 4 (4), Bot 5 (5),",
                "        Bot 6 (6)",
            ]
        );
        assert_eq!(
            text(&list_lines(&t, "trade", &items[..2], ",", t.title(), 80)),
            [" trade  Bot 2 (2), Bot 3 (3)"]
        );
        let caps: Vec<String> = ["drifts 0/2", "water 0/2", "season 0/1"]
            .map(String::from)
            .into();
        assert_eq!(
            text(&list_lines(&t, "this turn:", &caps, "", t.dim(), 34)),
            [" this turn: drifts 0/2 water 0/2", "            season 0/1"]
        );
        assert_eq!(
            text(&list_lines(&t, "", &caps, " ·", t.dim(), 26)),
            [" drifts 0/2 · water 0/2 ·", " season 0/1"]
        );
    }
}
