//! The review on the game-over screen: a chart of each seat's chance of winning over the turns
//! (one line per seat in its colour, like the summary's points chart) and the turning points
//! under it. While the review is computed in the background a progress bar stands in its
//! place, so the summary is never kept waiting. A small area gets the same review as text: a
//! row of bars per seat and the turning points in words.

use super::theme::Theme;
use super::widgets::{People, panel};
use crate::engine::Seat;
use crate::review::Review;
pub use crate::review::ReviewState;
use crate::review::text::percent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Dataset, Gauge, GraphType, Paragraph, Widget, Wrap};

/// The smallest area the chart is drawn in; below it the review is text.
const CHART_W: u16 = 100;
const CHART_H: u16 = 16;
/// Bars a seat's row shows at most in the text form.
const BAR_CELLS: usize = 40;

/// Draws the review (or its progress) in `area`: `you` (the viewer's seat) gets its own
/// decisions listed; `scroll` scrolls the text form.
pub fn draw(
    state: &ReviewState,
    people: &People,
    you: Option<Seat>,
    scroll: u16,
    t: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    match state {
        ReviewState::Computing { done, total } => progress(*done, *total, t, area, buf),
        ReviewState::Failed(why) => {
            let block = panel(t, Span::styled(" Win chances ", t.title()), false);
            let inner = block.inner(area);
            block.render(area, buf);
            Paragraph::new(Line::styled(format!(" No review: {why}"), t.dim()))
                .wrap(Wrap { trim: true })
                .render(inner, buf);
        }
        ReviewState::Ready(r) if area.width >= CHART_W && area.height >= CHART_H => {
            let lines = moments(r, you, t);
            let below = (lines.len() as u16 + 1).min(area.height / 2);
            let [top, bottom] =
                Layout::vertical([Constraint::Fill(1), Constraint::Length(below)]).areas(area);
            chart(r, people, t, top, buf);
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((scroll, 0))
                .render(bottom, buf);
        }
        ReviewState::Ready(r) => {
            let block = panel(t, title(r, t), false);
            let inner = block.inner(area);
            block.render(area, buf);
            let mut lines = text_lines(r, people, t, inner.width);
            lines.extend(decision_lines(r, you, t));
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((scroll, 0))
                .render(inner, buf);
        }
    }
}

fn title(r: &Review, t: &Theme) -> Line<'static> {
    let playouts = r.points.iter().map(|p| p.playouts).max().unwrap_or(0);
    Line::from(vec![
        Span::styled(format!(" Win chances after each {} ", r.period), t.title()),
        Span::styled(
            format!("· {playouts} playouts a point, seeing every hand "),
            t.dim(),
        ),
    ])
}

fn progress(done: usize, total: usize, t: &Theme, area: Rect, buf: &mut Buffer) {
    let block = panel(t, Span::styled(" Win chances ", t.title()), false);
    let inner = block.inner(area);
    block.render(area, buf);
    let ratio = if total == 0 {
        0.0
    } else {
        (done as f64 / total as f64).clamp(0.0, 1.0)
    };
    let [line, bar] = Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(inner);
    Paragraph::new(Line::styled(
        " Reviewing the game: playing it on from every turn…",
        t.dim(),
    ))
    .render(line, buf);
    Gauge::default()
        .ratio(ratio)
        .label(format!("{:.0}%", ratio * 100.0))
        .gauge_style(t.good())
        .use_unicode(true)
        .render(bar, buf);
}

fn seat_style(people: &People, seat: Seat, t: &Theme) -> Style {
    t.player(people.colors.get(seat as usize).map_or("", |c| c.as_str()))
}

fn label(r: &Review, people: &People, seat: Seat) -> String {
    let letter = people.letters.get(seat as usize).copied().unwrap_or('?');
    let name = people
        .names
        .get(seat as usize)
        .or_else(|| r.names.get(seat as usize))
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1));
    format!("{letter} {name}")
}

