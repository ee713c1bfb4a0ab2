#!/usr/bin/env bash
# Copies the real-world conformance corpus out of the repository snapshots the search
# tool's `fetch` brought to $MIRROR/<owner>+<name>/repo into Corpus/real/files/ (git-ignored), one
# file per row of Corpus/real/manifest.tsv, checking each file's SHA-256 and size. The media are
# other projects' test files and are never committed here; NOTICE.md names their projects and
# licences. A project whose snapshot is absent is skipped with a message (exit 0): the tests that
# read Corpus/real/files skip what is not there.
#
# Usage: bash Corpus/real/materialise.sh        (MIRROR=/work/.mirror by default)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mirror=${MIRROR:-/work/.mirror}
out="$here/files"
mkdir -p "$out"
copied=0 present=0 skipped=0 bad=0
declare -A missing
while IFS=$'\t' read -r name project commit path licence sum bytes; do
    case "$name" in '#'*|'') continue ;; esac
    dest="$out/$name"
    if [ -f "$dest" ] && [ "$(stat -c %s "$dest")" = "$bytes" ] && echo "$sum  $dest" | sha256sum -c --quiet 2>/dev/null; then
        present=$((present + 1)); continue
    fi
    gitdir="$mirror/${project/\//+}/repo"
    if [ ! -d "$gitdir" ]; then
        missing[$project]=1; skipped=$((skipped + 1)); continue
    fi
    if ! git --git-dir="$gitdir" cat-file -e "$commit:$path" 2>/dev/null; then
        echo "materialise: $project $commit:$path not in the snapshot at $gitdir, skipped" >&2
        skipped=$((skipped + 1)); continue
    fi
    git --git-dir="$gitdir" cat-file blob "$commit:$path" > "$dest.part"
    if ! echo "$sum  $dest.part" | sha256sum -c --quiet 2>/dev/null; then
        echo "materialise: $name: SHA-256 differs from the manifest, not used" >&2
        rm -f "$dest.part"; bad=$((bad + 1)); continue
    fi
    mv "$dest.part" "$dest"; copied=$((copied + 1))
done < "$here/manifest.tsv"
for p in "${!missing[@]}"; do echo "materialise: no snapshot of $p under $mirror (fetch github:$p), its files skipped"; done
echo "materialise: $copied copied, $present already present, $skipped skipped, $bad with a wrong checksum -> $out"
exit 0
