#!/usr/bin/env python3
"""Summary of the real-world conformance corpus: Reports/real-world.md.

Runs hdrprobe (`probe --json`, default frame scan) on every file of Corpus/real/files, reads its
reports into the keys of Corpus/real/expected.json (scripts/real-facts.py) and counts, for hdrprobe,
ffprobe 5.1, ffprobe 8.1 and MediaInfo, the files each gets fully right on the keys it can express
(every decided fact of the file equal), and every fact each gets wrong. hdrprobe's disagreements
are listed with their triage from Corpus/real/triage.tsv (fixed, or a documented policy in
docs/real-world-corpus.md).

Usage: python3 scripts/real-summary.py [--hdrprobe .build/release/hdrprobe] [--fresh]
"""
import argparse, collections, concurrent.futures as cf, hashlib, json, os, subprocess, sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
REAL = os.path.join(ROOT, 'Corpus', 'real')
CACHE = os.path.join(ROOT, 'Corpus', '.work', 'real-hdrprobe')
PEERS = ['ffprobe5.1', 'ffprobe8.1', 'mediainfo']
BLIND = {'mediainfo': {'dv.rpu'}}


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        try:
            return abs(float(a) - float(b)) <= 0.0015
        except (TypeError, ValueError):
            return False
    return a == b


def hdrprobe_facts(report):
    """The report's values under expected.json's keys (the same reading Tests/HDRProbeEngineTests/
    RealWorldCorpusTests.swift does)."""
    f = {'status': report.get('status')}
    if report.get('status') != 'ok':
        return f
    c = report.get('container') or {}
    f['container'] = c.get('format')
    streams = report.get('streams') or []
    kinds = [s.get('kind') for s in streams]
    f['streams.video'] = kinds.count('video')
    f['streams.audio'] = kinds.count('audio')
    f['streams.subtitle'] = kinds.count('subtitle')
    vids = [s for s in streams if s.get('kind') == 'video']
    if not vids:
        return f
    v = vids[0]
    col = v.get('color') or {}
    fr = v.get('frameRate') or {}
    hdr = v.get('hdr') or {}
    md = hdr.get('masteringDisplay')
    cll = hdr.get('contentLightLevel')
    dv = v.get('dolbyVision') or {}
    conf = dv.get('configuration')
    f.update({
        'video.codec': v.get('codec'), 'video.profile': v.get('profile'), 'video.level': v.get('level'),
        'video.width': v.get('width'), 'video.height': v.get('height'), 'video.bitDepth': v.get('bitDepth'),
        'video.chroma': v.get('chromaSubsampling'), 'color.primaries': col.get('primaries'),
        'color.transfer': col.get('transfer'), 'color.matrix': col.get('matrix'), 'color.range': col.get('range'),
        'frameRate': fr.get('value'), 'hdr.masteringDisplay': md is not None,
        'hdr.maxLuminance': round(md['maxLuminance']) if md and md.get('maxLuminance') is not None else None,
        'hdr.minLuminance': round(md['minLuminance'], 4) if md and md.get('minLuminance') is not None else None,
        'hdr.maxCLL': cll.get('maxCLL') if cll else None, 'hdr.maxFALL': cll.get('maxFALL') if cll else None,
        'hdr.hdr10Plus': bool((hdr.get('hdr10Plus') or {}).get('present')),
        'dv.configuration': conf is not None,
        'dv.profile': conf.get('profile') if conf else None, 'dv.level': conf.get('level') if conf else None,
        'dv.compatibilityId': conf.get('compatibilityId') if conf else None,
        'dv.rpu': bool((dv.get('rpu') or {}).get('present')), 'hdr.formats': hdr.get('formats') or [],
    })
    return f


