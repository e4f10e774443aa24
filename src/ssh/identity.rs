//! Who a guest is. A seat taken over SSH belongs to the public key that took it: the host
//! keeps, for each key (by its SHA-256 fingerprint), the token of the seat it sat down in, and
//! says hello with that token whenever the key comes back, from any machine. A name that holds
//! a seat is never given to another key or to a guest without one (the table refuses a hello
//! that names a held seat without its token). A guest with no key gets a code instead, shown
//! once it is seated: typed at the login prompt, it takes the seat back (docs/ssh.md).

use std::collections::HashMap;
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

/// The seats' tokens by key, for this host's table.
#[derive(Debug, Default)]
pub struct Seats {
    by_key: Mutex<HashMap<String, String>>,
}

impl Seats {
    /// The token to say hello with for `who`: the seat its key sat down in, or the code a
    /// keyless guest typed. `None`: a new seat.
    pub fn token_for(&self, who: &Identity) -> Option<String> {
        match who {
            Identity::Key(fp) => self.by_key.lock().ok()?.get(fp).cloned(),
            Identity::Keyless { code } => code.clone(),
        }
    }

    /// The host welcomed `who` to a seat with `token`: the key keeps it.
    pub fn seated(&self, who: &Identity, token: &str) {
        if let Identity::Key(fp) = who
            && !token.is_empty()
            && let Ok(mut m) = self.by_key.lock()
        {
            m.insert(fp.clone(), token.to_string());
        }
    }
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
        s.seated(&a, "tok-a");
        assert_eq!(s.token_for(&a).as_deref(), Some("tok-a"));
        assert_eq!(s.token_for(&b), None, "another key never gets a's token");
        // A spectator's welcome (empty token) changes nothing.
        s.seated(&a, "");
        assert_eq!(s.token_for(&a).as_deref(), Some("tok-a"));
        // Keyless guests keep nothing: only the code they type counts.
        let k = Identity::Keyless { code: None };
        s.seated(&k, "tok-k");
        assert_eq!(s.token_for(&k), None);
        let kc = Identity::Keyless {
            code: Some("tok-k".into()),
        };
        assert_eq!(s.token_for(&kc).as_deref(), Some("tok-k"));
    }

    #[test]
    fn refusals_say_what_to_do() {
        let m = name_held("ann", &Identity::Key("SHA256:x".into()));
        assert!(m.contains("ann") && m.contains("another key"), "{m}");
        let m = name_held("ann", &Identity::Keyless { code: None });
        assert!(m.contains("code"), "{m}");
    }
}
