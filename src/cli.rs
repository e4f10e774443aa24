//! The command line: `catan hotseat | host | join | board | sim | replay | loadtest | games`.
//! Names and flags here are what tests and scripts rely on (see DESIGN.md).

use crate::ruleset::Ruleset;
use crate::setup::GameSetup;
use crate::variants::flags::{TableFlags, TableSettings};
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Catan in the terminal, for a table or a hall on one LAN.
#[derive(Parser, Debug)]
#[command(name = "catan", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// `VariantName`, one variant per line of `variants::rulesets!`, named as the dispatch's.
macro_rules! variant_names {
    (() $($(#[$m:meta])* $v:ident($module:ident :: $game:ident),)*) => {
        /// The rulesets, as `--variant` chooses them and the save header names them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum VariantName {
            $($(#[$m])* $v,)*
        }

        impl VariantName {
            /// Every ruleset, in the registration's order.
            const ALL: &'static [VariantName] = &[$($(#[$m])* VariantName::$v,)*];

            /// The ruleset's name and what it is, from its settings type.
            fn about(self) -> (&'static str, &'static str) {
                match self {
                    $($(#[$m])* VariantName::$v => {
                        type S = <crate::variants::$module::$game as Ruleset>::Settings;
                        (S::NAME, S::ABOUT)
                    })*
                }
            }
        }
    };
}

crate::variants::rulesets!(variant_names);

impl ValueEnum for VariantName {
    fn value_variants<'a>() -> &'a [Self] {
        VariantName::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let (name, about) = self.about();
        Some(PossibleValue::new(name).help(about))
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a local game in this terminal: people pass the keyboard, bots fill the other seats.
    Hotseat(HotseatArgs),
    /// Serve a game on TCP for players on the LAN.
    Host(HostArgs),
    /// Join a game hosted on the LAN.
    Join(JoinArgs),
    /// Print boards.
    Board {
        #[command(subcommand)]
        command: BoardCommand,
    },
    /// Play bot-only games without a network and print statistics as one JSON line.
    Sim(SimArgs),
    /// The engine protocol: a base Catan position a JSON line on stdin, the bot's move a JSON
    /// line on stdout (docs/bot-protocol.md).
    Bot,
    /// Step through a saved or finished game.
    Replay(ReplayArgs),
    /// Connect many bot clients to a host and report what they saw.
    Loadtest(LoadtestArgs),
    /// List the games advertised on the LAN.
    Games(GamesArgs),
}

/// Settings every way of starting a game shares.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct GameArgs {
    /// Which ruleset to play.
    #[arg(long, value_enum, default_value = "base")]
    pub variant: VariantName,
    /// Seed for the dice, shuffles and board; a random one when not given.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Board for a one-board game: a built-in name (base-beginner) or a board file; a random
    /// fair board when not given.
    #[arg(long)]
    pub board: Option<String>,
    /// Victory points needed to win (where rounds are limited, 0 plays to --max-rounds alone).
    #[arg(long)]
    pub vp: Option<u32>,
    /// Seconds each turn may take (the rulesets with turns); off when not given.
    #[arg(long)]
    pub turn_secs: Option<u64>,
    /// Seconds each round lasts (a game in timed rounds).
    #[arg(long, default_value_t = 45)]
    pub round_secs: u64,
    /// Seconds of each timed phase (a building phase, a prompt); the phases named below have
    /// their own flags.
    #[arg(long)]
    pub phase_secs: Option<u64>,
    /// Seconds of the resource phase (a game in timed phases).
    #[arg(long, default_value_t = 20)]
    pub resource_secs: u64,
    /// Seconds of robber part 1 (discards) in a game in timed phases.
    #[arg(long, default_value_t = 20)]
    pub robber1_secs: u64,
    /// Seconds of robber part 2 (move and steal) in a game in timed phases.
    #[arg(long, default_value_t = 20)]
    pub robber2_secs: u64,
    /// Seconds of the building and trading phase in a game in timed phases.
    #[arg(long, default_value_t = 60)]
    pub build_secs: u64,
    /// Seconds of the cooldown phase in a game in timed phases.
    #[arg(long, default_value_t = 20)]
    pub cooldown_secs: u64,
    /// Seconds for each initial placement, where placements are timed (the host places on
    /// expiry).
    #[arg(long)]
    pub placement_secs: Option<u64>,
    /// Boards in the ring (a game of several boards).
    #[arg(long, default_value_t = 3)]
    pub boards: usize,
    /// The ring's boards in order, e.g. A,C,B (repeats in rotation).
    #[arg(long)]
    pub layout: Option<String>,
    /// End after this many rounds (a game in rounds).
    #[arg(long)]
    pub max_rounds: Option<u32>,
    /// End after this many turns (a ruleset with a turn limit).
    #[arg(long)]
    pub max_turns: Option<u32>,
    /// Base: the "three victory points" robber rule.
    #[arg(long)]
    pub three_vp_robber: bool,
    /// Base: trade first, then build (the default lets you trade and build in any order).
    #[arg(long)]
    pub strict_trade_then_build: bool,
    /// Seconds a bot waits before acting, so people can follow; a hard bot thinks for this
    /// long (at most 1 s) when a decision offers a real choice.
    #[arg(long, default_value_t = 0.6)]
    pub bot_think_secs: f64,
    /// Which bots fill empty seats: easy, medium or hard (random and heuristic also work);
    /// a comma-separated list gives the bot seats their levels in seat order, repeating when
    /// shorter (hard,medium: hard, medium, hard, ...), as `catan sim --bots` does.
    #[arg(long, default_value = "medium")]
    pub bot_kind: String,
    /// A hard bot's decision: this many playouts instead of a time, so a seeded game is
    /// reproducible (`catan sim` always counts playouts; 240 unless given).
    #[arg(long, value_name = "N")]
    pub bot_budget: Option<u32>,
}

impl VariantName {
    /// The name used on the command line and in saves (clap's spelling of the value).
    pub fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    }
}

impl GameArgs {
    /// How these flags set a game up, without the command line's types: what `sim`, the
    /// saves and the hosts take.
    pub fn setup(&self) -> GameSetup {
        GameSetup {
            variant: self.variant.name(),
            seed: self.seed,
            flags: TableFlags {
                board: self.board.clone(),
                vp: self.vp,
                turn_secs: self.turn_secs,
                round_secs: self.round_secs,
                phase_secs: self.phase_secs,
                resource_secs: self.resource_secs,
                robber1_secs: self.robber1_secs,
                robber2_secs: self.robber2_secs,
                build_secs: self.build_secs,
                cooldown_secs: self.cooldown_secs,
                placement_secs: self.placement_secs,
                boards: self.boards,
                layout: self.layout.clone(),
                max_rounds: self.max_rounds,
                max_turns: self.max_turns,
                three_vp_robber: self.three_vp_robber,
                strict_trade_then_build: self.strict_trade_then_build,
            },
            bot_think_secs: self.bot_think_secs,
            bot_kind: self.bot_kind.clone(),
            bot_budget: self.bot_budget,
        }
    }
}

#[derive(Args, Debug)]
pub struct HotseatArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// People at this terminal.
    #[arg(long, default_value_t = 1)]
    pub players: usize,
    /// Bots in the other seats.
    #[arg(long, default_value_t = 3)]
    pub bots: usize,
    /// Seats at the table, people and bots together (bots fill what the people leave; overrides
    /// --bots). Five or six seats play with the 5–6 player extension where the ruleset has one.
    #[arg(long)]
    pub seats: Option<usize>,
    /// Names of the people, comma separated.
    #[arg(long)]
    pub names: Option<String>,
    /// Line mode instead of the TUI (one person only): commands on stdin, events on stdout.
    #[arg(long)]
    pub plain: bool,
    /// Ring the terminal bell when it becomes someone's turn at this terminal.
    #[arg(long)]
    pub bell: bool,
    #[command(flatten)]
    pub hints: HintArgs,
}

/// Whether players may ask what `hard` would play (the hint key, `hint` in the plain mode).
#[derive(Args, Debug, Clone, Copy)]
pub struct HintArgs {
    /// No hints in this game, for anyone.
    #[arg(long, conflicts_with = "hints")]
    pub no_hints: bool,
    /// Hints also when other people play at the table (by default only a person playing
    /// bots alone may ask).
    #[arg(long)]
    pub hints: bool,
}

impl HintArgs {
    /// The table's policy these flags ask for.
    pub fn policy(self) -> crate::server::table::Hints {
        use crate::server::table::Hints;
        match (self.no_hints, self.hints) {
            (true, _) => Hints::Off,
            (false, true) => Hints::On,
            (false, false) => Hints::Alone,
        }
    }
}

#[derive(Args, Debug)]
pub struct HostArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// TCP port to listen on.
    #[arg(long, default_value_t = 7878)]
    pub port: u16,
    /// Address to bind (all interfaces by default).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: String,
    /// Seats at the table (people and bots). Five or six seats play with the 5–6 player
    /// extension where the ruleset has one (larger island, bank and deck; special build phase
    /// in base).
    #[arg(long)]
    pub seats: Option<usize>,
    /// Seats filled by bots.
    #[arg(long, default_value_t = 0)]
    pub bots: usize,
    /// This terminal does not play a seat: on a terminal it shows the hall display (round,
    /// roll, clock and standings for everyone to see), in a script it logs lines to stderr.
    #[arg(long)]
    pub headless: bool,
    /// Your name, when this terminal plays.
    #[arg(long)]
    pub name: Option<String>,
    /// The game's name on the LAN.
    #[arg(long)]
    pub game_name: Option<String>,
    /// Start as soon as this many seconds pass with at least one person seated.
    #[arg(long)]
    pub start_after_secs: Option<u64>,
    /// Save file (every accepted command is appended and flushed before it is answered).
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Resume a saved game.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Seconds a disconnected seat waits before a bot plays for it.
    #[arg(long, default_value_t = 30)]
    pub away_secs: u64,
    /// Do not announce the game on the LAN.
    #[arg(long)]
    pub no_advertise: bool,
    /// Also take clients that do not encrypt (`catan join --insecure`, older clients,
    /// debugging): their tokens and hands cross the network readable by anyone on it.
    /// Encrypted clients stay encrypted.
    #[arg(long)]
    pub insecure: bool,
    /// Print plain log lines instead of a TUI (for scripts); implied when stdout is not a
    /// terminal.
    #[arg(long)]
    pub plain: bool,
    /// Ring the terminal bell when it becomes your turn.
    #[arg(long)]
    pub bell: bool,
    /// Also serve the game over SSH on this port (2222 when none is given): guests type
    /// `ssh -p 2222 NAME@HOST` and play with nothing installed; `watch@HOST` spectates. The
    /// server's key is the host's own (docs/ssh.md).
    #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "2222")]
    pub ssh: Option<u16>,
    /// Most SSH sessions at once (the SSH server's own cap unless given, docs/ssh.md); more
    /// are told the host is full.
    #[arg(long)]
    pub ssh_max_sessions: Option<usize>,
    /// A private table: players and spectators need this password, over TCP (`catan join
    /// --password`) and SSH (asked at the prompt). The host's own terminal does not. Given
    /// here it is visible to other users of this machine (`ps`) and kept in the shell's
    /// history: prefer CATAN_PASSWORD or --password-file.
    #[arg(long, env = "CATAN_PASSWORD", hide_env_values = true, value_parser = non_empty_password)]
    pub password: Option<String>,
    /// Read the table's password from the first line of this file (instead of --password).
    #[arg(long, value_name = "PATH", conflicts_with = "password")]
    pub password_file: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub hints: HintArgs,
}