fn chart(r: &Review, people: &People, t: &Theme, area: Rect, buf: &mut Buffer) {
    let seats = r.names.len();
    let series: Vec<Vec<(f64, f64)>> = (0..seats)
        .map(|s| {
            r.points
                .iter()
                .map(|p| (f64::from(p.period), p.chances[s] * 100.0))
                .collect()
        })
        .collect();
    let last = r.points.last().map_or(1, |p| p.period).max(1);
    let datasets: Vec<Dataset> = series
        .iter()
        .enumerate()
        .map(|(s, data)| {
            Dataset::default()
                .name(label(r, people, s as Seat))
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(seat_style(people, s as Seat, t))
                .data(data)
        })
        .collect();
    Chart::new(datasets)
        .block(panel(t, title(r, t), false))
        .x_axis(
            Axis::default()
                .title(Span::styled(r.period.clone(), t.dim()))
                .bounds([0.0, f64::from(last)])
                .labels(vec![
                    Span::raw("0"),
                    Span::raw(format!("{}", last.div_ceil(2))),
                    Span::raw(format!("{last}")),
                ]),
        )
        .y_axis(
            Axis::default()
                .title(Span::styled("%", t.dim()))
                .bounds([0.0, 100.0])
                .labels(vec![Span::raw("0"), Span::raw("50"), Span::raw("100")]),
        )
        .legend_position(Some(ratatui::widgets::LegendPosition::TopLeft))
        .hidden_legend_constraints((Constraint::Percentage(60), Constraint::Percentage(60)))
        .render(area, buf);
}

/// The turning points, then the viewer's own decisions, under the chart.
fn moments(r: &Review, you: Option<Seat>, t: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(" Turning points", t.title())];
    if r.turning_points.is_empty() {
        lines.push(Line::styled(
            format!("  {}", crate::review::text::no_turning_points(r)),
            t.dim(),
        ));
    }
    for p in &r.turning_points {
        lines.push(Line::raw(format!("  {}", p.text)));
    }
    lines.extend(decision_lines(r, you, t));
    lines
}

/// The viewer's moves where `hard` would clearly have played otherwise, worst first (nothing
/// for a spectator or a seat not compared; a compared seat with none is told so).
fn decision_lines(r: &Review, you: Option<Seat>, t: &Theme) -> Vec<Line<'static>> {
    let Some(you) = you else {
        return Vec::new();
    };
    let mine: Vec<&crate::review::Decision> =
        r.decisions.iter().filter(|d| d.seat == you).collect();
    if mine.is_empty() {
        if r.compared.contains(&you) {
            return vec![Line::styled(
                " Your moves: none where hard would clearly have played otherwise",
                t.dim(),
            )];
        }
        return Vec::new();
    }
    let period = crate::review::text::capital(&r.period);
    let mut lines = vec![Line::styled(
        " Your moves where hard would clearly have played otherwise",
        t.title(),
    )];
    for d in mine {
        lines.push(Line::raw(format!(
            "  {period} {}: you played {} ({}); hard: {} ({})",
            d.period,
            d.played,
            percent(d.played_chance),
            d.hard,
            percent(d.hard_chance)
        )));
    }
    lines
}

/// One cell of a seat's row: how high its chance stood, in eighths of a block.
fn bar(p: f64) -> char {
    const BARS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    BARS[(p.clamp(0.0, 1.0) * 8.0).round() as usize]
}

