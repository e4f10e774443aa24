//! The host's own key: one ed25519 key, made once and kept in the data directory, that proves
//! to players that they reach the same host as last time. TCP play is encrypted with TLS under
//! it ([`crate::transport`]), and the SSH server (issue 20) is meant to serve under the same
//! key, so players compare one fingerprint whichever way they join.
//!
//! The key is kept in OpenSSH's private key format (`host_ed25519_key`, like sshd's
//! `ssh_host_ed25519_key`) so that an SSH server crate reads it as it is, and its fingerprint
//! is written as OpenSSH writes it (`SHA256:` and unpadded base64 of the SHA-256 of the key's
//! SSH encoding): what `ssh` prints on first contact and what `ssh-keygen -lf` prints.

use anyhow::Context;
use ed25519_dalek::pkcs8::{DecodePublicKey, EncodePrivateKey};
use ssh_key::private::{Ed25519Keypair, KeypairData};
use ssh_key::{HashAlg, LineEnding, PrivateKey, PublicKey};
use std::path::{Path, PathBuf};

/// The file name of the host key in the data directory.
pub const FILE: &str = "host_ed25519_key";

/// The host's ed25519 key pair.
#[derive(Clone)]
pub struct HostKey {
    pair: Ed25519Keypair,
}

impl std::fmt::Debug for HostKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private half, even in a debug print.
        write!(f, "HostKey({})", self.fingerprint())
    }
}

impl HostKey {
    /// A new random key, kept nowhere: for tests, benchmarks and hosts that were given no
    /// data directory.
    pub fn generate() -> anyhow::Result<HostKey> {
        use ring::rand::SecureRandom;
        let mut seed = [0u8; 32];
        ring::rand::SystemRandom::new()
            .fill(&mut seed)
            .map_err(|_| anyhow::anyhow!("the system's random number generator failed"))?;
        Ok(HostKey {
            pair: Ed25519Keypair::from_seed(&seed),
        })
    }

    /// Where the user's host key lives: `host_ed25519_key` in the data directory.
    pub fn user_path() -> Option<PathBuf> {
        crate::datadir::data_dir().map(|d| d.join(FILE))
    }

    /// The key at `path`, made there (readable by the user only) when there is none yet.
    /// A key file that others can read is made private again, as a save file is.
    pub fn load_or_create(path: &Path) -> anyhow::Result<HostKey> {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                let key = PrivateKey::from_openssh(text.as_bytes()).with_context(|| {
                    format!(
                        "{} is not an OpenSSH private key: move it away and a new key is made",
                        path.display()
                    )
                })?;
                let pair = match key.key_data() {
                    KeypairData::Ed25519(p) => p.clone(),
                    other => anyhow::bail!(
                        "{} holds a {} key; the host's key must be ed25519",
                        path.display(),
                        other
                            .algorithm()
                            .map_or("unknown".into(), |a| a.to_string())
                    ),
                };
                private_mode(path)?;
                Ok(HostKey { pair })
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = HostKey::generate()?;
                key.write_new(path)?;
                Ok(key)
            }
            Err(e) => {
                Err(e).with_context(|| format!("cannot read the host key {}", path.display()))
            }
        }
    }

    /// Writes this key to a new file at `path`, mode 0600 from the start. Two hosts starting at
    /// once cannot both write: the second finds the file and reads the first one's key.
    fn write_new(&self, path: &Path) -> anyhow::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make the data directory {}", dir.display()))?;
        }
        let text = PrivateKey::new(KeypairData::Ed25519(self.pair.clone()), "catan host")?
            .to_openssh(LineEnding::LF)?;
        let mut f = match crate::datadir::owner_only().create_new(true).open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Ok(()),
            Err(e) => {
                return Err(e).with_context(|| format!("cannot write {}", path.display()));
            }
        };
        use std::io::Write;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        Ok(())
    }

    /// The private key in OpenSSH's file format, for the SSH server (`catan host --ssh`),
    /// whose crate reads keys in that form: it serves under this same key.
    pub fn openssh_private(&self) -> anyhow::Result<String> {
        Ok(
            PrivateKey::new(KeypairData::Ed25519(self.pair.clone()), "catan host")?
                .to_openssh(LineEnding::LF)?
                .to_string(),
        )
    }

    /// The public key in OpenSSH's one-line form (`ssh-ed25519 AAAA…`).
    pub fn public_openssh(&self) -> String {
        PublicKey::from(self.pair.public)
            .to_openssh()
            .unwrap_or_default()
    }

    /// The 32 bytes of the public key.
    pub fn public_bytes(&self) -> [u8; 32] {
        self.pair.public.0
    }

    /// The fingerprint players compare: `SHA256:…`, as `ssh` shows it.
    pub fn fingerprint(&self) -> String {
        fingerprint_of(&self.public_bytes())
    }

    /// The key in PKCS#8 (DER), the form TLS libraries take.
    pub fn pkcs8_der(&self) -> anyhow::Result<Vec<u8>> {
        let signing = ed25519_dalek::SigningKey::from_bytes(&self.pair.private.to_bytes());
        Ok(signing
            .to_pkcs8_der()
            .map_err(|e| anyhow::anyhow!("cannot encode the host key: {e}"))?
            .as_bytes()
            .to_vec())
    }
}

/// OpenSSH's SHA-256 fingerprint of an ed25519 public key.
pub fn fingerprint_of(public: &[u8; 32]) -> String {
    PublicKey::from(ssh_key::public::Ed25519PublicKey(*public))
        .fingerprint(HashAlg::Sha256)
        .to_string()
}

/// The ed25519 public key in a DER SubjectPublicKeyInfo, or `None` when it holds another kind
/// of key.
pub fn ed25519_from_spki(spki: &[u8]) -> Option<[u8; 32]> {
    ed25519_dalek::VerifyingKey::from_public_key_der(spki)
        .ok()
        .map(|k| k.to_bytes())
}

/// Makes `path` readable and writable by its owner only.
fn private_mode(path: &Path) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)?.permissions().mode();
        if mode & 0o077 != 0 {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).with_context(
                || {
                    format!(
                        "{} can be read by others and cannot be made private",
                        path.display()
                    )
                },
            )?;
            tracing::warn!(path = %path.display(), "the host key could be read by others: made it 0600");
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("catan-hostkey-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn made_once_private_and_reused() {
        let dir = temp("reuse");
        let path = dir.join(FILE);
        let a = HostKey::load_or_create(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "a new key file is the user's only");
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        }
        let b = HostKey::load_or_create(&path).unwrap();
        assert_eq!(
            a.fingerprint(),
            b.fingerprint(),
            "the same key after a restart"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(
                mode & 0o777,
                0o600,
                "a key file made readable is made private again"
            );
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("-----BEGIN OPENSSH PRIVATE KEY-----"));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn fingerprint_is_openssh_form() {
        let k = HostKey::generate().unwrap();
        let fp = k.fingerprint();
        assert!(fp.starts_with("SHA256:"), "{fp}");
        assert_eq!(
            fp.len(),
            "SHA256:".len() + 43,
            "unpadded base64 of 32 bytes: {fp}"
        );
        assert!(
            k.public_openssh()
                .starts_with("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5")
        );
        assert_ne!(fp, HostKey::generate().unwrap().fingerprint());
    }

    #[test]
    fn a_broken_key_file_is_refused_with_its_path() {
        let dir = temp("broken");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        std::fs::write(&path, "not a key").unwrap();
        let e = HostKey::load_or_create(&path).unwrap_err().to_string();
        assert!(
            e.contains(FILE) && e.contains("not an OpenSSH private key"),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
