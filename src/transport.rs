//! The encrypted transport for TCP play: TLS 1.3 (rustls, ring provider) under the host's
//! ed25519 key ([`crate::hostkey`]), carried in a self-signed certificate. No certificate
//! authority vouches for a host on a LAN, so the client checks the key itself: it pins the
//! key on first use, per host address, in `known_hosts` in the data directory (OpenSSH's
//! format: `[host]:port ssh-ed25519 AAAA…`), and refuses a host whose key changed, saying how
//! to accept a new one. TLS 1.3 only, and only ed25519 signatures: nothing to negotiate down.
//!
//! The host tells a plaintext client from a TLS one by the first byte (a TLS record starts
//! with 0x16; a catan frame with the high byte of its length, never 0x16 under the frame
//! limits), so a client that does not encrypt is refused with a message it can read, and a
//! host started with `--insecure` may still take it (docs/reliability.md, "Encrypted
//! transport").

use crate::hostkey::{HostKey, ed25519_from_spki, fingerprint_of};
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpStream;

/// The first byte of a TLS handshake record.
const TLS_HANDSHAKE: u8 = 0x16;

/// The name the client asks for in its hello; the certificate names it too. Nothing checks
/// it: the pinned key is what identifies the host.
const SERVER_NAME: &str = "catan-host";

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// How the host takes TCP connections: TLS under its key, and plaintext too with
/// `--insecure`.
#[derive(Clone)]
pub struct HostTransport {
    acceptor: tokio_rustls::TlsAcceptor,
    fingerprint: String,
    plaintext: bool,
}

/// What [`HostTransport::accept`] made of a new connection.
pub enum Accepted {
    /// An encrypted connection, handshake done.
    Tls(Box<tokio_rustls::server::TlsStream<TcpStream>>),
    /// A plaintext connection the host takes (`--insecure`).
    Plain(TcpStream),
    /// A plaintext connection to refuse, with the reason to send it in plaintext.
    Refuse(TcpStream, String),
}

impl HostTransport {
    /// TLS under `key` (a self-signed certificate made from it); `plaintext` lets clients
    /// that do not encrypt in as well.
    pub fn new(key: &HostKey, plaintext: bool) -> anyhow::Result<HostTransport> {
        let der = key.pkcs8_der()?;
        let pair = rcgen::KeyPair::try_from(der.as_slice())
            .map_err(|e| anyhow::anyhow!("cannot use the host key for TLS: {e}"))?;
        let params = rcgen::CertificateParams::new(vec![SERVER_NAME.to_string()])?;
        let cert = params.self_signed(&pair)?;
        let config = rustls::ServerConfig::builder_with_provider(provider())
            .with_protocol_versions(&[&rustls::version::TLS13])?
            .with_no_client_auth()
            .with_single_cert(
                vec![cert.der().clone()],
                PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(der)),
            )?;
        Ok(HostTransport {
            acceptor: tokio_rustls::TlsAcceptor::from(Arc::new(config)),
            fingerprint: key.fingerprint(),
            plaintext,
        })
    }

    /// TLS under a new key kept nowhere (tests and benchmarks that start their own host).
    pub fn ephemeral() -> anyhow::Result<HostTransport> {
        HostTransport::new(&HostKey::generate()?, false)
    }

    /// The fingerprint of the key the host serves under.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Whether plaintext clients are let in.
    pub fn plaintext(&self) -> bool {
        self.plaintext
    }

    /// Sees whether `socket` speaks TLS and completes the handshake, within `within`.
    pub async fn accept(&self, socket: TcpStream, within: Duration) -> std::io::Result<Accepted> {
        let timed_out =
            || std::io::Error::new(std::io::ErrorKind::TimedOut, "no handshake in time");
        let deadline = tokio::time::Instant::now() + within;
        let mut first = [0u8; 1];
        let n = tokio::time::timeout_at(deadline, socket.peek(&mut first))
            .await
            .map_err(|_| timed_out())??;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        if first[0] != TLS_HANDSHAKE {
            return Ok(if self.plaintext {
                Accepted::Plain(socket)
            } else {
                Accepted::Refuse(
                    socket,
                    "this host takes encrypted connections only: update catan (`catan join` \
                     encrypts by default), or ask the host to start with --insecure"
                        .into(),
                )
            });
        }
        let tls = tokio::time::timeout_at(deadline, self.acceptor.accept(socket))
            .await
            .map_err(|_| timed_out())??;
        Ok(Accepted::Tls(Box::new(tls)))
    }
}

