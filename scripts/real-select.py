#!/usr/bin/env python3
"""Chooses the files of the real-world conformance corpus from the repository
snapshots the search tool's `fetch` brought to /work/.mirror/<owner>+<name>/repo (bare git
directories) and writes Corpus/real/manifest.tsv: local name, project, commit, path, licence,
SHA-256, bytes. No media is copied or committed here; Corpus/real/materialise.sh copies the
files named by the manifest into the git-ignored Corpus/real/files/.

Selection: media files by extension (and the extension-less media test inputs of wader/fq) under
each project's test-data folders, files the snapshot holds (files of 4 MiB and more are absent
from snapshots), one copy of byte-identical files, at most PER_DIR files of one folder of
streaming segments (shaka-player's HLS/DASH test streams repeat one encoding segment by segment).
androidx/media and google/ExoPlayer are left out on purpose (held out as an independent check).

Usage: python3 scripts/real-select.py [--mirror /work/.mirror]
"""
import argparse, hashlib, os, re, subprocess, sys

MEDIA = re.compile(r'\.(mp4|m4s|m4a|m4v|m4i|mov|mkv|mka|webm|ts|m2ts|hevc|h265|265|h264|264|hvc|vvc|ivf|av1|obu|3gp|3g2|'
                   r'flv|avi|ismv|isma|ismt|heic|heif|avif|avifs|cmfv|cmfa|cmft|iamf|aac|dash|cmp)$', re.I)

# project -> (licence, rules). A rule: (path regex, per-folder cap or None, extra predicate)
PROJECTS = {
    'shaka-project/shaka-player': ('Apache-2.0 (repository); test assets without a separate media licence',
                                   [(r'^test/test/assets/(?!screenshots/)', 3)]),
    'gpac/testsuite': ('no licence file in the repository (GPAC project test media)',
                       [(r'^media/', None), (r'^oss-fuzzers/fuzz_parse_corpus/', None)]),
    'quietvoid/dovi_tool': ('MIT', [(r'^assets/hevc_tests/', None)]),
    'quietvoid/hdr10plus_tool': ('MIT', [(r'^assets/(hevc_tests|metadata)/', None)]),
    'axiomatic-systems/Bento4': ('GPL-2.0-or-later / commercial dual licence (Bento4 README)', [(r'^Test/Data/', None)]),
    'videojs/mux.js': ('Apache-2.0', [(r'^test/segments/', None)]),
    'Eyevinn/mp4ff': ('MIT', [(r'/testdata/(?!fuzz/)', None)]),
    'mozilla/mp4parse-rust': ('MPL-2.0', [(r'^mp4parse(_capi)?/tests/', None)]),
    'webmproject/libwebm': ('BSD-3-Clause', [(r'^testing/testdata/', None)]),
    'abema/go-mp4': ('MIT', [(r'^testdata/', None)]),
    'alfg/mp4-rust': ('MIT', [(r'^tests/samples/', None)]),
    'wader/fq': ('MIT', [(r'^format/(isobmff|matroska|riff|prores)/testdata/[^/]+$', None),
                         (r'^format/mpeg/testdata/(avc|hevc)_annexb$', None)]),
}
# Extension-less inputs of fq that are whole media files (the rest are box or frame fragments).
FQ_BARE = {'format/mpeg/testdata/avc_annexb', 'format/mpeg/testdata/hevc_annexb'}
SKIP = re.compile(r'(\.(webp|wav|aiff)$|/fuzz/)', re.I)
# Still images (HEIF/AVIF) are odd members here: a few of each project, not its whole image suite.
IMAGE_EXT = {'.avif', '.heic', '.heif'}
IMAGES_PER_PROJECT = 12

def git(gitdir, *args):
    return subprocess.run(['git', '--git-dir', gitdir, *args], check=True, capture_output=True).stdout

def local_name(project, path):
    short = project.split('/')[1].replace('.', '-')
    return f'{short}__' + re.sub(r'[^A-Za-z0-9._-]+', '_', path.replace('/', '__'))

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--mirror', default='/work/.mirror')
    ap.add_argument('--out', default=os.path.join(os.path.dirname(__file__), '..', 'Corpus', 'real', 'manifest.tsv'))
    a = ap.parse_args()
    rows, seen = [], set()
    for project, (licence, rules) in PROJECTS.items():
        gitdir = os.path.join(a.mirror, project.replace('/', '+'), 'repo')
        if not os.path.isdir(gitdir):
            print(f'{project}: no snapshot at {gitdir}, left out', file=sys.stderr)
            continue
        commit = git(gitdir, 'rev-parse', 'HEAD').decode().strip()
        listing = git(gitdir, 'ls-tree', '-r', '-l', '-z', 'HEAD').decode('utf-8', 'replace').split('\0')
        per_dir, images = {}, {}
        for entry in listing:
            if not entry:
                continue
            meta, path = entry.split('\t', 1)
            mode, kind, blob, size = meta.split()
            if kind != 'blob' or size == '-' or mode == '120000':
                continue
            bare = project == 'wader/fq' and path in FQ_BARE
            if not (MEDIA.search(path) or bare) or SKIP.search(path):
                continue
            rule = next((r for r in rules if re.search(r[0], path)), None)
            if rule is None:
                continue
            try:
                data = git(gitdir, 'cat-file', 'blob', blob)
            except subprocess.CalledProcessError:
                continue  # listed but absent from the snapshot
            if not data:
                continue
            digest = hashlib.sha256(data).hexdigest()
            if digest in seen:
                continue
            folder = os.path.dirname(path)
            cap = rule[1]
            if cap is not None and folder.count('/') > 2:
                if per_dir.get(folder, 0) >= cap:
                    continue
                per_dir[folder] = per_dir.get(folder, 0) + 1
            ext = os.path.splitext(path)[1].lower()
            if ext in IMAGE_EXT:
                if images.get(project, 0) >= IMAGES_PER_PROJECT:
                    continue
                images[project] = images.get(project, 0) + 1
            seen.add(digest)
            rows.append((local_name(project, path), project, commit, path, licence, digest, str(len(data))))
    rows.sort(key=lambda r: r[0])
    with open(a.out, 'w') as f:
        f.write('# name\tproject\tcommit\tpath\tlicence\tsha256\tbytes\n')
        for r in rows:
            f.write('\t'.join(r) + '\n')
    print(f'{len(rows)} files from {len({r[1] for r in rows})} projects, {sum(int(r[6]) for r in rows)} bytes -> {a.out}')

if __name__ == '__main__':
    main()
