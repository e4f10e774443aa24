//! One SSH connection ([`russh::server::Handler`]): authentication (a key, or none with a
//! prompt for a seat's code, and the table's password when it has one), then one session
//! channel: a pty and a shell run the TUI, anything else the line mode. The guest's bytes go
//! to the client as key events or lines, window changes as resizes (clamped).

use super::Shared;
use super::client::{self, Guest, Screen};
use super::identity::Identity;
use super::input::KeyParser;
use super::output::{Cut, OUT_BUDGET, Outbox};
use crate::server::rate::Bucket;
use crate::tui::{Event, theme::ColorLevel};
use ratatui::crossterm::event::Event as TermEvent;
use russh::keys::HashAlg;
use russh::server::{Auth, ChannelOpenHandle, Msg, Response, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, MethodKind, MethodSet, Pty};
use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use tokio::io::AsyncWriteExt;
use tokio::sync::mpsc;

/// The widest and tallest terminal drawn: a larger window (10,000 columns) is drawn at this
/// size, so one guest cannot make the host keep huge screen buffers.
pub const MAX_COLS: u16 = 400;
pub const MAX_ROWS: u16 = 200;

/// How long a guest's ssh has to leave by itself once its session's channel is closed.
pub const CLOSE_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// The longest line the line mode takes: a guest that sends more without a newline is cut.
pub const MAX_LINE: usize = 4096;

/// Input events a session may send per second, and in a burst (pastes): past them keys are
/// dropped, so a flood costs the host no drawing.
pub const EVENTS_PER_SEC: f64 = 100.0;
pub const EVENT_BURST: f64 = 400.0;

/// Input bytes a session's terminal may send per second, and in a burst: past them bytes are
/// dropped unread, so a flood costs the host no parsing either.
pub const BYTES_PER_SEC: f64 = 16.0 * 1024.0;
pub const BYTE_BURST: f64 = 64.0 * 1024.0;

/// A window's size as drawn: at least 1×1, at most [`MAX_COLS`]×[`MAX_ROWS`].
pub fn clamp_size(cols: u32, rows: u32) -> (u16, u16) {
    (
        cols.clamp(1, MAX_COLS as u32) as u16,
        rows.clamp(1, MAX_ROWS as u32) as u16,
    )
}

/// Where the guest's bytes go once its client runs.
enum Feed {
    /// Not started yet.
    Idle,
    Tui {
        parser: KeyParser,
        tx: mpsc::Sender<Event>,
        bucket: Bucket,
        bytes: Bucket,
    },
    Plain {
        tx: Option<tokio::io::DuplexStream>,
        line: usize,
    },
}

/// A pty the guest asked for.
#[derive(Clone, Debug)]
struct PtyAsk {
    term: String,
    size: (u16, u16),
}

/// The handler of one SSH connection.
pub struct Connection {
    shared: Arc<Shared>,
    /// The place it holds among the host's sessions, given back when it ends.
    place: Option<super::Place>,
    full: bool,
    user: String,
    who: Option<Identity>,
    /// The key was proved but the table's password is still to come.
    key_pending: Option<String>,
    pub authed: Arc<AtomicBool>,
    pub cut: Cut,
    channel: Option<(ChannelId, ChannelWriteHalf<Msg>)>,
    pty: Option<PtyAsk>,
    colorterm: Option<String>,
    started: bool,
    feed: Feed,
}

impl Connection {
    pub fn new(shared: Arc<Shared>, place: Option<super::Place>) -> Connection {
        Connection {
            shared,
            full: place.is_none(),
            place,
            user: String::new(),
            who: None,
            key_pending: None,
            authed: Arc::new(AtomicBool::new(false)),
            cut: Cut::default(),
            channel: None,
            pty: None,
            colorterm: None,
            started: false,
            feed: Feed::Idle,
        }
    }

    /// The guest's input ended (EOF or the channel closed): the line mode finishes what it
    /// was asked and quits; the TUI stops.
    fn end_of_input(&mut self) {
        match &mut self.feed {
            Feed::Plain { tx, .. } => *tx = None,
            Feed::Tui { tx, .. } => {
                let _ = tx.try_send(Event::Stop);
            }
            Feed::Idle => {}
        }
    }

    fn methods(&self) -> MethodSet {
        let mut m = MethodSet::empty();
        m.push(MethodKind::PublicKey);
        m.push(MethodKind::KeyboardInteractive);
        m
    }

    fn reject(&self) -> Auth {
        Auth::Reject {
            proceed_with_methods: Some(self.methods()),
            partial_success: false,
        }
    }

