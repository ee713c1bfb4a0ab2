#!/usr/bin/env python3
"""Seed corpora for the fuzz targets in bench/fuzz/targets/.

Reads the media in Corpus/ (MP4/fMP4 boxes, Matroska heads, MPEG-TS PES and PMT descriptors,
Annex B HEVC/H.264, IVF AV1), the HLS playlists of Corpus/hls, the MPDs of Corpus/dash, the YAML of docs/policy.md, the
byte and text literals of the unit tests (hex("…") literals, playlists, policies) and the
committed regression inputs under Tests/Fuzz/<target>/, and writes each piece to
OUT/<target>/<sha1> for the target that parses that structure. Deterministic; no dependencies
beyond the Python standard library.

    python3 bench/fuzz/seeds.py --root . --out bench/.work/fuzz/seeds
"""
import argparse
import hashlib
import os
import re
import struct
import sys

TARGETS = ["boxwalker", "ebml", "dvconfig", "tsdescriptor", "nal", "hevcsps", "hevcslice", "sei",
           "hdr10plus", "dvrpu", "dvemdf", "av1", "avcsps", "hls", "policy", "scanner", "mpd"]
MAX_SEED = 64 * 1024

seeds = {t: {} for t in TARGETS}


def add(target, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data or len(data) > MAX_SEED:
        data = data[:MAX_SEED]
    if not data:
        return
    seeds[target][hashlib.sha1(data).hexdigest()] = data


# ---------------------------------------------------------------- NAL units

def split_annexb(data):
    """NAL units (with header, still escaped) between 00 00 01 start codes."""
    units, starts = [], [m.end() for m in re.finditer(b"\x00\x00\x01", data)]
    for i, s in enumerate(starts):
        e = starts[i + 1] - 3 if i + 1 < len(starts) else len(data)
        unit = data[s:e].rstrip(b"\x00")
        if unit:
            units.append(unit)
    return units


def unescape(nal):
    out, zeros = bytearray(), 0
    for b in nal:
        if b == 3 and zeros >= 2:
            zeros = 0
            continue
        out.append(b)
        zeros = zeros + 1 if b == 0 else 0
    return bytes(out)


def sei_payloads(rbsp, header):
    """(type, payload) of the SEI messages of an unescaped SEI NAL."""
    i, out = header, []
    end = len(rbsp.rstrip(b"\x00")) - 1
    while i < end:
        t = 0
        while i < len(rbsp) and rbsp[i] == 0xFF:
            t += 255; i += 1
        if i >= len(rbsp): break
        t += rbsp[i]; i += 1
        s = 0
        while i < len(rbsp) and rbsp[i] == 0xFF:
            s += 255; i += 1
        if i >= len(rbsp): break
        s += rbsp[i]; i += 1
        out.append((t, rbsp[i:i + s]))
        i += s
    return out


def hevc_units(units):
    for u in units:
        if len(u) < 2: continue
        t = (u[0] >> 1) & 0x3F
        if t in (32, 33, 34):
            add("hevcsps", unescape(u))
        elif t in (39, 40):
            rbsp = unescape(u)
            add("sei", rbsp)
            for ptype, payload in sei_payloads(rbsp, 2):
                if ptype == 4 and payload[:1] == b"\xb5":
                    add("hdr10plus", payload)
        elif t == 62:
            add("dvrpu", u[2:])


def avc_units(units):
    for u in units:
        if not u: continue
        t = u[0] & 0x1F
        if t in (7, 8):
            add("avcsps", unescape(u))
        elif t == 6:
            add("sei", unescape(u))


def annexb_stream(data, codec):
    add("nal", data[:8192])
    units = split_annexb(data)
    if codec == "hevc":
        add("hevcslice", data)
        add("scanner", b"\x00" + data)
        add("scanner", b"\x80" + b"AUAU".join(b"\x00\x00\x00\x01" + u for u in units))
        hevc_units(units)
    else:
        add("scanner", b"\x03" + data)
        avc_units(units)


def length_prefixed_to_annexb(data, size=4):
    out, i = bytearray(), 0
    while i + size <= len(data):
        n = int.from_bytes(data[i:i + size], "big")
        i += size
        if n == 0 or n > len(data) - i: break
        out += b"\x00\x00\x00\x01" + data[i:i + n]
        i += n
    return bytes(out)


# ---------------------------------------------------------------- ISO BMFF

CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl", b"edts", b"dinf", b"mvex", b"moof", b"traf",
              b"udta", b"sinf", b"schi"}
