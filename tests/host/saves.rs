//! Saves that survive the disk: a torn last line is dropped on resume and everything before it
//! kept (resume after resume), a line damaged elsewhere is refused, only canonical command text
//! is replayed, nothing is ever appended after a gap, a save the disk cannot take is said to
//! every player, and save files are readable by their owner only.

use crate::support;

use catan::record::{self, Entry, Header, RecordError};
use catan::ruleset::Ruleset;
use catan::save::SaveWriter;
use catan::variants::Game;
use std::io::Write;
use std::path::{Path, PathBuf};
use support::binary::{Proc, free_port};

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("catan-saves-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn header() -> Header {
    Header::new(
        &support::base_args(5),
        4,
        5,
        vec!["Ann".into(), "Bob".into(), "Cy".into(), "Di".into()],
    )
}

/// The first `n` steps of a game set up as `h` says, each seat playing the first legal
/// command (time passes a second a step).
fn steps(h: &Header, n: usize) -> Vec<Entry> {
    let mut game: Game = h.new_game().unwrap();
    let mut out = Vec::new();
    for i in 0..n {
        let Some(&seat) = game.actors().first() else {
            break;
        };
        let legal = game.legal(seat);
        let cmd = &legal[i % legal.len()];
        let text = game.format(cmd);
        game.apply(seat, cmd, i as u64 * 1000).unwrap();
        out.push(Entry::Command {
            at: i as u64 * 1000,
            seat,
            text,
        });
    }
    out
}

fn write_record(path: &Path, h: &Header, entries: &[Entry]) {
    let mut buf = Vec::new();
    record::write_header(&mut buf, h).unwrap();
    for e in entries {
        record::write_entry(&mut buf, e).unwrap();
    }
    std::fs::write(path, buf).unwrap();
}

fn read(path: &Path) -> Result<record::Contents, RecordError> {
    record::read_save(std::io::BufReader::new(std::fs::File::open(path).unwrap()))
}

