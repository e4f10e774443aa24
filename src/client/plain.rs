//! `--plain`: the line mode for scripts, screen readers and tests. Commands come one per line on
//! stdin in the game's command language; events go out one per line on stdout, in words.
//! A few words are the client's own: `state` (one JSON line), `legal` (one JSON array),
//! `board`, `help`, `say TEXT`, `ready`, `unready`, `color NAME`, `start`, `quit`, and once the
//! game is over `summary` (the game's summary as text; `summary json`: one JSON line).
//! Whenever the game starts waiting for this seat, one `your move: ...` line says so and what
//! kinds of command it may send, so nobody has to poll `state` to learn it is their turn.
//!
//! `state`, `legal` and `board` answer after everything sent before them has been applied: the
//! client pings the host, which answers in order.
//!
//! It plays any ruleset whose view is a [`PlainView`]; the five rulesets' view is one through
//! the plain registry (`client::rulesets`), on which the TUI's registry builds its panels.

use super::state::{ClientState, PlainView};
use crate::board::render::{RenderOptions, render};
use crate::proto::{ClientMsg, ServerMsg};
use crate::review::ReviewState;
use crate::term::{ColorMode, paint};
use std::collections::VecDeque;
use std::io::Write;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::mpsc;

/// Local words and what they do, for `help`.
pub const LOCAL_HELP: &str = "\
Client words: state (your view as JSON), legal (commands you may send, as JSON), board,
  say TEXT (chat), help, quit, hint (what the hard bot would play now, if the host allows),
  summary and review (once the game is over; `summary json`, `review json`);
  in the lobby: ready / unready, color NAME, and for the host's own terminal start, addbot,
  removebot, kick SEAT";

/// The lobby in one line: who sits where, with colour and readiness.
pub fn lobby_line(l: &crate::proto::LobbyView) -> String {
    let seats: Vec<String> = l
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            None => format!("{} empty", i + 1),
            Some(s) => format!(
                "{} {} ({}{}{}{})",
                i + 1,
                s.name,
                s.color,
                if s.bot { ", bot" } else { "" },
                if !s.bot && !s.connected { ", away" } else { "" },
                if s.ready { ", ready" } else { "" },
            ),
        })
        .collect();
    format!(
        "lobby: {} · free colours: {}",
        seats.join(" · "),
        l.free_colors.join(" ")
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    State,
    Legal,
    Board,
    /// The game's summary: as JSON when `true`.
    Summary(bool),
    /// The game's review: as JSON when `true`.
    Review(bool),
}

