//! What the host asks of the operating system: its memory use, for the hall's figures and
//! the benchmarks, and the open-files limit that bounds how many sockets it can hold.

/// This process's resident memory now and at its peak, in KiB (Linux `/proc/self/status`;
/// zeros elsewhere).
pub fn process_memory() -> (u64, u64) {
    memory_in("/proc/self/status")
}

/// Another process's resident memory now and at its peak, in KiB (a host a benchmark started:
/// its own figures, not the load generator's); zeros when it cannot be read.
pub fn process_memory_of(pid: u32) -> (u64, u64) {
    memory_in(&format!("/proc/{pid}/status"))
}

fn memory_in(status: &str) -> (u64, u64) {
    let Ok(text) = std::fs::read_to_string(status) else {
        return (0, 0);
    };
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Raises this process's soft limit on open files to its hard limit, so a host can hold as
/// many sockets as the system allows it; returns the (soft, hard) limits in force after.
/// Raising the hard limit itself takes the administrator (docs/hall.md).
#[cfg(unix)]
#[allow(clippy::unnecessary_cast)] // rlim_t is u64 on most systems, not all
pub fn raise_open_files_limit() -> std::io::Result<(u64, u64)> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed to them.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if lim.rlim_cur < lim.rlim_max {
            let mut want = lim;
            want.rlim_cur = lim.rlim_max;
            // macOS refuses more than OPEN_MAX for the soft limit even when the hard one is
            // unlimited.
            #[cfg(target_os = "macos")]
            {
                want.rlim_cur = want.rlim_cur.min(libc::OPEN_MAX as libc::rlim_t);
            }
            if libc::setrlimit(libc::RLIMIT_NOFILE, &want) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            lim = want;
        }
    }
    Ok((lim.rlim_cur as u64, lim.rlim_max as u64))
}

/// Other systems: nothing to raise.
#[cfg(not(unix))]
pub fn raise_open_files_limit() -> std::io::Result<(u64, u64)> {
    Ok((0, 0))
}