#[test]
fn a_torn_last_line_is_dropped_and_everything_before_it_kept() {
    let dir = scratch("torn");
    let h = header();
    let entries = steps(&h, 12);
    let path = dir.join("game.catan");
    write_record(&path, &h, &entries);
    let whole = std::fs::read(&path).unwrap();
    // Cut the last line at every length short of its newline: a write the disk interrupted.
    let last_start = whole[..whole.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    for cut in last_start + 1..whole.len() {
        std::fs::write(&path, &whole[..cut]).unwrap();
        let c = read(&path).unwrap_or_else(|e| panic!("cut at {cut}: {e}"));
        assert_eq!(c.entries, entries[..11], "cut at {cut}");
        assert_eq!(c.torn_line, Some(14), "cut at {cut}");
    }
    // The whole file reads whole.
    std::fs::write(&path, &whole).unwrap();
    let c = read(&path).unwrap();
    assert_eq!((c.entries, c.torn_line), (entries, None));
}

#[test]
fn a_last_line_whose_bytes_did_not_reach_the_disk_is_torn_even_with_its_newline() {
    let dir = scratch("zeros");
    let h = header();
    let entries = steps(&h, 6);
    let path = dir.join("game.catan");
    write_record(&path, &h, &entries);
    let mut bytes = std::fs::read(&path).unwrap();
    // A file system that grew the file but lost the data: zeros where the last line was.
    let n = bytes.len();
    let start = bytes[..n - 1].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    for b in &mut bytes[start..n - 1] {
        *b = 0;
    }
    std::fs::write(&path, &bytes).unwrap();
    let c = read(&path).unwrap();
    assert_eq!(c.entries, entries[..5]);
    assert_eq!(c.torn_line, Some(8));
}

#[test]
fn a_line_damaged_before_the_last_is_refused_with_its_number() {
    let dir = scratch("middle");
    let h = header();
    let entries = steps(&h, 6);
    let path = dir.join("game.catan");
    write_record(&path, &h, &entries);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    // Line 5 loses a character: its checksum no longer fits.
    lines[4].remove(3);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    match read(&path) {
        Err(RecordError::Damaged { line: 5, message }) => {
            assert!(message.contains("checksum"), "{message}")
        }
        other => panic!("expected line 5 to be damaged, got {:?}", other.map(|_| ())),
    }
}

#[test]
fn in_an_old_save_a_last_line_without_its_newline_is_dropped_even_if_it_parses() {
    let dir = scratch("v1");
    let h = header();
    let entries = steps(&h, 5);
    let path = dir.join("game.catan");
    // Format 1 named the ruleset as the command line's enum did.
    let mut old = serde_json::to_value(&h).unwrap();
    old["args"]["variant"] = "Base".into();
    let mut buf = format!("catan-record 1\n{old}\n");
    for e in &entries[..4] {
        let Entry::Command { at, seat, text } = e else {
            unreachable!()
        };
        buf.push_str(&format!("{at} {} {text}\n", seat + 1));
    }
    let Entry::Command { at, seat, text } = &entries[4] else {
        unreachable!()
    };
    // The fifth command, whole but for its newline: it parses, yet was never finished.
    buf.push_str(&format!("{at} {} {text}", seat + 1));
    std::fs::write(&path, buf).unwrap();
    let c = read(&path).unwrap();
    assert_eq!(c.entries, entries[..4]);
    assert_eq!(c.torn_line, Some(7));
    // And the old format is replayed as it was.
    let loaded = record::load(&path).unwrap();
    assert_eq!(loaded.entries.len(), 4);
}

#[test]
fn only_the_hosts_own_command_text_is_replayed() {
    let dir = scratch("canonical");
    let h = header();
    let entries = steps(&h, 4);
    let Entry::Command { at, seat, text } = &entries[2] else {
        unreachable!()
    };
    // The same command in capitals, with a doubled space, with words left over: the parser
    // may read some of them, but none is how the host writes it, so none came from a host.
    let spaced = text.replacen(' ', "  ", 1);
    for odd in [text.to_uppercase(), spaced, format!("{text} 12345")] {
        let mut changed = entries.clone();
        changed[2] = Entry::Command {
            at: *at,
            seat: *seat,
            text: odd.clone(),
        };
        let path = dir.join("odd.catan");
        write_record(&path, &h, &changed);
        match record::load(&path) {
            Err(RecordError::Damaged { line: 5, .. }) => {}
            Err(e) => panic!("{odd}: refused for another reason: {e}"),
            Ok(_) => panic!("{odd}: replayed"),
        }
    }
}

#[test]
fn a_resumed_save_is_rewritten_whole_so_nothing_follows_a_torn_line() {
    let dir = scratch("resume");
    let h = header();
    let entries = steps(&h, 16);
    let path = dir.join("game.catan");
    write_record(&path, &h, &entries[..10]);
    // The tenth line torn.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 5]).unwrap();
    for round in 0..3 {
        let loaded = record::load(&path).unwrap();
        let kept = loaded.entries.len();
        assert_eq!(loaded.entries, entries[..kept], "round {round}");
        let mut w = SaveWriter::resume(&path, &loaded.header, &loaded.entries).unwrap();
        assert_eq!(w.problem(), None);
        // The game goes on: two more steps, then the host dies mid-line.
        for e in &entries[kept..kept + 2] {
            assert_eq!(w.write(e), None);
        }
        w.sync();
        drop(w);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
        let c = read(&path).unwrap();
        assert_eq!(c.entries, entries[..kept + 1], "round {round}");
        assert!(c.torn_line.is_some());
    }
}

#[cfg(unix)]
#[test]
fn save_files_are_readable_by_their_owner_only_new_or_not() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let h = header();
    let path = dir.join("game.catan");
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    std::fs::write(&path, "").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let mut w = SaveWriter::create(&path, h.clone()).unwrap();
    assert_eq!(mode(&path), 0o600, "an existing file handed to --save");
    w.start(h.names.clone());
    drop(w);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let loaded = record::load(&path).unwrap();
    let w = SaveWriter::resume(&path, &loaded.header, &loaded.entries).unwrap();
    assert_eq!(mode(&path), 0o600, "a resumed save");
    drop(w);
    let other = dir.join("copy.catan");
    let _w = SaveWriter::resume(&other, &loaded.header, &loaded.entries).unwrap();
    assert_eq!(mode(&other), 0o600, "a resumed save copied elsewhere");
}

#[cfg(target_os = "linux")]
#[test]
fn a_device_that_is_full_from_the_start_is_said_and_never_replaced() {
    let h = header();
    let full = Path::new("/dev/full");
    if !full.exists() {
        eprintln!("no /dev/full here: skipped");
        return;
    }
    let mut w = SaveWriter::create(full, h.clone()).unwrap();
    let problem = w
        .problem()
        .expect("the save is not being written")
        .to_string();
    assert!(problem.contains("not being saved"), "{problem}");
    assert_eq!(w.start(h.names.clone()), None, "said once, at creation");
    for e in steps(&h, 40) {
        // No fresh copy can replace a device: it stays unsaved, and quiet.
        assert_eq!(w.write(&e), None);
    }
    assert!(full.exists());
    assert!(
        !std::fs::metadata(full).unwrap().is_file(),
        "still a device"
    );
}

/// Reads what a client was told until `pred` matches one line.
fn expect_notice(p: &mut Proc, what: &str, pred: impl Fn(&str) -> bool) -> String {
    p.expect(what, |l| l.starts_with("notice:") && pred(l))
}

