//! A hosted game's save, written as the game goes and kept whole through disk faults.
//!
//! Every entry is handed to the operating system before the host answers the command that made
//! it, and a syncing thread makes it durable shortly after (group commit: one `fdatasync`
//! covers every line written since the last, so a busy table never waits on the disk). What a
//! failing disk may leave behind is a torn last line, which [`crate::record::read_save`] drops.
//!
//! After a write fails the writer never appends to that file again (that would put lines after
//! a gap). It keeps every entry in memory and, now and then, writes a fresh complete save beside
//! the old one and renames it over it; until that works the game goes on unsaved, and the
//! writer says so (the table tells every player). A save path that is not a regular file (a
//! device such as `/dev/full`) gets no fresh copies: it is written while it takes the lines, and
//! otherwise the game is not saved. Saves hold seat tokens, so the file is made readable by its
//! owner only, whether it is new or not.

use crate::record::{
    Entry, FORMAT_VERSION, Header, MAGIC, write_entry, write_header, write_header_line,
};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// A change in whether the game is being saved, for the table to tell every player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveNews {
    /// Writing failed: the game goes on unsaved from here until a fresh copy can be written.
    Stopped(String),
    /// A fresh complete save was written after a failure: the game is saved again.
    Saving(String),
}

impl SaveNews {
    /// The words players read.
    pub fn text(&self) -> &str {
        match self {
            SaveNews::Stopped(s) | SaveNews::Saving(s) => s,
        }
    }
}

/// Entries written while a save is failing before it tries a fresh copy again; doubling up to
/// the last figure, so a full disk is not hammered but a freed one is noticed soon.
const RETRY_AFTER: [u32; 5] = [1, 2, 4, 8, 16];

/// How the syncing thread has done: the durability bound as measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SyncStats {
    /// `fdatasync` calls made.
    pub syncs: u64,
    /// The longest time from a line's write to the end of the sync that covered it.
    pub worst_lag: Duration,
    /// The sum of those times, one per sync (from the oldest line it covered).
    pub total_lag: Duration,
}

#[derive(Default)]
struct SyncState {
    file: Option<Arc<File>>,
    /// When the oldest line not yet synced was written.
    dirty_since: Option<Instant>,
    closing: bool,
    /// The last sync's failure, taken by the writer.
    error: Option<String>,
    stats: SyncStats,
}

