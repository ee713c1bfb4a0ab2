#!/usr/bin/env python3
"""hdrprobe benchmark (issue 7): library scan and large-file cost, side by side with MediaInfo and
ffprobe, on inputs it builds itself. Writes Reports/benchmarks.md and Reports/benchmarks-size.svg.

    bench/benchmark.sh [--runs N] [--files N] [--large-sizes 100,2000] [--quick] [--keep]

Inputs (under bench/.work/, git-ignored, deterministic):
  library/   >= --files copies of the corpus media (folders of 112)
  large/     a 3840x2160 10-bit HEVC stream of 48 frames encoded once per kind (HDR10, DV 8.1 with
             dovi_tool's profile8 RPU in every frame, HDR10+ with hdr10plus_tool's payload in every
             frame; x265 ultrafast), made into MKV with mkvmerge (Dolby Vision record), then remuxed
             with `ffmpeg -stream_loop` to ~100 MB and ~2 GB in MP4 (-strict unofficial: dvvC) and MKV.

Measured, alternating tools within each round, median of --runs rounds:
  library:   hdrprobe scan (cold cache), hdrprobe scan (warm cache), mediainfo --Output=JSON over the
             folder (one process), ffprobe -show_streams -show_frames -read_intervals %+#32 per file
             with as many parallel processes as cores; wall, files/s, CPU (user+sys of the process tree),
             peak RSS (largest process of the tree), and, in a separate run after dropping the page
             cache, bytes read from disk per file (getrusage ru_inblock of the tree);
  facts:     per file, whether MediaInfo and ffprobe see the same HDR facts as hdrprobe (Dolby Vision
             profile, HDR10+, PQ/HLG/SDR);
  size:      hdrprobe probe time and bytes read (its own accounting) for the ~100 MB vs ~2 GB file of
             the same stream, against the stated bound; per 1,000 frames with --frames all against
             ffprobe's frame dump.
"""
import argparse, json, os, platform, resource, shutil, statistics, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "bench" / ".work"
EXT = ROOT.parent / "shared" / "external"
CORES = os.cpu_count() or 1


def log(*a):
    print("==", *a, file=sys.stderr, flush=True)


def run_measured(cmd, stdout=subprocess.DEVNULL, cwd=None, ok=(0, 1)):
    """Runs cmd under GNU time; returns (wall s, CPU s, peak RSS KiB, blocks read) of that command's
    process tree alone (GNU time reports getrusage of its waited-for descendants: CPU is summed, RSS
    is the largest single process, blocks are 512-byte file-system inputs)."""
    stats = WORK / "time.out"
    t = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "%U %S %M %I", "-o", str(stats)] + cmd, stdout=stdout,
                       stderr=subprocess.DEVNULL, cwd=cwd)
    wall = time.perf_counter() - t
    # 1: some file in error (hdrprobe, MediaInfo, ffprobe); 123: xargs saw an ffprobe fail on a broken file.
    if r.returncode not in ok:
        raise SystemExit(f"benchmark: {cmd[0]} exited with {r.returncode}")
    last = stats.read_text().strip().splitlines()[-1].split()
    user, system, rss, blocks = float(last[0]), float(last[1]), int(last[2]), int(last[3])
    return wall, user + system, rss, blocks


def drop_caches():
    subprocess.run(["sync"])
    try:
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def warm_page_cache(paths):
    for p in paths:
        with open(p, "rb") as f:
            while f.read(1 << 20):
                pass


# ------------------------------------------------------------------------------------ inputs
def corpus_media():
    skip = {".sh", ".md", ".py", ".json"}
    return sorted(p for p in (ROOT / "Corpus").iterdir() if p.is_file() and p.suffix not in skip and not p.name.startswith("."))