#[cfg(target_os = "linux")]
#[test]
fn a_host_saving_to_a_full_device_tells_its_terminal_and_every_player() {
    if !Path::new("/dev/full").exists() {
        eprintln!("no /dev/full here: skipped");
        return;
    }
    let data = scratch("devfull");
    let port = free_port();
    let mut host = Proc::spawn(
        &data,
        &[
            "host",
            "--headless",
            "--bind",
            "127.0.0.1",
            "--port",
            &port,
            "--bots",
            "3",
            "--seed",
            "5",
            "--save",
            "/dev/full",
        ],
    );
    host.expect("the warning on the host's terminal", |l| {
        l.contains("not being saved")
    });
    let mut ann = Proc::spawn(
        &data,
        &[
            "join",
            "--plain",
            "--name",
            "Ann",
            &format!("127.0.0.1:{port}"),
        ],
    );
    expect_notice(&mut ann, "the warning on arrival", |l| {
        l.contains("not being saved") && l.contains("/dev/full")
    });
}

/// Runs `f` with a directory on a tmpfs of `kib` KiB in a mount namespace of its own, through
/// `unshare` (no root needed where user namespaces are allowed); `None` where that is not
/// possible here.
fn small_tmpfs_host(data: &Path, kib: u32, args: &[&str]) -> Option<(Proc, PathBuf)> {
    let ok = std::process::Command::new("unshare")
        .args(["-rm", "sh", "-c", "mount -t tmpfs -o size=64k none /mnt"])
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        return None;
    }
    let inner = data.join("disk");
    std::fs::create_dir_all(&inner).unwrap();
    let script = format!(
        "mount -t tmpfs -o size={kib}k none '{}' && exec \"$0\" \"$@\"",
        inner.display()
    );
    let bin = env!("CARGO_BIN_EXE_catan");
    let mut argv: Vec<&str> = vec!["-rm", "sh", "-c", &script, bin];
    argv.extend_from_slice(args);
    let p = Proc::spawn_program("unshare", data, &argv);
    Some((p, inner))
}

#[cfg(target_os = "linux")]
#[test]
fn a_disk_that_fills_mid_game_and_then_has_room_again_loses_nothing_durable() {
    use std::time::Duration;
    let data = scratch("fill");
    let port = free_port();
    let save = data.join("disk").join("game.catan");
    let save_s = save.to_string_lossy().to_string();
    let Some((mut host, disk)) = small_tmpfs_host(
        &data,
        256,
        &[
            "host",
            "--headless",
            "--bind",
            "127.0.0.1",
            "--port",
            &port,
            "--bots",
            "4",
            // Bots move every 50 ms, so the save soon needs a page the full disk lacks.
            "--bot-think-secs",
            "0.05",
            "--seed",
            "9",
            "--save",
            &save_s,
        ],
    ) else {
        eprintln!("no user and mount namespaces here (unshare -rm): skipped");
        return;
    };
    host.expect("the host's start", |l| l.trim().starts_with("catan join "));
    // The namespace's view of the small disk, from outside it.
    let inside =
        PathBuf::from(format!("/proc/{}/root", host.pid())).join(disk.strip_prefix("/").unwrap());
    let saved = inside.join("game.catan");
    assert!(saved.exists(), "the save is on the small disk");
    let mut eve = Proc::spawn(
        &data,
        &[
            "join",
            "--plain",
            "--watch",
            "--name",
            "Eve",
            &format!("127.0.0.1:{port}"),
        ],
    );
    // The bots play; wait for a few lines in the save.
    let grown = |n: usize| {
        for _ in 0..600 {
            let lines =
                std::fs::read(&saved).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
            if lines >= n {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the save did not grow to {n} lines");
    };
    grown(8);
    // Fill the disk to the last byte.
    let mut filler = std::fs::File::create(inside.join("filler")).unwrap();
    let chunk = vec![7u8; 4096];
    while filler.write_all(&chunk).is_ok() {}
    while filler.write_all(&[7]).is_ok() {}
    expect_notice(&mut eve, "the game is not being saved", |l| {
        l.contains("not being saved")
    });
    // Room again: the host writes a fresh save and says so.
    drop(filler);
    std::fs::remove_file(inside.join("filler")).unwrap();
    expect_notice(&mut eve, "the game is saved again", |l| {
        l.contains("being saved again")
    });
    let before = read(&saved).unwrap().entries.len();
    // Two header lines, then the entries.
    grown(2 + before + 6);
    // What the save holds is a whole game, with no gap: it resumes, and again.
    let copy = data.join("copy.catan");
    std::fs::copy(&saved, &copy).unwrap();
    host.kill();
    drop(eve);
    for _ in 0..2 {
        let loaded = record::load(&copy).expect("the save resumes");
        assert!(loaded.entries.len() >= before + 5);
        let w = SaveWriter::resume(&copy, &loaded.header, &loaded.entries).unwrap();
        assert_eq!(w.problem(), None);
    }
}
