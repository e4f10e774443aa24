//! How long a save's lines wait to become durable (group commit), on this machine's disk.
//!
//! Writes a game's worth of entries through [`SaveWriter`] at three paces (a table of people,
//! a busy hall, a burst with no pause at all) and reports the syncing thread's figures: how many
//! `fdatasync` calls it made and the longest and mean time from a line's write to the end of
//! the sync that covered it. That time bounds how long an answered command can be lost by a
//! power cut.
//!
//! Run: `cargo bench --bench save_sync` (add `-- DIR` to measure the disk DIR is on; the
//! system's temporary directory otherwise).

use catan::record::{Entry, Header};
use catan::save::SaveWriter;
use std::time::{Duration, Instant};

fn main() {
    let dir = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map(std::path::PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let args = catan::setup::GameSetup::default();
    println!("save durability on {}", dir.display());
    println!("| pace | entries | syncs | worst lag | mean lag |");
    println!("|---|---|---|---|---|");
    for (label, pause, n) in [
        (
            "a table: an entry every 20 ms",
            Duration::from_millis(20),
            250,
        ),
        (
            "a hall: an entry every 1 ms",
            Duration::from_millis(1),
            2000,
        ),
        ("a burst: no pause", Duration::ZERO, 20000),
    ] {
        let path = dir.join(format!("catan-save-sync-{}.catan", std::process::id()));
        let header = Header::new(
            &args,
            4,
            1,
            vec!["a".into(), "b".into(), "c".into(), "d".into()],
        );
        let mut w = SaveWriter::create(&path, header).expect("the save opens");
        w.start(vec!["a".into(), "b".into(), "c".into(), "d".into()]);
        let t0 = Instant::now();
        for i in 0..n {
            let e = Entry::Command {
                at: i,
                seat: (i % 4) as u16,
                text: "trade 4 wool for 1 ore".into(),
            };
            if let Some(news) = w.write(&e) {
                panic!("{}", news.text());
            }
            if !pause.is_zero() {
                std::thread::sleep(pause);
            }
        }
        w.sync();
        let s = w.sync_stats();
        let _ = t0;
        println!(
            "| {label} | {n} | {} | {:.1} ms | {:.2} ms |",
            s.syncs,
            s.worst_lag.as_secs_f64() * 1000.0,
            s.total_lag.as_secs_f64() * 1000.0 / s.syncs.max(1) as f64
        );
        drop(w);
        let _ = std::fs::remove_file(&path);
    }
}