/// Where a client keeps the keys of the hosts it met: `known_hosts` in the data directory,
/// one line per host address in OpenSSH's format.
#[derive(Clone, Debug)]
pub struct KnownHosts {
    path: PathBuf,
}

/// A key pinned for a host address, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    pub fingerprint: String,
    /// Its line in the file, from 1.
    pub line: usize,
}

impl KnownHosts {
    /// Keys kept in the file at `path`.
    pub fn at(path: PathBuf) -> KnownHosts {
        KnownHosts { path }
    }

    /// The user's: `known_hosts` in the data directory.
    pub fn user() -> Option<KnownHosts> {
        crate::datadir::data_dir().map(|d| KnownHosts::at(d.join("known_hosts")))
    }

    /// The file.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// The key pinned for `host` (as [`host_entry`] writes it), if any.
    pub fn lookup(&self, host: &str) -> std::io::Result<Option<Pin>> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        for (i, line) in text.lines().enumerate() {
            let Some((name, key)) = line.trim().split_once(char::is_whitespace) else {
                continue;
            };
            if name != host {
                continue;
            }
            // A line for this host that names no ed25519 key pins a key nothing can match,
            // so a hand-edited file refuses rather than trusts anew.
            let fingerprint = ssh_key::PublicKey::from_openssh(key.trim())
                .ok()
                .and_then(|k| k.key_data().ed25519().map(|k| fingerprint_of(&k.0)))
                .unwrap_or_else(|| format!("(unreadable key on line {})", i + 1));
            return Ok(Some(Pin {
                fingerprint,
                line: i + 1,
            }));
        }
        Ok(None)
    }

    /// Pins `key` for `host`, in place of any key pinned for it before.
    pub fn pin(&self, host: &str, key: &[u8; 32]) -> std::io::Result<()> {
        let old = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e),
        };
        let mut text: String = old
            .lines()
            .filter(|l| l.split_whitespace().next() != Some(host))
            .map(|l| format!("{l}\n"))
            .collect();
        let public = ssh_key::PublicKey::from(ssh_key::public::Ed25519PublicKey(*key))
            .to_openssh()
            .map_err(std::io::Error::other)?;
        text.push_str(&format!("{host} {public}\n"));
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&tmp, text)?;
        std::fs::rename(tmp, &self.path)
    }
}

/// The name a host address is pinned under, as OpenSSH writes a host on a port:
/// `[host]:port`.
pub fn host_entry(target: &str) -> String {
    if target.starts_with('[') {
        return target.to_string();
    }
    match target.rsplit_once(':') {
        Some((h, p)) => format!("[{h}]:{p}"),
        None => target.to_string(),
    }
}

/// How a client checks the host's key.
#[derive(Clone, Debug)]
pub enum Trust {
    /// Trust on first use: the key is pinned per host address in `known` the first time and
    /// must match after that. `accept_new` replaces a pinned key that changed (the player
    /// compared the new fingerprint with the host's screen: `--accept-new-key`).
    Pinned { known: KnownHosts, accept_new: bool },
    /// Only the key with this fingerprint (`SHA256:…`).
    Fingerprint(String),
    /// Any key, pinned nowhere: encrypted against eavesdroppers but not checked against a
    /// man in the middle. For load generators and tests that start their own host.
    AnyKey,
    /// No encryption (`--insecure`): only a host started with `--insecure` takes it.
    Plaintext,
}

impl Trust {
    /// The user's pins (trust on first use), or an error saying why there are none.
    pub fn user(accept_new: bool) -> anyhow::Result<Trust> {
        let known = KnownHosts::user().ok_or_else(|| {
            anyhow::anyhow!(
                "no data directory to keep host keys in: set CATAN_DATA_DIR or HOME \
                 (or join with --insecure)"
            )
        })?;
        Ok(Trust::Pinned { known, accept_new })
    }

    /// The same trust for the connections after a first one: a key accepted anew once is
    /// pinned, and only it is accepted when reconnecting.
    pub fn after_first_use(self) -> Trust {
        match self {
            Trust::Pinned { known, .. } => Trust::Pinned {
                known,
                accept_new: false,
            },
            t => t,
        }
    }
}

/// What a client learnt of the host's key on connecting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The connection is not encrypted (`--insecure`).
    Plaintext,
    /// The key was checked as [`Trust`] asked: its fingerprint and how.
    Key { fingerprint: String, how: Checked },
}

