//! Finding games on the LAN with nothing to type: DNS-SD over multicast DNS (service
//! `_catan._tcp`), through the maintained `mdns-sd` crate.
//!
//! A host announces one service instance per game. Its TXT record carries the protocol
//! version, the variant, the game's name, seats taken and free, whether it is running, and the
//! SSH port when the host serves the game over SSH (`catan host --ssh`), and `private=yes` when
//! joining takes a password (`catan host --password`); it
//! is re-announced as seats fill and withdrawn when the host stops. `catan games` browses for a
//! second or two and lists what answered, incompatible versions included (marked as such).

use crate::proto::PROTOCOL_VERSION;
use mdns_sd::{IfKind, ServiceDaemon, ServiceEvent, ServiceInfo};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

/// The DNS-SD service type.
pub const SERVICE: &str = "_catan._tcp.local.";

/// What a host announces about its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAd {
    pub name: String,
    pub variant: String,
    pub seats_taken: usize,
    pub seats_free: usize,
    pub running: bool,
    /// The port of the host's SSH server, when it runs one.
    pub ssh_port: Option<u16>,
    /// Joining takes a password (`catan host --password`).
    pub private: bool,
}

impl GameAd {
    fn txt(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![
            ("version", PROTOCOL_VERSION.to_string()),
            ("variant", self.variant.clone()),
            ("name", self.name.clone()),
            ("taken", self.seats_taken.to_string()),
            ("free", self.seats_free.to_string()),
            (
                "running",
                if self.running { "yes" } else { "no" }.to_string(),
            ),
        ];
        if let Some(p) = self.ssh_port {
            v.push(("ssh", p.to_string()));
        }
        if self.private {
            v.push(("private", "yes".into()));
        }
        v
    }
}

/// A game found on the LAN.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FoundGame {
    pub name: String,
    pub variant: String,
    pub version: u32,
    /// Whether this client speaks the game's protocol.
    pub compatible: bool,
    pub seats_taken: usize,
    pub seats_free: usize,
    pub running: bool,
    /// Where to connect, best first (IPv4 before IPv6).
    pub addrs: Vec<SocketAddr>,
    /// The host's SSH port, when it serves the game over SSH.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ssh_port: Option<u16>,
    /// Joining takes the table's password (`catan join --password`).
    pub private: bool,
}

impl FoundGame {
    /// The command a guest types to play this game over SSH, when the host serves it so.
    pub fn ssh_line(&self) -> Option<String> {
        let port = self.ssh_port?;
        let ip = self.addrs.first()?.ip();
        Some(ssh_command(port, &ip.to_string()))
    }

    /// One line for `catan games`.
    pub fn line(&self) -> String {
        format!(
            "{:<24} {:<12} {} free of {}{}{}  {}{}{}",
            self.name,
            self.variant,
            self.seats_free,
            self.seats_free + self.seats_taken,
            if self.running { ", running" } else { "" },
            if self.private {
                ", private (--password)"
            } else {
                ""
            },
            self.addrs
                .first()
                .map(|a| a.to_string())
                .unwrap_or_default(),
            self.ssh_line()
                .map(|l| format!("  or: {l}"))
                .unwrap_or_default(),
            if self.compatible {
                String::new()
            } else {
                format!("  (protocol {}: needs another catan version)", self.version)
            }
        )
    }
}

/// What a guest types to play over SSH at `host` (an address or a name) on `port`: `NAME` is
/// the name they sit down with (`watch` spectates).
pub fn ssh_command(port: u16, host: &str) -> String {
    if port == 22 {
        format!("ssh NAME@{host}")
    } else {
        format!("ssh -p {port} NAME@{host}")
    }
}

/// A running announcement; dropped or stopped, it is withdrawn.
pub struct Advertiser {
    daemon: ServiceDaemon,
    fullname: String,
    instance: String,
    host: String,
    port: u16,
    bind: Option<IpAddr>,
}

fn host_name() -> String {
    let h = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or_else(|| format!("catan-{}", std::process::id()));
    format!("{h}.local.")
}

impl Advertiser {
    /// Announces a game served on `port`. With `bind` set to one address, only that address
    /// is announced, on its interface only.
    pub fn start(ad: &GameAd, port: u16, bind: Option<IpAddr>) -> Result<Advertiser, String> {
        let daemon = ServiceDaemon::new().map_err(|e| format!("cannot start mDNS: {e}"))?;
        if let Some(ip) = bind {
            // Announce on the bound interface alone.
            let _ = daemon.disable_interface(IfKind::All);
            let _ = daemon.enable_interface(IfKind::Addr(ip));
        }
        // Instance names must be unique on the LAN: the game's name plus this process.
        let instance = format!("{} ({})", ad.name, std::process::id());
        let a = Advertiser {
            fullname: String::new(),
            daemon,
            instance,
            host: host_name(),
            port,
            bind,
        };
        a.register(ad).map(|fullname| Advertiser { fullname, ..a })
    }

    fn register(&self, ad: &GameAd) -> Result<String, String> {
        let props: Vec<(&str, String)> = ad.txt();
        let info = match self.bind {
            Some(ip) => ServiceInfo::new(
                SERVICE,
                &self.instance,
                &self.host,
                ip,
                self.port,
                &props[..],
            ),
            None => ServiceInfo::new(
                SERVICE,
                &self.instance,
                &self.host,
                "",
                self.port,
                &props[..],
            )
            .map(|i| i.enable_addr_auto()),
        }
        .map_err(|e| format!("bad announcement: {e}"))?;
        let fullname = info.get_fullname().to_string();
        self.daemon
            .register(info)
            .map_err(|e| format!("cannot announce the game: {e}"))?;
        Ok(fullname)
    }