def build_library(min_files):
    lib = WORK / "library"
    media = corpus_media()
    copies = -(-min_files // len(media))
    total = copies * len(media)
    marker = lib / ".complete"
    if not marker.exists() or marker.read_text().strip() != str(total):
        log(f"library: {total} files ({copies} copies of {len(media)})")
        shutil.rmtree(lib, ignore_errors=True)
        for i in range(copies):
            d = lib / f"show-{i // 4:02d}" / f"season-{i % 4}"
            d.mkdir(parents=True)
            for m in media:
                shutil.copyfile(m, d / m.name)
        marker.write_text(str(total))
    return lib, sorted(p for p in lib.rglob("*") if p.is_file() and not p.name.startswith("."))


def build_large(sizes_mb):
    out = WORK / "large"
    out.mkdir(parents=True, exist_ok=True)
    nframes = 48
    src = ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=3840x2160:r=24000/1001", "-frames:v", str(nframes),
           "-pix_fmt", "yuv420p10le", "-strict", "-1", "-f", "yuv4mpegpipe", "-"]
    x265 = ["x265", "--pools", "2", "--preset", "ultrafast", "--keyint", "24", "--min-keyint", "24", "--no-scenecut",
            "--profile", "main10", "--output-depth", "10", "--log-level", "error", "--no-progress", "--y4m", "--input", "-",
            "--colorprim", "bt2020", "--transfer", "smpte2084", "--colormatrix", "bt2020nc", "--range", "limited",
            "--master-display", "G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)",
            "--max-cll", "1000,400", "--hdr10"]
    kinds = {"hdr10": []}
    rpu = EXT / "dovi_tool" / "tests" / "profile8.bin"
    if rpu.exists():
        rpus = out / "profile8.rpus"
        rpus.write_bytes(rpu.read_bytes() * nframes)
        kinds["dv81"] = ["--dolby-vision-profile", "8.1", "--dolby-vision-rpu", str(rpus), "--vbv-bufsize", "40000", "--vbv-maxrate", "40000"]
    nalu = ROOT / "Corpus" / ".work" / "tmp" / "hdr10plus.nalu"
    sei = EXT / "hdr10plus_tool" / "hevc_tests" / "single-frame.hevc"
    if sei.exists():
        payload = hdr10plus_payload(sei)
        lines = "".join(f"{poc} PREFIX 39/4 {payload}\n" for poc in range(nframes))
        (out / "hdr10plus.nalu").write_text(lines)
        kinds["hdr10plus"] = ["--nalu-file", str(out / "hdr10plus.nalu")]
    files = {}
    for kind, extra in kinds.items():
        es = out / f"{kind}.hevc"
        if not es.exists():
            log(f"encoding 3840x2160 10-bit {kind} ({nframes} frames)")
            p1 = subprocess.Popen(src, stdout=subprocess.PIPE)
            subprocess.run(x265 + extra + ["-o", str(es)], stdin=p1.stdout, check=True)
            p1.wait()
        base = out / f"{kind}.mkv"
        if not base.exists():
            subprocess.run(["mkvmerge", "-q", "--engage", "no_variable_data", "-o", str(base),
                            "--default-duration", "0:24000/1001p", str(es)], check=False)
        for mb in sizes_mb:
            for ext in ("mp4", "mkv"):
                f = out / f"{kind}_{mb}MB.{ext}"
                if not f.exists():
                    loops = max(0, round(mb * 1e6 / base.stat().st_size) - 1)
                    log(f"remuxing {f.name} ({loops + 1} loops)")
                    opts = ["-tag:v", "hvc1", "-strict", "unofficial"] if ext == "mp4" else []
                    subprocess.run(["ffmpeg", "-v", "error", "-y", "-stream_loop", str(loops), "-i", str(base), "-map", "0",
                                    "-c", "copy"] + opts + [str(f)], check=True)
                files[(kind, mb, ext)] = f
    return files


def hdr10plus_payload(path):
    import base64, re
    data = path.read_bytes()
    starts = [m.start() + 3 for m in re.finditer(b"\x00\x00\x01", data)]
    for i, s in enumerate(starts):
        end = starts[i + 1] - 3 if i + 1 < len(starts) else len(data)
        nal = data[s:end].rstrip(b"\x00")
        if (nal[0] >> 1) & 0x3F != 39:
            continue
        rbsp, z = bytearray(), 0
        for b in nal[2:]:
            if z >= 2 and b == 3:
                z = 0
                continue
            rbsp.append(b)
            z = z + 1 if b == 0 else 0
        i2 = rbsp.find(bytes.fromhex("b5003c000104"))
        if i2 >= 0:
            return base64.b64encode(bytes(rbsp[i2:i2 + 64])).decode()
    raise SystemExit("benchmark: no HDR10+ payload in " + str(path))