/// The group-commit thread and what it shares with the writer.
struct Syncer {
    shared: Arc<(Mutex<SyncState>, Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Syncer {
    fn new() -> Syncer {
        let shared: Arc<(Mutex<SyncState>, Condvar)> = Arc::default();
        let s = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("save-sync".into())
            .spawn(move || sync_loop(&s))
            .ok();
        Syncer { shared, thread }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, SyncState> {
        self.shared.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn set_file(&self, file: Option<Arc<File>>) {
        let mut st = self.lock();
        st.file = file;
        st.dirty_since = None;
    }

    /// A line was written: sync it soon.
    fn mark(&self, at: Instant) {
        let mut st = self.lock();
        st.dirty_since.get_or_insert(at);
        self.shared.1.notify_one();
    }

    /// Waits until every line written so far is synced.
    fn flush(&self) {
        let mut st = self.lock();
        while st.dirty_since.is_some() && st.file.is_some() && self.thread.is_some() {
            st = self
                .shared
                .1
                .wait_timeout(st, Duration::from_millis(50))
                .map(|(g, _)| g)
                .unwrap_or_else(|p| p.into_inner().0);
        }
    }
}

impl Drop for Syncer {
    fn drop(&mut self) {
        self.lock().closing = true;
        self.shared.1.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// How long a written line may wait for others to share its sync.
const SYNC_WINDOW: Duration = Duration::from_millis(10);

fn sync_loop(shared: &(Mutex<SyncState>, Condvar)) {
    let (lock, cv) = shared;
    let mut st = lock.lock().unwrap_or_else(|p| p.into_inner());
    loop {
        while st.dirty_since.is_none() && !st.closing {
            st = cv.wait(st).unwrap_or_else(|p| p.into_inner());
        }
        let Some(since) = st.dirty_since else {
            return; // closing, nothing left to sync
        };
        // A line waits up to `SYNC_WINDOW` for the lines written after it: a hall's stream
        // of commands costs a sync every few milliseconds rather than one a command.
        let wait = SYNC_WINDOW.saturating_sub(since.elapsed());
        if !wait.is_zero() && !st.closing {
            st = cv
                .wait_timeout(st, wait)
                .map(|(g, _)| g)
                .unwrap_or_else(|p| p.into_inner().0);
            continue;
        }
        let Some(file) = st.file.clone() else {
            st.dirty_since = None;
            continue;
        };
        // Lines written from here on are covered by the next sync.
        st.dirty_since = None;
        drop(st);
        let result = file.sync_data();
        let lag = since.elapsed();
        st = lock.lock().unwrap_or_else(|p| p.into_inner());
        st.stats.syncs += 1;
        st.stats.worst_lag = st.stats.worst_lag.max(lag);
        st.stats.total_lag += lag;
        if let Err(e) = result {
            st.error = Some(e.to_string());
        }
        cv.notify_all();
    }
}

/// A save being written as the game goes.
pub struct SaveWriter {
    path: PathBuf,
    header: Header,
    /// Whether the game has started (its header, with the seats' names, belongs in the file).
    started: bool,
    /// Every entry so far, for a fresh copy after a failure.
    entries: Vec<Entry>,
    /// The open save while it is being written; `None` while the game is not being saved.
    file: Option<Arc<File>>,
    /// Why the game is not being saved, while it is not.
    problem: Option<String>,
    /// Entries written since the save stopped, and the next count at which to try again.
    since_stop: u32,
    retries: usize,
    syncer: Syncer,
}

impl SaveWriter {
    /// Creates (or empties) the save file now, so a bad path is reported before anyone joins;
    /// `header` is written when the game starts. A file that opens but cannot be written (a
    /// full disk) is not an error here: the writer starts out not saving, and says why
    /// ([`SaveWriter::problem`]).
    pub fn create(path: &Path, header: Header) -> std::io::Result<SaveWriter> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let file = open_private(path)?;
        let mut w = SaveWriter::stopped(path, header, Vec::new(), false);
        // The first line now: a disk that cannot take it is known before the game starts.
        match (&file).write_all(format!("{MAGIC} {FORMAT_VERSION}\n").as_bytes()) {
            Ok(()) => w.open(file),
            Err(e) => {
                w.stop(&e.to_string());
            }
        }
        Ok(w)
    }

    /// Continues a resumed game's save at `path` (the file it was read from, or another):
    /// a fresh complete copy of `header` and `entries` replaces it, so a torn last line is
    /// gone and nothing is ever appended after one. When the copy cannot be written the game
    /// goes on unsaved and the writer says why; the file read from is left as it was.
    pub fn resume(path: &Path, header: &Header, entries: &[Entry]) -> std::io::Result<SaveWriter> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let mut w = SaveWriter::stopped(path, header.clone(), entries.to_vec(), true);
        if let Err(e) = w.fresh_copy() {
            w.stop(&e.to_string());
        }
        Ok(w)
    }

    fn stopped(path: &Path, header: Header, entries: Vec<Entry>, started: bool) -> SaveWriter {
        SaveWriter {
            path: path.to_path_buf(),
            header,
            started,
            entries,
            file: None,
            problem: None,
            since_stop: 0,
            retries: 0,
            syncer: Syncer::new(),
        }
    }

    fn open(&mut self, file: File) {
        let file = Arc::new(file);
        self.syncer.set_file(Some(Arc::clone(&file)));
        self.syncer.mark(Instant::now());
        self.file = Some(file);
        self.problem = None;
        self.since_stop = 0;
        self.retries = 0;
    }

    /// Stops writing to the file (never to append to it again) and says why.
    fn stop(&mut self, why: &str) -> SaveNews {
        self.file = None;
        self.syncer.set_file(None);
        self.since_stop = 0;
        let msg = format!(
            "the game is not being saved: the host cannot write {} ({why}); it keeps trying",
            self.path.display()
        );
        self.problem = Some(msg.clone());
        SaveNews::Stopped(msg)
    }

    /// Why the game is not being saved, while it is not.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }

    /// Writes the header with the seats' names, once.
    pub fn start(&mut self, names: Vec<String>) -> Option<SaveNews> {
        if self.started {
            return None;
        }
        self.started = true;
        self.header.names = names;
        let file = self.file.clone()?;
        // The first line went out at creation; the header's own line follows it.
        let mut buf = Vec::new();
        let _ = write_header_line(&mut buf, &self.header);
        self.append(&file, &buf)
    }

    /// Appends one entry and hands it to the operating system before returning (the syncing
    /// thread makes it durable soon after). Returns news when the game stops or starts again
    /// being saved.
    pub fn write(&mut self, e: &Entry) -> Option<SaveNews> {
        self.entries.push(e.clone());
        match self.file.clone() {
            Some(file) => {
                let mut buf = Vec::with_capacity(64);
                let _ = write_entry(&mut buf, e);
                self.append(&file, &buf)
            }
            None => self.retry(),
        }
    }

    fn append(&mut self, file: &Arc<File>, buf: &[u8]) -> Option<SaveNews> {
        let sync_error = self.syncer.lock().error.take();
        if let Some(err) = sync_error {
            return Some(self.stop(&err));
        }
        match (&**file).write_all(buf) {
            Ok(()) => {
                self.syncer.mark(Instant::now());
                None
            }
            Err(err) => Some(self.stop(&err.to_string())),
        }
    }

    /// While not saving: now and then, a fresh complete copy.
    fn retry(&mut self) -> Option<SaveNews> {
        self.problem.as_ref()?;
        self.since_stop += 1;
        let due = RETRY_AFTER[self.retries.min(RETRY_AFTER.len() - 1)];
        if self.since_stop < due {
            return None;
        }
        self.since_stop = 0;
        self.retries += 1;
        match self.fresh_copy() {
            Ok(()) => Some(SaveNews::Saving(format!(
                "the game is being saved again to {}",
                self.path.display()
            ))),
            Err(e) => {
                // Still failing: the players were told when it stopped.
                tracing::debug!(error = %e, "a fresh save could not be written yet");
                None
            }
        }
    }

    /// Writes the whole game so far to a new file beside the save, makes it durable, and
    /// renames it over the save; writing goes on in the new file.
    fn fresh_copy(&mut self) -> std::io::Result<()> {
        match std::fs::metadata(&self.path) {
            Ok(m) if !m.is_file() => {
                return Err(std::io::Error::other(
                    "not a regular file, so a fresh copy cannot replace it",
                ));
            }
            _ => {}
        }
        let tmp = sibling(&self.path);
        let result = (|| {
            let file = open_private(&tmp)?;
            let mut buf = Vec::new();
            if self.started {
                write_header(&mut buf, &self.header)?;
            } else {
                writeln!(buf, "{MAGIC} {FORMAT_VERSION}")?;
            }
            for e in &self.entries {
                write_entry(&mut buf, e)?;
            }
            (&file).write_all(&buf)?;
            file.sync_all()?;
            std::fs::rename(&tmp, &self.path)?;
            if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
                // The rename itself is durable once the directory is.
                if let Ok(d) = File::open(dir) {
                    let _ = d.sync_all();
                }
            }
            Ok(file)
        })();
        match result {
            Ok(file) => {
                self.open(file);
                Ok(())
            }
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                Err(e)
            }
        }
    }

    /// Blocks until everything written so far is durable (the game's end, a test).
    pub fn sync(&self) {
        self.syncer.flush();
    }

    /// How the group commit has done so far.
    pub fn sync_stats(&self) -> SyncStats {
        self.syncer.lock().stats
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The name a fresh copy is written under before it replaces the save.
fn sibling(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".new");
    path.with_file_name(name)
}

/// Opens a save for writing, readable by its owner only (also when it already existed with
/// a wider mode: it holds seat tokens).
fn open_private(path: &Path) -> std::io::Result<File> {
    let file = crate::datadir::owner_only()
        .create(true)
        .truncate(true)
        .open(path)?;
    #[cfg(unix)]
    if file.metadata()?.is_file() {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(file)
}