/// Runs the line mode until `quit`, the end of input, or the connection closing. Returns
/// whether the session ended normally.
pub async fn run<V: PlainView, R: AsyncBufRead + Unpin>(
    input: R,
    out: &mut (dyn Write + Send),
    tx: mpsc::Sender<ClientMsg>,
    mut rx: mpsc::Receiver<ServerMsg<V>>,
) -> anyhow::Result<bool> {
    let mut st = ClientState::<V>::default();
    let mut lines = input.lines();
    let mut asks: VecDeque<(u64, Ask)> = VecDeque::new();
    let mut next_ping = 1u64;
    let mut seq = 0u32;
    let mut input_open = true;
    let mut quitting = false;
    let mut last_lobby: Option<String> = None;
    // `help` asked before the host's welcome (which carries the game's commands) is answered
    // when the welcome arrives, so a script that starts with `help` reads the whole of it.
    let mut help_pending = false;
    let color = ColorMode::detect("auto");
    loop {
        if quitting && asks.is_empty() {
            return Ok(true);
        }
        tokio::select! {
            line = lines.next_line(), if input_open && !quitting => {
                let Some(line) = line? else {
                    input_open = false;
                    quitting = true;
                    continue;
                };
                let line = line.trim().to_string();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
                let mut ask = |a: Ask, tx: &mpsc::Sender<ClientMsg>| {
                    let id = next_ping;
                    next_ping += 1;
                    asks.push_back((id, a));
                    tx.try_send(ClientMsg::Ping(id)).ok();
                };
                let word = word.to_ascii_lowercase();
                match word.as_str() {
                    // While the connection is made again nothing is queued to go later.
                    w if st.reconnecting && !matches!(w, "help" | "?" | "quit" | "exit") => {
                        writeln!(out, "error: not sent: the connection to the host is lost; reconnecting…")?;
                    }
                    "state" => ask(Ask::State, &tx),
                    "legal" => ask(Ask::Legal, &tx),
                    "board" => ask(Ask::Board, &tx),
                    "summary" => ask(Ask::Summary(rest.trim().eq_ignore_ascii_case("json")), &tx),
                    "review" => ask(Ask::Review(rest.trim().eq_ignore_ascii_case("json")), &tx),
                    "hint" => { tx.send(ClientMsg::Hint).await?; }
                    "help" | "?" => match &st.game {
                        Some(g) => help(g, out)?,
                        None => help_pending = true,
                    },
                    "quit" | "exit" => quitting = true,
                    "say" | "chat" => { tx.send(ClientMsg::Chat { text: rest.to_string() }).await?; }
                    // In the lobby these mark you ready; once the game runs they are game
                    // commands (a vote to end a phase).
                    "ready" if st.update.is_none() => { tx.send(ClientMsg::Ready(true)).await?; }
                    "unready" if st.update.is_none() => { tx.send(ClientMsg::Ready(false)).await?; }
                    "color" | "colour" => { tx.send(ClientMsg::Color(rest.trim().to_string())).await?; }
                    "start" => { tx.send(ClientMsg::Start).await?; }
                    "addbot" => { tx.send(ClientMsg::AddBot).await?; }
                    "removebot" => { tx.send(ClientMsg::RemoveBot).await?; }
                    "kick" => match rest.trim().parse::<crate::engine::Seat>() {
                        Ok(n) if n >= 1 => { tx.send(ClientMsg::Kick(n - 1)).await?; }
                        _ => writeln!(out, "error: kick which seat? e.g. `kick 3`")?,
                    },
                    _ => {
                        // A script's line is sent as it stands; the warning is told first.
                        if let Some(w) = st.update.as_ref().and_then(|u| u.view.warn_before(&line)) {
                            writeln!(out, "warning: {w}")?;
                        }
                        seq += 1;
                        tx.send(ClientMsg::Command { seq, text: line.clone() }).await?;
                    }
                }
            }
            msg = rx.recv() => {
                let Some(msg) = msg else {
                    writeln!(out, "notice: disconnected from the host")?;
                    return Ok(false);
                };
                let pong = if let ServerMsg::Pong(t) = &msg { Some(*t) } else { None };
                let is_lobby = matches!(msg, ServerMsg::Lobby(_));
                if matches!(msg, ServerMsg::Summary(_)) {
                    writeln!(out, "notice: the game is over; `summary` shows how it went")?;
                }
                for l in st.apply(msg, Instant::now()) {
                    writeln!(out, "{}", l.plain())?;
                }
                if let Some(line) = st.your_move() {
                    writeln!(out, "{line}")?;
                }
                if help_pending && let Some(g) = &st.game {
                    help_pending = false;
                    help(g, out)?;
                }
                if is_lobby && let Some(l) = &st.lobby {
                    let line = lobby_line(l);
                    if last_lobby.as_deref() != Some(line.as_str()) {
                        writeln!(out, "{line}")?;
                        last_lobby = Some(line);
                    }
                }
                if let Some(t) = pong {
                    while let Some((id, a)) = asks.front().copied() {
                        if id > t {
                            break;
                        }
                        asks.pop_front();
                        if id == t {
                            answer(&st, a, out, color)?;
                        }
                    }
                }
                out.flush()?;
                if st.closed.is_some() {
                    return Ok(false);
                }
            }
            _ = tokio::time::sleep(Duration::from_secs(3)), if quitting => {
                // The host did not answer the last questions; leave anyway.
                return Ok(true);
            }
        }
    }
}

/// `help`: the game's command language, then the client's own words (the lobby's among them).
fn help(game: &crate::proto::GameInfo, out: &mut (dyn Write + Send)) -> std::io::Result<()> {
    writeln!(out, "{}", game.help)?;
    writeln!(out, "{LOCAL_HELP}")
}