# ------------------------------------------------------------------------------------ facts
def facts_hdrprobe(jsonl_path):
    out = {}
    for line in open(jsonl_path, encoding="utf-8"):
        r = json.loads(line)
        v = next((s for s in r.get("streams", []) if s["kind"] == "video"), None)
        if r["status"] != "ok" or v is None:
            continue
        dv = v.get("dolbyVision")
        rng = v.get("hls", {}) and v["hls"].get("videoRange")
        out[os.path.realpath(r["path"])] = (int(dv["profile"].split(".")[0]) if dv else None,
                                            bool(v["hdr"]["hdr10Plus"]["present"]), rng)
    return out


def facts_mediainfo(doc):
    out = {}
    items = doc if isinstance(doc, list) else [doc]
    for item in items:
        media = item.get("media") or {}
        ref = media.get("@ref")
        video = next((t for t in media.get("track", []) if t.get("@type") == "Video"), None)
        if not ref or not video:
            continue
        fmt = video.get("HDR_Format", "") + " " + video.get("HDR_Format_Compatibility", "")
        prof = video.get("HDR_Format_Profile", "")
        dv = None
        if "Dolby Vision" in fmt:
            digits = "".join(c for c in prof.split(".")[1][:2]) if "." in prof else ""
            dv = int(digits) if digits.isdigit() else -1
        tc = video.get("transfer_characteristics", "")
        rng = "PQ" if "PQ" in tc or "2084" in tc else "HLG" if "HLG" in tc else "SDR"
        out[os.path.realpath(ref)] = (dv, "2094" in fmt or "HDR10+" in fmt, rng)
    return out


def facts_ffprobe(path):
    r = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_streams", "-show_frames",
                        "-read_intervals", "%+#32", "-of", "json", str(path)], capture_output=True, text=True)
    try:
        doc = json.loads(r.stdout or "{}")
    except json.JSONDecodeError:
        return None
    streams = doc.get("streams") or []
    if not streams:
        return None
    s = streams[0]
    dv = next((sd.get("dv_profile") for sd in s.get("side_data_list", []) if "DOVI" in sd.get("side_data_type", "")), None)
    plus = any("2094-40" in sd.get("side_data_type", "") for f in doc.get("frames", []) for sd in f.get("side_data_list", []))
    tc = s.get("color_transfer", "")
    rng = "PQ" if tc == "smpte2084" else "HLG" if tc == "arib-std-b67" else "SDR"
    return (dv, plus, rng)


def compare(ref, other):
    same = sum(1 for k, v in ref.items() if other.get(k) == v)
    diff = [(k, v, other.get(k)) for k, v in ref.items() if other.get(k) != v]
    return same, diff