/// The password a host or a guest gives: `--password` or CATAN_PASSWORD, else the first line
/// of `--password-file`.
pub fn password(
    given: Option<String>,
    file: Option<&std::path::Path>,
) -> Result<Option<String>, String> {
    let Some(path) = file else {
        return Ok(given);
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the password file {}: {e}", path.display()))?;
    let line = text.lines().next().unwrap_or_default().to_string();
    non_empty_password(&line).map(Some)
}

/// A password flag's value: an empty one would make a private table anyone can join.
fn non_empty_password(s: &str) -> Result<String, String> {
    if s.is_empty() {
        Err("an empty password protects nothing: give one, or leave --password out".into())
    } else {
        Ok(s.to_string())
    }
}

#[derive(Args, Debug)]
pub struct JoinArgs {
    /// Host address (`HOST[:PORT]`) or advertised game name; a picker when left out.
    pub addr: Option<String>,
    /// Your name at the table.
    #[arg(long)]
    pub name: Option<String>,
    /// Line mode for scripts, screen readers and tests: commands on stdin, events on stdout.
    #[arg(long)]
    pub plain: bool,
    /// Watch without a seat: public information only (the hall display).
    #[arg(long)]
    pub watch: bool,
    /// Ask for this colour.
    #[arg(long)]
    pub color: Option<String>,
    /// The password of a private table (`catan host --password`). Given here it is visible
    /// to other users of this machine (`ps`): prefer CATAN_PASSWORD or --password-file.
    #[arg(long, env = "CATAN_PASSWORD", hide_env_values = true, value_parser = non_empty_password)]
    pub password: Option<String>,
    /// Read the table's password from the first line of this file (instead of --password).
    #[arg(long, value_name = "PATH", conflicts_with = "password")]
    pub password_file: Option<std::path::PathBuf>,
    /// Ring the terminal bell when it becomes your turn.
    #[arg(long)]
    pub bell: bool,
    /// Take the host's key although another one was pinned for this address, and pin it: only
    /// after comparing its fingerprint with the one on the host's screen.
    #[arg(long)]
    pub accept_new_key: bool,
    /// Connect without encryption, to a host started with --insecure (an older catan,
    /// debugging): your seat's token and hand cross the network readable by anyone on it.
    #[arg(long, conflicts_with = "accept_new_key")]
    pub insecure: bool,
}

#[derive(Subcommand, Debug)]
pub enum BoardCommand {
    /// Print a board as ASCII art: A, B, C, base (random, from --seed), base-beginner or a
    /// board file.
    Show(BoardShowArgs),
}

#[derive(Args, Debug)]
pub struct BoardShowArgs {
    /// A, B, C, base, base-beginner, or a path to a board file.
    pub board: String,
    /// Also print pips per territory and per resource.
    #[arg(long)]
    pub stats: bool,
    /// Write hex names (used in commands) into the hexes.
    #[arg(long)]
    pub names: bool,
    /// Show harbours and the sea around the land.
    #[arg(long)]
    pub harbors: bool,
    /// Draw the dividing line and the starting pieces (divided boards).
    #[arg(long)]
    pub line: bool,
    /// Seed for `base`.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Draw the final position of a game record instead (`catan sim --log DIR` or a host's
    /// records): pieces, robber and any armies on the hexes.
    #[arg(long, value_name = "PATH")]
    pub record: Option<std::path::PathBuf>,
    /// Colour: auto (a terminal without NO_COLOR), always or never.
    #[arg(long, default_value = "auto")]
    pub color: String,
}

#[derive(Args, Debug)]
pub struct SimArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// One bot per seat, comma separated: easy, medium, hard, or random (the baseline).
    #[arg(long, default_value = "random,random,random,random")]
    pub bots: String,
    /// Seats at the table: the --bots list repeats in rotation to fill them (five or six play
    /// the 5–6 player extension).
    #[arg(long)]
    pub seats: Option<usize>,
    /// Worker threads (results do not depend on it).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Write one replayable record per game into this directory.
    #[arg(long)]
    pub log: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A save file or a game record.
    pub path: PathBuf,
    /// Print every step at once instead of stepping with Enter.
    #[arg(long)]
    pub all: bool,
    /// Print the game's summary instead of its steps: points by source, points after every
    /// turn or round, the dice, resources gained and lost.
    #[arg(long)]
    pub summary: bool,
    /// With --summary or --review: as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Review the game instead: each seat's chance of winning after every turn (playouts by
    /// medium bots that see every hand), the turning points, and a person's moves where hard
    /// would have played otherwise (docs/review.md).
    #[arg(long, conflicts_with = "summary")]
    pub review: bool,
    /// With --review: playouts per point (more are slower and surer).
    #[arg(long, default_value_t = crate::review::DEFAULT_PLAYOUTS, requires = "review")]
    pub playouts: u32,
    /// With --review: threads to spread the playouts over (the review is the same).
    #[arg(long, default_value_t = 1, requires = "review")]
    pub threads: usize,
    /// With --review: tell the turning points for this seat (1-based) and compare its moves
    /// with hard's, as for a record's people.
    #[arg(long, requires = "review")]
    pub seat: Option<usize>,
    /// With --review: seeds the playouts.
    #[arg(long, default_value_t = 1, requires = "review")]
    pub review_seed: u64,
}

