#!/usr/bin/env python3
"""Measures hdrprobe, MediaInfo and ffprobe on the film files of bench/films.sh (see there).

Per file: wall time (median of RUNS, the three tools alternating within each run), CPU time
(user + system) and peak RSS of the median run, bytes read from the film and read calls (one
strace pass per tool: read/pread64/readv/preadv on the film's file descriptor), a network-share
estimate (bytes / 100 MB/s + read calls x 0.5 ms), and with root the wall time after
`echo 3 > /proc/sys/vm/drop_caches` (one cold run per tool and file). Then a library scan: a folder
of hard links to the films, `hdrprobe scan` (cold, then warm cache) against `mediainfo` over the
same files. Writes the section "Films" of Reports/benchmarks.md (markdown) and prints it.
"""
import os, re, statistics, subprocess, sys, tempfile, time, shutil, platform, datetime

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = sys.argv[1:]
RUNS = int(args[args.index('--runs') + 1]) if '--runs' in args else 7
LIBRARY = int(args[args.index('--library') + 1]) if '--library' in args else 300
WORK = args[-1]
HDRPROBE = os.environ.get('HDRPROBE', os.path.join(ROOT, '.build/release/hdrprobe'))
FILES = [f for f in ['film30_end.mp4', 'film30_faststart.mp4', 'film120_end.mp4', 'film120_faststart.mp4',
                     'film30.mkv', 'film120.mkv', 'film30.m2ts'] if os.path.exists(os.path.join(WORK, f))]
TOOLS = {
    'hdrprobe': lambda f: [HDRPROBE, 'probe', '--json', f],
    'mediainfo': lambda f: ['mediainfo', '--Output=JSON', f],
    'ffprobe': lambda f: ['ffprobe', '-v', 'error', '-show_streams', f],
}


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    return wall * 1000, (ru.ru_utime + ru.ru_stime) * 1000, ru.ru_maxrss / 1024