def run_hdrprobe(exe, path, fresh):
    os.makedirs(CACHE, exist_ok=True)
    with open(path, 'rb') as fh:
        sha = hashlib.sha256(fh.read()).hexdigest()
    stamp = str(int(os.stat(exe).st_mtime))
    cache = os.path.join(CACHE, f'{sha}.{stamp}.json')
    if not fresh and os.path.exists(cache):
        with open(cache) as fh:
            return json.load(fh)
    try:
        p = subprocess.run([exe, 'probe', '--json', path], capture_output=True, timeout=180)
        doc = json.loads(p.stdout)
        doc = doc[0] if isinstance(doc, list) else doc
    except (subprocess.TimeoutExpired, ValueError):
        doc = {'status': 'error', 'error': {'code': 'summary.noReport'}}
    with open(cache, 'w') as fh:
        json.dump(doc, fh)
    return doc


def load_triage():
    out = {}
    path = os.path.join(REAL, 'triage.tsv')
    if os.path.exists(path):
        for line in open(path):
            if line.startswith('#') or not line.strip():
                continue
            parts = line.rstrip('\n').split('\t')
            out[(parts[0], parts[1])] = parts[2:]
    return out


def triage_for(triage, name, key):
    for (pat, k), v in triage.items():
        if k in (key, '*') and (pat == name or (pat.endswith('*') and name.startswith(pat[:-1]))):
            return v
    return None


