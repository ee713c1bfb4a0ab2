#!/usr/bin/env bash
# hdrprobe benchmark: times `hdrprobe probe --json` over the corpus against MediaInfo and ffprobe,
# and lists the bytes hdrprobe read from each file. See bench/README.md.
#
# Usage: bench/bench.sh [--runs N] [--corpus DIR] [--out FILE] [--install] [--no-build]
#   --runs N      timed runs per tool (default 5), after one untimed warm-up run
#   --corpus DIR  folder whose media files are probed (default: the repo's Corpus/)
#   --out FILE    also write the markdown report to FILE
#   --install     when mediainfo/ffprobe are missing and we are root: apt-get install them
#   --no-build    use the existing .build/release/hdrprobe instead of building it first
#
# The markdown report goes to stdout; progress goes to stderr.
set -euo pipefail
export LC_ALL=C

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)

RUNS=5
CORPUS=$ROOT/Corpus
OUT=
INSTALL=0
BUILD=1

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; }
die() { echo "bench: error: $*" >&2; exit 1; }
log() { echo "== $*" >&2; }

while (($#)); do
  case $1 in
    --runs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || die "--runs needs a positive integer"; RUNS=$2; shift 2 ;;
    --runs=*) RUNS=${1#*=}; [[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "--runs needs a positive integer"; shift ;;
    --corpus) [[ -n ${2:-} ]] || die "--corpus needs a folder"; CORPUS=$2; shift 2 ;;
    --corpus=*) CORPUS=${1#*=}; shift ;;
    --out) [[ -n ${2:-} ]] || die "--out needs a file name"; OUT=$2; shift 2 ;;
    --out=*) OUT=${1#*=}; shift ;;
    --install) INSTALL=1; shift ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

[[ -d $CORPUS ]] || die "corpus folder not found: $CORPUS"
CORPUS=$(cd "$CORPUS" && pwd)
if [[ -n $OUT ]]; then
  OUT_DIR=$(dirname "$OUT")
  [[ -d $OUT_DIR ]] || die "folder of --out does not exist: $OUT_DIR"
  OUT="$(cd "$OUT_DIR" && pwd)/$(basename "$OUT")"
fi

