//! Every ruleset's screens at the sizes terminals open at (80×24, 120×40, 200×60): the
//! start, a turn in the middle of the game and the help, snapshot and checked for text cut
//! mid-word at a panel's edge.

use super::app::App;
use super::sample::Sample;
use super::theme::ColorLevel;
use crate::ruleset::Ruleset;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];
const SEED: u64 = 18;

/// Builds a sample game.
type MakeSample = fn() -> Sample;

/// The five rulesets' samples, by the name their snapshots carry.
fn samples() -> Vec<(&'static str, MakeSample)> {
    vec![
        ("base", || Sample::new(SEED, 4, ColorLevel::None)),
        ("total_chaos", || Sample::chaos(SEED, 4, ColorLevel::None)),
        ("risk", || Sample::risk(SEED, 4, ColorLevel::None)),
        ("adaptations", || {
            Sample::adaptations(SEED, 4, ColorLevel::None)
        }),
        ("big_game", || Sample::big(SEED, 2, ColorLevel::None)),
    ]
}

fn buffer(app: &mut App, w: u16, h: u16) -> Buffer {
    app.on_resize(w, h);
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(&*app, f.area())).expect("drawn");
    t.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let a = buf.area;
    let mut out = String::new();
    for y in 0..a.height {
        for x in 0..a.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

fn is_letter(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
}

fn is_edge(s: &str) -> bool {
    matches!(s, "│" | "┤" | "┐" | "┘" | "║" | "┃")
}

fn is_braille(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| ('\u{2800}'..='\u{28ff}').contains(&c))
}

/// Rows of `region` where a word runs into a panel's right border or the region's right
/// edge: two letters touching the edge mean the text was cut there, since panels keep a
/// column of margin. Charts (braille) and their axis labels are not text.
fn cut_words(buf: &Buffer, region: Rect) -> Vec<String> {
    let mut cuts = Vec::new();
    for y in region.top()..region.bottom() {
        let row: Vec<&str> = (region.left()..region.right())
            .map(|x| buf[(x, y)].symbol())
            .collect();
        let line: String = row.concat();
        let w = row.len();
        let mut seg_start = 0;
        for x in 0..w {
            let edge = is_edge(row[x]);
            let at_end = x == w - 1 && !edge;
            if (edge || at_end) && x >= 2 {
                let last = if at_end { x } else { x - 1 };
                let chart = row[seg_start..=last].iter().any(|c| is_braille(c));
                if !chart && is_letter(row[last]) && is_letter(row[last - 1]) {
                    cuts.push(format!(
                        "row {y} col {}: {}",
                        region.x as usize + x,
                        line.trim_end()
                    ));
                }
            }
            if edge {
                seg_start = x;
            }
        }
    }
    cuts
}

/// Plays on: the bots play their seats and the person here plays legal moves chosen by a
/// fixed rule (roll first, then a build, else the first listed), `steps` times.
fn play_on(s: &mut Sample, steps: usize) {
    for i in 0..steps {
        s.bots(2000);
        s.app.pass_to = false;
        let legal = s.app.st().legal().to_vec();
        if legal.is_empty() {
            return;
        }
        let pick = legal
            .iter()
            .find(|c| c.starts_with("roll"))
            .or_else(|| {
                legal
                    .iter()
                    .find(|c| {
                        !c.starts_with("offer") && !c.starts_with("trade") && !c.starts_with("end")
                    })
                    .filter(|_| i % 3 != 2)
            })
            .or_else(|| legal.iter().find(|c| c.starts_with("end")))
            .unwrap_or(&legal[0])
            .clone();
        s.send(&pick);
    }
    s.bots(2000);
}

/// A shot: its name, the screen, and the part of it the cut check reads (an overlay's own
/// rectangle: what it covers is cut by design).
type Shot = (String, Buffer, Rect);

fn screens(name: &str, make: MakeSample) -> Vec<Shot> {
    let mut out = Vec::new();
    for (w, h) in SIZES {
        let full = Rect::new(0, 0, w, h);
        let mut s = make();
        out.push((
            format!("{name}_start_{w}x{h}"),
            buffer(&mut s.app, w, h),
            full,
        ));
        play_on(&mut s, 12);
        out.push((
            format!("{name}_mid_{w}x{h}"),
            buffer(&mut s.app, w, h),
            full,
        ));
        s.app
            .on_key(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE));
        let help = super::screens::help_rect(Rect::new(0, 1, w, h.saturating_sub(3)));
        out.push((
            format!("{name}_help_{w}x{h}"),
            buffer(&mut s.app, w, h),
            help,
        ));
        s.app
            .on_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
        play_on(&mut s, 3000);
        assert!(
            s.table.game().outcome().is_some(),
            "{name}: the game ends when played on"
        );
        out.push((
            format!("{name}_over_{w}x{h}"),
            buffer(&mut s.app, w, h),
            full,
        ));
    }
    out
}

