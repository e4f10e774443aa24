//! `catan join ADDR`: play a seat (or watch) in a game hosted on the LAN.

use crate::cli::JoinArgs;
use crate::client::net::{Hello, connect};
use std::process::ExitCode;

pub fn run(args: JoinArgs) -> anyhow::Result<ExitCode> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(join(args))
}

async fn join(args: JoinArgs) -> anyhow::Result<ExitCode> {
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
    };
    let (tx, rx) = match connect(&addr, hello).await {
        Ok(c) => c,
        Err(e) => {
            eprintln!("catan join: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let opts = super::play::PlayOptions {
        plain: args.plain,
        bell: args.bell,
        name,
        notes: Vec::new(),
        hosting: false,
    };
    super::play::play_with(tx, rx, opts).await
}
