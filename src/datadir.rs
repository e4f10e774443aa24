//! Where catan keeps the user's own files: seat tokens (a player who drops comes back to their
//! seat, wherever the game is served from) and the host's saves. `CATAN_DATA_DIR` overrides the platform's place (tests use it).

use std::path::{Path, PathBuf};

/// The user's catan data directory: `$CATAN_DATA_DIR`, else the platform's data directory
/// (`$XDG_DATA_HOME/catan` or `~/.local/share/catan`; `~/Library/Application Support/catan`;
/// `%APPDATA%\catan`).
pub fn data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(d) = env("CATAN_DATA_DIR") {
        return Some(d);
    }
    if cfg!(windows) {
        return env("APPDATA").map(|d| d.join("catan"));
    }
    if cfg!(target_os = "macos") {
        return env("HOME").map(|h| h.join("Library/Application Support/catan"));
    }
    env("XDG_DATA_HOME")
        .filter(|d| d.is_absolute())
        .or_else(|| env("HOME").map(|h| h.join(".local/share")))
        .map(|d| d.join("catan"))
}

/// Options that write a file readable by its owner only (mode 0600 where there are modes):
/// tokens, saves and the host key are secrets. The caller adds create, truncate or create_new.
pub fn owner_only() -> std::fs::OpenOptions {
    let mut o = std::fs::OpenOptions::new();
    o.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o
}

/// A name made safe and readable as a file name: lower case letters, digits and dashes.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out
        .trim_end_matches('-')
        .chars()
        .take(60)
        .collect::<String>();
    if out.is_empty() { "game".into() } else { out }
}

/// A file name that stands for exactly one string: safe characters kept, others escaped.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b == b'.' || b == b'-' {
            out.push(b as char);
        } else {
            out.push_str(&format!("_{b:02x}"));
        }
    }
    out
}

/// A new save file named after the game in `dir`: `NAME.catan`, or `NAME-2.catan` and so on
/// when that exists (an older game stays resumable).
pub fn new_save_path(dir: &Path, game_name: &str) -> PathBuf {
    let base = slug(game_name);
    let mut path = dir.join(format!("{base}.catan"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}.catan"));
        n += 1;
    }
    path
}

/// Seat tokens a client was given, one small file per game and player name, so that joining
/// the same game under the same name again takes back the same seat. They are filed under the
/// game's identity ([`crate::proto::GameInfo::id`]), not the host's address: a host resumed
/// from its save on another port or address serves the same game, and a token is only ever
/// shown to a host that has said it serves the game the token is filed under.
#[derive(Clone, Debug)]
pub struct Tokens {
    dir: PathBuf,
}

impl Tokens {
    /// Tokens kept in `dir`.
    pub fn at(dir: PathBuf) -> Tokens {
        Tokens { dir }
    }

    /// Tokens in the user's data directory.
    pub fn user() -> Option<Tokens> {
        data_dir().map(|d| Tokens::at(d.join("tokens")))
    }

    fn file(&self, game: &str, name: &str) -> PathBuf {
        let name = name.trim().to_lowercase();
        self.dir
            .join(format!("{}@{}.token", escape(&name), escape(game)))
    }

    /// Whether `game` can be a game's identity (hosts make 32 hex digits): anything else a
    /// host says names no file.
    fn plausible(game: &str) -> bool {
        (1..=64).contains(&game.len()) && game.bytes().all(|b| b.is_ascii_hexdigit())
    }

    /// The token last given to `name` in the game whose identity is `game`.
    pub fn load(&self, game: &str, name: &str) -> Option<String> {
        if !Tokens::plausible(game) {
            return None;
        }
        let t = std::fs::read_to_string(self.file(game, name)).ok()?;
        let t = t.trim();
        (!t.is_empty() && t.len() <= 128 && t.chars().all(|c| c.is_ascii_hexdigit()))
            .then(|| t.to_string())
    }

    /// Keeps the token `name` was given in the game `game` (readable by the user only).
    pub fn save(&self, game: &str, name: &str, token: &str) -> std::io::Result<()> {
        if !Tokens::plausible(game) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "the host's game identity is not 1 to 64 hex digits",
            ));
        }
        std::fs::create_dir_all(&self.dir)?;
        let path = self.file(game, name);
        let tmp = path.with_extension("tmp");
        {
            use std::io::Write;
            let mut f = owner_only().create(true).truncate(true).open(&tmp)?;
            f.write_all(token.as_bytes())?;
        }
        std::fs::rename(tmp, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_escapes() {
        assert_eq!(slug("Ann's game"), "ann-s-game");
        assert_eq!(slug("!!!"), "game");
        assert_eq!(escape("127.0.0.1:7878"), "127.0.0.1_3a7878");
        assert_ne!(escape("a b"), escape("a_b"));
    }

    #[test]
    fn tokens_are_kept_per_game_and_name() {
        let dir = std::env::temp_dir().join(format!("catan-tokens-{}", std::process::id()));
        let t = Tokens::at(dir.clone());
        let (g1, g2) = ("9f0c1d2e3a4b5c6d", "0123456789abcdef");
        assert_eq!(t.load(g1, "Ann"), None);
        t.save(g1, "Ann", "00ff").unwrap();
        assert_eq!(t.load(g1, "ann"), Some("00ff".into()));
        assert_eq!(t.load(g1, " Ann "), Some("00ff".into()));
        assert_eq!(t.load(g2, "Ann"), None, "another game's seat");
        assert_eq!(t.load(g1, "Bob"), None);
        t.save(g2, "Ann", "abcd").unwrap();
        assert_eq!(t.load(g2, "Ann"), Some("abcd".into()));
        assert_eq!(
            t.load(g1, "Ann"),
            Some("00ff".into()),
            "each game keeps its own"
        );
        t.save(g1, "Ann", "beef").unwrap();
        assert_eq!(t.load(g1, "Ann"), Some("beef".into()));
        std::fs::write(t.file(g1, "Eve"), "not a token").unwrap();
        assert_eq!(t.load(g1, "Eve"), None);
        // What a hostile host says is a game's identity names no file.
        assert!(t.save("../../x", "Ann", "ab").is_err());
        assert!(t.save(&"a".repeat(65), "Ann", "ab").is_err());
        assert_eq!(t.load("../../x", "Ann"), None);
        assert_eq!(t.load("", "Ann"), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn save_paths_do_not_overwrite() {
        let dir = std::env::temp_dir().join(format!("catan-saves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = new_save_path(&dir, "Ann's game");
        assert!(a.ends_with("ann-s-game.catan"));
        std::fs::write(&a, "").unwrap();
        assert!(new_save_path(&dir, "Ann's game").ends_with("ann-s-game-2.catan"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