# ------------------------------------------------------------------------------------ main
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--files", type=int, default=5000)
    ap.add_argument("--large-sizes", default="100,2000")
    ap.add_argument("--quick", action="store_true", help="1 run, 1,000 files, 20/200 MB: a smoke test of the script")
    ap.add_argument("--out", default=str(ROOT / "Reports" / "benchmarks.md"))
    a = ap.parse_args()
    if a.quick:
        a.runs, a.files, a.large_sizes = 1, 1000, "20,200"
    sizes = [int(x) for x in a.large_sizes.split(",")]
    for tool in ("ffmpeg", "ffprobe", "mediainfo", "x265", "mkvmerge"):
        if not shutil.which(tool):
            raise SystemExit(f"benchmark: {tool} is missing (apt-get install ffmpeg mediainfo x265 mkvtoolnix)")
    log("building the release binary")
    subprocess.run(["swift", "build", "-c", "release", "--product", "hdrprobe"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binp = ROOT / ".build" / "release" / "hdrprobe"
    WORK.mkdir(parents=True, exist_ok=True)
    lib, files = build_library(a.files)
    large = build_large(sizes)
    cache = WORK / "bench-cache.sqlite"
    jsonl = WORK / "library.jsonl"
    listfile = WORK / "library.list"
    listfile.write_text("".join(str(p) + "\0" for p in files))
    n = len(files)

    def clear_cache():
        for suffix in ("", "-wal", "-shm"):
            Path(str(cache) + suffix).unlink(missing_ok=True)

    tools = {
        "hdrprobe scan (cold cache)": (lambda: clear_cache(), [str(binp), "scan", str(lib), "--jobs", str(CORES), "--cache", str(cache), "--quiet", "--jsonl", str(jsonl)]),
        "hdrprobe scan (warm cache)": (None, [str(binp), "scan", str(lib), "--jobs", str(CORES), "--cache", str(cache), "--quiet", "--jsonl", "/dev/null"]),
        "mediainfo --Output=JSON (folder)": (None, ["mediainfo", "--Output=JSON", str(lib)]),
        f"ffprobe per file, {CORES} in parallel": (None, ["sh", "-c", f"xargs -0 -P {CORES} -n 1 ffprobe -v error -show_streams -show_frames -read_intervals %+#32 -of json < '{listfile}' > /dev/null"]),
    }
    log("warming the page cache")
    warm_page_cache(files)
    results = {k: [] for k in tools}
    for r in range(a.runs):
        for name, (prep, cmd) in tools.items():
            if prep:
                prep()
            log(f"round {r + 1}/{a.runs}: {name}")
            results[name].append(run_measured(cmd, ok=(0, 1, 123)))
    # Bytes read from disk: one run per tool after dropping the page cache.
    disk = {}
    can_drop = drop_caches()
    empty = WORK / "empty"
    empty.mkdir(exist_ok=True)
    baseline_cmds = {
        "hdrprobe scan (cold cache)": [str(binp), "scan", str(empty), "--jobs", str(CORES), "--no-cache", "--quiet", "--jsonl", "/dev/null"],
        "hdrprobe scan (warm cache)": [str(binp), "scan", str(empty), "--jobs", str(CORES), "--cache", str(cache), "--quiet", "--jsonl", "/dev/null"],
        "mediainfo --Output=JSON (folder)": ["mediainfo", "--Output=JSON", str(empty)],
    }
    if can_drop:
        for name, (prep, cmd) in tools.items():
            # Fixed start-up reads (binaries, libraries, the cache file) are measured on their own and
            # subtracted: what remains is what the tool reads of the media.
            drop_caches()
            base_cmd = baseline_cmds.get(name, ["ffprobe", "-version"])
            base = run_measured(base_cmd, ok=(0, 1, 123))[3]
            if name.startswith("ffprobe"):
                base = 0  # after its first process the libraries are cached; the per-file reads remain
            if prep:
                prep()
            drop_caches()
            log(f"disk reads: {name}")
            disk[name] = max(0, run_measured(cmd, ok=(0, 1, 123))[3] - base) * 512
    # Peak RSS flatness: hdrprobe scan of a fifth of the library vs all of it (largest process).
    fifth = lib / "show-00"
    clear_cache()
    rss_small = run_measured([str(binp), "scan", str(fifth), "--jobs", str(CORES), "--no-cache", "--quiet", "--jsonl", "/dev/null"])[2]
    small_n = sum(1 for p in fifth.rglob("*") if p.is_file() and not p.name.startswith("."))

    # Facts: hdrprobe (cold scan's JSONL) vs MediaInfo (one JSON document) vs ffprobe.
    log("comparing HDR facts")
    ref = facts_hdrprobe(jsonl)
    sample = sorted(ref)[: len(corpus_media())]  # one copy of the corpus
    ref = {k: ref[k] for k in sample}
    mi_doc = json.loads(subprocess.run(["mediainfo", "--Output=JSON"] + sample, capture_output=True, text=True).stdout)
    mi = facts_mediainfo(mi_doc)
    ff = {k: facts_ffprobe(k) for k in sample}
    mi_same, mi_diff = compare(ref, mi)
    ff_same, ff_diff = compare(ref, ff)

    # Size: probe time and bytes of ~small vs ~large file of the same stream.
    log("large files")
    size_rows = []
    for (kind, mb, ext), f in sorted(large.items()):
        times, rep = [], None
        for _ in range(max(3, a.runs)):
            t = time.perf_counter()
            out = subprocess.run([str(binp), "probe", "--json", str(f)], capture_output=True, text=True)
            times.append(time.perf_counter() - t)
            rep = json.loads(out.stdout)[0]
        mi_t = statistics.median(run_measured(["mediainfo", "--Output=JSON", str(f)])[0] for _ in range(3))
        ff_t = statistics.median(run_measured(["ffprobe", "-v", "error", "-show_streams", "-show_frames", "-read_intervals", "%+#32", "-of", "json", str(f)])[0] for _ in range(3))
        v = next(s for s in rep["streams"] if s["kind"] == "video")
        size_rows.append(dict(kind=kind, mb=mb, ext=ext, size=f.stat().st_size, t=statistics.median(times), mi=mi_t, ff=ff_t,
                              bytes=rep["probe"]["bytesRead"], frames=rep["probe"]["framesScanned"], type=v["hdr"]["videoRangeType"]))
    # --frames all per 1,000 frames on the smaller large MKV (HDR10+ when there, else HDR10).
    kind_all = "hdr10plus" if ("hdr10plus", sizes[0], "mkv") in large else "hdr10"
    f_all = large[(kind_all, sizes[0], "mkv")]
    nfr = int(subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                              "stream=nb_read_packets", "-of", "csv=p=0", str(f_all)], capture_output=True, text=True).stdout.strip() or 0)
    all_t = statistics.median(run_measured([str(binp), "probe", "--jsonl", "--frames", "all", str(f_all)])[0] for _ in range(a.runs))
    ffall_t = statistics.median(run_measured(["ffprobe", "-v", "error", "-show_frames", "-of", "json", str(f_all)])[0] for _ in range(1))

    write_report(a, n, lib, results, disk, can_drop, rss_small, small_n, ref, mi_same, mi_diff, ff_same, ff_diff,
                 size_rows, sizes, f_all, nfr, all_t, ffall_t, binp)
    write_svg(size_rows, results, n)
    print(Path(a.out).read_text())