#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// Host address.
    pub addr: String,
    /// Bot clients to connect.
    #[arg(long, default_value_t = 10)]
    pub clients: usize,
    /// Rounds to play.
    #[arg(long, default_value_t = 3)]
    pub rounds: u32,
    /// End with one JSON line of figures.
    #[arg(long)]
    pub json: bool,
    /// Give up on a client that has not played the rounds after this many seconds.
    #[arg(long, default_value_t = 600)]
    pub timeout_secs: u64,
    /// Connect without encryption (the host must run with --insecure): to measure what
    /// encryption costs. Encrypted, the load test takes any host key (it pins none).
    #[arg(long)]
    pub insecure: bool,
}

#[derive(Args, Debug)]
pub struct GamesArgs {
    /// One JSON line per game.
    #[arg(long)]
    pub json: bool,
    /// Seconds to listen.
    #[arg(long, default_value_t = 1.5)]
    pub wait_secs: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::GameSettings;

    #[test]
    fn a_password_file_gives_its_first_line() {
        let dir = std::env::temp_dir().join(format!("catan-pw-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("pw");
        std::fs::write(&f, "s3cret\nignored\n").unwrap();
        assert_eq!(password(None, Some(&f)), Ok(Some("s3cret".into())));
        assert_eq!(
            password(Some("given".into()), None),
            Ok(Some("given".into()))
        );
        std::fs::write(&f, "\n").unwrap();
        assert!(
            password(None, Some(&f))
                .unwrap_err()
                .contains("protects nothing")
        );
        let missing = dir.join("none");
        assert!(
            password(None, Some(&missing))
                .unwrap_err()
                .contains("cannot read")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn parse(argv: &[&str]) -> GameArgs {
        #[derive(clap::Parser)]
        struct W {
            #[command(flatten)]
            g: GameArgs,
        }
        let argv = std::iter::once("catan").chain(argv.iter().copied());
        <W as clap::Parser>::parse_from(argv).g
    }

    /// `GameSetup::default` and `TableFlags::default` (where the settings' tests, `sim` and
    /// fuzz start) are what the command line gives without flags; `--variant` offers every
    /// registered ruleset by its settings' name.
    #[test]
    fn the_command_lines_defaults_are_the_default_setup() {
        assert_eq!(parse(&[]).setup(), GameSetup::default());
        assert_eq!(parse(&[]).setup().flags, TableFlags::default());
        for &name in GameSettings::NAMES {
            assert_eq!(parse(&["--variant", name]).setup(), GameSetup::of(name));
        }
        let names: Vec<String> = VariantName::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names, GameSettings::NAMES);
    }

    /// A VP target and a round limit reach the flags as typed (`--vp 0`: none; each ruleset
    /// reads them in its `from_flags`).
    #[test]
    fn the_end_of_a_game_reaches_the_flags_as_typed() {
        let flags = |argv: &[&str]| parse(argv).setup().flags;
        assert_eq!((flags(&[]).vp, flags(&[]).max_rounds), (None, None));
        let f = flags(&["--vp", "0", "--max-rounds", "20"]);
        assert_eq!((f.vp, f.max_rounds), (Some(0), Some(20)));
        let f = flags(&["--vp", "12", "--max-rounds", "20"]);
        assert_eq!((f.vp, f.max_rounds), (Some(12), Some(20)));
    }
}