    /// Starts the guest's client on the channel: the TUI with a pty, else the line mode
    /// reading `first` before the channel.
    fn start(&mut self, first: Option<Vec<String>>, session: &mut Session) {
        if self.started {
            return;
        }
        let (Some((_, write)), Some(who)) = (self.channel.take(), self.who.clone()) else {
            return;
        };
        self.started = true;
        let watch = self.user.eq_ignore_ascii_case("watch");
        let guest = Guest {
            name: self.user.clone(),
            who,
            watch,
        };
        let pty = self.pty.clone().filter(|_| first.is_none());
        let (out, writer) = Outbox::new(
            write,
            OUT_BUDGET,
            pty.is_none(),
            self.cut.clone(),
            self.shared.bytes_out.clone(),
        );
        let screen = match pty {
            Some(p) => {
                let (tx, rx) = mpsc::channel(256);
                self.feed = Feed::Tui {
                    parser: KeyParser::default(),
                    tx,
                    bucket: Bucket::new(EVENTS_PER_SEC, EVENT_BURST),
                    bytes: Bucket::new(BYTES_PER_SEC, BYTE_BURST),
                };
                let level = ColorLevel::from_term(&p.term, self.colorterm.as_deref());
                Screen::Tui {
                    size: p.size,
                    level,
                    input: rx,
                }
            }
            None => {
                let (tx, rx) = tokio::io::duplex(16 * 1024);
                self.feed = Feed::Plain {
                    tx: Some(tx),
                    line: 0,
                };
                Screen::Plain {
                    first: first.unwrap_or_default(),
                    input: rx,
                }
            }
        };
        let shared = self.shared.clone();
        let handle = session.handle();
        let cut = self.cut.clone();
        tokio::spawn(async move {
            let writer = tokio::spawn(writer);
            let res = client::play(shared, guest, screen, out).await;
            // The outbox is dropped: the writer sends what is left, then ends.
            let status = match &res {
                Ok(true) => 0,
                Ok(false) => 1,
                Err(e) => {
                    tracing::info!(error = %e, "ssh session ended");
                    1
                }
            };
            if cut.is_cut() {
                // The writer may wait for ever on a window the cut guest will never open
                // (russh wakes that wait only with a window adjust): end it, and free what
                // the outbox held.
                writer.abort();
                return;
            }
            if let Ok(channel) = writer.await {
                let _ = channel.exit_status(status).await;
                let _ = channel.eof().await;
                let _ = channel.close().await;
            }
            // The guest's ssh leaves when its channel closes, once it has shown the last bytes
            // (the terminal put back); a client that stays is disconnected a little later.
            tokio::time::sleep(CLOSE_GRACE).await;
            let _ = handle
                .disconnect(
                    russh::Disconnect::ByApplication,
                    "game over".into(),
                    "en".into(),
                )
                .await;
        });
    }
}

