//! `catan host`: serve a game on TCP. The host's own terminal plays a seat unless
//! `--headless`.

use crate::bots::BotKind;
use crate::cli::HostArgs;
use crate::record::{self, Header};
use crate::ruleset::Ruleset;
use crate::save::SaveWriter;
use crate::server::RunningHost;
use crate::server::table::{Table, TableConfig, saved_seats};
use crate::setup::GameSetup;
use crate::variants::Game;

use std::process::ExitCode;

/// Addresses on this machine's interfaces players can join on.
pub fn lan_addresses(bind: &str, port: u16) -> Vec<String> {
    if bind != "0.0.0.0" && bind != "::" {
        return vec![crate::client::net::with_port(&format!("{bind}:{port}"))];
    }
    let mut v: Vec<String> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| !i.is_loopback())
        .filter_map(|i| match i.ip() {
            std::net::IpAddr::V4(a) => Some(format!("{a}:{port}")),
            std::net::IpAddr::V6(a) if !a.is_unicast_link_local() => Some(format!("[{a}]:{port}")),
            _ => None,
        })
        .collect();
    v.push(format!("127.0.0.1:{port}"));
    v
}

/// Sets up logging. A host writing lines logs who joined, left and was refused to stderr; a
/// host whose terminal shows a TUI logs to `host.log` in the data directory instead, so the
/// lines do not tear the screen (and nowhere when there is no data directory).
pub fn init_logging(tui: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("CATAN_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    if !tui {
        let _ = builder.with_writer(std::io::stderr).try_init();
        return;
    }
    let file = crate::datadir::data_dir().and_then(|d| {
        std::fs::create_dir_all(&d).ok()?;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(d.join("host.log"))
            .ok()
    });
    if let Some(f) = file {
        let _ = builder
            .with_ansi(false)
            .with_writer(std::sync::Mutex::new(f))
            .try_init();
    }
}

pub fn run(args: HostArgs) -> anyhow::Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let code = rt.block_on(host(args));
    // The line mode's stdin reader is a blocking thread that would hold the exit until the
    // next line: once the game is over for this terminal, do not wait for it.
    rt.shutdown_background();
    code
}

/// The table to serve, with what to print about it.
struct Prepared {
    table: Table,
    seats: usize,
    bots: usize,
    game_name: String,
    /// The ruleset's registered name.
    variant: String,
    /// The token of the seat this terminal takes back in a resumed game.
    own_token: Option<String>,
    /// The save being written, beside which the SSH keys' seats are kept.
    save: Option<std::path::PathBuf>,
}