def reads(cmd, path):
    with tempfile.NamedTemporaryFile('r', suffix='.strace') as log:
        subprocess.run(['strace', '-f', '-y', '-e', 'trace=read,pread64,readv,preadv,preadv2', '-o', log.name] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        calls = total = 0
        name = os.path.realpath(path)
        for line in open(log.name, errors='replace'):
            if name in line:
                m = re.search(r'= (\d+)\s*$', line)
                if m:
                    calls += 1
                    total += int(m.group(1))
        return total, calls


def can_drop():
    try:
        with open('/proc/sys/vm/drop_caches', 'w') as f:
            f.write('3\n')
        return True
    except OSError:
        return False


def main():
    rows = {}
    cold_ok = can_drop()
    for name in FILES:
        path = os.path.join(WORK, name)
        samples = {t: [] for t in TOOLS}
        for _ in range(RUNS):
            for tool, cmd in TOOLS.items():
                samples[tool].append(timed(cmd(path)))
        for tool, cmd in TOOLS.items():
            runs = sorted(samples[tool])
            wall, cpu, rss = runs[len(runs) // 2]
            nbytes, calls = reads(cmd(path), path)
            cold = None
            if cold_ok:
                can_drop()
                cold = timed(cmd(path))[0]
            rows[(name, tool)] = dict(wall=wall, cpu=cpu, rss=rss, bytes=nbytes, calls=calls, cold=cold,
                                      net=nbytes / 100e6 * 1000 + calls * 0.5)
        print(f'measured {name}', file=sys.stderr)
    frames = frame_scaling()
    scan = library_scan() if LIBRARY else None
    write(rows, cold_ok, scan, frames)


def frame_scaling():
    """hdrprobe's wall and CPU time against the frame budget on the moov-at-end films."""
    out = {}
    for name in ['film30_end.mp4', 'film120_end.mp4']:
        path = os.path.join(WORK, name)
        if not os.path.exists(path):
            continue
        for n in [1, 32, 256]:
            runs = sorted(timed([HDRPROBE, 'probe', '--json', '--frames', str(n), path]) for _ in range(RUNS))
            out[(name, n)] = runs[len(runs) // 2]
    return out


def library_scan():
    """Distinct files (hdrprobe's scan counts a hard link once): sparse copies of thin films —
    the same sample tables, every sample after the first two seconds a hole."""
    lib = os.path.join(WORK, 'library')
    shutil.rmtree(lib, ignore_errors=True)
    os.makedirs(lib)
    sources = []
    for d in (30, 120):
        for layout in ('end', 'faststart'):
            thin = os.path.join(WORK, f'thin{d}_{layout}.mp4')
            if not os.path.exists(thin):
                subprocess.run([sys.executable, os.path.join(ROOT, 'bench', 'film_mp4.py'), os.path.join(WORK, 'ref.mp4'),
                                thin, str(d * 60), '30000', layout, 'thin'], check=True, stdout=subprocess.DEVNULL)
            sources.append(os.path.basename(thin))
    for i in range(LIBRARY):
        src = sources[i % len(sources)]
        subprocess.run(['cp', '--sparse=always', os.path.join(WORK, src), os.path.join(lib, f'film{i:04d}.mp4')], check=True)
    files = sorted(os.path.join(lib, f) for f in os.listdir(lib))
    cache = os.path.join(WORK, 'library.sqlite')
    if os.path.exists(cache):
        os.remove(cache)
    cold = timed([HDRPROBE, 'scan', lib, '--cache', cache, '--quiet', '--jsonl', '/dev/null'])[0]
    warm = timed([HDRPROBE, 'scan', lib, '--cache', cache, '--quiet', '--jsonl', '/dev/null'])[0]
    mi = timed(['mediainfo', '--Output=JSON'] + files)[0]
    shutil.rmtree(lib, ignore_errors=True)
    return dict(count=len(files), cold=cold, warm=warm, mediainfo=mi, mix=sources)


def version(cmd, pattern):
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    m = re.search(pattern, out)
    return m.group(1) if m else '?'


def write(rows, cold_ok, scan, frames):
    out = []
    cpu = next((l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo') if l.startswith('model name')), '?')
    hv = version([HDRPROBE, '--version'], r'^(\S+)')
    mv = version(['mediainfo', '--Version'], r'v([0-9.]+)')
    fv = version(['ffprobe', '-version'], r'version (\S+)')
    out.append(f'Date {datetime.date.today().isoformat()}; {os.cpu_count()} cores ({cpu}), {platform.release()}; '
               f'hdrprobe {hv} (release build), MediaInfo {mv}, ffprobe {fv}. Median of {RUNS} runs, tools alternating.')
    out.append('')
    out.append('| file | tool | wall ms | ÷ MediaInfo | CPU ms | peak RSS MiB | MB read | read calls | network est. ms | cold wall ms |')
    out.append('|---|---|---|---|---|---|---|---|---|---|')
    for name in FILES:
        mi = rows[(name, 'mediainfo')]
        for tool in TOOLS:
            r = rows[(name, tool)]
            cold = f"{r['cold']:.0f}" if r['cold'] is not None else 'n/a'
            out.append(f"| {name} | {tool} | {r['wall']:.0f} | {r['wall'] / mi['wall']:.2f} | {r['cpu']:.0f} | {r['rss']:.0f} | "
                       f"{r['bytes'] / 1e6:.2f} | {r['calls']} | {r['net']:.0f} | {cold} |")
    if not cold_ok:
        out.append('')
        out.append('Cold-cache runs skipped: /proc/sys/vm/drop_caches is not writable here.')
    if frames:
        out.append('')
        out.append('hdrprobe against the frame budget (`probe --json --frames N`, median wall / CPU ms):')
        out.append('')
        out.append('| file | N = 1 | N = 32 | N = 256 |')
        out.append('|---|---|---|---|')
        for name in sorted({k[0] for k in frames}):
            cells = [f"{frames[(name, n)][0]:.0f} / {frames[(name, n)][1]:.0f}" for n in [1, 32, 256] if (name, n) in frames]
            out.append(f"| {name} | " + ' | '.join(cells) + ' |')
    if scan:
        out.append('')
        out.append(f"Library scan: {scan['count']} films, sparse copies of {', '.join(scan['mix'])} (round robin; the sample tables of the films above, every sample after the first two seconds a hole). "
                   f"`hdrprobe scan` cold cache {scan['cold']:.0f} ms, warm {scan['warm']:.0f} ms "
                   f"({scan['cold'] / max(scan['warm'], 1):.1f}× faster warm); `mediainfo --Output=JSON` over the same files "
                   f"{scan['mediainfo']:.0f} ms (hdrprobe cold ÷ MediaInfo = {scan['cold'] / scan['mediainfo']:.2f}).")
    text = '\n'.join(out) + '\n'
    print(text)
    replace_section(os.path.join(ROOT, 'Reports', 'benchmarks.md'), SECTION, text)


SECTION = '## Films (`bench/films.sh`)'


def replace_section(path, heading, body):
    """Puts `heading` + `body` in place of that section of `path` (appended when absent); the
    notes paragraph right under the heading (lines starting with '> ') is kept."""
    lines = open(path).read().split('\n') if os.path.exists(path) else []
    if heading in lines:
        start = lines.index(heading)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith('## ')), len(lines))
        notes = [l for l in lines[start + 1:end] if l.startswith('> ')]
        lines = lines[:start] + lines[end:]
    else:
        start, notes = len(lines), []
    section = [heading, ''] + (notes + [''] if notes else []) + body.rstrip('\n').split('\n') + ['']
    lines = lines[:start] + section + lines[start:]
    with open(path, 'w') as f:
        f.write('\n'.join(lines).rstrip('\n') + '\n')


if __name__ == '__main__':
    main()