VISUAL = {b"hvc1", b"hev1", b"dvh1", b"dvhe", b"avc1", b"avc3", b"av01", b"dav1", b"vp09", b"dva1", b"dvav", b"encv"}


def boxes(data, start, end):
    pos = start
    while pos + 8 <= end:
        size, typ = struct.unpack(">I4s", data[pos:pos + 8])
        header = 8
        if size == 1:
            if pos + 16 > end: return
            size = struct.unpack(">Q", data[pos + 8:pos + 16])[0]
            header = 16
        elif size == 0:
            size = end - pos
        if size < header: return
        yield typ, pos + header, min(pos + size, end)
        pos += size


def walk_mp4(data, start, end, found):
    for typ, ps, pe in boxes(data, start, end):
        found.setdefault(typ, []).append(data[ps:pe])
        if typ in CONTAINERS:
            walk_mp4(data, ps, pe, found)
        elif typ == b"stsd":
            walk_mp4(data, ps + 8, pe, found)
        elif typ in VISUAL:
            walk_mp4(data, ps + 78, pe, found)


def mp4_file(data, name):
    add("boxwalker", data)
    found = {}
    walk_mp4(data, 0, len(data), found)
    for moov in found.get(b"moov", []):
        add("boxwalker", moov)
    for t in (b"dvcC", b"dvvC", b"dvwC"):
        for p in found.get(t, []):
            add("dvconfig", p)
            add("tsdescriptor", p[:5])
    codec = None
    params = []
    for p in found.get(b"hvcC", []):
        codec = "hevc"
        add("hevcsps", p)
        # hvcC arrays: numOfArrays at 22, then type, count, (length, unit)*
        i, arrays = 23, p[22] if len(p) > 22 else 0
        for _ in range(arrays):
            if i + 3 > len(p): break
            count = struct.unpack(">H", p[i + 1:i + 3])[0]; i += 3
            for _ in range(count):
                if i + 2 > len(p): break
                n = struct.unpack(">H", p[i:i + 2])[0]; i += 2
                params.append(p[i:i + n]); i += n
        hevc_units(params)
    for p in found.get(b"avcC", []):
        codec = "h264"
        add("avcsps", p)
        if len(p) > 6:
            i, n_sps = 6, p[5] & 0x1F
            for _ in range(n_sps):
                n = struct.unpack(">H", p[i:i + 2])[0]; i += 2
                params.append(p[i:i + n]); i += n
            avc_units(params)
    for p in found.get(b"av1C", []) + found.get(b"vpcC", []):
        add("av1", p)
    if b"av1C" in found:
        codec = "av1"
    for t in (b"colr", b"mdcv", b"clli", b"ftyp"):
        for p in found.get(t, []):
            add("boxwalker", p)
    for mdat in found.get(b"mdat", []):
        if codec == "av1":
            add("av1", mdat[:8192])
            av1_obus(mdat)
            add("scanner", b"\x05" + mdat)
            for t in (b"dvcC", b"dvvC", b"dvwC"):
                for record in found.get(t, [])[:1]:
                    add("scanner", b"\x8d" + record[:24].ljust(24, b"\x00") + mdat)
        elif codec in ("hevc", "h264"):
            add("nal", mdat[:8192])
            annexb = b"".join(b"\x00\x00\x00\x01" + u for u in params) + length_prefixed_to_annexb(mdat)
            if codec == "hevc":
                add("scanner", b"\x02" + mdat)
                for t in (b"dvcC", b"dvvC", b"dvwC"):
                    for record in found.get(t, [])[:1]:
                        # bit 3: a 24-byte Dolby Vision record precedes the samples; bit 7: timestamps.
                        add("scanner", b"\x8a" + record[:24].ljust(24, b"\x00") + mdat)
                hevc_units(split_annexb(annexb))
                add("hevcslice", annexb)
            else:
                add("scanner", b"\x04" + mdat)
                for t in (b"dvcC", b"dvvC", b"dvwC"):
                    for record in found.get(t, [])[:1]:
                        add("scanner", b"\x8c" + record[:24].ljust(24, b"\x00") + mdat)
                avc_units(split_annexb(annexb))


# ---------------------------------------------------------------- MPEG-TS