/// How a host's key was taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// Pinned now, for the first time for this address.
    FirstUse(PathBuf),
    /// Matched the key pinned before.
    Matches(PathBuf),
    /// Replaced another key pinned before (`--accept-new-key`).
    Replaced(PathBuf),
    /// Matched the fingerprint the caller gave.
    Given,
    /// Not checked ([`Trust::AnyKey`]).
    Unchecked,
}

impl Seen {
    /// The fingerprint, when encrypted.
    pub fn fingerprint(&self) -> Option<&str> {
        match self {
            Seen::Key { fingerprint, .. } => Some(fingerprint),
            Seen::Plaintext => None,
        }
    }

    /// For the lobby: the fingerprint (or that there is none) on the first line, how it was
    /// checked, briefly, on the second.
    pub fn lobby_lines(&self) -> String {
        match self {
            Seen::Plaintext => {
                "NOT encrypted (--insecure)\nanyone on the network can read it".into()
            }
            Seen::Key { fingerprint, how } => {
                let how = match how {
                    Checked::FirstUse(_) => "first time here: pinned; compare with the host",
                    Checked::Matches(_) => "the key pinned when you first joined",
                    Checked::Replaced(_) => "new key accepted and pinned",
                    Checked::Given => "as given",
                    Checked::Unchecked => "not checked",
                };
                format!("{fingerprint}\n{how}")
            }
        }
    }

    /// One line for the player: the fingerprint to compare with the host's screen.
    pub fn describe(&self) -> String {
        match self {
            Seen::Plaintext => "NOT encrypted (--insecure): anyone on the network can read \
                                and take your seat"
                .into(),
            Seen::Key { fingerprint, how } => {
                let how = match how {
                    Checked::FirstUse(p) => format!(
                        "first time here: pinned in {}; compare it with the host's screen",
                        p.display()
                    ),
                    Checked::Matches(_) => "the key pinned when you first joined".into(),
                    Checked::Replaced(p) => format!("new key accepted, pinned in {}", p.display()),
                    Checked::Given => "as given".into(),
                    Checked::Unchecked => "not checked".into(),
                };
                format!("encrypted; host key {fingerprint} ({how})")
            }
        }
    }
}

/// The host's key is not the one pinned for it: someone may be in the middle.
#[derive(Debug, thiserror::Error)]
#[error(
    "the host at {host} shows another key than the one pinned for it.\n  \
     pinned: {pinned} ({pinned_where})\n  \
     now:    {now}\n\
     Someone may be standing between you and the host. If the host really has a new key (a new \
     machine or data directory), compare the fingerprint on the host's screen with the one \
     above, then join with --accept-new-key{remove}."
)]
pub struct KeyChanged {
    pub host: String,
    pub pinned: String,
    pub pinned_where: String,
    pub now: String,
    remove: String,
}

/// An encrypted or plaintext stream to the host.
pub enum ClientStream {
    Tls(Box<tokio_rustls::client::TlsStream<TcpStream>>),
    Plain(TcpStream),
}

/// Checks the host's certificate: an ed25519 key, which it records, and a handshake signed
/// by it. Whether the key is the pinned one is decided in [`verify_server_cert`] from
/// `expect`, so a wrong host fails the handshake before the client sends anything.
///
/// [`verify_server_cert`]: ServerCertVerifier::verify_server_cert
#[derive(Debug)]
struct PinVerifier {
    expect: Option<String>,
    seen: Mutex<Option<[u8; 32]>>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for PinVerifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let cert = webpki::EndEntityCert::try_from(end_entity)
            .map_err(|e| rustls::Error::General(format!("the host's certificate: {e}")))?;
        let key = ed25519_from_spki(&cert.subject_public_key_info()).ok_or_else(|| {
            rustls::Error::General("the host's certificate holds no ed25519 key".into())
        })?;
        if let Ok(mut seen) = self.seen.lock() {
            *seen = Some(key);
        }
        match &self.expect {
            Some(fp) if *fp != fingerprint_of(&key) => Err(rustls::Error::General(
                "the host's key is not the pinned one".into(),
            )),
            _ => Ok(ServerCertVerified::assertion()),
        }
    }

    fn verify_tls12_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        Err(rustls::Error::General("only TLS 1.3 is spoken".into()))
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        vec![SignatureScheme::ED25519]
    }
}