# ---------------------------------------------------------------- tools
command -v python3 >/dev/null 2>&1 || die "python3 is required (apt-get install -y python3)"
missing=()
command -v mediainfo >/dev/null 2>&1 || missing+=(mediainfo)
command -v ffprobe >/dev/null 2>&1 || missing+=(ffprobe)
if ((${#missing[@]})); then
  if ((INSTALL)) && [[ $(id -u) == 0 ]]; then
    log "installing mediainfo ffmpeg (missing: ${missing[*]})"
    apt-get update >&2 && apt-get install -y mediainfo ffmpeg >&2
  else
    echo "bench: missing tools: ${missing[*]}" >&2
    echo "hint: apt-get install -y mediainfo ffmpeg   (or run this script as root with --install)" >&2
    exit 1
  fi
fi

# shellcheck source=bench/lib.sh
source "$ROOT/bench/lib.sh"
build_release

# ---------------------------------------------------------------- inputs
# Every regular, non-hidden file directly in the corpus folder that is not a script, doc or golden.
FILES=()
while IFS= read -r -d '' f; do
  name=${f##*/}
  case $name in
    .*|*.sh|*.md|*.py|*.json|*.txt) continue ;;
  esac
  FILES+=("$name")
done < <(find "$CORPUS" -mindepth 1 -maxdepth 1 -type f -print0 | sort -z)
((${#FILES[@]})) || die "no media files in $CORPUS"
log "${#FILES[@]} media files in $CORPUS, $RUNS timed runs (+1 warm-up)"

# ---------------------------------------------------------------- environment facts
CPU_MODEL=$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*: *//' || true)
MEM_KB=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null || true)
HDRPROBE_VERSION=$("$HDRPROBE" --version 2>&1 | head -1)
MEDIAINFO_VERSION=$(mediainfo --Version 2>&1 | grep -io 'v[0-9][0-9.]*' | head -1 || true)
FFPROBE_VERSION=$(ffprobe -version 2>&1 | head -1 | sed 's/ Copyright.*//')
LIBAVFORMAT_VERSION=$(cd "$CORPUS" && { "$HDRPROBE" probe --json --quiet "${FILES[0]}" 2>/dev/null || true; } \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["tool"].get("libavformat") or "?")' 2>/dev/null || echo '?')

export BENCH_CORPUS=$CORPUS BENCH_RUNS=$RUNS BENCH_OUT=$OUT BENCH_HDRPROBE=$HDRPROBE
export BENCH_NPROC=$(nproc) BENCH_CPU="${CPU_MODEL:-unknown}" BENCH_KERNEL="$(uname -srm)" BENCH_MEM_KB="${MEM_KB:-}"
export BENCH_V_HDRPROBE="$HDRPROBE_VERSION" BENCH_V_LAVF="$LIBAVFORMAT_VERSION" BENCH_V_MEDIAINFO="${MEDIAINFO_VERSION:-unknown}" BENCH_V_FFPROBE="$FFPROBE_VERSION"
export BENCH_REL_HDRPROBE=${HDRPROBE#"$ROOT"/}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/hdrprobe-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
export BENCH_TMP=$TMP

# ---------------------------------------------------------------- harness
cat >"$TMP/harness.py" <<'PY'
"""Runs the tools, measures them, prints the markdown report. Driven by bench/bench.sh."""
import datetime
import json
import os
import statistics
import subprocess
import sys
import time

corpus = os.environ["BENCH_CORPUS"]
runs = int(os.environ["BENCH_RUNS"])
out_path = os.environ.get("BENCH_OUT") or ""
hdrprobe = os.environ["BENCH_HDRPROBE"]
tmp = os.environ["BENCH_TMP"]
files = sys.argv[1:]
n = len(files)


def log(msg):
    print(f"== {msg}", file=sys.stderr, flush=True)


def run_one(argv, stdout_path):
    """Runs one process in the corpus folder; returns wall s, cpu s, max RSS KiB, rchar, exit code.

    The child is waited for with WNOWAIT first, so its /proc/PID/io (read() byte count, rchar)
    can still be read while it is a zombie; wait4 then reaps it and gives its own rusage."""
    with open(stdout_path, "wb") as out, open(stdout_path + ".err", "ab") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, cwd=corpus, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
        wall = time.perf_counter() - t0
        rchar = None
        try:
            with open(f"/proc/{p.pid}/io") as f:
                for line in f:
                    if line.startswith("rchar:"):
                        rchar = int(line.split()[1])
        except OSError:
            pass
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss": ru.ru_maxrss, "rchar": rchar,
            "rc": p.returncode, "procs": 1}


def run_hdrprobe(tag):
    r = run_one([hdrprobe, "probe", "--json", "--quiet", *files], f"{tmp}/hdrprobe.{tag}.json")
    r["rcs"] = {r["rc"]: 1}
    return r


def run_mediainfo(tag):
    r = run_one(["mediainfo", "--Output=JSON", *files], f"{tmp}/mediainfo.{tag}.json")
    r["rcs"] = {r["rc"]: 1}
    return r


def run_ffprobe(tag):
    total = {"wall": 0.0, "cpu": 0.0, "rss": 0, "rchar": 0, "procs": 0, "rcs": {}}
    t0 = time.perf_counter()
    for i, f in enumerate(files):
        r = run_one(["ffprobe", "-v", "error", "-of", "json", "-show_streams", "-show_frames",
                     "-read_intervals", "%+#32", f], f"{tmp}/ffprobe.{tag}.{i}.json")
        total["cpu"] += r["cpu"]
        total["rss"] = max(total["rss"], r["rss"])
        total["rchar"] = None if total["rchar"] is None or r["rchar"] is None else total["rchar"] + r["rchar"]
        total["procs"] += 1
        total["rcs"][r["rc"]] = total["rcs"].get(r["rc"], 0) + 1
    total["wall"] = time.perf_counter() - t0
    return total


TOOLS = [("hdrprobe", run_hdrprobe), ("mediainfo", run_mediainfo), ("ffprobe", run_ffprobe)]
# Start-up alone: each tool printing its version, no media file opened.
VERSION_ARGV = {"hdrprobe": [hdrprobe, "--version"], "mediainfo": ["mediainfo", "--Version"],
                "ffprobe": ["ffprobe", "-version"]}

load_start = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else []
log("warm-up run (not timed): hdrprobe, mediainfo, ffprobe")
for name, fn in TOOLS:
    fn("warmup")

startup = {name: [] for name, _ in TOOLS}
for run in range(1, runs + 1):
    order = TOOLS if run % 2 == 1 else list(reversed(TOOLS))
    for name, _ in order:
        startup[name].append(run_one(VERSION_ARGV[name], f"{tmp}/{name}.version.{run}.txt"))

results = {name: [] for name, _ in TOOLS}
bytes_by_run = []
for run in range(1, runs + 1):
    order = TOOLS if run % 2 == 1 else list(reversed(TOOLS))
    log(f"run {run}/{runs}: " + " -> ".join(name for name, _ in order))
    for name, fn in order:
        r = fn(f"run{run}")
        results[name].append(r)
        log(f"   {name:9s} {r['wall']:8.3f} s wall  {r['cpu']:7.3f} s cpu  exit {dict(sorted(r['rcs'].items()))}")
    with open(f"{tmp}/hdrprobe.run{run}.json") as f:
        reports = json.load(f)
    bytes_by_run.append({rep["path"]: (rep.get("probe") or {}).get("bytesRead") for rep in reports})
    status = {rep["path"]: rep.get("status") for rep in reports}
load_end = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else []

# ---------------------------------------------------------------- summary
def med(name, key):
    return statistics.median(r[key] for r in results[name])


def fmt_bytes(b):
    return "n/a" if b is None else f"{b:,}"


def fmt_rcs(name):
    counts = {}
    for r in results[name]:
        for rc, c in r["rcs"].items():
            counts[rc] = counts.get(rc, 0) + c
    per_run = {rc: c / len(results[name]) for rc, c in sorted(counts.items())}
    if all(v == 1 for v in per_run.values()) and len(per_run) == 1:
        return str(next(iter(per_run)))
    return ", ".join(f"{rc}×{c:g}" for rc, c in per_run.items())


hp_wall, hp_cpu = med("hdrprobe", "wall"), med("hdrprobe", "cpu")
sizes = {f: os.path.getsize(os.path.join(corpus, f)) for f in files}
total_size = sum(sizes.values())
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
mem = os.environ.get("BENCH_MEM_KB")
mem_s = f", {int(mem) / 1048576:.1f} GiB RAM" if mem else ""

L = []
L.append("# hdrprobe benchmark")
L.append("")
L.append(f"- Date: {now}")
L.append(f"- Machine: {os.environ['BENCH_NPROC']} CPUs (nproc), {os.environ['BENCH_CPU']}{mem_s}, "
         f"{os.environ['BENCH_KERNEL']}; load average at start {' '.join(load_start) or 'n/a'}, "
         f"at end {' '.join(load_end) or 'n/a'}")
L.append(f"- Tools: hdrprobe {os.environ['BENCH_V_HDRPROBE']} (release build, libavformat "
         f"{os.environ['BENCH_V_LAVF']}); MediaInfo (MediaInfoLib) {os.environ['BENCH_V_MEDIAINFO'].strip()}; "
         f"{os.environ['BENCH_V_FFPROBE']}")
L.append(f"- Corpus: `{corpus}`: {n} media files, {total_size:,} bytes "
         f"(smallest {min(sizes.values()):,} B, largest {max(sizes.values()):,} B)")
L.append(f"- Runs: {runs} timed, after 1 untimed warm-up; tool order alternates (odd runs hdrprobe → mediainfo "
         f"→ ffprobe, even runs the reverse). Wall time: monotonic clock (`time.perf_counter`) around each "
         f"process; CPU and peak RSS: the child's own `wait4` rusage; read() bytes: `rchar` of `/proc/PID/io`.")
L.append("- Commands (run in the corpus folder; `FILES` = the files above, sorted by name, passed explicitly — "
         "MediaInfo is not given the folder, which it would descend into, `expected/` and `.work/` included):")
L.append(f"  - `{os.environ['BENCH_REL_HDRPROBE']} probe --json --quiet FILES` — one process")
L.append("  - `mediainfo --Output=JSON FILES` — one process")
L.append("  - `for f in FILES; do ffprobe -v error -of json -show_streams -show_frames -read_intervals %+#32 \"$f\"; "
         f"done` — {n} processes, one after another")
L.append("")
L.append("## Per tool")
L.append("")
L.append("| tool | processes/run | median wall (s) | wall min–max (s) | files/s | median CPU user+sys (s) "
         "| peak RSS (MiB) | read() bytes/run (rchar) | rchar beyond start-up | exit status "
         "| hdrprobe faster (wall) | hdrprobe less CPU |")
L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|")
for name, _ in TOOLS:
    rs = results[name]
    wall, cpu = med(name, "wall"), med(name, "cpu")
    rss = max(r["rss"] for r in rs) / 1024
    rchars = [r["rchar"] for r in rs]
    rchar = None if any(x is None for x in rchars) else int(statistics.median(rchars))
    su_rchars = [r["rchar"] for r in startup[name]]
    su_rchar = None if any(x is None for x in su_rchars) else statistics.median(su_rchars)
    beyond = None if rchar is None or su_rchar is None else int(rchar - rs[0]["procs"] * su_rchar)
    if name == "hdrprobe":
        ratio_w = ratio_c = "—"
    else:
        ratio_w = f"{wall / hp_wall:.1f}×"
        ratio_c = f"{cpu / hp_cpu:.1f}×" if hp_cpu > 0 else "n/a"
    L.append(f"| {name} | {rs[0]['procs']} | {wall:.3f} | {min(r['wall'] for r in rs):.3f}–"
             f"{max(r['wall'] for r in rs):.3f} | {n / wall:,.0f} | {cpu:.3f} | {rss:.1f} | {fmt_bytes(rchar)} "
             f"| {fmt_bytes(beyond)} | {fmt_rcs(name)} | {ratio_w} | {ratio_c} |")
L.append("")
L.append("Ratios: the other tool's median divided by hdrprobe's (\"4.0×\" = hdrprobe took a quarter of the time). "
         "Peak RSS is the largest of any one process (for ffprobe: of any of its per-file processes). "
         "read() bytes count every `read`/`pread` of the process (media, config files, `/proc`), not mmap'd "
         "libraries; the page cache is warm, so no run reads from the disk itself. "
         "Exit status: hdrprobe exits 1 because the corpus has deliberately broken `bad_*` files; "
         "for ffprobe it is the count of processes per exit status in one run.")
L.append("")
L.append("Start-up alone (the version command, no media opened; median of "
         f"{runs}): " + "; ".join(
             f"{name} `{' '.join(os.path.basename(a) if i == 0 else a for i, a in enumerate(VERSION_ARGV[name]))}` "
             f"{statistics.median(r['wall'] for r in startup[name]) * 1000:.1f} ms wall, "
             f"{statistics.median(r['cpu'] for r in startup[name]) * 1000:.1f} ms CPU, "
             f"{max(r['rss'] for r in startup[name]) / 1024:.1f} MiB RSS, "
             f"{fmt_bytes(None if startup[name][0]['rchar'] is None else int(statistics.median(r['rchar'] for r in startup[name])))} read() bytes"
             for name, _ in TOOLS) + ". "
         "\"rchar beyond start-up\" subtracts that start-up read count once per process: roughly the bytes read "
         "for the media and the work on it.")
L.append("")

# ---------------------------------------------------------------- per file
last = bytes_by_run[-1]
varied = sorted(f for f in files if len({b.get(f) for b in bytes_by_run}) > 1)
read_total = sum(v for v in last.values() if v is not None)
over1 = sorted(f for f in files if last.get(f) is not None and sizes[f] > 0 and last[f] > sizes[f])
over2 = sorted(f for f in files if last.get(f) is not None and sizes[f] > 0 and last[f] > 2 * sizes[f])
L.append("## Bytes hdrprobe read per file")
L.append("")
L.append("From each report's `probe.bytesRead` (hdrprobe's own count of every byte it read from the file, "
         "its header walks and libavformat together). A fraction above 100 % means parts of the file were read "
         "more than once; rows above 200 % are marked **bold**.")
L.append("")
L.append("| file | size (B) | hdrprobe read (B) | fraction of file | status |")
L.append("|---|---:|---:|---:|---|")
for f in files:
    b = last.get(f)
    frac = "n/a" if b is None or sizes[f] == 0 else f"{100 * b / sizes[f]:.1f} %"
    row = f"| {f} | {sizes[f]:,} | {fmt_bytes(b)} | {frac} | {status.get(f, 'missing')} |"
    if f in over2:
        row = f"| **{f}** | {sizes[f]:,} | **{fmt_bytes(b)}** | **{frac}** | {status.get(f, 'missing')} |"
    L.append(row)
L.append(f"| **total** | **{total_size:,}** | **{read_total:,}** | "
         f"**{100 * read_total / total_size:.1f} %** | |" if total_size else "| **total** | 0 | 0 | n/a | |")
L.append("")
L.append(f"- Files read past their size (some bytes read twice or more): {len(over1)} of {n}.")
L.append(f"- Files read more than twice over: {len(over2)}" + (": " + ", ".join(f"`{f}`" for f in over2) if over2 else "") + ".")
if varied:
    L.append(f"- `bytesRead` differed between runs for: {', '.join(varied)} (last run shown).")
else:
    L.append(f"- `bytesRead` was identical in all {runs} runs.")
L.append("- MediaInfo and ffprobe keep no such per-file count: n/a (their total read() bytes are in the table above).")

report = "\n".join(L) + "\n"
sys.stdout.write(report)
if out_path:
    with open(out_path, "w") as f:
        f.write(report)
    log(f"wrote {out_path}")
PY

python3 "$TMP/harness.py" "${FILES[@]}"
