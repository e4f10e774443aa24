//! The summary screen at a game's end, drawn from the summary the host sends once the game is
//! over: the standings with each seat's points by source, a chart of everyone's points over
//! the turns or rounds, the dice against their expected counts, and each seat's resources
//! gained by source and lost (or, for a ruleset without dice, its own panel of the players).
//! A terminal too small for the charts gets the same summary as
//! text that scrolls.

use super::app::App;
use super::lines::list_lines;
use super::theme::Theme;
use super::widgets::{People, centered, panel, scrolling_panel};
use crate::recap::{Gain, Loss, PointSource, SeatSummary, Summary};
use crate::review::ReviewState;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Bar, BarChart, BarGroup, Chart, Clear, Dataset, GraphType, Paragraph, Widget,
};

/// The smallest area the charts are drawn in; below it the summary is text.
const CHART_W: u16 = 120;
const CHART_H: u16 = 30;

/// Draws the summary over `area`.
pub fn screen(app: &App, s: &Summary, area: Rect, buf: &mut Buffer) {
    if app.review_page {
        return review_page(app, area, buf);
    }
    let t = &app.theme;
    let people = app.people();
    if area.width < CHART_W || area.height < CHART_H {
        return text_screen(app, s, area, buf);
    }
    let rect = area;
    Clear.render(rect, buf);
    let title = Line::from(vec![
        Span::styled(" Game summary ", t.title()),
        Span::styled(
            "· Tab review · Esc look at the board · g again · q quit ",
            t.dim(),
        ),
    ]);
    let block = panel(t, title, true);
    let inner = block.inner(rect);
    block.render(rect, buf);

    let [head, top, bottom] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Percentage(50),
        Constraint::Fill(1),
    ])
    .areas(inner);
    Paragraph::new(headline(s, &people, t)).render(head, buf);
    let [standings_area, chart_area] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Fill(1)]).areas(top);
    standings(s, &people, t, standings_area, buf);
    chart(s, &people, t, chart_area, buf);
    if let Some(lines) = own_lines(app, &people) {
        let lines: Vec<Line> = lines.into_iter().map(Line::raw).collect();
        Paragraph::new(lines)
            .block(panel(t, Span::styled(" Players ", t.title()), false))
            .render(bottom, buf);
        return;
    }
    let [dice_area, res_area] =
        Layout::horizontal([Constraint::Length(80), Constraint::Fill(1)]).areas(bottom);
    dice(s, t, dice_area, buf);
    resources(s, &people, t, res_area, buf);
}

/// The ruleset's own game-over lines, for a ruleset without dice and resource income
/// ([`crate::tui::ruleset::RulesetUi::recap_lines`]).
fn own_lines(app: &App, people: &People) -> Option<Vec<String>> {
    super::rulesets::of(app.st())?.recap_lines(people)
}

fn headline(s: &Summary, people: &People, t: &Theme) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    if s.finished && !s.winners.is_empty() {
        for (i, w) in s.winners.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" and "));
            }
            spans.extend(label(s, people, *w, t));
        }
        spans.push(Span::styled(
            if s.winners.len() > 1 {
                " share the win"
            } else {
                " wins"
            },
            t.good(),
        ));
    } else {
        spans.push(Span::styled("The game did not finish", t.title()));
    }
    spans.push(Span::styled(
        format!(
            " · {} · {} {}s · {} seats{}",
            crate::variants::title_of(&s.variant),
            s.periods().saturating_sub(1),
            s.period.word(),
            s.seats_total,
            if s.seats.len() < s.seats_total {
                format!(" (the top {} shown)", s.seats.len())
            } else {
                String::new()
            }
        ),
        t.dim(),
    ));
    Line::from(spans)
}

/// A seat's letter and name as the table knows it (the summary's name for seats the client
/// never heard of, in a hall).
fn label(s: &Summary, people: &People, seat: crate::engine::Seat, t: &Theme) -> Vec<Span<'static>> {
    if (seat as usize) < people.names.len() {
        people.label(seat, t)
    } else {
        let name = s
            .seats
            .iter()
            .find(|x| x.seat == seat)
            .map_or_else(|| format!("Seat {}", seat + 1), |x| x.name.clone());
        vec![Span::styled(name, t.title())]
    }
}