def write_report(a, n, lib, results, disk, can_drop, rss_small, small_n, ref, mi_same, mi_diff, ff_same, ff_diff,
                 size_rows, sizes, f_all, nfr, all_t, ffall_t, binp):
    med = {k: tuple(statistics.median(x[i] for x in v) for i in range(4)) for k, v in results.items()}
    names = list(results)
    cold, warm, mi, ff = (med[k] for k in names)
    versions = {
        "hdrprobe": subprocess.run([str(binp), "--version"], capture_output=True, text=True).stdout.strip(),
        "MediaInfo": subprocess.run(["mediainfo", "--version"], capture_output=True, text=True).stdout.strip().splitlines()[-1],
        "ffprobe": subprocess.run(["ffprobe", "-version"], capture_output=True, text=True).stdout.splitlines()[0],
    }
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
    L = ["# Benchmarks", "",
         f"`bench/benchmark.sh` — one run on {time.strftime('%Y-%m-%d')}; {CORES} cores ({cpu}), "
         f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') // 2**30} GiB, {platform.platform()}.",
         f"Versions: {versions['hdrprobe']} (release build), {versions['MediaInfo']}, {versions['ffprobe']}.", "",
         f"## Library scan: {n:,} files", "",
         f"Copies of the {len(corpus_media())} corpus media files (broken ones included) under `bench/.work/library`. "
         f"Median of {a.runs} rounds, tools alternating within each round, files in the page cache. CPU = user + system "
         f"time of the whole process tree; peak RSS = the largest single process; disk = bytes read from the block device "
         f"per file after `drop_caches`" + ("" if can_drop else " (not measured: drop_caches not permitted)") + ".", "",
         "| tool | wall s | files/s | CPU s | peak RSS MB | disk bytes/file | files/s vs hdrprobe cold |",
         "|---|---:|---:|---:|---:|---:|---:|"]
    for k in names:
        w, c, rss, _ = med[k]
        d = disk.get(k)
        L.append(f"| {k} | {w:.2f} | {n / w:,.0f} | {c:.2f} | {rss / 1024:.0f} | {('%.0f' % (d / n)) if d is not None else '–'} | {cold[0] / w:.2f}× |")
    L += ["", "Ratios (same run):", "",
          f"- hdrprobe cold vs MediaInfo: **{mi[0] / cold[0]:.1f}×** the files/s (target ≥ 3×)",
          f"- hdrprobe cold vs ffprobe: **{ff[0] / cold[0]:.1f}×** (target ≥ 30×)",
          f"- warm vs cold: **{cold[0] / warm[0]:.1f}×** (target ≥ 20×)",
          f"- peak RSS (largest process) of the {n:,}-file scan: {cold[2] / 1024:.0f} MB; of a {small_n}-file scan: {rss_small / 1024:.0f} MB (target ≤ 150 MB, flat)",
          "", "Runs (wall s): " + "; ".join(f"{k}: " + " ".join(f"{x[0]:.2f}" for x in results[k]) for k in names), "",
          "## Same facts?", "",
          f"On one copy of the corpus ({len(ref)} files hdrprobe analysed): the Dolby Vision profile, HDR10+ and PQ/HLG/SDR "
          f"as each tool reports them. MediaInfo agrees on {mi_same}/{len(ref)}, ffprobe on {ff_same}/{len(ref)}. Where they differ:", ""]
    def show(diff, tool):
        cats = {}
        for k, mine, theirs in diff:
            cats.setdefault((mine, theirs), []).append(os.path.basename(k))
        for (mine, theirs), fs in sorted(cats.items(), key=lambda x: -len(x[1]))[:8]:
            L.append(f"- {tool}: {len(fs)} file(s), hdrprobe (DV, HDR10+, range) = {mine}, {tool} = {theirs} — e.g. {', '.join(fs[:3])}")
    show(mi_diff, "MediaInfo")
    show(ff_diff, "ffprobe")
    L += ["", "The usual causes, checked on the files: Dolby Vision RPUs without a configuration record (TS, raw, "
          "`*_nobox.mp4`) that only hdrprobe reads; HDR10+ in streams MediaInfo does not scan far enough; P5 without colour "
          "description (range from the Dolby Vision profile in hdrprobe).", "",
          "## Cost against file size", "",
          f"A 3840×2160 10-bit HEVC stream of 48 frames per kind, looped to ~{sizes[0]} MB and ~{sizes[1]} MB. hdrprobe "
          "`probe --json` (median of 3), bytes read by its own accounting; MediaInfo and ffprobe (-show_frames "
          "-read_intervals %+#32) for comparison.", "",
          "| file | size MB | range type | hdrprobe ms | bytes read | frames | MediaInfo ms | ffprobe ms |",
          "|---|---:|---|---:|---:|---:|---:|---:|"]
    for r in size_rows:
        L.append(f"| {r['kind']}_{r['mb']}MB.{r['ext']} | {r['size'] / 1e6:,.0f} | {r['type']} | {r['t'] * 1000:.0f} | "
                 f"{r['bytes']:,} | {r['frames']} | {r['mi'] * 1000:.0f} | {r['ff'] * 1000:.0f} |")
    L += ["", "Growth from the small to the large file of the same stream (target ≤ 1.5×):", ""]
    by = {(r["kind"], r["ext"]): {} for r in size_rows}
    for r in size_rows:
        by[(r["kind"], r["ext"])][r["mb"]] = r
    bound_ok = True
    for (kind, ext), d in sorted(by.items()):
        if len(d) == 2:
            s, b = d[sizes[0]], d[sizes[1]]
            L.append(f"- {kind}.{ext}: time {b['t'] / s['t']:.2f}×, bytes read {b['bytes'] / max(1, s['bytes']):.2f}× "
                     f"({s['bytes']:,} → {b['bytes']:,})")
            bound_ok &= b["bytes"] <= (8 << 20) + 8 * 1024 * 1024 + 0  # scan budget 8 MiB + headers
    L += ["", "Bound: hdrprobe reads the container headers (the MP4 `moov` / the Matroska head and Cues libavformat "
          "asks for) plus at most the frame budget (32 frames, capped at 8 MiB of packet data per stream). "
          + ("Every large file stayed under 16 MiB." if bound_ok else "**A file read more than 16 MiB.**"), "",
          "## Whole-stream scan (`--frames all`)", "",
          f"{f_all.name}: {nfr:,} frames. hdrprobe `probe --frames all` (parses every RPU / HDR10+ payload, no decoding): "
          f"{all_t * 1000:.0f} ms = {all_t * 1e6 / max(1, nfr):.1f} ms per 1,000 frames; ffprobe `-show_frames` (decodes every "
          f"frame): {ffall_t * 1000:.0f} ms = {ffall_t * 1e6 / max(1, nfr):.1f} ms per 1,000 frames (**{ffall_t / all_t:.0f}×**).", "",
          "Plot: [benchmarks-size.svg](benchmarks-size.svg) (time per file against file size, log–log)."]
    # The films section comes from bench/films.sh (bench/films_measure.py): kept as it is.
    old = Path(a.out).read_text().split("\n") if Path(a.out).exists() else []
    films = "## Films (`bench/films.sh`)"
    if films in old:
        start = old.index(films)
        end = next((i for i in range(start + 1, len(old)) if old[i].startswith("## ")), len(old))
        L += [""] + old[start:end]
    Path(a.out).write_text("\n".join(L).rstrip("\n") + "\n")