/// The review as text for a small area: per seat its chance over the game as a row of bars
/// (evenly spaced points when there are more than fit) and at the end; then the turning
/// points.
pub fn text_lines(r: &Review, people: &People, t: &Theme, width: u16) -> Vec<Line<'static>> {
    let seats = r.names.len();
    let name_w = 12;
    let cells = (width as usize)
        .saturating_sub(name_w + 8)
        .clamp(1, BAR_CELLS)
        .min(r.points.len().max(1));
    let n = r.points.len();
    let mut lines = Vec::new();
    for s in 0..seats {
        let row: String = (0..cells)
            .map(|c| {
                let k = if cells > 1 {
                    c * (n - 1) / (cells - 1)
                } else {
                    n - 1
                };
                bar(r.points[k].chances[s])
            })
            .collect();
        let end = r.points.last().map_or(0.0, |p| p.chances[s]);
        let name: String = label(r, people, s as Seat).chars().take(name_w).collect();
        lines.push(Line::from(vec![
            Span::styled(
                format!(" {name:<name_w$}"),
                seat_style(people, s as Seat, t),
            ),
            Span::styled(row, seat_style(people, s as Seat, t)),
            Span::raw(format!(" {:>4}", percent(end))),
        ]));
    }
    lines.push(Line::styled(" Turning points", t.title()));
    if r.turning_points.is_empty() {
        lines.push(Line::styled(
            format!("  {}", crate::review::text::no_turning_points(r)),
            t.dim(),
        ));
    }
    for p in &r.turning_points {
        lines.push(Line::raw(format!("  {}", p.text)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{Point, TurningPoint};
    use crate::tui::theme::ColorLevel;

    /// A small review of a four-seat game: the chances move, and seat 2 wins.
    fn sample() -> Review {
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Di"].map(String::from).to_vec();
        let curve = |k: usize| -> Vec<f64> {
            let b = (0.25 + 0.025 * k as f64).min(1.0);
            let rest = (1.0 - b) / 3.0;
            vec![rest, b, rest, rest]
        };
        let points: Vec<Point> = (0..=30)
            .map(|k| Point {
                period: k as u32,
                step: k * 5,
                chances: curve(k),
                playouts: if k == 30 { 0 } else { 96 },
                margin: 0.1,
            })
            .collect();
        let turning_points = vec![
            TurningPoint {
                period: 9,
                step: 48,
                seat: 1,
                before: 0.46,
                after: 0.65,
                event: "Di rolled 6 (1+5); 6: Bob gets 1 wool 1 ore".into(),
                text: "Turn 9: Di rolled 6 (1+5); 6: Bob gets 1 wool 1 ore: Bob's chance 46% → 65%"
                    .into(),
            },
            TurningPoint {
                period: 23,
                step: 114,
                seat: 1,
                before: 0.62,
                after: 0.42,
                event: "Cy moved the robber to O (O6)".into(),
                text: "Turn 23: Cy moved the robber to O (O6): Bob's chance 62% → 42%".into(),
            },
        ];
        Review {
            variant: "base".into(),
            period: "turn".into(),
            names,
            winners: vec![1],
            finished: true,
            points,
            turning_points,
            decisions: Vec::new(),
            compared: Vec::new(),
            notes: Vec::new(),
            playouts: 2880,
        }
    }

    fn people() -> People {
        People {
            names: ["Ann", "Bob", "Cy", "Di"].map(String::from).to_vec(),
            letters: vec!['r', 'b', 'w', 'o'],
            colors: ["red", "blue", "white", "orange"]
                .map(String::from)
                .to_vec(),
        }
    }

    fn shot(state: &ReviewState, w: u16, h: u16) -> String {
        let theme = Theme::new(ColorLevel::None);
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        draw(state, &people(), Some(1), 0, &theme, area, &mut buf);
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn snapshot_review_chart_120x40() {
        let s = shot(&ReviewState::Ready(Box::new(sample())), 120, 40);
        assert!(s.contains("Turn 23: Cy moved the robber"), "{s}");
        insta::assert_snapshot!("review_120x40", s);
    }

    #[test]
    fn snapshot_review_text_80x24() {
        let s = shot(&ReviewState::Ready(Box::new(sample())), 60, 12);
        assert!(s.contains("b Bob"), "{s}");
        insta::assert_snapshot!(
            "review_80x24",
            shot(&ReviewState::Ready(Box::new(sample())), 80, 24)
        );
    }

    #[test]
    fn snapshot_review_progress() {
        let s = shot(
            &ReviewState::Computing {
                done: 30,
                total: 80,
            },
            80,
            6,
        );
        assert!(s.contains("38%"), "{s}");
        insta::assert_snapshot!("review_progress", s);
    }

    /// The text form's bars rise with the chance, and its last column is the end's chance.
    #[test]
    fn the_text_form_ends_with_each_seats_final_chance() {
        let theme = Theme::new(ColorLevel::None);
        let lines = text_lines(&sample(), &people(), &theme, 80);
        let bob: String = lines[1].spans.iter().map(|s| s.content.as_ref()).collect();
        assert!(bob.starts_with(" b Bob"), "{bob}");
        assert!(bob.ends_with("100%"), "{bob}");
        assert!(bob.contains('█'), "{bob}");
    }
}
