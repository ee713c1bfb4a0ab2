#!/usr/bin/env bash
# Checks that a packaged hdrprobe (scripts/package.sh) runs where no Swift toolchain exists: a
# clean Debian 12 root made with debootstrap (minbase) plus only the packages RUNTIME-PACKAGES.txt
# names, the tarball unpacked in it, and `hdrprobe --version` and `hdrprobe probe --json` on a
# corpus file run inside it (chroot, empty environment, PATH=/usr/bin:/bin). The report must equal
# the one the unpacked binary gives outside the root (same FFmpeg 5.1) apart from the path.
# Needs root and debootstrap (apt-get install debootstrap); the root is kept in ROOTFS (default
# .build-package-root) and reused when present (debootstrap takes ~8 minutes).
#   bash scripts/test-package.sh dist/hdrprobe-0.1.0-linux-x86_64.tar.gz [Corpus/dv_p81.mkv]
set -euo pipefail
cd "$(dirname "$0")/.."
TARBALL=${1:?usage: test-package.sh TARBALL [CORPUS_FILE]}
FILE=${2:-Corpus/dv_p81.mkv}
ROOTFS=${ROOTFS:-$PWD/.build-package-root}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
t0=$(date +%s)
if [ ! -x "$ROOTFS/bin/sh" ]; then
  command -v debootstrap >/dev/null || { echo "test-package: needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
  debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >"$ROOTFS.log" 2>&1
  echo "test-package: debootstrap $(( $(date +%s) - t0 )) s"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"; umount "$ROOTFS/proc" 2>/dev/null || true' EXIT
tar -C "$work" -xzf "$TARBALL"
pkgdir=$(ls -d "$work"/hdrprobe-*)
packages=$(grep -v '^#' "$pkgdir/RUNTIME-PACKAGES.txt" | paste -sd' ')
mount -t proc proc "$ROOTFS/proc"
cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf" 2>/dev/null || true
chroot "$ROOTFS" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
  sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends $packages >/dev/null"
rm -rf "$ROOTFS/opt/hdrprobe" "$ROOTFS/tmp/media"
mkdir -p "$ROOTFS/opt" "$ROOTFS/tmp/media"
cp -r "$pkgdir" "$ROOTFS/opt/hdrprobe"
cp "$FILE" "$ROOTFS/tmp/media/"
media=/tmp/media/$(basename "$FILE")
inside() { chroot "$ROOTFS" env -i PATH=/usr/bin:/bin HOME=/root "$@"; }
if inside sh -c 'command -v swift || ls /usr/lib/swift /usr/lib/x86_64-linux-gnu/libswiftCore.so' >/dev/null 2>&1; then
  echo "test-package: the root has a Swift toolchain or runtime; not a clean test" >&2; exit 1
fi
echo "test-package: root packages: $packages ($(inside dpkg-query -f '.\n' -W | wc -l) installed)"
inside /opt/hdrprobe/hdrprobe --version
inside /opt/hdrprobe/hdrprobe probe "$media"
inside /opt/hdrprobe/hdrprobe probe --json "$media" > "$work/inside.json"
"$pkgdir/hdrprobe" probe --json "$FILE" > "$work/outside.json"
python3 - "$work/inside.json" "$work/outside.json" <<'PY'
import json, sys
a, b = (json.load(open(p))[0] for p in sys.argv[1:3])
for r in (a, b):
    r.pop("path", None); r.pop("probe", None)
    r.get("container", {}).pop("fileSize", None)
if a != b:
    print("test-package: the report inside the root differs from the one outside", file=sys.stderr); sys.exit(1)
print(f"test-package: same report inside the clean root and outside ({len(a['streams'])} streams, status {a['status']})")
PY
echo "test-package: $(( $(date +%s) - t0 )) s"
