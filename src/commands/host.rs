//! `catan host`: serve a game on TCP. The host's own terminal plays a seat unless
//! `--headless`.

use crate::bots::BotKind;
use crate::cli::HostArgs;
use crate::server::RunningHost;
use crate::server::table::{Table, TableConfig};
use crate::variants;
use std::process::ExitCode;
use tokio::net::TcpListener;

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

/// Sets up logging: to stderr for a headless host, quieter when a TUI shares the terminal.
pub fn init_logging(verbose: bool) {
    let default = if verbose { "info" } else { "warn" };
    let filter = tracing_subscriber::EnvFilter::try_from_env("CATAN_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
}

pub fn run(args: HostArgs) -> anyhow::Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(host(args))
}

async fn host(args: HostArgs) -> anyhow::Result<ExitCode> {
    init_logging(args.headless || args.plain);
    let seed = args.game.seed.unwrap_or_else(rand::random);
    let seats = args
        .seats
        .or_else(|| variants::fixed_seats(&args.game))
        .unwrap_or_else(|| variants::default_seats(args.game.variant));
    let game = match variants::create(&args.game, seats, seed) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("catan host: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let bot_kind = BotKind::parse(&args.game.bot_kind).map_err(anyhow::Error::msg)?;
    if args.bots > seats {
        eprintln!("catan host: {} bots do not fit in {seats} seats", args.bots);
        return Ok(ExitCode::from(2));
    }
    let cfg_name = args
        .game_name
        .clone()
        .unwrap_or_else(|| format!("{}'s game", args.name.clone().unwrap_or_else(whoami)));
    let cfg = TableConfig {
        name: cfg_name.clone(),
        bots: args.bots,
        bot_kind,
        bot_think_ms: (args.game.bot_think_secs * 1000.0) as u64,
        away_ms: args.away_secs * 1000,
        start_after_ms: args.start_after_secs.map(|s| s * 1000),
        seed,
        ..TableConfig::default()
    };
    let listener = match TcpListener::bind((args.bind.as_str(), args.port)).await {
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
    let port = listener.local_addr()?.port();
    let host = RunningHost::start(listener, Table::new(game, cfg))?;
    let game_name = cfg_name.clone();
    // CATAN_NO_ADVERTISE=1 keeps test and CI hosts off the LAN.
    let quiet = std::env::var_os("CATAN_NO_ADVERTISE").is_some_and(|v| v == "1");
    let advert = if args.no_advertise || quiet {
        None
    } else {
        Some(advertise(
            &host,
            &game_name,
            variants::variant_name(args.game.variant),
            &args.bind,
            port,
        ))
    };
    let addrs = lan_addresses(&args.bind, port);
    println!(
        "Hosting a {} game for {seats} seats ({} bots).",
        variants::variant_name(args.game.variant),
        args.bots
    );
    println!("Players join with:");
    for a in &addrs {
        println!("    catan join {a}");
    }
    let code = if args.headless {
        println!("Serving; Ctrl-C stops the host.");
        tokio::signal::ctrl_c().await?;
        ExitCode::SUCCESS
    } else {
        let (tx, rx) = host.handle.connect_local(true).await;
        let name = args.name.clone().unwrap_or_else(whoami);
        tx.send(crate::proto::ClientMsg::Hello {
            version: crate::proto::PROTOCOL_VERSION,
            name: name.clone(),
            token: None,
            watch: false,
            color: None,
        })
        .await?;
        let opts = super::play::PlayOptions {
            plain: args.plain,
            bell: args.bell,
            name,
            notes: addrs.iter().map(|a| format!("catan join {a}")).collect(),
            hosting: true,
        };
        super::play::play_with(tx, rx, opts).await?
    };
    if let Some(a) = advert {
        a.abort();
        let _ = a.await;
    }
    host.stop().await;
    Ok(code)
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
