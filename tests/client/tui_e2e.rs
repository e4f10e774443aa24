//! The TUI in a real terminal: `catan hotseat` inside bash inside tmux, driven with
//! `send-keys` and read with `capture-pane`. Skipped (with a message) when tmux is missing.

use crate::support;

use std::time::{Duration, Instant};

use support::tmux::Tmux;

/// Land hexes drawn in the board pane: a label like `<  F10 >` or `<  D   >` (a piece may
/// stand on the corner before it).
fn count_hexes(screen: &str) -> usize {
    let mut n = 0;
    for line in screen.lines() {
        // The board pane is the first one on the line.
        let pane: Vec<char> = line.chars().skip(1).take_while(|c| *c != '│').collect();
        for w in pane.windows(5) {
            let label = "FWSBOD".contains(w[3]);
            let digit = w[4].is_ascii_digit() || (w[3] == 'D' && w[4] == ' ');
            if w[0] != ' ' && w[1] == ' ' && w[2] == ' ' && label && digit {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn hotseat_in_a_real_terminal() {
    let Some(t) = Tmux::start(
        "e2e",
        180,
        56,
        "env -u NO_COLOR PS1='$ ' bash --norc --noprofile",
    ) else {
        eprintln!("skipping the TUI end-to-end test: tmux is not installed");
        return;
    };
    t.wait("the shell prompt", |s| s.contains('$'));
    let bin = env!("CARGO_BIN_EXE_catan");
    t.text(&format!(
        "{bin} hotseat --players 1 --bots 3 --seed 1 --bot-think-secs 0"
    ));
    t.keys(&["Enter"]);
    // The setup screen: seats, colours, bots; Enter starts.
    let s = t.wait("the setup screen", |s| s.contains("Game setup"));
    assert!(
        s.contains("Bot 2") && s.contains("Bot 4"),
        "bots fill the seats:\n{s}"
    );
    t.keys(&["Enter"]);
    let s = t.wait("the board", |s| s.contains("Board") && count_hexes(s) >= 19);
    assert_eq!(count_hexes(&s), 19, "19 land hexes on the board:\n{s}");
    assert!(s.contains("Players") && s.contains("Actions") && s.contains("Log"));

    // Help opens and closes.
    t.keys(&["?"]);
    let s = t.wait("the help screen", |s| {
        s.contains("Help") && s.contains("Keys")
    });
    if !s.contains("settle C.nw") {
        // The keys come first; the command language is a page further down.
        t.keys(&["Space"]);
    }
    t.wait("the command language in the help", |s| {
        s.contains("settle C.nw")
    });
    t.keys(&["Escape"]);
    t.wait("help closed", |s| !s.contains("Esc closes"));

    // Both starting settlements and roads with Tab and Enter.
    t.place_setup_pieces();
    let s = t.wait("the end of setup", |s| !s.contains("Setup · "));
    assert_eq!(s.matches("You built a settlement").count(), 2);
    assert_eq!(s.matches("You built a road").count(), 2);

    // Quit asks first, then leaves a usable shell.
    t.keys(&["q"]);
    t.wait("the quit question", |s| s.contains("Quit catan?"));
    t.keys(&["y"]);
    t.wait("the shell again", |s| !s.contains("Board"));
    t.text("stty -a | grep -qE '(^| )icanon' && echo cooked-$((40+2))");
    t.keys(&["Enter"]);
    t.wait("the shell to answer", |s| {
        s.lines().any(|l| l.trim() == "cooked-42")
    });
    t.text("echo ok");
    t.keys(&["Enter"]);
    t.wait("echo ok", |s| s.lines().any(|l| l.trim() == "ok"));
}

/// The status line and the keys' row under it: what the game asks for now.
fn status(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[lines.len().saturating_sub(2)..].join("\n")
}

/// Plays a hot-seat game's opening by keys alone (Tab to the first legal spot, Enter) in an
/// 80×24 terminal, up to `placements` times or until `done`: each time it waits for the
/// cursor's line to say Enter builds there ('✓') and then for the status line to move on;
/// returns the screen after the last.
///
/// The bots move between the player's placements, so a Tab may land while it is not this
/// seat's turn (the spot it picks is then not legal for us): Tab is pressed again until a
/// legal spot is under the cursor or the opening is over.
fn opening_by_keys(
    variant: &str,
    placements: usize,
    done: impl Fn(&str) -> bool,
) -> Option<(Tmux, String)> {
    let t = Tmux::start(
        &format!("keys-{variant}"),
        80,
        24,
        "env -u NO_COLOR CATAN_NO_ADVERTISE=1 PS1='$ ' bash --norc --noprofile",
    )?;
    t.wait("the shell prompt", |s| s.contains('$'));
    let bin = env!("CARGO_BIN_EXE_catan");
    t.line(&format!(
        "{bin} hotseat --variant {variant} --players 1 --seed 1 --bot-think-secs 0"
    ));
    t.wait("the setup screen", |s| s.contains("Game setup"));
    t.keys(&["Enter"]);
    let mut now = t.wait("the board", |s| s.contains("Board"));
    let spot = |s: &str| s.lines().any(|l| l.contains('▸') && l.contains('✓'));
    for i in 0..placements {
        let started = Instant::now();
        let ready = loop {
            t.keys(&["Tab"]);
            match t.poll(Duration::from_secs(2), |s| done(s) || spot(s)) {
                Ok(s) => break s,
                Err(s) => assert!(
                    started.elapsed() < Duration::from_secs(30),
                    "timed out waiting for {variant}: a spot for placement {}; the screen \
                     was:\n{s}",
                    i + 1
                ),
            }
        };
        if done(&ready) {
            return Some((t, ready));
        }
        t.keys(&["Enter"]);
        now = t.wait(&format!("{variant}: placement {} made", i + 1), |s| {
            status(s) != status(&ready)
        });
    }
    Some((t, now))
}

#[test]
fn base_and_risk_open_and_roll_by_keys_at_80x24() {
    for variant in ["base", "risk"] {
        let first_turn = |s: &str| {
            s.lines()
                .next()
                .is_some_and(|l| l.contains("roll the dice"))
        };
        // Risk's setup ends with a claim loop: a unit on each empty hex in turn.
        let Some((t, _)) = opening_by_keys(variant, 24, first_turn) else {
            eprintln!("skipping the TUI end-to-end test: tmux is not installed");
            return;
        };
        t.wait(&format!("{variant}: my first turn"), |s| {
            s.lines()
                .next()
                .is_some_and(|l| l.contains("roll the dice"))
        });
        t.keys(&["r"]);
        let s = t.wait(&format!("{variant}: the roll"), |s| {
            s.lines().next().is_some_and(|l| l.contains("rolled"))
        });
        assert!(s.contains("Log"), "the log strip stays at 80×24:\n{s}");
    }
}

#[test]
fn total_chaos_and_the_big_game_open_by_keys_at_80x24() {
    let produce = |s: &str| {
        s.lines()
            .next()
            .is_some_and(|l| l.contains("resource phase"))
    };
    let Some((_t, s)) = opening_by_keys("total-chaos", 6, produce) else {
        eprintln!("skipping the TUI end-to-end test: tmux is not installed");
        return;
    };
    assert!(produce(&s), "the placements are done:\n{s}");
    let (t, _) = opening_by_keys("big-game", 1, |_| false).expect("tmux");
    let s = t.wait("the collection told", |s| s.contains("You took"));
    assert!(s.contains("Big Game"), "{s}");
}

/// Adaptations by its own keys at 80×24: `p` takes the cursor to a hex where herds may be
/// placed, `p` again offers the placements from there, Enter places two herds; twice (the
/// snake order), and the game moves on to its first turn.
#[test]
fn adaptations_places_herds_by_keys_at_80x24() {
    let Some(t) = Tmux::start(
        "keys-adaptations",
        80,
        24,
        "env -u NO_COLOR CATAN_NO_ADVERTISE=1 PS1='$ ' bash --norc --noprofile",
    ) else {
        eprintln!("skipping the TUI end-to-end test: tmux is not installed");
        return;
    };
    t.wait("the shell prompt", |s| s.contains('$'));
    let bin = env!("CARGO_BIN_EXE_catan");
    t.line(&format!(
        "{bin} hotseat --variant adaptations --players 1 --seed 1 --bot-think-secs 0"
    ));
    t.wait("the setup screen", |s| s.contains("Game setup"));
    t.keys(&["Enter"]);
    let placing = |s: &str| s.contains("Place two herds on land");
    let title = |s: &str| s.lines().next().unwrap_or_default().to_string();
    for round in 1..=2 {
        t.wait(&format!("placement {round}"), placing);
        let started = Instant::now();
        // The first press may only move the cursor; then the choices open.
        let s = loop {
            t.keys(&["p"]);
            match t.poll(Duration::from_secs(2), |s| s.contains("Choose one")) {
                Ok(s) => break s,
                Err(s) => assert!(
                    started.elapsed() < Duration::from_secs(30),
                    "p never offered the placements:\n{s}"
                ),
            }
        };
        assert!(s.contains(" place "), "the choices are placements:\n{s}");
        t.keys(&["Enter"]);
        let s = t.wait(&format!("placement {round} sent"), |s| {
            !s.contains("Choose one")
        });
        // A placement that overcrowds its hex is held for a second Enter.
        if s.contains("Enter again sends it") {
            t.keys(&["Enter"]);
            t.wait("the held placement sent", |s| {
                !s.contains("Enter again sends it")
            });
        }
    }
    let s = t.wait("the first turn", |s| {
        !placing(s) && title(s).contains("turn 1")
    });
    assert!(s.contains("Log"), "the log strip stays at 80×24:\n{s}");
}
