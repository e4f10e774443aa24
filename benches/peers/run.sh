#!/usr/bin/env bash
# Engine throughput side by side, in one run: `catan sim`, catanatron 3.2.1 and fastcatan
# 2.0.0, each playing full four-seat games with four random bots on one core (pinned with
# taskset when it is there). The two peers are installed into benches/peers/.venv.
#
#   benches/peers/run.sh [ROUNDS] [CATAN_GAMES] [CATANATRON_GAMES] [FASTCATAN_GAMES]
#
# Defaults: 3 rounds of 5000, 100 and 2000 games. The engines take turns round by round
# (catan, catanatron, fastcatan, catan, ...) so a machine that slows down mid-run slows all
# three; the table shows each engine's median round.
#
# fastcatan ships only CPython >= 3.12 wheels. A python3.12+ on PATH is used when there is
# one; otherwise Debian 13's python3.13 packages are fetched with apt-get download (a private
# apt state under .venv, nothing installed on the system) and run from .venv with their own
# loader and libraries. If that fails too, the table says why and measures the other two.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
venv="$here/.venv"
rounds=${1:-3}
catan_games=${2:-5000}
catanatron_games=${3:-100}
fastcatan_games=${4:-2000}
core=${PEERS_CORE:-0}
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 CATAN_NO_ADVERTISE=1
results="$venv/results.jsonl"

pin=()
if command -v taskset >/dev/null; then
    pin=(taskset -c "$core")
fi

log() { echo "peers: $*" >&2; }

# ---- catanatron: any Python 3 with venv -------------------------------------------------------
mkdir -p "$venv"
if [ ! -x "$venv/bin/python" ]; then
    log "creating $venv"
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q --disable-pip-version-check catanatron==3.2.1

# ---- fastcatan: CPython >= 3.12 ---------------------------------------------------------------
fastcatan_py=()
fastcatan_note=""

py_at_least_312() {
    "$@" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null
}

setup_fastcatan_with() { # a python3.12+ command on PATH
    local py=$1
    if [ ! -x "$venv/py312/bin/python" ]; then
        "$py" -m venv "$venv/py312"
    fi
    "$venv/py312/bin/pip" install -q --disable-pip-version-check fastcatan==2.0.0
    fastcatan_py=("$venv/py312/bin/python")
}