async fn host(mut args: HostArgs) -> anyhow::Result<ExitCode> {
    args.password = match crate::cli::password(args.password.take(), args.password_file.as_deref())
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("catan host: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    // A headless host on a terminal shows the hall display; in a script it writes lines.
    let hall = args.headless && !args.plain && super::play::tui_possible();
    init_logging(hall || (!args.headless && !args.plain));
    // Every player is a socket: a hall needs more than a stock soft limit of 1,024.
    match crate::server::raise_open_files_limit() {
        Ok((soft, hard)) => tracing::info!(soft, hard, "open files limit"),
        Err(e) => tracing::warn!(error = %e, "cannot raise the open files limit"),
    }
    let listener = match crate::server::listen(&args.bind, args.port).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!(
                "catan host: cannot listen on {}:{}: {e}{}",
                args.bind,
                args.port,
                if e.kind() == std::io::ErrorKind::AddrInUse {
                    " (another game is running there? try --port)"
                } else {
                    ""
                }
            );
            return Ok(ExitCode::from(2));
        }
    };
    let prepared = match &args.resume {
        Some(path) => resume(&args, path),
        None => fresh(&args),
    };
    let Prepared {
        table,
        seats,
        bots,
        game_name,
        variant,
        own_token,
        save,
    } = match prepared {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("catan host: {msg}");
            return Ok(ExitCode::from(2));
        }
    };
    let port = listener.local_addr()?.port();
    // The host's key, made once and kept in the data directory: players pin it on first use
    // and compare its fingerprint with the one printed here.
    let key = match crate::hostkey::HostKey::user_path() {
        Some(path) => match crate::hostkey::HostKey::load_or_create(&path) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("catan host: {e:#}");
                return Ok(ExitCode::from(2));
            }
        },
        None => {
            eprintln!(
                "catan host: no data directory (set CATAN_DATA_DIR or HOME): this host's key \
                 is new at every start, and players who joined before are told it changed"
            );
            crate::hostkey::HostKey::generate()?
        }
    };
    // The SSH port is bound before the game starts, so a port in use stops the host at once.
    let ssh_listener = match args.ssh {
        Some(p) => match crate::server::listen(&args.bind, p).await {
            Ok(l) => Some(l),
            Err(e) => {
                eprintln!(
                    "catan host: cannot listen for SSH on {}:{p}: {e}{}",
                    args.bind,
                    if e.kind() == std::io::ErrorKind::AddrInUse {
                        " (an SSH server runs there? try --ssh 2223)"
                    } else {
                        ""
                    }
                );
                return Ok(ExitCode::from(2));
            }
        },
        None => None,
    };
    let transport = crate::transport::HostTransport::new(&key, args.insecure)?;
    let host = RunningHost::start_serving(listener, table, Default::default(), transport)?;
    let ssh_port = match &ssh_listener {
        Some(l) => Some(l.local_addr()?.port()),
        None => None,
    };
    let ssh_lines: Vec<String> = ssh_port
        .map(|p| {
            lan_addresses(&args.bind, port)
                .iter()
                .map(|a| {
                    let host = a.rsplit_once(':').map_or(a.as_str(), |(h, _)| h);
                    crate::discovery::ssh_command(p, host.trim_matches(['[', ']']))
                })
                .collect()
        })
        .unwrap_or_default();
    let _ssh = match ssh_listener {
        Some(l) => Some(crate::ssh::SshServer::start(
            l,
            host.handle.clone(),
            &key,
            crate::ssh::SshOptions {
                max_sessions: args.ssh_max_sessions.unwrap_or(crate::ssh::MAX_SESSIONS),
                notes: ssh_lines.clone(),
                password: args.password.clone(),
                keys_file: save.as_deref().map(crate::ssh::identity::keys_file_for),
                ..Default::default()
            },
        )?),
        None => None,
    };
    let key_line = format!("{}\nplayers see this key when they join", host.fingerprint);
    // CATAN_NO_ADVERTISE=1 keeps test and CI hosts off the LAN.
    let quiet = std::env::var_os("CATAN_NO_ADVERTISE").is_some_and(|v| v == "1");
    let advert = if args.no_advertise || quiet {
        None
    } else {
        Some(advertise(
            &host,
            &game_name,
            &variant,
            &args.bind,
            port,
            ssh_port,
            args.password.is_some(),
        ))
    };
    let addrs = lan_addresses(&args.bind, port);
    println!(
        "Hosting a {variant} game for {seats} seats ({}).",
        crate::rules::words::count(bots as u64, "bot")
    );
    println!("Players join with:");
    for a in &addrs {
        println!("    catan join {a}");
    }
    if !ssh_lines.is_empty() {
        println!("or, with nothing installed (NAME: their name; watch: to spectate):");
        for l in &ssh_lines {
            println!("    {l}");
        }
    }
    let mut notes: Vec<String> = addrs.iter().map(|a| format!("catan join {a}")).collect();
    notes.extend(ssh_lines.iter().cloned());
    if args.password.is_some() {
        println!(
            "A private table: players and spectators need the password (catan join --password, or CATAN_PASSWORD; ssh asks for it)."
        );
        notes.push("a private table: joining takes the password".into());
    }
    println!(
        "Host key: {} (players see it when they join: it should match)",
        host.fingerprint
    );
    if args.insecure {
        println!(
            "--insecure: clients that do not encrypt are let in too; their tokens and hands cross the network in the clear."
        );
    }
    let code = if hall {
        // The hall display: this terminal watches the game (public information only) and,
        // as the host's own terminal, can start it from the lobby.
        let (tx, rx) = host.handle.connect_local(true).await;
        tx.send(crate::proto::ClientMsg::Hello {
            version: crate::proto::PROTOCOL_VERSION,
            name: "hall".into(),
            token: None,
            watch: true,
            color: None,
            password: None,
        })
        .await?;
        let opts = super::play::PlayOptions {
            plain: false,
            bell: false,
            name: "hall".into(),
            notes: notes.clone(),
            hosting: true,
            saved: save.is_some(),
            host_key: Some(key_line.clone()),
        };
        super::play::play_with(tx, rx, opts).await?
    } else if args.headless {
        println!("Serving; Ctrl-C stops the host.");
        tokio::signal::ctrl_c().await?;
        ExitCode::SUCCESS
    } else {
        let (tx, rx) = host.handle.connect_local(true).await;
        let name = args.name.clone().unwrap_or_else(whoami);
        tx.send(crate::proto::ClientMsg::Hello {
            version: crate::proto::PROTOCOL_VERSION,
            name: name.clone(),
            token: own_token,
            watch: false,
            color: None,
            password: None,
        })
        .await?;
        let opts = super::play::PlayOptions {
            plain: args.plain,
            bell: args.bell,
            name,
            notes: notes.clone(),
            hosting: true,
            saved: save.is_some(),
            host_key: Some(key_line.clone()),
        };
        super::play::play_with(tx, rx, opts).await?
    };
    if let Some(a) = advert {
        a.abort();
        let _ = a.await;
    }
    let table = host.stop().await;
    if table.resumable()
        && let Some(path) = &save
    {
        println!(
            "The game is saved: `catan host --resume {}` brings everyone back to their seats.",
            path.display()
        );
    }
    Ok(code)
}