/// Secures a fresh connection to `target` (`host:port`) as `trust` asks: the TLS handshake
/// within `within`, the key checked and, trusting on first use, pinned.
pub async fn secure(
    socket: TcpStream,
    target: &str,
    trust: &Trust,
    within: Duration,
) -> anyhow::Result<(ClientStream, Seen)> {
    let host = host_entry(target);
    let (expect, pinned) = match trust {
        Trust::Plaintext => return Ok((ClientStream::Plain(socket), Seen::Plaintext)),
        Trust::AnyKey => (None, None),
        Trust::Fingerprint(fp) => (Some(fp.clone()), None),
        Trust::Pinned { known, accept_new } => {
            let pin = known.lookup(&host).map_err(|e| {
                anyhow::anyhow!(
                    "cannot read the pinned host keys {}: {e}",
                    known.path().display()
                )
            })?;
            match pin {
                Some(p) if !accept_new => (Some(p.fingerprint.clone()), Some(p)),
                p => (None, p),
            }
        }
    };
    let provider = provider();
    let verifier = Arc::new(PinVerifier {
        expect: expect.clone(),
        seen: Mutex::new(None),
        algorithms: provider.signature_verification_algorithms,
    });
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])?
        .dangerous()
        .with_custom_certificate_verifier(verifier.clone())
        .with_no_client_auth();
    let name = ServerName::try_from(SERVER_NAME)?;
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let result = tokio::time::timeout(within, connector.connect(name, socket)).await;
    let seen = verifier.seen.lock().ok().and_then(|s| *s);
    let stream = match result {
        Err(_) => anyhow::bail!(
            "{target} did not complete an encrypted handshake within {} s",
            within.as_secs()
        ),
        Ok(Ok(s)) => s,
        Ok(Err(e)) => {
            if let (Some(key), Some(want)) = (seen, &expect)
                && fingerprint_of(&key) != *want
            {
                let (pinned_where, remove) = match (trust, &pinned) {
                    (Trust::Pinned { known, .. }, Some(p)) => (
                        format!("line {} of {}", p.line, known.path().display()),
                        format!(" (or delete line {} of {})", p.line, known.path().display()),
                    ),
                    _ => ("the fingerprint you were given".into(), String::new()),
                };
                return Err(KeyChanged {
                    host: target.to_string(),
                    pinned: want.clone(),
                    pinned_where,
                    now: fingerprint_of(&key),
                    remove,
                }
                .into());
            }
            anyhow::bail!(
                "no encrypted connection to {target}: {e}. Is it a catan host of this version? \
                 (An older host speaks plaintext only: join it with --insecure.)"
            )
        }
    };
    let key = seen.ok_or_else(|| anyhow::anyhow!("{target} showed no key"))?;
    let fingerprint = fingerprint_of(&key);
    let how = match trust {
        Trust::Pinned { known, .. } => match pinned {
            Some(p) if p.fingerprint == fingerprint => Checked::Matches(known.path().into()),
            p => {
                known.pin(&host, &key).map_err(|e| {
                    anyhow::anyhow!(
                        "cannot pin the host's key in {}: {e}",
                        known.path().display()
                    )
                })?;
                if p.is_some() {
                    Checked::Replaced(known.path().into())
                } else {
                    Checked::FirstUse(known.path().into())
                }
            }
        },
        Trust::Fingerprint(_) => Checked::Given,
        _ => Checked::Unchecked,
    };
    Ok((
        ClientStream::Tls(Box::new(stream)),
        Seen::Key { fingerprint, how },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_named_as_openssh_does() {
        assert_eq!(host_entry("127.0.0.1:7878"), "[127.0.0.1]:7878");
        assert_eq!(host_entry("[::1]:7878"), "[::1]:7878");
        assert_eq!(host_entry("box.lan:99"), "[box.lan]:99");
    }

    #[test]
    fn pins_are_kept_per_host_and_replaced() {
        let dir = std::env::temp_dir().join(format!("catan-known-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let k = KnownHosts::at(dir.join("known_hosts"));
        let (a, b) = ([1u8; 32], [2u8; 32]);
        assert_eq!(k.lookup("[h]:1").unwrap(), None);
        k.pin("[h]:1", &a).unwrap();
        k.pin("[h]:2", &b).unwrap();
        assert_eq!(
            k.lookup("[h]:1").unwrap().unwrap().fingerprint,
            fingerprint_of(&a)
        );
        assert_eq!(k.lookup("[h]:2").unwrap().unwrap().line, 2);
        k.pin("[h]:1", &b).unwrap();
        let p = k.lookup("[h]:1").unwrap().unwrap();
        assert_eq!(
            (p.fingerprint, p.line),
            (fingerprint_of(&b), 2),
            "replaced, not added"
        );
        let text = std::fs::read_to_string(k.path()).unwrap();
        assert_eq!(text.lines().count(), 2);
        assert!(text.starts_with("[h]:2 ssh-ed25519 AAAA"), "{text}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