setup_fastcatan_debian() { # Debian 13's python3.13, unpacked under .venv
    local apt="$venv/apt" cpy="$venv/cpython"
    local opts=(-o "Dir::Etc::sourcelist=$apt/sources.list" -o "Dir::Etc::sourceparts=/dev/null"
        -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
        -o "Dir::State::status=/var/lib/dpkg/status" -o "APT::Sandbox::User=root")
    if [ ! -x "$cpy/root/usr/bin/python3.13" ]; then
        command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || return 1
        mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs" "$cpy/root"
        echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main" \
            >"$apt/sources.list"
        log "fetching Debian 13's python3.13 (apt-get download into $apt, nothing installed)"
        apt-get "${opts[@]}" -qq update || return 1
        (cd "$apt/debs" && apt-get "${opts[@]}" -qq download \
            python3.13-minimal libpython3.13-minimal libpython3.13-stdlib libc6 libexpat1 \
            zlib1g libffi8 libssl3t64 libbz2-1.0 liblzma5 libsqlite3-0 libuuid1 libcrypt1 \
            libmpdec4 libgcc-s1 libstdc++6 libzstd1 libncursesw6 libtinfo6 libreadline8t64) ||
            return 1
        for d in "$apt"/debs/*.deb; do dpkg-deb -x "$d" "$cpy/root"; done
    fi
    cat >"$cpy/python3.13" <<EOF
#!/bin/sh
# Debian 13's python3.13 with its own loader and libraries (this machine's C library is older).
R="$cpy/root"
PYTHONHOME="\$R/usr" PYTHONPATH="$cpy/site" exec "\$R/usr/lib64/ld-linux-x86-64.so.2" \\
    --library-path "\$R/usr/lib/x86_64-linux-gnu:\$R/lib/x86_64-linux-gnu" "\$R/usr/bin/python3.13" "\$@"
EOF
    chmod +x "$cpy/python3.13"
    py_at_least_312 "$cpy/python3.13" || return 1
    # pip runs under the venv's Python and installs the cp312-abi3 wheels for 3.13.
    "$venv/bin/pip" install -q --disable-pip-version-check --ignore-requires-python \
        --target "$cpy/site" --upgrade --python-version 3.13 --implementation cp \
        --only-binary=:all: --platform manylinux_2_28_x86_64 fastcatan==2.0.0 || return 1
    fastcatan_py=("$cpy/python3.13")
}

for py in python3.14 python3.13 python3.12; do
    if command -v "$py" >/dev/null && py_at_least_312 "$py"; then
        if setup_fastcatan_with "$py"; then break; fi
    fi
done
if [ ${#fastcatan_py[@]} -eq 0 ] && ! setup_fastcatan_debian; then
    fastcatan_py=()
    fastcatan_note="not measurable here: no CPython >= 3.12 (none on PATH, Debian 13's python3.13 could not be fetched or run)"
fi
if [ ${#fastcatan_py[@]} -gt 0 ] && ! "${fastcatan_py[@]}" -c 'import fastcatan' 2>/dev/null; then
    fastcatan_note="not measurable here: fastcatan 2.0.0 does not import under ${fastcatan_py[*]}"
    fastcatan_py=()
fi

# ---- catan ------------------------------------------------------------------------------------
(cd "$root" && cargo build --release --quiet)
catan="$root/target/release/catan"

# ---- the runs ---------------------------------------------------------------------------------
: >"$results"
for r in $(seq 1 "$rounds"); do
    log "round $r of $rounds: catan ($catan_games games)"
    "${pin[@]}" "$catan" sim --variant base --games "$catan_games" --seed "$r" \
        --bots random,random,random,random --threads 1 |
        python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps({"engine":"catan","games":d["games"],"moves":d["total_moves"],"secs":d["secs"],"engine_secs":d["secs"]}))' \
            >>"$results"
    log "round $r of $rounds: catanatron 3.2.1 ($catanatron_games games)"
    "${pin[@]}" "$venv/bin/python" "$here/catanatron_random.py" "$catanatron_games" "$r" >>"$results"
    if [ ${#fastcatan_py[@]} -gt 0 ]; then
        log "round $r of $rounds: fastcatan 2.0.0 ($fastcatan_games games)"
        "${pin[@]}" "${fastcatan_py[@]}" "$here/fastcatan_random.py" "$fastcatan_games" 256 "$r" >>"$results"
    fi
done

python3 - "$results" "$fastcatan_note" "${pin[*]:-unpinned}" <<'EOF'
import json, statistics, sys

path, note, pin = sys.argv[1], sys.argv[2], sys.argv[3]
runs = [json.loads(l) for l in open(path) if l.strip()]
by = {}
for r in runs:
    by.setdefault(r["engine"], []).append(r)

def median_run(rs, key):
    rs = sorted(rs, key=lambda r: r["games"] / r[key])
    return rs[len(rs) // 2]

def row(name, r, key):
    # Games/s as moves/s over the mean finished game: exact when every move belongs to a
    # finished game (catan, catanatron); for a batch that stops with games under way, it
    # does not count their moves as time lost.
    per_game = r.get("moves_per_game") or r["moves"] / r["games"]
    mps = r["moves"] / r[key]
    return (name, r["games"], per_game, mps / per_game, mps, len(by[r["engine"]]))

rows = []
for engine, rs in by.items():
    rows.append(row(engine, median_run(rs, "secs"), "secs"))
    if engine.startswith("fastcatan"):
        rows.append(row(engine + ", time in fastcatan only", median_run(rs, "engine_secs"), "engine_secs"))
print(f"four random bots, full games, one core ({pin}); median of each engine's rounds")
print(f"{'engine':<42}{'games':>7}{'moves/game':>12}{'games/s':>11}{'moves/s':>13}{'rounds':>8}")
for e, g, mpg, gps, mps, n in rows:
    print(f"{e:<42}{g:>7}{mpg:>12.0f}{gps:>11.1f}{mps:>13.0f}{n:>8}")
if note:
    print(f"{'fastcatan 2.0.0':<42}{note}")
cat = [r for r in rows if r[0] == "catan"]
for r in rows:
    if cat and r[0] != "catan":
        print(f"catan / {r[0]}: {cat[0][3] / r[3]:.1f}x the games/s, {cat[0][4] / r[4]:.1f}x the moves/s")
EOF
