//! Finding a game a real host announces, across a pair of network namespaces joined by a
//! veth link (made and removed by the test). Skipped, with a message, where the test lacks
//! the rights to make namespaces.

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_catan");

struct Net {
    a: String,
    b: String,
}

impl Net {
    /// Two namespaces, `a` at 10.254.77.1 (and .3) and `b` at 10.254.77.2, on one link.
    fn make() -> Option<Net> {
        // Unique per test: tests run in parallel in one process.
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let id = std::process::id() * 10 + NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let net = Net {
            a: format!("catan-a-{id}"),
            b: format!("catan-b-{id}"),
        };
        let sh = |cmd: &str| {
            Command::new("sh")
                .args(["-c", cmd])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        let (a, b) = (&net.a, &net.b);
        let ok = sh(&format!("ip netns add {a}"))
            && sh(&format!("ip netns add {b}"))
            && sh(&format!(
                "ip link add va{id} netns {a} type veth peer name vb{id} netns {b}"
            ))
            && sh(&format!("ip -n {a} addr add 10.254.77.1/24 dev va{id}"))
            && sh(&format!("ip -n {a} addr add 10.254.77.3/24 dev va{id}"))
            && sh(&format!("ip -n {b} addr add 10.254.77.2/24 dev vb{id}"))
            && sh(&format!(
                "ip -n {a} link set va{id} up && ip -n {a} link set lo up"
            ))
            && sh(&format!(
                "ip -n {b} link set vb{id} up && ip -n {b} link set lo up"
            ));
        ok.then_some(net)
    }

    fn exec(&self, ns: &str) -> Command {
        let mut c = Command::new("ip");
        c.args(["netns", "exec", ns, BIN])
            .env_remove("CATAN_NO_ADVERTISE")
            // Saves and seat tokens go to a scratch directory, not the user's.
            .env(
                "CATAN_DATA_DIR",
                std::env::temp_dir().join(format!("catan-discovery-{}", std::process::id())),
            );
        c
    }
}

impl Drop for Net {
    fn drop(&mut self) {
        for ns in [&self.a, &self.b] {
            let _ = Command::new("sh")
                .args([
                    "-c",
                    &format!("ip netns pids {ns} | xargs -r kill -9; ip netns del {ns}"),
                ])
                .stderr(Stdio::null())
                .status();
        }
    }
}

struct Host(Child);
impl Drop for Host {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn games_json(net: &Net) -> Vec<serde_json::Value> {
    let out = net
        .exec(&net.b)
        .args(["games", "--json", "--wait-secs", "2.5"])
        .output()
        .expect("runs catan games");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Polls `catan games` until `pred` holds for what it lists, or gives up after `secs`.
fn wait_for(
    net: &Net,
    secs: u64,
    pred: impl Fn(&[serde_json::Value]) -> bool,
) -> Vec<serde_json::Value> {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        let g = games_json(net);
        if pred(&g) || Instant::now() > end {
            return g;
        }
    }
}

#[test]
fn a_game_announced_on_the_lan_is_found_joined_by_name_and_withdrawn() {
    let Some(net) = Net::make() else {
        eprintln!("skipped: cannot create network namespaces here (needs root and iproute2)");
        return;
    };
    let host = Host(
        net.exec(&net.a)
            .args([
                "host",
                "--headless",
                "--port",
                "7878",
                "--seats",
                "4",
                "--bots",
                "1",
            ])
            .args(["--game-name", "Friday night", "--seed", "1"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts the host"),
    );
    let found = wait_for(&net, 10, |g| g.iter().any(|x| x["name"] == "Friday night"));
    let game = found
        .iter()
        .find(|x| x["name"] == "Friday night")
        .unwrap_or_else(|| panic!("the game is found: {found:?}"));
    assert_eq!(game["variant"], "base");
    assert_eq!(game["compatible"], true);
    assert_eq!(game["seats_taken"], 1);
    assert_eq!(game["seats_free"], 3);
    assert_eq!(game["running"], false);
    assert!(
        game["addrs"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "10.254.77.1:7878"),
        "{game}"
    );

    // Join it by name; the announcement then counts the new seat.
    let mut join = net
        .exec(&net.b)
        .args(["join", "friday night", "--plain", "--name", "Bea"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = join.stdin.take().unwrap();
    writeln!(stdin, "state").unwrap();
    let found = wait_for(&net, 10, |g| {
        g.iter()
            .any(|x| x["name"] == "Friday night" && x["seats_taken"] == 2)
    });
    assert!(
        found
            .iter()
            .any(|x| x["name"] == "Friday night" && x["seats_taken"] == 2),
        "the record updates as seats fill: {found:?}"
    );
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let out = join.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("joined Friday night"), "{text}");

    // Stopping the host withdraws the game.
    let pid = host.0.id();
    let _ = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status();
    let gone = wait_for(&net, 10, |g| !g.iter().any(|x| x["name"] == "Friday night"));
    assert!(
        !gone.iter().any(|x| x["name"] == "Friday night"),
        "withdrawn: {gone:?}"
    );
    drop(host);
}

#[test]
fn a_host_bound_to_one_address_announces_only_that_one() {
    let Some(net) = Net::make() else {
        eprintln!("skipped: cannot create network namespaces here (needs root and iproute2)");
        return;
    };
    let _host = Host(
        net.exec(&net.a)
            .args([
                "host",
                "--headless",
                "--port",
                "7879",
                "--bind",
                "10.254.77.3",
            ])
            .args(["--game-name", "Bound", "--seed", "2"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts the host"),
    );
    let found = wait_for(&net, 10, |g| g.iter().any(|x| x["name"] == "Bound"));
    let game = found
        .iter()
        .find(|x| x["name"] == "Bound")
        .unwrap_or_else(|| panic!("found: {found:?}"));
    let addrs: Vec<&str> = game["addrs"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a.as_str())
        .collect();
    assert_eq!(addrs, vec!["10.254.77.3:7879"]);
}
