//! Who a guest is. A seat taken over SSH belongs to the public key that took it: the host
//! keeps, for each key (by its SHA-256 fingerprint), the token of the seat it sat down in, and
//! says hello with that token whenever the key comes back, from any machine. A name that holds
//! a seat is never given to another key or to a guest without one (the table refuses a hello
//! that names a held seat without its token). A guest with no key gets a code instead, shown
//! once it is seated: typed at the login prompt, it takes the seat back (docs/ssh.md).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Who authenticated, as the SSH layer learnt it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identity {
    /// A public key proved by its signature: its fingerprint (`SHA256:…`).
    Key(String),
    /// No key (keyboard-interactive with nothing to prove), maybe with the code of a seat
    /// typed at the prompt.
    Keyless { code: Option<String> },
}

/// A key's seat: the token the host says hello with, and the name it sat down under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySeat {
    pub token: String,
    pub name: String,
    /// When the key last sat down, in bindings made: the oldest go first past
    /// [`MAX_BINDINGS`].
    pub seen: u64,
}

/// The most keys kept for a table: past it the tenth that sat down longest ago are dropped
/// (a key that comes back after that sits down anew), so a hall host that runs for weeks
/// keeps a bounded file and a bounded map.
pub const MAX_BINDINGS: usize = 65_536;

/// The seats' tokens by key, for this host's table. With a file (beside the game's save,
/// [`keys_file_for`]) every new binding is written there, readable by its owner only like the
/// save itself, so a host resumed from the save (`catan host --resume`) gives each key its seat
/// back.
#[derive(Debug, Default)]
pub struct Seats {
    by_key: Mutex<HashMap<String, KeySeat>>,
    file: Option<PathBuf>,
    /// The next binding's [`KeySeat::seen`].
    next: std::sync::atomic::AtomicU64,
}

/// The file beside a game's save that keeps its SSH keys' seats: `GAME.catan.ssh-keys`.
pub fn keys_file_for(save: &Path) -> PathBuf {
    let mut name = save.file_name().unwrap_or_default().to_os_string();
    name.push(".ssh-keys");
    save.with_file_name(name)
}