def main():
    ap = argparse.ArgumentParser()
    builds = [os.path.join(ROOT, '.build', c, 'hdrprobe') for c in ('release', 'debug')]
    builds = [b for b in builds if os.path.exists(b)]
    ap.add_argument('--hdrprobe', default=max(builds, key=os.path.getmtime) if builds else 'hdrprobe',
                    help='the hdrprobe executable (default: the newer of .build/release and .build/debug)')
    ap.add_argument('--fresh', action='store_true')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--out', default=os.path.join(ROOT, 'Reports', 'real-world.md'))
    a = ap.parse_args()
    exp = json.load(open(os.path.join(REAL, 'expected.json')))
    files = [f for f in exp['files'] if os.path.exists(os.path.join(REAL, 'files', f['file']))]
    if not files:
        print('real-summary: Corpus/real/files is empty; run Corpus/real/materialise.sh first')
        return 0
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        reports = list(ex.map(lambda f: run_hdrprobe(a.hdrprobe, os.path.join(REAL, 'files', f['file']), a.fresh), files))
    triage = load_triage()
    readers = ['hdrprobe'] + PEERS
    fully = collections.Counter()
    wrong_facts = collections.Counter()
    checked = collections.Counter()
    wrong_by_key = {r: collections.Counter() for r in readers}
    hp_dis = []
    hdr_ok = collections.Counter()
    hdr_files = 0
    for f, rep in zip(files, reports):
        hp = hdrprobe_facts(rep)
        ok = {r: True for r in readers}
        hdr_right = {r: True for r in readers}
        is_hdr = bool((f['facts'].get('hdr.formats') or {}).get('decided'))
        hdr_files += is_hdr
        for key, e in f['facts'].items():
            dec = e['decided']
            for r in readers:
                if r in BLIND and key in BLIND[r]:
                    continue
                if r == 'hdrprobe':
                    val = hp.get(key)
                    if key not in hp and hp.get('status') == 'ok':
                        val = None
                else:
                    if r not in e:
                        continue  # the reader gave no answer for this file (could not open it)
                    val = e[r]
                checked[r] += 1
                if not same(val, dec):
                    ok[r] = False
                    if key.startswith(('hdr.', 'dv.', 'color.transfer')):
                        hdr_right[r] = False
                    wrong_facts[r] += 1
                    wrong_by_key[r][key] += 1
                    if r == 'hdrprobe':
                        hp_dis.append((f['file'], key, val, dec, triage_for(triage, f['file'], key)))
            # a peer that could not open a file the others read is wrong on it
        for r in PEERS:
            st = f['facts']['status']
            if r not in st:
                ok[r] = False
        for r in readers:
            fully[r] += ok[r]
            if is_hdr:
                hdr_ok[r] += hdr_right[r] and f['facts']['status'].get(r, 'ok' if r == 'hdrprobe' else None) is not None
    projects = collections.Counter(f['project'] for f in files)
    n_facts = sum(len(f['facts']) for f in files)
    n_dis = sum(1 for f in files for e in f['facts'].values() if 'why' in e)
    L = []
    L.append('# Real-world conformance corpus\n')
    L.append('Made by `scripts/real-summary.py` from `Corpus/real/expected.json` (`scripts/real-facts.py`: ffprobe 5.1, ffprobe 8.1, '
             'MediaInfo, mkvinfo, decided by agreement or from the bytes) and hdrprobe\'s reports (`probe --json`, default '
             f'{exp.get("framesScanned", 32)}-frame scan). The media are other projects\' test files, materialised by '
             '`Corpus/real/materialise.sh` from repository snapshots and never committed (`Corpus/real/manifest.tsv`, `NOTICE.md`).\n')
    L.append(f'- Files: **{len(files)}** from **{len(projects)}** projects; facts: **{n_facts}** '
             f'({n_dis} decided over a disagreement among the outside readers, each with its `why`).')
    L.append('- Readers: ' + '; '.join(f'{k}: `{v}`' for k, v in exp['readers'].items()) + '\n')
    L.append('| Project | Files |\n|---|---|')
    for p, n in projects.most_common():
        L.append(f'| {p} | {n} |')
    L.append('\n## Agreement with the decided facts\n')
    L.append('A file is fully right for a reader when every decided fact it can express is the reader\'s value '
             '(MediaInfo cannot express RPUs in the bitstream, so `dv.rpu` is not held against it); a reader that cannot open '
             'a file others read is wrong on it.\n')
    L.append('| Reader | Files fully right | Facts right |\n|---|---|---|')
    for r in readers:
        L.append(f'| {r} | {fully[r]} of {len(files)} ({100 * fully[r] / len(files):.1f} %) | '
                 f'{checked[r] - wrong_facts[r]} of {checked[r]} ({100 * (checked[r] - wrong_facts[r]) / max(1, checked[r]):.2f} %) |')
    L.append(f'\n### HDR and Dolby Vision facts of the {hdr_files} HDR files\n')
    L.append('Files whose decided `hdr.formats` is not empty, judged on the HDR keys only (`hdr.*`, `dv.*`, `color.transfer`).\n')
    L.append('| Reader | HDR files with every HDR fact right |\n|---|---|')
    for r in readers:
        L.append(f'| {r} | {hdr_ok[r]} of {hdr_files} |')
    L.append('\n### Wrong facts by key\n')
    keys = sorted({k for r in readers for k in wrong_by_key[r]})
    L.append('| Key | ' + ' | '.join(readers) + ' |\n|---|' + '---|' * len(readers))
    for k in keys:
        L.append(f'| `{k}` | ' + ' | '.join(str(wrong_by_key[r][k]) for r in readers) + ' |')
    L.append('\n## hdrprobe\'s disagreements, triaged\n')
    L.append('Every fact where hdrprobe differs from the decided value, with its triage (`Corpus/real/triage.tsv`; '
             'the policies are explained in `docs/real-world-corpus.md`).\n')
    L.append('| File | Key | hdrprobe | Decided | Triage |\n|---|---|---|---|---|')
    untriaged = 0
    for name, key, val, dec, tri in hp_dis:
        t = ' — '.join(tri) if tri else '**untriaged**'
        untriaged += tri is None
        L.append(f'| `{name}` | `{key}` | `{json.dumps(val)}` | `{json.dumps(dec)}` | {t} |')
    if not hp_dis:
        L.append('| – | – | – | – | none |')
    L.append(f'\n{len(hp_dis)} disagreements, {untriaged} untriaged.\n')
    with open(a.out, 'w') as fh:
        fh.write('\n'.join(L))
    print(f'real-summary: {len(files)} files; fully right: ' + ', '.join(f'{r} {fully[r]}' for r in readers) +
          f'; hdrprobe disagreements {len(hp_dis)} ({untriaged} untriaged) -> {a.out}')


if __name__ == '__main__':
    sys.exit(main())