fn seat_style(people: &People, seat: crate::engine::Seat, t: &Theme) -> Style {
    t.player(people.colors.get(seat as usize).map_or("", |c| c.as_str()))
}

fn standings(s: &Summary, people: &People, t: &Theme, area: Rect, buf: &mut Buffer) {
    // The sources some seat scored from, in their order.
    let mut sources: Vec<PointSource> = s
        .seats
        .iter()
        .flat_map(|x| x.points.keys().cloned())
        .collect();
    sources.sort();
    sources.dedup();
    let mut head = format!(" {:<18}{:>4}", "standings", "VP");
    for k in &sources {
        head.push_str(&format!("{:>6}", k.short()));
    }
    let mut lines = vec![Line::from(Span::styled(head, t.title()))];
    for (rank, x) in s.seats.iter().enumerate() {
        let mut spans = vec![Span::styled(format!(" {:>2}. ", rank + 1), t.dim())];
        let l = label(s, people, x.seat, t);
        let len: usize = l.iter().map(|s| s.content.chars().count()).sum();
        spans.extend(l);
        spans.push(Span::raw(" ".repeat(14usize.saturating_sub(len))));
        spans.push(Span::styled(format!("{:>4}", x.total), t.title()));
        let mut cols = String::new();
        for k in &sources {
            match x.points.get(k) {
                Some(v) => cols.push_str(&format!("{v:>6}")),
                None => cols.push_str(&format!("{:>6}", "·")),
            }
        }
        spans.push(Span::raw(cols));
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    let key: Vec<String> = sources
        .iter()
        .map(|k| format!("{} {}", k.short(), k.word()))
        .collect();
    lines.extend(list_lines(
        t,
        "",
        &key,
        " ·",
        t.dim(),
        area.width.saturating_sub(2) as usize,
    ));
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .block(panel(
            t,
            Span::styled(" Points by source ", t.title()),
            false,
        ))
        .render(area, buf);
}

fn chart(s: &Summary, people: &People, t: &Theme, area: Rect, buf: &mut Buffer) {
    let series: Vec<Vec<(f64, f64)>> = s
        .seats
        .iter()
        .map(|x| {
            x.timeline
                .iter()
                .enumerate()
                .map(|(i, v)| (i as f64, *v as f64))
                .collect()
        })
        .collect();
    let n = s.periods().saturating_sub(1).max(1) as f64;
    let top = s
        .seats
        .iter()
        .flat_map(|x| x.timeline.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let datasets: Vec<Dataset> = s
        .seats
        .iter()
        .zip(&series)
        .map(|(x, data)| {
            Dataset::default()
                .name(format!("{} {}", letter(people, x.seat), x.name))
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(seat_style(people, x.seat, t))
                .data(data)
        })
        .collect();
    let word = s.period.word();
    Chart::new(datasets)
        .block(panel(
            t,
            Span::styled(format!(" Points after each {word} "), t.title()),
            false,
        ))
        .x_axis(
            Axis::default()
                // A space after it keeps it off the panel's border, as text is elsewhere.
                .title(Span::styled(format!("{word} "), t.dim()))
                .bounds([0.0, n])
                .labels(vec![
                    Span::raw("0"),
                    Span::raw(format!("{}", (n as u64).div_ceil(2))),
                    Span::raw(format!("{}", n as u64)),
                ]),
        )
        .y_axis(
            Axis::default()
                .title(Span::styled("VP", t.dim()))
                .bounds([0.0, top])
                .labels(vec![
                    Span::raw("0"),
                    Span::raw(format!("{}", (top as u64).div_ceil(2))),
                    Span::raw(format!("{}", top as u64)),
                ]),
        )
        .legend_position(Some(ratatui::widgets::LegendPosition::TopLeft))
        .hidden_legend_constraints((Constraint::Percentage(60), Constraint::Percentage(60)))
        .render(area, buf);
}

fn letter(people: &People, seat: crate::engine::Seat) -> char {
    people.letters.get(seat as usize).copied().unwrap_or('?')
}

fn dice(s: &Summary, t: &Theme, area: Rect, buf: &mut Buffer) {
    let block = panel(
        t,
        Span::styled(
            format!(
                " Dice: {} rolls (left) against expected (right) ",
                s.rolls()
            ),
            t.title(),
        ),
        false,
    );
    if s.rolls() == 0 {
        Paragraph::new(Line::from(Span::styled(
            " No production dice in this game.",
            t.dim(),
        )))
        .block(block)
        .render(area, buf);
        return;
    }
    let mut chart = BarChart::default()
        .block(block)
        .bar_width(3)
        .bar_gap(0)
        .group_gap(1);
    for n in 2..=12usize {
        let expected = s.expected(n);
        let rolled = Bar::default().value(s.dice[n] as u64).style(if n == 7 {
            t.error()
        } else {
            t.notice()
        });
        let exp = Bar::default()
            .value(expected.round() as u64)
            .text_value(format!("{expected:.0}"))
            .style(t.dim());
        chart = chart.data(
            BarGroup::default()
                .label(Line::from(n.to_string()))
                .bars(&[rolled, exp]),
        );
    }
    chart.render(area, buf);
}

fn resources(s: &Summary, people: &People, t: &Theme, area: Rect, buf: &mut Buffer) {
    let inner = area.width.saturating_sub(2) as usize;
    let wide = inner >= 16 + 12 * Gain::ALL.len();
    let mut lines = if wide {
        resources_by_seat(s, people, t)
    } else {
        resources_by_cause(s, people, t, inner)
    };
    // Where rows are short, the halves go without the blank line between them.
    if lines.len() > area.height.saturating_sub(2) as usize
        && let Some(i) = lines.iter().position(|l| l.width() == 0)
    {
        lines.remove(i);
    }
    let title = if wide {
        " Resources gained by source, and lost "
    } else {
        " Resources gained and lost "
    };
    Paragraph::new(lines)
        .block(panel(t, Span::styled(title, t.title()), false))
        .render(area, buf);
}

/// The resources table where it is narrow: a row per cause, a column per seat under its
/// letter (the standings above name the letters); the seats that do not fit are counted.
fn resources_by_cause(s: &Summary, people: &People, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let words = Gain::ALL
        .iter()
        .map(|g| g.word())
        .chain(Loss::ALL.iter().map(|l| l.word()));
    let word_w = words.map(str::len).max().unwrap_or(0) + 2;
    let most = (s.seats.iter())
        .flat_map(|x| x.gained.values().chain(x.lost.values()))
        .map(|r| r.total())
        .max()
        .unwrap_or(0);
    let col_w = most.to_string().len().max(2) + 1;
    let fit = (width.saturating_sub(word_w) / col_w).min(s.seats.len());
    let seats = &s.seats[..fit];
    let half = |title: &str, rows: Vec<(&str, Vec<u32>)>| {
        let mut head = vec![Span::styled(
            format!(" {title:<w$}", w = word_w - 1),
            t.title(),
        )];
        for x in seats {
            let mut letter = label(s, people, x.seat, t)
                .into_iter()
                .next()
                .unwrap_or_else(|| Span::raw("?"));
            letter.content = letter
                .content
                .chars()
                .take(col_w - 1)
                .collect::<String>()
                .into();
            head.push(Span::raw(
                " ".repeat(col_w - letter.content.chars().count()),
            ));
            head.push(letter);
        }
        let mut lines = vec![Line::from(head)];
        for (word, totals) in rows {
            let mut row = format!("  {word:<w$}", w = word_w - 2);
            for n in totals {
                row.push_str(&format!("{n:>col_w$}"));
            }
            lines.push(Line::raw(row));
        }
        lines
    };
    let mut lines = half(
        "gained",
        (Gain::ALL.iter())
            .map(|g| {
                let totals = seats
                    .iter()
                    .map(|x| x.gained.get(g).map_or(0, |r| r.total()));
                (g.word(), totals.collect())
            })
            .collect(),
    );
    lines.push(Line::raw(""));
    lines.extend(half(
        "lost",
        (Loss::ALL.iter())
            .map(|k| {
                let totals = seats.iter().map(|x| x.lost.get(k).map_or(0, |r| r.total()));
                (k.word(), totals.collect())
            })
            .collect(),
    ));
    if fit < s.seats.len() {
        lines.push(Line::from(Span::styled(
            format!(
                " {} more seats: a wider terminal shows them",
                s.seats.len() - fit
            ),
            t.dim(),
        )));
    }
    lines
}

/// The resources table where it is wide: a row per seat, a column per cause.
fn resources_by_seat(s: &Summary, people: &People, t: &Theme) -> Vec<Line<'static>> {
    // One table of two halves: a title row of causes, then a row of totals per seat.
    let half = |title: &str, words: Vec<&str>, totals: &dyn Fn(&SeatSummary) -> Vec<u32>| {
        let mut head = format!(" {title:<16}");
        for w in words {
            head.push_str(&format!("{w:>12}"));
        }
        let mut lines = vec![Line::from(Span::styled(head, t.title()))];
        for x in &s.seats {
            let mut spans = vec![Span::raw(" ")];
            let l = label(s, people, x.seat, t);
            let len: usize = l.iter().map(|s| s.content.chars().count()).sum();
            spans.extend(l);
            spans.push(Span::raw(" ".repeat(16usize.saturating_sub(len + 1))));
            let cols: String = totals(x).iter().map(|n| format!("{n:>12}")).collect();
            spans.push(Span::raw(cols));
            lines.push(Line::from(spans));
        }
        lines
    };
    let mut lines = half(
        "gained",
        Gain::ALL.iter().map(|g| g.word()).collect(),
        &|x| {
            Gain::ALL
                .iter()
                .map(|g| x.gained.get(g).map_or(0, |r| r.total()))
                .collect()
        },
    );
    lines.push(Line::raw(""));
    lines.extend(half(
        "lost",
        Loss::ALL.iter().map(|l| l.word()).collect(),
        &|x| {
            Loss::ALL
                .iter()
                .map(|k| x.lost.get(k).map_or(0, |r| r.total()))
                .collect()
        },
    ));
    lines
}

/// The game's review, as the host sent it (its progress until it is ready), on its own page
/// of the end screen (Tab).
fn review_page(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    Clear.render(area, buf);
    let [head, body] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    Paragraph::new(Line::from(vec![
        Span::styled(" Game review ", t.title()),
        Span::styled(
            "· Tab summary · ↑↓ scroll · Esc look at the board · q quit",
            t.dim(),
        ),
    ]))
    .render(head, buf);
    let state = app.st().review.clone().unwrap_or_else(|| {
        ReviewState::Failed(
            "this host made none (a game of more than 8 seats, or an older host); `catan replay SAVE --review` makes one from the save.".into(),
        )
    });
    super::review::draw(
        &state,
        &app.people(),
        app.st().seat,
        app.results_scroll,
        t,
        body,
        buf,
    );
}

/// The summary as text in a scrolling panel (small terminals).
fn text_screen(app: &App, s: &Summary, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    // The panel's inside, less a column of margin each side.
    let width = area.width.saturating_sub(4) as usize;
    let text = match own_lines(app, &app.people()) {
        Some(own) => format!(
            "{}\nPlayers:\n{}\n",
            crate::recap::text::standings_fit(s, width),
            own.join("\n")
        ),
        None => crate::recap::text::render_fit(s, width),
    };
    let lines: Vec<Line> = text.lines().map(|l| Line::raw(format!(" {l}"))).collect();
    let rect = centered(area, area.width, area.height);
    scrolling_panel(
        t,
        Span::styled(" Game summary · Tab review · Esc closes ", t.title()),
        lines,
        app.results_scroll,
        rect,
        buf,
    );
}