def ts_file(data, name):
    size = 188
    pes, pmt_pids, sections = {}, set(), {}
    for off in range(0, len(data) - size + 1, size):
        pkt = data[off:off + size]
        if pkt[0] != 0x47: break
        pusi = pkt[1] & 0x40
        pid = ((pkt[1] & 0x1F) << 8) | pkt[2]
        afc = (pkt[3] >> 4) & 3
        i = 4
        if afc & 2:
            i += 1 + pkt[4]
        if not afc & 1 or i >= size: continue
        payload = pkt[i:]
        if pid == 0 and pusi:
            sec = payload[1 + payload[0]:]
            n = ((sec[1] & 0x0F) << 8 | sec[2]) - 9
            for k in range(0, max(0, n), 4):
                prog = sec[8 + k:12 + k]
                if len(prog) == 4 and (prog[0] << 8 | prog[1]) != 0:
                    pmt_pids.add(((prog[2] & 0x1F) << 8) | prog[3])
        elif pid in pmt_pids and pusi:
            sec = payload[1 + payload[0]:]
            sec_len = (sec[1] & 0x0F) << 8 | sec[2]
            pil = (sec[10] & 0x0F) << 8 | sec[11]
            i, end = 12 + pil, 3 + sec_len - 4
            while i + 5 <= end:
                es_len = (sec[i + 3] & 0x0F) << 8 | sec[i + 4]
                d, dend = i + 5, i + 5 + es_len
                while d + 2 <= dend:
                    tag, ln = sec[d], sec[d + 1]
                    if tag == 0xB0:
                        add("tsdescriptor", sec[d + 2:d + 2 + ln])
                    d += 2 + ln
                i = dend
        else:
            if pusi:
                pes.setdefault(pid, []).append(bytearray())
            if pid in pes:
                pes[pid][-1] += payload
    codec = "h264" if "h264" in name else "hevc"
    for pid, packets in pes.items():
        es = bytearray()
        for p in packets:
            if len(p) < 9 or p[:3] != b"\x00\x00\x01" or not (0xE0 <= p[3] <= 0xEF): break
            es += p[9 + p[8]:]
        if es and "av1" not in name:
            annexb_stream(bytes(es), codec)


# ---------------------------------------------------------------- AV1

def leb128(data, i):
    value = 0
    for n in range(8):
        if i + n >= len(data): return None, i
        value |= (data[i + n] & 0x7F) << (7 * n)
        if not data[i + n] & 0x80: return value, i + n + 1
    return None, i


def av1_obus(data):
    """Metadata OBUs (type 5) with ITU-T T.35 payloads go to the HDR10+ / Dolby Vision targets."""
    i = 0
    while i < len(data):
        h = data[i]; i += 1
        typ, ext, has_size = (h >> 3) & 0x0F, h & 4, h & 2
        if ext: i += 1
        if has_size:
            size, i = leb128(data, i)
            if size is None: return
        else:
            size = len(data) - i
        payload = data[i:i + size]
        i += size
        if typ == 5:
            mtype, j = leb128(payload, 0)
            if mtype == 4:
                t35 = payload[j:].rstrip(b"\x00")
                if t35.endswith(b"\x80"): t35 = t35[:-1]
                if t35.startswith(b"\xb5\x00\x3b"): add("dvemdf", t35)
                if t35.startswith(b"\xb5\x00\x3c"): add("hdr10plus", t35)


# ---------------------------------------------------------------- other containers

def ivf_file(data):
    i = struct.unpack("<H", data[6:8])[0] if len(data) >= 32 else len(data)
    frames = []
    while i + 12 <= len(data):
        n = struct.unpack("<I", data[i:i + 4])[0]
        frames.append(data[i + 12:i + 12 + n])
        i += 12 + n
    for f in frames[:4]:
        add("av1", f)
    for f in frames:
        av1_obus(f)
    add("scanner", b"\x05" + b"AUAU".join(frames))


def mkv_file(data):
    add("ebml", data[:8192])


# ---------------------------------------------------------------- text and test literals