fn answer<V: PlainView>(
    st: &ClientState<V>,
    a: Ask,
    out: &mut (dyn Write + Send),
    color: ColorMode,
) -> anyhow::Result<()> {
    match a {
        Ask::State => writeln!(out, "{}", V::state_json(st, Instant::now()))?,
        Ask::Legal => writeln!(out, "{}", serde_json::to_string(st.legal())?)?,
        Ask::Board => match (&st.map, &st.update) {
            (Some(map), Some(u)) => {
                let o = u.view.overlay(&u.seats);
                let pic = render(
                    map,
                    &o,
                    &RenderOptions {
                        names: true,
                        harbors: true,
                        sea: u.view.shows_sea(),
                        ..RenderOptions::default()
                    },
                );
                write!(out, "{}", paint(&pic, color))?;
            }
            _ => writeln!(out, "notice: no board yet (the game has not started)")?,
        },
        Ask::Summary(json) => match &st.summary {
            Some(s) if json => writeln!(out, "{}", s.json())?,
            Some(s) => {
                let dice = (st.update.as_ref()).is_none_or(|u| u.view.production_dice());
                let text = if dice {
                    crate::recap::text::render_fit(s, 80)
                } else {
                    crate::recap::text::standings_fit(s, 80)
                };
                write!(out, "{text}")?
            }
            None => writeln!(
                out,
                "error: there is no summary yet: the host sends it when the game is over"
            )?,
        },
        Ask::Review(json) => match &st.review {
            Some(ReviewState::Ready(r)) if json => writeln!(out, "{}", serde_json::to_string(r)?)?,
            Some(ReviewState::Ready(r)) => write!(out, "{}", crate::review::text::render(r))?,
            Some(ReviewState::Computing { done, total }) => writeln!(
                out,
                "error: the review is not ready yet ({}% done)",
                done * 100 / (*total).max(1)
            )?,
            Some(ReviewState::Failed(why)) => writeln!(out, "error: no review: {why}")?,
            None => writeln!(
                out,
                "error: there is no review yet: the host makes it when the game is over"
            )?,
        },
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::{GameInfo, MapRecipe};
    use std::sync::{Arc, Mutex};
    use tokio::io::AsyncWriteExt;

    /// Output shared between the client under test and the test.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| std::io::ErrorKind::Other)?
                .extend(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
    }

    /// `summary` prints the dice and resources only for a ruleset that rolls production
    /// dice: after an Adaptations game it prints the standings and points alone.
    #[test]
    fn summary_prints_dice_only_where_the_game_rolls_them() {
        use crate::tui::sample::Sample;
        use crate::tui::theme::ColorLevel;
        let cfg = crate::sim::SimConfig::base(1, 5, vec![crate::bots::BotKind::Heuristic; 4]);
        let played = crate::sim::play_game(&cfg, 0, true).expect("a game");
        let (header, entries) = played.record.expect("its record");
        let summary = crate::recap::of_record(&header, &entries).expect("it replays");
        let text = |mut s: Sample| {
            s.app.sessions[0].st.summary = Some(summary.clone());
            let mut out = Vec::new();
            answer(
                &s.app.sessions[0].st,
                Ask::Summary(false),
                &mut out,
                ColorMode::Never,
            )
            .expect("answered");
            String::from_utf8(out).expect("text")
        };
        let base = text(Sample::new(4, 4, ColorLevel::None));
        assert!(
            base.contains("Standings") && base.contains("Dice ("),
            "{base}"
        );
        let adapt = text(Sample::adaptations(4, 4, ColorLevel::None));
        assert!(adapt.contains("Standings"), "{adapt}");
        for gone in ["Dice (", "production dice", "Resources gained"] {
            assert!(!adapt.contains(gone), "shows {gone}:\n{adapt}");
        }
    }

    fn welcome() -> ServerMsg {
        ServerMsg::Welcome {
            version: crate::proto::PROTOCOL_VERSION,
            seat: Some(0),
            token: "t".into(),
            game: Box::new(GameInfo {
                id: "game".into(),
                variant: "base".into(),
                name: "test".into(),
                map: MapRecipe::FromView,
                settings: Vec::new(),
                help: "Commands: settle C.nw, road C.n".into(),
            }),
        }
    }

    /// A line-mode client running on a script the test writes, its messages to the host and
    /// from it, and what it prints.
    struct Running {
        input: tokio::io::DuplexStream,
        sent: mpsc::Receiver<ClientMsg>,
        to_client: mpsc::Sender<ServerMsg>,
        out: Shared,
        client: tokio::task::JoinHandle<anyhow::Result<bool>>,
    }

    fn running() -> Running {
        let (input, reader) = tokio::io::duplex(1 << 12);
        let (tx, sent) = mpsc::channel(16);
        let (to_client, rx) = mpsc::channel(16);
        let out = Shared::default();
        let mut writer = out.clone();
        let client = tokio::spawn(async move {
            run(tokio::io::BufReader::new(reader), &mut writer, tx, rx).await
        });
        Running {
            input,
            sent,
            to_client,
            out,
            client,
        }
    }

    /// Whether the client's output comes to satisfy `done` within ten seconds.
    async fn shows(out: &Shared, done: impl Fn(&str) -> bool) -> bool {
        tokio::time::timeout(Duration::from_secs(10), async {
            while !done(&out.text()) {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .is_ok()
    }

    /// While the connection is made again, neither a game command nor a chat line is kept to
    /// go out later: each is refused, saying why.
    #[tokio::test]
    async fn nothing_typed_while_reconnecting_is_queued() {
        let Running {
            mut input,
            mut sent,
            to_client,
            out,
            client,
        } = running();
        to_client.send(welcome()).await.unwrap();
        let lost = "lost the connection to 10.0.0.1:7878; reconnecting…";
        to_client
            .send(ServerMsg::Reconnecting(lost.into()))
            .await
            .unwrap();
        assert!(
            shows(&out, |t| t.contains(lost)).await,
            "the loss is told: {}",
            out.text()
        );
        input.write_all(b"say hi all\nroll\n").await.unwrap();
        assert!(
            shows(&out, |t| t.matches("error: not sent").count() >= 2).await,
            "both refused: {}",
            out.text()
        );
        input.write_all(b"quit\n").await.unwrap();
        drop(input);
        let ended = tokio::time::timeout(Duration::from_secs(10), client).await;
        assert!(matches!(ended, Ok(Ok(Ok(true)))), "{ended:?}");
        while let Ok(m) = sent.try_recv() {
            assert!(
                !matches!(m, ClientMsg::Chat { .. } | ClientMsg::Command { .. }),
                "nothing was queued: {m:?}"
            );
        }
    }

    /// `help` in the lobby lists the game's commands with the lobby's words, even when it is
    /// the first thing a script sends, before the host's welcome has arrived.
    #[tokio::test]
    async fn help_in_the_lobby_lists_the_games_commands_and_the_lobbys() {
        let Running {
            mut input,
            mut sent,
            to_client,
            out,
            client,
        } = running();
        input.write_all(b"help\n").await.unwrap();
        // Let the client read `help` before the welcome arrives, as a fast script's would.
        tokio::time::sleep(Duration::from_millis(50)).await;
        to_client.send(welcome()).await.unwrap();
        assert!(
            shows(&out, |t| t.contains("Client words")).await,
            "help is answered: {}",
            out.text()
        );
        input.write_all(b"help\nquit\n").await.unwrap();
        drop(input);
        let ended = tokio::time::timeout(Duration::from_secs(10), client).await;
        assert!(matches!(ended, Ok(Ok(Ok(true)))), "{ended:?}");
        while sent.try_recv().is_ok() {}
        let text = out.text();
        assert_eq!(text.matches("Commands: settle C.nw").count(), 2, "{text}");
        assert_eq!(text.matches("Client words").count(), 2, "{text}");
        assert!(text.contains("ready / unready, color NAME"), "{text}");
        let game = text.find("Commands: settle").unwrap();
        let local = text.find("Client words").unwrap();
        assert!(game < local, "the game's commands first:\n{text}");
    }
}
