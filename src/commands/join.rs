//! `catan join ADDR`: play a seat (or watch) in a game hosted on the LAN.

use crate::cli::JoinArgs;
use crate::client::net::{Hello, RECONNECT_FOR, connect_lasting, with_port};
use crate::transport::Trust;
use std::process::ExitCode;

pub fn run(args: JoinArgs) -> anyhow::Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let code = rt.block_on(join(args));
    // The line mode's stdin reader is a blocking thread that would hold the exit until the
    // next line: once the game is over for this terminal, do not wait for it.
    rt.shutdown_background();
    code
}

async fn join(mut args: JoinArgs) -> anyhow::Result<ExitCode> {
    args.password = match crate::cli::password(args.password.take(), args.password_file.as_deref())
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("catan join: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let addr = match super::pick::target(args.addr.as_deref(), args.plain).await? {
        Some(a) => a,
        None => return Ok(ExitCode::from(2)),
    };
    let name = args.name.clone().unwrap_or_else(super::host::whoami);
    let hello = Hello {
        name: name.clone(),
        token: None,
        watch: args.watch,
        color: args.color.clone(),
        password: args.password.clone(),
    };
    // The seat's token is kept per game and name, so a player who drops (or runs `catan join`
    // again, even to a host resumed on another address) comes back to the same seat.
    let tokens = crate::datadir::Tokens::user();
    // The host's key is pinned per address on first use, in the data directory.
    let trust = if args.insecure {
        Ok(Trust::Plaintext)
    } else {
        Trust::user(args.accept_new_key)
    };
    let link = match trust {
        Ok(trust) => connect_lasting(&addr, hello, tokens, RECONNECT_FOR, trust).await,
        Err(e) => Err(e),
    };
    let link = match link {
        Ok(c) => c,
        Err(e) => {
            eprintln!("catan join: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    eprintln!("catan join: {}: {}", with_port(&addr), link.seen.describe());
    let opts = super::play::PlayOptions {
        plain: args.plain,
        bell: args.bell,
        name: name.clone(),
        notes: Vec::new(),
        hosting: false,
        saved: false,
        host_key: Some(link.seen.lobby_lines()),
    };
    let code = super::play::play_with(link.tx, link.rx, opts).await?;
    if !args.watch {
        // A seat is held for whoever leaves a running game: say how to take it back.
        eprintln!(
            "catan join: while the game runs, `catan join {} --name {}` takes you back to your seat.",
            with_port(&addr),
            shlex::try_quote(&name).unwrap_or_else(|_| name.as_str().into())
        );
    }
    Ok(code)
}