/// A new game, saved as it goes to `--save` or a file named after the game in the user's data
/// directory.
fn fresh(args: &HostArgs) -> Result<Prepared, String> {
    let setup = args.game.setup();
    let seed = setup.seed.unwrap_or_else(rand::random);
    let settings = setup.settings()?;
    let seats = args
        .seats
        .or_else(|| settings.fixed_seats())
        .unwrap_or_else(|| settings.default_seats());
    let game = Game::create(&settings, seats, seed)?;
    let bot_levels = BotKind::parse_list(&setup.bot_kind)?;
    if args.bots > seats {
        return Err(format!("{} bots do not fit in {seats} seats", args.bots));
    }
    let game_name = args
        .game_name
        .clone()
        .unwrap_or_else(|| format!("{}'s game", args.name.clone().unwrap_or_else(whoami)));
    let cfg = TableConfig {
        name: game_name.clone(),
        bots: args.bots,
        bot_kind: bot_levels[0],
        bot_budget: setup.bot_budget,
        bot_levels,
        bot_think_ms: (setup.bot_think_secs * 1000.0) as u64,
        away_ms: args.away_secs * 1000,
        start_after_ms: args.start_after_secs.map(|s| s * 1000),
        seed,
        password: args.password.clone(),
        hints: args.hints.policy(),
        ..TableConfig::default()
    };
    let header = Header {
        game: Some(game_name.clone()),
        ..Header::new(
            &GameSetup {
                seed: Some(seed),
                ..setup.clone()
            },
            seats,
            seed,
            Vec::new(),
        )
    };
    let mut table = Table::new(game, cfg);
    let header = Header {
        id: Some(table.game_id().to_string()),
        ..header
    };
    table = table.with_coach(super::coach::catan_coach(header.clone()));
    let path = match &args.save {
        Some(p) => Some(p.clone()),
        None => crate::datadir::data_dir()
            .map(|d| crate::datadir::new_save_path(&d.join("saves"), &game_name)),
    };
    let mut saved = None;
    match path {
        Some(path) => {
            let save = SaveWriter::create(&path, header)
                .map_err(|e| format!("cannot write the save file {}: {e}", path.display()))?;
            match save.problem() {
                Some(problem) => println!("Warning: {problem}. Players are told."),
                None => println!(
                    "Saving to {} (after a crash: catan host --resume {}).",
                    path.display(),
                    path.display()
                ),
            }
            table.save_to(save);
            saved = Some(path);
        }
        None => eprintln!(
            "catan host: no data directory (HOME is not set) and no --save: this game is not saved"
        ),
    }
    Ok(Prepared {
        table,
        seats,
        bots: args.bots,
        game_name,
        variant: setup.variant.clone(),
        own_token: None,
        save: saved,
    })
}

