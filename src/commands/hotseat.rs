//! `catan hotseat`: a game in this terminal. An in-process host runs the table; each person at
//! the keyboard gets a local connection with their own name, and bots take the other seats.
//! The TUI shows the seat the game waits for and hides hands behind a "pass to" screen when
//! the keyboard changes hands. With no flags: one person against three bots.

use crate::bots::BotKind;
use crate::cli::HotseatArgs;
use crate::proto::{ClientMsg, PROTOCOL_VERSION};
use crate::ruleset::{CreateError, Ruleset};
use crate::server::spawn_table;
use crate::server::table::{Table, TableConfig};
use crate::tui::{self, Connection, app::AppOptions};
use crate::variants::{Game, GameSettings};

use std::process::ExitCode;

pub fn run(args: HotseatArgs) -> anyhow::Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(hotseat(args))
}

/// The people's names: those given, then the login name (one person) or "Player N".
pub fn names(given: Option<&str>, people: usize) -> Result<Vec<String>, String> {
    let mut names: Vec<String> = given
        .unwrap_or("")
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if names.len() > people {
        return Err(format!(
            "{} names for {people} people: give --players {} or fewer names",
            names.len(),
            names.len()
        ));
    }
    while names.len() < people {
        let n = names.len() + 1;
        let name = if people == 1 {
            super::host::whoami()
        } else {
            format!("Player {n}")
        };
        names.push(name);
    }
    for (i, a) in names.iter().enumerate() {
        if names[..i].iter().any(|b| b.eq_ignore_ascii_case(a)) {
            return Err(format!("the name {a} is given twice; names must differ"));
        }
    }
    Ok(names)
}

/// A game whose people all act at once (everyone, or a whole group) needs one screen
/// per player, so hot-seat plays it only with one person and bots in every other seat. The
/// ruleset's settings say whether it is such a game, and why.
pub fn hotseat_allowed(ruleset: &str, people: usize) -> Result<(), String> {
    match GameSettings::one_screen_each(ruleset) {
        Some(what) if people > 1 => Err(format!(
            "{what}, so each player needs their own screen: \
             host it (`catan host --variant {ruleset}`) and join from each terminal. Hot-seat \
             plays it with one person and bots only (not --players {people})"
        )),
        _ => Ok(()),
    }
}

async fn hotseat(args: HotseatArgs) -> anyhow::Result<ExitCode> {
    let fail = |msg: String| {
        eprintln!("catan hotseat: {msg}");
        Ok(ExitCode::from(2))
    };
    if args.players == 0 {
        return fail("at least one person plays (--players 1 or more)".into());
    }
    if args.plain && args.players != 1 {
        return fail("--plain plays one person; leave it out for several".into());
    }
    let setup = args.game.setup();
    if let Err(e) = hotseat_allowed(&setup.variant, args.players) {
        return fail(e);
    }
    let names = match names(args.names.as_deref(), args.players) {
        Ok(n) => n,
        Err(e) => return fail(e),
    };
    // A variant whose settings fix the seats (say, two per board) fills the rest with
    // bots, whatever --bots says.
    // Settings the ruleset refuses are told where the game is created, after the people.
    let settings = setup.settings();
    let seats = settings
        .as_ref()
        .ok()
        .and_then(GameSettings::fixed_seats)
        .or(args.seats)
        .unwrap_or(args.players + args.bots);
    if seats < args.players {
        return fail(format!(
            "{} people do not fit in the {seats} seats of this game",
            args.players
        ));
    }
    let seed = setup.seed.unwrap_or_else(rand::random);
    let game = match settings
        .map_err(CreateError::from)
        .and_then(|s| Game::create(&s, seats, seed))
    {
        Ok(g) => g,
        Err(e) => return fail(e.into()),
    };
    let bot_levels = match BotKind::parse_list(&setup.bot_kind) {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let cfg = TableConfig {
        name: if args.players == 1 {
            format!("{}'s game", names[0])
        } else {
            "Hot seat".into()
        },
        bots: seats - args.players,
        bot_kind: bot_levels[0],
        bot_budget: setup.bot_budget,
        bot_levels,
        bot_think_ms: (setup.bot_think_secs.max(0.0) * 1000.0) as u64,
        seed,
        // Nobody at this terminal goes away: the connections live as long as the game.
        away_ms: u64::MAX / 4,
        // The terminal opens on the setup screen (colours, bots, ready); a script starts at once.
        hold_in_lobby: !args.plain,
        hints: args.hints.policy(),
        ..TableConfig::default()
    };
    let header = crate::record::Header::new(
        &crate::setup::GameSetup {
            seed: Some(seed),
            ..setup.clone()
        },
        seats,
        seed,
        names.clone(),
    );
    let coach = super::coach::catan_coach(header);
    let (stop_tx, mut stop_rx) = tokio::sync::watch::channel(false);
    let (handle, task) = spawn_table(Table::new(game, cfg).with_coach(coach), async move {
        let _ = stop_rx.wait_for(|s| *s).await;
    });
    let mut conns = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let (tx, rx) = handle.connect_local(i == 0).await;
        tx.send(ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: name.clone(),
            token: None,
            watch: false,
            color: None,
            password: None,
        })
        .await?;
        conns.push(Connection {
            name: name.clone(),
            tx,
            rx,
        });
    }
    let code = if args.plain {
        let c = conns.remove(0);
        super::play::plain(c.tx, c.rx).await?
    } else {
        if !super::play::tui_possible() {
            return fail(
                "the hot-seat game needs a terminal; for scripts use `catan hotseat --plain`"
                    .into(),
            );
        }
        tui::run(
            conns,
            AppOptions {
                bell: args.bell,
                notes: Vec::new(),
                host_key: None,
                local: true,
                hosting: false,
                saved: false,
            },
        )
        .await?;
        ExitCode::SUCCESS
    };
    let _ = stop_tx.send(true);
    let _ = task.await;
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fill_and_must_differ() {
        assert_eq!(
            names(Some("Ann, Bob"), 3).unwrap(),
            vec!["Ann", "Bob", "Player 3"]
        );
        assert!(names(Some("Ann,ann"), 2).is_err());
        assert!(names(Some("A,B,C"), 2).is_err());
        assert_eq!(names(None, 1).unwrap().len(), 1);
    }

    #[test]
    fn hot_seat_refuses_total_chaos_with_several_people() {
        let name = |v: crate::cli::VariantName| v.name();
        use crate::cli::VariantName::{Adaptations, Base, BigGame, TotalChaos};
        let e = hotseat_allowed(&name(TotalChaos), 2).unwrap_err();
        assert_eq!(
            e,
            "Total Chaos is played by everyone at once, so each player needs their own screen: \
             host it (`catan host --variant total-chaos`) and join from each terminal. Hot-seat \
             plays it with one person and bots only (not --players 2)"
        );
        assert!(hotseat_allowed(&name(TotalChaos), 1).is_ok());
        let e = hotseat_allowed(&name(BigGame), 2).unwrap_err();
        assert!(
            e.starts_with("In the Big Game a whole group plays at once, so each player"),
            "{e}"
        );
        assert!(e.contains("catan host --variant big-game"), "{e}");
        assert!(hotseat_allowed(&name(BigGame), 1).is_ok());
        assert!(hotseat_allowed(&name(Base), 3).is_ok());
        assert!(hotseat_allowed(&name(Adaptations), 3).is_ok());
    }
}