impl Seats {
    /// Bindings kept in `path`: those already there (a resumed game's), and every new one.
    /// A missing file is an empty one.
    pub fn kept_in(path: PathBuf) -> std::io::Result<Seats> {
        let mut by_key = HashMap::new();
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                for (seen, line) in text.lines().enumerate() {
                    // `FINGERPRINT TOKEN NAME` (the name may hold spaces).
                    let mut parts = line.splitn(3, ' ');
                    if let (Some(fp), Some(token), Some(name)) =
                        (parts.next(), parts.next(), parts.next())
                        && !fp.is_empty()
                        && !token.is_empty()
                    {
                        by_key.insert(
                            fp.to_string(),
                            KeySeat {
                                token: token.to_string(),
                                name: name.to_string(),
                                seen: seen as u64,
                            },
                        );
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let next = by_key.values().map(|s| s.seen + 1).max().unwrap_or(0);
        Ok(Seats {
            by_key: Mutex::new(by_key),
            file: Some(path),
            next: next.into(),
        })
    }

    /// The token to say hello with for `who`: the seat its key sat down in, or the code a
    /// keyless guest typed. `None`: a new seat.
    pub fn token_for(&self, who: &Identity) -> Option<String> {
        match who {
            Identity::Key(fp) => self.seat_of(fp).map(|s| s.token),
            Identity::Keyless { code } => code.clone(),
        }
    }

    /// The seat a key holds, if it sat down before.
    pub fn seat_of(&self, fingerprint: &str) -> Option<KeySeat> {
        self.by_key.lock().ok()?.get(fingerprint).cloned()
    }

    /// The host welcomed `who`, asking as `name`, to a seat with `token`: the key keeps it
    /// (under the name it sat down with; coming back under another name keeps the first).
    pub fn seated(&self, who: &Identity, token: &str, name: &str) {
        let Identity::Key(fp) = who else {
            return;
        };
        if token.is_empty() {
            return;
        }
        let Ok(mut m) = self.by_key.lock() else {
            return;
        };
        if m.get(fp).is_some_and(|s| s.token == token) {
            return;
        }
        let seen = self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        m.insert(
            fp.clone(),
            KeySeat {
                token: token.to_string(),
                name: name.replace(['\n', '\r'], " "),
                seen,
            },
        );
        prune(&mut m, MAX_BINDINGS);
        if let Some(path) = &self.file
            && let Err(e) = write_bindings(path, &m)
        {
            tracing::warn!(path = %path.display(), error = %e, "cannot keep the SSH keys' seats: after a restart those keys sit down anew");
        }
    }
}

/// Past `max` bindings, drops the tenth that sat down longest ago (rarely, so a crowd of
/// arrivals costs no more than one pass in `max / 10`).
fn prune(m: &mut HashMap<String, KeySeat>, max: usize) {
    if m.len() <= max {
        return;
    }
    let mut ages: Vec<u64> = m.values().map(|s| s.seen).collect();
    ages.sort_unstable();
    let keep = max - max / 10;
    let cut = ages[ages.len() - keep];
    m.retain(|_, s| s.seen >= cut);
}

/// Writes every binding to `path` whole (a fresh file renamed over the old one), readable by
/// its owner only: the tokens are the seats' secrets.
fn write_bindings(path: &Path, m: &HashMap<String, KeySeat>) -> std::io::Result<()> {
    use std::io::Write;
    let mut tmp = path.file_name().unwrap_or_default().to_os_string();
    tmp.push(".new");
    let tmp = path.with_file_name(tmp);
    let mut text = String::new();
    // Oldest first, so a reload keeps their order.
    let mut rows: Vec<(&String, &KeySeat)> = m.iter().collect();
    rows.sort_by_key(|(_, s)| s.seen);
    for (fp, s) in rows {
        text.push_str(&format!("{fp} {} {}\n", s.token, s.name));
    }
    let mut f = crate::datadir::owner_only()
        .create(true)
        .truncate(true)
        .open(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_data()?;
    drop(f);
    std::fs::rename(&tmp, path)
}

/// What an SSH guest is told when the name it asked for holds another's seat (the table says
/// [`crate::proto::ServerMsg::NameHeld`] to a hello without that seat's token).
pub fn name_held(name: &str, who: &Identity) -> String {
    match who {
        Identity::Key(_) => format!(
            "{name} is another key's seat here: use the key that sat down with it, or another name (ssh OTHER@…)"
        ),
        Identity::Keyless { code: Some(_) } => format!(
            "{name} holds a seat here and that code is not its code: type the code you were shown, or another name"
        ),
        Identity::Keyless { code: None } => format!(
            "{name} holds a seat here: to take yours back, type its code at the prompt (or use the key you sat down with); else another name"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_gets_its_seat_back_and_only_its_own() {
        let s = Seats::default();
        let a = Identity::Key("SHA256:a".into());
        let b = Identity::Key("SHA256:b".into());
        assert_eq!(s.token_for(&a), None);
        s.seated(&a, "tok-a", "ann");
        assert_eq!(s.token_for(&a).as_deref(), Some("tok-a"));
        assert_eq!(s.token_for(&b), None, "another key never gets a's token");
        // A spectator's welcome (empty token) changes nothing.
        s.seated(&a, "", "ann");
        assert_eq!(s.token_for(&a).as_deref(), Some("tok-a"));
        // Coming back under another name keeps the name it sat down with.
        s.seated(&a, "tok-a", "anna");
        assert_eq!(s.seat_of("SHA256:a").unwrap().name, "ann");
        // Keyless guests keep nothing: only the code they type counts.
        let k = Identity::Keyless { code: None };
        s.seated(&k, "tok-k", "kim");
        assert_eq!(s.token_for(&k), None);
        let kc = Identity::Keyless {
            code: Some("tok-k".into()),
        };
        assert_eq!(s.token_for(&kc).as_deref(), Some("tok-k"));
    }

    #[test]
    fn bindings_kept_in_a_file_come_back_and_are_the_owners_only() {
        let dir = std::env::temp_dir().join(format!("catan-ssh-keys-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = keys_file_for(&dir.join("game.catan"));
        assert_eq!(path, dir.join("game.catan.ssh-keys"));
        let s = Seats::kept_in(path.clone()).unwrap();
        let a = Identity::Key("SHA256:a".into());
        s.seated(&a, "tok-a", "ann lee");
        s.seated(&Identity::Key("SHA256:b".into()), "tok-b", "bob");
        drop(s);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the tokens are secrets");
        }
        let back = Seats::kept_in(path).unwrap();
        assert_eq!(
            back.seat_of("SHA256:a"),
            Some(KeySeat {
                token: "tok-a".into(),
                name: "ann lee".into(),
                seen: 0,
            })
        );
        assert_eq!(
            back.token_for(&Identity::Key("SHA256:b".into())).as_deref(),
            Some("tok-b")
        );
        assert_eq!(back.token_for(&Identity::Key("SHA256:c".into())), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn refusals_say_what_to_do() {
        let m = name_held("ann", &Identity::Key("SHA256:x".into()));
        assert!(m.contains("ann") && m.contains("another key"), "{m}");
        let m = name_held("ann", &Identity::Keyless { code: None });
        assert!(m.contains("code"), "{m}");
    }

    #[test]
    fn past_the_cap_the_keys_that_sat_down_longest_ago_are_dropped() {
        let mut m = HashMap::new();
        for i in 0..11u64 {
            m.insert(
                format!("SHA256:{i}"),
                KeySeat {
                    token: format!("t{i}"),
                    name: format!("n{i}"),
                    seen: i,
                },
            );
        }
        prune(&mut m, 10);
        assert_eq!(m.len(), 9, "down to nine tenths of the cap");
        assert!(!m.contains_key("SHA256:0") && !m.contains_key("SHA256:1"));
        assert!(m.contains_key("SHA256:10"), "the newest stays");
        let s = Seats::default();
        s.seated(&Identity::Key("SHA256:x".into()), "tx", "x");
        s.seated(&Identity::Key("SHA256:y".into()), "ty", "y");
        assert!(s.seat_of("SHA256:y").unwrap().seen > s.seat_of("SHA256:x").unwrap().seen);
    }
}