HEX = re.compile(r'hex\(\s*(?:"""(.*?)"""|"([^"]*)")\s*\)', re.S)
ROUTES = [
    ("RPUVectors", ["dvrpu"]), ("DolbyVisionRPU", ["dvrpu"]), ("DolbyVisionExtBlock", ["dvrpu"]),
    ("DolbyVisionEMDF", ["dvemdf"]), ("ST2094_40", ["hdr10plus"]), ("HDR10Plus", ["hdr10plus"]),
    ("AV1", ["av1"]), ("AVC", ["avcsps"]), ("HEVCParameterSet", ["hevcsps"]),
    ("HEVCPictureOrderCount", ["hevcslice", "hevcsps"]), ("HEVCDisplayOrder", ["hevcslice"]),
    ("SEIMessage", ["sei"]), ("NALUnitSplitter", ["nal"]), ("DOVIDecoderConfiguration", ["dvconfig", "tsdescriptor"]),
    ("ContainerStructure", ["boxwalker", "ebml"]), ("CodecString", ["hevcsps", "avcsps", "av1"]),
]
SWIFT_STRING = re.compile(r'#?"((?:[^"\\\n]|\\.)*)"#?')


def swift_unescape(s):
    return s.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\\\", "\\")


def test_literals(root):
    tests = os.path.join(root, "Tests")
    for dirpath, _, files in os.walk(tests):
        for f in sorted(files):
            if not f.endswith(".swift"): continue
            text = open(os.path.join(dirpath, f), encoding="utf-8", errors="replace").read()
            targets = [t for key, ts in ROUTES if key in f for t in ts]
            for m in HEX.finditer(text):
                digits = re.sub(r"[^0-9a-fA-F]", "", m.group(1) or m.group(2) or "")
                if len(digits) % 2 or not digits: continue
                data = bytes.fromhex(digits)
                if data.startswith((b"\x00\x3b\x00\x00\x08", b"\xb5\x00\x3b")):
                    add("dvemdf", data)
                    continue
                if data.startswith(b"\xb5\x00\x3c"):
                    add("hdr10plus", data)
                for t in targets:
                    add(t, data)
            # Playlists and policies written as Swift multi-line strings.
            for block in re.findall(r'"""\n(.*?)\n\s*"""', text, re.S):
                lines = block.split("\n")
                indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
                body = "\n".join(l[indent:] for l in lines) + "\n"
                if "#EXT" in body: add("hls", body)
                if "dolbyVision" in body or "extends:" in body: add("policy", body)
            for s in SWIFT_STRING.findall(text):
                if s.startswith("#EXT-X-STREAM-INF"):
                    add("hls", "#EXTM3U\n#EXT-X-VERSION:7\n" + swift_unescape(s) + "\nv/prog_index.m3u8\n")
                elif "dolbyVision" in s or s.startswith("extends:"):
                    add("policy", swift_unescape(s))


def docs_yaml(root):
    path = os.path.join(root, "docs", "policy.md")
    if os.path.exists(path):
        for block in re.findall(r"```ya?ml\n(.*?)```", open(path, encoding="utf-8").read(), re.S):
            add("policy", block)


def regression_inputs(root):
    base = os.path.join(root, "Tests", "Fuzz")
    for t in TARGETS:
        d = os.path.join(base, t)
        if os.path.isdir(d):
            for f in sorted(os.listdir(d)):
                add(t, open(os.path.join(d, f), "rb").read())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    corpus = os.path.join(args.root, "Corpus")
    for dirpath, dirs, files in os.walk(corpus):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "expected")
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            data = open(path, "rb").read()
            try:
                if f.endswith((".mp4", ".m4s")):
                    mp4_file(data, f)
                elif f.endswith(".ts"):
                    ts_file(data, f)
                elif f.endswith((".mkv", ".webm")):
                    mkv_file(data)
                elif f.endswith(".hevc"):
                    annexb_stream(data, "hevc")
                elif f.endswith(".h264"):
                    annexb_stream(data, "h264")
                elif f.endswith(".ivf"):
                    ivf_file(data)
                elif f.endswith(".m3u8"):
                    add("hls", data)
                elif f.endswith(".mpd"):
                    add("mpd", data)
            except (IndexError, struct.error) as e:  # a deliberately broken corpus file
                print(f"seeds: {path}: {e}", file=sys.stderr)
    test_literals(args.root)
    docs_yaml(args.root)
    regression_inputs(args.root)
    for t in TARGETS:
        d = os.path.join(args.out, t)
        os.makedirs(d, exist_ok=True)
        for h, data in seeds[t].items():
            with open(os.path.join(d, h), "wb") as fh:
                fh.write(data)
    print(" ".join(f"{t}={len(seeds[t])}" for t in TARGETS))


if __name__ == "__main__":
    main()
