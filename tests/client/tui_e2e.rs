//! The TUI in a real terminal: `catan hotseat` inside bash inside tmux, driven with
//! `send-keys` and read with `capture-pane`. Skipped (with a message) when tmux is missing.

use crate::support;

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
    assert!(s.contains("settle C.nw"), "the command language is listed");
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