    /// Re-announces with new details (seats filled, game started).
    pub fn update(&self, ad: &GameAd) {
        if let Err(e) = self.register(ad) {
            tracing::warn!(error = %e, "could not update the LAN announcement");
        }
    }

    /// Withdraws the announcement and waits briefly for the goodbye to go out.
    pub fn stop(self) {
        if let Ok(rx) = self.daemon.unregister(&self.fullname) {
            let _ = rx.recv_timeout(Duration::from_secs(1));
        }
        if let Ok(rx) = self.daemon.shutdown() {
            let _ = rx.recv_timeout(Duration::from_secs(1));
        }
    }
}

/// Listens for games for `wait` and returns what answered, sorted by name.
pub fn browse(wait: Duration) -> Result<Vec<FoundGame>, String> {
    let daemon = ServiceDaemon::new().map_err(|e| format!("cannot start mDNS: {e}"))?;
    let rx = daemon
        .browse(SERVICE)
        .map_err(|e| format!("cannot browse: {e}"))?;
    let end = Instant::now() + wait;
    let mut found: BTreeMap<String, FoundGame> = BTreeMap::new();
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(ServiceEvent::ServiceResolved(info)) => {
                let get = |k: &str| info.get_property_val_str(k).unwrap_or("").to_string();
                let version: u32 = get("version").parse().unwrap_or(0);
                let mut addrs: Vec<SocketAddr> = info
                    .get_addresses()
                    .iter()
                    .map(|a| SocketAddr::new(a.to_ip_addr(), info.get_port()))
                    .collect();
                addrs.sort_by_key(|a| (a.is_ipv6(), a.ip().is_loopback(), *a));
                found.insert(
                    info.get_fullname().to_string(),
                    FoundGame {
                        name: get("name"),
                        variant: get("variant"),
                        version,
                        compatible: version == PROTOCOL_VERSION,
                        seats_taken: get("taken").parse().unwrap_or(0),
                        seats_free: get("free").parse().unwrap_or(0),
                        running: get("running") == "yes",
                        addrs,
                        ssh_port: get("ssh").parse().ok(),
                        private: get("private") == "yes",
                    },
                );
            }
            Ok(ServiceEvent::ServiceRemoved(_, fullname)) => {
                found.remove(&fullname);
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let _ = daemon.stop_browse(SERVICE);
    if let Ok(rx) = daemon.shutdown() {
        let _ = rx.recv_timeout(Duration::from_millis(500));
    }
    let mut v: Vec<FoundGame> = found.into_values().collect();
    v.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(v)
}

/// What to tell a player when nothing was found.
pub const NOTHING_FOUND: &str = "no games found on the LAN. Some networks (guest Wi-Fi, some \
routers) block multicast: ask the host for the address it prints and run `catan join ADDRESS`.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ssh_port_is_announced_and_shown() {
        let ad = GameAd {
            name: "g".into(),
            variant: "base".into(),
            seats_taken: 1,
            seats_free: 3,
            running: false,
            ssh_port: Some(2222),
            private: false,
        };
        assert!(ad.txt().contains(&("ssh", "2222".to_string())));
        let none = GameAd {
            ssh_port: None,
            ..ad.clone()
        };
        assert!(none.txt().iter().all(|(k, _)| *k != "ssh"));
        let found = FoundGame {
            name: "g".into(),
            variant: "base".into(),
            version: PROTOCOL_VERSION,
            compatible: true,
            seats_taken: 1,
            seats_free: 3,
            running: false,
            addrs: vec!["192.168.1.5:7878".parse().unwrap()],
            ssh_port: Some(2222),
            private: false,
        };
        assert_eq!(
            found.ssh_line().as_deref(),
            Some("ssh -p 2222 NAME@192.168.1.5")
        );
        assert!(
            found.line().contains("or: ssh -p 2222 NAME@192.168.1.5"),
            "{}",
            found.line()
        );
        let json = serde_json::to_string(&found).unwrap();
        assert!(json.contains("\"ssh_port\":2222"), "{json}");
        assert_eq!(ssh_command(22, "h"), "ssh NAME@h");
    }

    #[test]
    fn a_private_table_says_so_on_the_lan() {
        let ad = GameAd {
            name: "g".into(),
            variant: "base".into(),
            seats_taken: 0,
            seats_free: 4,
            running: false,
            ssh_port: None,
            private: true,
        };
        assert!(ad.txt().contains(&("private", "yes".to_string())));
        let open = GameAd {
            private: false,
            ..ad.clone()
        };
        assert!(open.txt().iter().all(|(k, _)| *k != "private"));
        let found = FoundGame {
            name: "g".into(),
            variant: "base".into(),
            version: PROTOCOL_VERSION,
            compatible: true,
            seats_taken: 0,
            seats_free: 4,
            running: false,
            addrs: vec!["192.168.1.5:7878".parse().unwrap()],
            ssh_port: None,
            private: true,
        };
        assert!(
            found.line().contains("private (--password)"),
            "{}",
            found.line()
        );
        let json = serde_json::to_string(&found).unwrap();
        assert!(json.contains("\"private\":true"), "{json}");
    }
}