#[test]
fn every_ruleset_at_every_size() {
    let mut cuts = Vec::new();
    for (name, make) in samples() {
        for (shot, buf, region) in screens(name, make) {
            for c in cut_words(&buf, region) {
                cuts.push(format!("{shot}: {c}"));
            }
            insta::assert_snapshot!(shot.clone(), text(&buf));
        }
    }
    assert!(cuts.is_empty(), "text cut at an edge:\n{}", cuts.join("\n"));
}

/// Every ruleset tells its person when the game waits for them ("Your turn", with the
/// bell), keeps what to do on the status line, and drops the call once the game no longer
/// waits for them (a Total Chaos seat that said ready, the game's end).
#[test]
fn every_ruleset_says_when_the_game_waits_for_you() {
    use super::app::{FlashKind, must_act};
    for (name, make) in samples() {
        let mut s = make();
        let mut called = false;
        for step in 0..600 {
            s.bots(2000);
            let waits = must_act(s.app.st());
            let flash = s.app.flash.as_ref().map(|f| f.kind);
            if flash == Some(FlashKind::YourTurn) {
                assert!(
                    waits,
                    "{name}: \"Your turn\" while the game waits for nobody here"
                );
                called = true;
                let shot = text(&buffer(&mut s.app, 80, 24));
                assert!(
                    shot.contains("Your turn, Ann!") || shot.contains("Your "),
                    "{name}: the call is on screen:\n{shot}"
                );
            }
            if s.table.game().outcome().is_some() {
                break;
            }
            let legal = s.app.st().legal().to_vec();
            let Some(pick) = legal
                .iter()
                .find(|c| !c.starts_with("offer") && !c.starts_with("trade"))
                .filter(|_| step % 4 != 3)
                .or_else(|| {
                    legal
                        .iter()
                        .find(|c| *c == "end" || *c == "ready" || *c == "done")
                })
                .or(legal.first())
                .cloned()
            else {
                s.now += 1;
                s.table.tick(s.now);
                s.pump();
                continue;
            };
            s.send(&pick);
            s.pump();
        }
        assert!(called, "{name}: the game never said \"Your turn\"");
        play_on(&mut s, 3000);
        assert!(s.table.game().outcome().is_some(), "{name}: the game ends");
        assert_ne!(
            s.app.flash.as_ref().map(|f| f.kind),
            Some(FlashKind::YourTurn),
            "{name}: no \"Your turn\" once the game is over"
        );
    }
}

/// The help at the narrowest screen: every row fits inside the panel's margins, the game's
/// command text is rewrapped to the width instead of keeping the line mode's breaks, and
/// only the Big Game lists its board keys.
#[test]
fn every_rulesets_help_fits_the_narrowest_screen() {
    let width = super::screens::help_rect(Rect::new(0, 1, 80, 21)).width as usize - 3;
    for (name, make) in samples() {
        let s = make();
        let rows: Vec<String> = super::screens::help_lines(&s.app, width)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        for r in &rows {
            assert!(
                r.chars().count() <= width,
                "{name}: `{r}` is wider than {width}"
            );
            assert!(
                !r.trim_start().starts_with('·'),
                "{name}: a row starts with a separator: `{r}`"
            );
        }
        // Each key has one row: a ruleset's own meaning joins the shared one's.
        let keys_end = rows
            .iter()
            .position(|r| r.contains("speaks the game's language"))
            .unwrap_or(rows.len());
        let mut keys: Vec<&str> = rows[1..keys_end]
            .iter()
            .filter(|r| r.len() > 2 && !r[2..].starts_with(' '))
            .map(|r| r[2..].split("  ").next().unwrap_or(""))
            .collect();
        let listed = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), listed, "{name}: a key listed twice: {keys:?}");
        // The board is explained in the ruleset's own pieces.
        let board = rows
            .iter()
            .position(|r| r == " The board")
            .expect("the board");
        let says_settlements = rows[board..].iter().any(|r| r.contains("settlement"));
        assert_eq!(
            says_settlements,
            name != "adaptations",
            "{name}: the board's words"
        );
        let board_keys = rows.iter().filter(|r| r.contains("[ / ]")).count();
        let want = usize::from(name == "big_game");
        assert_eq!(board_keys, want, "{name}: `[ / ]` rows");
        let from = rows
            .iter()
            .position(|r| r.contains("speaks the game's language"))
            .expect("the command language is there");
        insta::assert_snapshot!(format!("{name}_commands_help"), rows[from..].join("\n"));
    }
}
