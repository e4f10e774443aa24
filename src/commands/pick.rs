//! Which host `catan join` connects to: an address as given, a game's advertised name, or a
//! game chosen from those found on the LAN (a picker in the TUI, a numbered list in `--plain`).

use crate::discovery::{FoundGame, NOTHING_FOUND, browse};
use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

/// Whether the text is an address rather than a game's name.
pub fn looks_like_address(s: &str) -> bool {
    s.contains(':') || s.parse::<std::net::IpAddr>().is_ok() || s.contains('.') && !s.contains(' ')
}

/// Finds an advertised game by name (case-insensitive; a unique prefix will do).
pub fn by_name<'a>(games: &'a [FoundGame], name: &str) -> Result<&'a FoundGame, String> {
    let lower = name.to_lowercase();
    if let Some(g) = games.iter().find(|g| g.name.to_lowercase() == lower) {
        return Ok(g);
    }
    let hits: Vec<&FoundGame> = games
        .iter()
        .filter(|g| g.name.to_lowercase().starts_with(&lower))
        .collect();
    match hits.as_slice() {
        [one] => Ok(one),
        [] => Err(format!("no game called `{name}` on the LAN")),
        many => Err(format!(
            "`{name}` could be {}",
            many.iter()
                .map(|g| format!("`{}`", g.name))
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

fn address_of(g: &FoundGame) -> Result<String, String> {
    if !g.compatible {
        return Err(format!(
            "`{}` runs protocol {}, this catan speaks {}: use the host's catan version",
            g.name,
            g.version,
            crate::proto::PROTOCOL_VERSION
        ));
    }
    g.addrs
        .first()
        .map(|a| a.to_string())
        .ok_or_else(|| format!("`{}` announced no address", g.name))
}

/// The address to connect to, or `None` after explaining why there is none.
pub async fn target(given: Option<&str>, plain: bool) -> anyhow::Result<Option<String>> {
    match given {
        Some(a) if looks_like_address(a) => Ok(Some(a.to_string())),
        Some(name) => {
            let games = tokio::task::spawn_blocking(|| browse(Duration::from_secs(2))).await?;
            let games = games.unwrap_or_default();
            match by_name(&games, name).and_then(address_of) {
                Ok(a) => Ok(Some(a)),
                // Perhaps a host name after all.
                Err(_) if !name.contains(' ') => Ok(Some(name.to_string())),
                Err(e) => {
                    eprintln!("catan join: {e}");
                    Ok(None)
                }
            }
        }
        None if plain || !std::io::stdout().is_terminal() => {
            let games = tokio::task::spawn_blocking(|| browse(Duration::from_secs(2)))
                .await?
                .unwrap_or_default();
            if games.is_empty() {
                eprintln!("catan join: {NOTHING_FOUND}");
                return Ok(None);
            }
            for (i, g) in games.iter().enumerate() {
                println!("{}. {}", i + 1, g.line());
            }
            print!("join which? (number, or an address) ");
            std::io::stdout().flush()?;
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line)?;
            let line = line.trim();
            match line.parse::<usize>() {
                Ok(n) if (1..=games.len()).contains(&n) => match address_of(&games[n - 1]) {
                    Ok(a) => Ok(Some(a)),
                    Err(e) => {
                        eprintln!("catan join: {e}");
                        Ok(None)
                    }
                },
                _ if !line.is_empty() => Ok(Some(line.to_string())),
                _ => Ok(None),
            }
        }
        None => match tokio::task::spawn_blocking(crate::tui::picker::run).await?? {
            crate::tui::picker::Picked::Address(a) => Ok(Some(a)),
            crate::tui::picker::Picked::Quit => Ok(None),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> FoundGame {
        FoundGame {
            name: name.into(),
            variant: "base".into(),
            version: crate::proto::PROTOCOL_VERSION,
            compatible: true,
            seats_taken: 0,
            seats_free: 4,
            running: false,
            addrs: vec!["10.0.0.1:7878".parse().unwrap()],
            ssh_port: None,
            private: false,
        }
    }

    #[test]
    fn names_and_addresses_are_told_apart() {
        assert!(looks_like_address("192.168.1.2"));
        assert!(looks_like_address("host:7878"));
        assert!(looks_like_address("::1"));
        assert!(!looks_like_address("Friday night"));
        assert!(!looks_like_address("annsgame"));
        let games = vec![game("Friday night"), game("Friday lunch"), game("Ann")];
        assert_eq!(
            by_name(&games, "friday NIGHT").unwrap().name,
            "Friday night"
        );
        assert_eq!(by_name(&games, "an").unwrap().name, "Ann");
        assert!(by_name(&games, "fri").unwrap_err().contains("could be"));
        assert!(by_name(&games, "zzz").is_err());
    }
}