/// A game resumed from its save: the save's settings and seed, its commands replayed, and its
/// seats waiting for their players' tokens. The save goes on growing (or is copied to
/// `--save` first).
fn resume(args: &HostArgs, path: &std::path::Path) -> Result<Prepared, String> {
    let shown = path.display();
    let record::Loaded {
        header,
        entries,
        game,
        events,
        torn_line,
    } = record::load(path).map_err(|e| format!("cannot resume {shown}: {e}"))?;
    if let Some(line) = torn_line {
        println!(
            "The last line of {shown} (line {line}) was cut short when it was written (a full disk or a power cut); it is dropped, and everything before it is kept."
        );
    }
    if game.outcome().is_some() {
        return Err(format!(
            "the game in {shown} is over; `catan replay {shown}` shows it"
        ));
    }
    let bot_levels = BotKind::parse_list(&header.args.bot_kind)?;
    let game_name = args
        .game_name
        .clone()
        .or(header.game.clone())
        .unwrap_or_else(|| {
            path.file_stem()
                .map(|s| s.to_string_lossy().replace('-', " "))
                .unwrap_or_else(|| "catan".into())
        });
    let seats = saved_seats(header.seats, &entries);
    let me = args.name.clone().unwrap_or_else(whoami);
    let own_token = (!args.headless)
        .then(|| {
            seats
                .iter()
                .find(|s| !s.bot && s.name.eq_ignore_ascii_case(&me))
                .map(|s| s.token.clone())
        })
        .flatten();
    let bots = seats.iter().filter(|s| s.bot).count();
    let cfg = TableConfig {
        name: game_name.clone(),
        bots: 0,
        bot_kind: bot_levels[0],
        bot_budget: header.args.bot_budget,
        bot_levels,
        bot_think_ms: (header.args.bot_think_secs * 1000.0) as u64,
        away_ms: args.away_secs * 1000,
        start_after_ms: None,
        seed: header.seed,
        // The same game: its players' tokens are filed under this identity.
        game_id: header.id.clone(),
        // Not kept in the save: a resumed table is private when --password is given again.
        password: args.password.clone(),
        hints: args.hints.policy(),
        ..TableConfig::default()
    };
    let target = args.save.clone().unwrap_or_else(|| path.to_path_buf());
    let save = SaveWriter::resume(&target, &header, &entries)
        .map_err(|e| format!("cannot write the save file {}: {e}", target.display()))?;
    if let Some(problem) = save.problem() {
        println!("Warning: {problem}. Players are told.");
    }
    // The SSH keys' seats go with the save when it is copied to --save.
    let (keys_from, keys_to) = (
        crate::ssh::identity::keys_file_for(path),
        crate::ssh::identity::keys_file_for(&target),
    );
    if keys_from != keys_to
        && keys_from.exists()
        && let Err(e) = std::fs::copy(&keys_from, &keys_to)
    {
        println!(
            "Warning: cannot copy the SSH keys' seats to {} ({e}): SSH keys sit down anew.",
            keys_to.display()
        );
    }
    println!(
        "Resuming {shown}: {} steps replayed; players join again to take back their seats (saving to {}).",
        entries.len(),
        target.display()
    );
    let n = header.seats;
    let variant = header.args.variant.clone();
    // The end-of-game summary covers the whole game, the part before the save too.
    let (recap, _) = crate::recap::recorder_of(&header, &entries)
        .map_err(|e| format!("cannot resume {shown}: {e}"))?;
    let mut table = Table::resume(game, cfg, seats, entries, events)
        .with_coach(super::coach::catan_coach(header.clone()));
    table.resume_recap(recap);
    table.save_to(save);
    Ok(Prepared {
        table,
        seats: n,
        bots,
        game_name,
        variant,
        own_token,
        save: Some(target),
    })
}

/// The user's login name, for a default player name.
pub fn whoami() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok()
        .filter(|s| !s.is_empty())
        .map(|s| {
            let mut c = s.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or(s)
        })
        .unwrap_or_else(|| "Player".into())
}

/// Announces the game on the LAN and keeps the announcement current as seats fill; the
/// announcement is withdrawn when the task is aborted (the host stops).
fn advertise(
    host: &RunningHost,
    name: &str,
    variant: &str,
    bind: &str,
    port: u16,
    ssh_port: Option<u16>,
    private: bool,
) -> tokio::task::JoinHandle<()> {
    use crate::discovery::{Advertiser, GameAd};
    let mut status = host.handle.status.clone();
    let name = name.to_string();
    let variant = variant.to_string();
    let bind_ip: Option<std::net::IpAddr> = bind
        .parse()
        .ok()
        .filter(|ip: &std::net::IpAddr| !ip.is_unspecified());
    tokio::spawn(async move {
        let ad = |st: crate::server::table::TableStatus| GameAd {
            name: name.clone(),
            variant: variant.clone(),
            seats_taken: st.taken,
            seats_free: st.open,
            running: st.running,
            ssh_port,
            private,
        };
        let first = ad(*status.borrow());
        let advertiser = match tokio::task::spawn_blocking(move || {
            Advertiser::start(&first, port, bind_ip)
        })
        .await
        {
            Ok(Ok(a)) => a,
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "not announcing the game on the LAN; players type the address");
                return;
            }
            Err(_) => return,
        };
        // Withdraw on abort: the guard's drop runs when the task is cancelled.
        struct Withdraw(Option<Advertiser>);
        impl Drop for Withdraw {
            fn drop(&mut self) {
                if let Some(a) = self.0.take() {
                    a.stop();
                }
            }
        }
        let guard = Withdraw(Some(advertiser));
        while status.changed().await.is_ok() {
            let st = *status.borrow();
            if let Some(a) = &guard.0 {
                a.update(&ad(st));
            }
        }
        drop(guard);
    })
}