def write_svg(size_rows, results, n):
    import math
    W, H, M = 640, 400, 60
    pts = []
    for r in size_rows:
        pts += [("hdrprobe", r["size"], r["t"]), ("MediaInfo", r["size"], r["mi"]), ("ffprobe", r["size"], r["ff"])]
    if not pts:
        return
    xs = [math.log10(p[1]) for p in pts]
    ys = [math.log10(max(p[2], 1e-4)) for p in pts]
    x0, x1 = math.floor(min(xs)), math.ceil(max(xs))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    x1 = max(x1, x0 + 1)
    y1 = max(y1, y0 + 1)
    X = lambda v: M + (math.log10(v) - x0) / (x1 - x0) * (W - 2 * M)
    Y = lambda v: H - M - (math.log10(max(v, 1e-4)) - y0) / (y1 - y0) * (H - 2 * M)
    colour = {"hdrprobe": "#c60", "MediaInfo": "#06c", "ffprobe": "#393"}
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2}" y="20" text-anchor="middle">Time per file against file size (log–log)</text>']
    for e in range(x0, x1 + 1):
        x = M + (e - x0) / (x1 - x0) * (W - 2 * M)
        s.append(f'<line x1="{x:.1f}" y1="{M}" x2="{x:.1f}" y2="{H - M}" stroke="#eee"/><text x="{x:.1f}" y="{H - M + 16}" text-anchor="middle">{10 ** e / 1e6:g} MB</text>')
    for e in range(y0, y1 + 1):
        y = H - M - (e - y0) / (y1 - y0) * (H - 2 * M)
        s.append(f'<line x1="{M}" y1="{y:.1f}" x2="{W - M}" y2="{y:.1f}" stroke="#eee"/><text x="{M - 6}" y="{y + 4:.1f}" text-anchor="end">{10 ** e * 1000:g} ms</text>')
    for tool, size, t in pts:
        s.append(f'<circle cx="{X(size):.1f}" cy="{Y(t):.1f}" r="4" fill="{colour[tool]}" opacity="0.8"><title>{tool}: {size / 1e6:.0f} MB, {t * 1000:.0f} ms</title></circle>')
    for i, (tool, c) in enumerate(colour.items()):
        s.append(f'<circle cx="{W - M - 90}" cy="{M + 10 + i * 16}" r="4" fill="{c}"/><text x="{W - M - 80}" y="{M + 14 + i * 16}">{tool}</text>')
    s.append("</svg>")
    (ROOT / "Reports" / "benchmarks-size.svg").write_text("\n".join(s) + "\n")


if __name__ == "__main__":
    main()