impl russh::server::Handler for Connection {
    type Error = anyhow::Error;

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(self.full.then(|| {
            format!(
                "catan: this host is full ({} SSH sessions); try again later\r\n",
                self.shared.max_sessions
            )
        }))
    }

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(self.reject())
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.full {
            return Ok(Auth::reject());
        }
        self.user = user.to_string();
        let fp = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        if self.shared.password.is_some() {
            // The key is proved; the password comes at the prompt.
            self.key_pending = Some(fp);
            let mut m = MethodSet::empty();
            m.push(MethodKind::KeyboardInteractive);
            return Ok(Auth::Reject {
                proceed_with_methods: Some(m),
                partial_success: true,
            });
        }
        self.who = Some(Identity::Key(fp));
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if self.full {
            return Ok(Auth::reject());
        }
        let watch = user.eq_ignore_ascii_case("watch");
        let keyed = self.key_pending.is_some() && self.user == user;
        let ask_password = self.shared.password.is_some();
        let ask_code = !keyed && !watch;
        match response {
            None => {
                self.user = user.to_string();
                if !keyed {
                    self.key_pending = None;
                }
                let mut prompts: Vec<(Cow<'static, str>, bool)> = Vec::new();
                if ask_password {
                    prompts.push(("Table password: ".into(), false));
                }
                if ask_code {
                    prompts.push((
                        "Code of your seat, to take it back (Enter: a new seat): ".into(),
                        true,
                    ));
                }
                if prompts.is_empty() {
                    self.who = Some(Identity::Keyless { code: None });
                    return Ok(Auth::Accept);
                }
                Ok(Auth::Partial {
                    name: "catan".into(),
                    instructions: "".into(),
                    prompts: prompts.into(),
                })
            }
            Some(mut answers) => {
                if self.user != user {
                    return Ok(self.reject());
                }
                if let Some(pw) = &self.shared.password {
                    let typed = answers.next().unwrap_or_default();
                    if !crate::proto::password_matches(&typed, pw.as_bytes()) {
                        return Ok(self.reject());
                    }
                }
                let code = if ask_code {
                    let typed = answers.next().unwrap_or_default();
                    let typed = String::from_utf8_lossy(&typed).trim().to_string();
                    (!typed.is_empty() && typed.len() <= 64).then_some(typed)
                } else {
                    None
                };
                self.who = Some(match self.key_pending.take() {
                    Some(fp) => Identity::Key(fp),
                    None => Identity::Keyless { code },
                });
                Ok(Auth::Accept)
            }
        }
    }

    async fn auth_succeeded(&mut self, _session: &mut Session) -> Result<(), Self::Error> {
        self.authed.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One game per connection; a second channel is refused (dropping `reply` refuses).
        if self.channel.is_some() || self.started || self.who.is_none() {
            return Ok(());
        }
        // The guest's bytes come to this handler; the channel's own reader is not needed
        // (dropped, so nothing waits on it).
        let (_read, write) = channel.split();
        self.channel = Some((write.id(), write));
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let want = clamp_size(col_width, row_height);
        let size = self.place.as_mut().map_or(want, |p| p.fit(want));
        self.pty = Some(PtyAsk {
            term: term.chars().take(64).collect(),
            size,
        });
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        _channel: ChannelId,
        name: &str,
        value: &str,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if name == "COLORTERM" && value.len() <= 32 {
            self.colorterm = Some(value.to_string());
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        self.start(None, session);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)?;
        let text = String::from_utf8_lossy(&data[..data.len().min(MAX_LINE)]).to_string();
        let lines = text
            .split(['\n', ';'])
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        self.start(Some(lines), session);
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let want = clamp_size(col_width, row_height);
        let (w, h) = self.place.as_mut().map_or(want, |p| p.fit(want));
        if let Some(p) = &mut self.pty {
            p.size = (w, h);
        }
        if let Feed::Tui { tx, .. } = &self.feed {
            let _ = tx.try_send(Event::Term(TermEvent::Resize(w, h)));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        match &mut self.feed {
            Feed::Idle => {}
            Feed::Tui {
                parser,
                tx,
                bucket,
                bytes,
            } => {
                let now = crate::server::rate::millis(Instant::now());
                let n = bytes.take_up_to(now, data.len());
                let mut events = Vec::new();
                parser.feed(&data[..n], &mut events);
                for e in events {
                    if bucket.take(now) {
                        // A full queue drops the key: the client is behind already.
                        let _ = tx.try_send(Event::Term(e));
                    }
                }
            }
            Feed::Plain { tx, line } => {
                for &b in data {
                    *line = if b == b'\n' { 0 } else { *line + 1 };
                    if *line > MAX_LINE {
                        self.cut.cut("sent a line too long");
                        return Ok(());
                    }
                }
                if let Some(w) = tx
                    && w.write_all(data).await.is_err()
                {
                    *tx = None;
                }
            }
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.end_of_input();
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.end_of_input();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_clamped() {
        assert_eq!(clamp_size(10_000, 10_000), (MAX_COLS, MAX_ROWS));
        assert_eq!(clamp_size(0, 0), (1, 1));
        assert_eq!(clamp_size(u32::MAX, 24), (MAX_COLS, 24));
        assert_eq!(clamp_size(80, 24), (80, 24));
    }

    #[test]
    fn the_bucket_lets_a_burst_through_then_the_rate() {
        let t0 = 1_000;
        let mut b = Bucket::new(EVENTS_PER_SEC, EVENT_BURST);
        let burst = (0..10_000).filter(|_| b.take(t0)).count();
        assert_eq!(burst, EVENT_BURST as usize);
        let later = t0 + 2_000;
        let more = (0..10_000).filter(|_| b.take(later)).count();
        assert_eq!(more, (2.0 * EVENTS_PER_SEC) as usize);
        let mut bytes = Bucket::new(BYTES_PER_SEC, BYTE_BURST);
        assert_eq!(bytes.take_up_to(t0, 1 << 20), BYTE_BURST as usize);
        assert_eq!(bytes.take_up_to(t0, 10), 0, "a flood is dropped unread");
        assert_eq!(
            bytes.take_up_to(t0 + 1_000, 1 << 20),
            BYTES_PER_SEC as usize
        );
    }
}
