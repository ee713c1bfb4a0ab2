#!/usr/bin/env python3
"""Writes the Dolby Vision shapes no available muxer writes, from committed corpus files.

No tool at hand writes an AV1 `dav1` sample entry (FFmpeg 8.1: "Could not find tag for codec av1")
or an H.264 Dolby Vision stream (no encoder writes AVC RPUs), and no public real file of either was
reachable (see Corpus/real/fetch.sh). These are byte-level derivations of files made by real tools:

  av1_dv_p101_dav1.mp4      ../av1_dv_p101.mp4 (FFmpeg 8.1 libsvtav1 dolbyvision=1) with the sample
                            entry four-cc av01 -> dav1; nothing else changed.
  av1_dv_p100_dav1_v21.mp4  the same, dvvC version 1.0 -> 2.1 and compatibility 1 -> 0 (profile 10.0).
  dv_p9_dva1.mp4            ../sdr_h264.h264 (x264, BT.709) with one H.264 NAL 28 per access unit
                            (header 0x1C, then the RPU bytes of ../dv_p81_rpu.bin, i.e. dovi_tool's
                            tests/profile8.bin: 0x19 + RPU, emulation prevention kept), muxed by
                            ffmpeg 5.1 (-c copy, moov last), then avc1 -> dva1 and a dvvC (1.0,
                            profile 9, level 1, RPU+BL, compatibility 2) appended to the sample entry.

Run from the repository root: python3 Corpus/derived/make.py (needs ffmpeg).
"""
import os, struct, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)


def boxes(data, start, end):
    i = start
    while i + 8 <= end:
        size = struct.unpack('>I', data[i:i + 4])[0]
        yield i, size, data[i + 4:i + 8]
        i += size


def path_to(data, names):
    """Offsets of the boxes along `names` (moov/trak/.../stsd), the last one's children after `skip`."""
    chain, start, end = [], 0, len(data)
    for name in names:
        for off, size, kind in boxes(data, start, end):
            if kind == name:
                chain.append(off)
                header = {b'stsd': 16, b'meta': 12}.get(name, 8)
                start, end = off + header, off + size
                break
        else:
            raise SystemExit(f'no {name} box')
    return chain


def dav1():
    src = open(os.path.join(CORPUS, 'av1_dv_p101.mp4'), 'rb').read()
    data = bytearray(src)
    stsd = path_to(data, [b'moov', b'trak', b'mdia', b'minf', b'stbl', b'stsd'])[-1]
    entry = stsd + 16
    assert data[entry + 4:entry + 8] == b'av01'
    data[entry + 4:entry + 8] = b'dav1'
    open(os.path.join(HERE, 'av1_dv_p101_dav1.mp4'), 'wb').write(data)
    dvvc = data.index(b'dvvC', entry)
    assert data[dvvc + 4:dvvc + 9] == bytes([1, 0, 0x14, 0x0D, 0x10])
    data[dvvc + 4:dvvc + 6] = bytes([2, 1])
    data[dvvc + 8] = 0x00
    open(os.path.join(HERE, 'av1_dv_p100_dav1_v21.mp4'), 'wb').write(data)


def split_annexb(data):
    """NAL units of an Annex B stream (start codes removed)."""
    starts, i = [], 0
    while True:
        i = data.find(b'\x00\x00\x01', i)
        if i < 0:
            break
        starts.append(i + 3)
        i += 3
    units = []
    for n, s in enumerate(starts):
        e = starts[n + 1] - 3 if n + 1 < len(starts) else len(data)
        unit = data[s:e]
        while unit.endswith(b'\x00'):
            unit = unit[:-1]
        units.append(unit)
    return units


def p9():
    rpus = [r for r in open(os.path.join(CORPUS, 'dv_p81_rpu.bin'), 'rb').read().split(b'\x00\x00\x00\x01') if r]
    units = split_annexb(open(os.path.join(CORPUS, 'sdr_h264.h264'), 'rb').read())
    out, pictures = bytearray(), 0
    for unit in units:
        out += b'\x00\x00\x00\x01' + unit
        if unit[0] & 0x1F in (1, 5):  # x264 writes one slice per picture: the RPU follows it
            out += b'\x00\x00\x00\x01\x1C' + rpus[pictures % len(rpus)]
            pictures += 1
    with tempfile.TemporaryDirectory() as tmp:
        es, mp4 = os.path.join(tmp, 'p9.h264'), os.path.join(tmp, 'p9.mp4')
        open(es, 'wb').write(out)
        subprocess.run(['ffmpeg', '-v', 'error', '-y', '-r', '25', '-f', 'h264', '-i', es, '-c', 'copy',
                        '-fflags', '+bitexact', '-map_metadata', '-1', mp4], check=True)
        data = bytearray(open(mp4, 'rb').read())
    chain = path_to(data, [b'moov', b'trak', b'mdia', b'minf', b'stbl', b'stsd'])
    entry = chain[-1] + 16
    assert data[entry + 4:entry + 8] == b'avc1'
    moov = chain[0]
    assert all(kind != b'mdat' for _, _, kind in boxes(data, moov, len(data))), 'moov must be last'
    data[entry + 4:entry + 8] = b'dva1'
    x = 9 << 9 | 1 << 3 | 0b101
    dvvc = struct.pack('>I4sBBHB', 32, b'dvvC', 1, 0, x, 2 << 4) + bytes(19)
    entry_size = struct.unpack('>I', data[entry:entry + 4])[0]
    data[entry + entry_size:entry + entry_size] = dvvc
    for off in chain + [entry]:
        struct.pack_into('>I', data, off, struct.unpack('>I', data[off:off + 4])[0] + len(dvvc))
    open(os.path.join(HERE, 'dv_p9_dva1.mp4'), 'wb').write(data)
    print(f'dv_p9_dva1.mp4: {pictures} pictures, {pictures} RPU NAL units')


if __name__ == '__main__':
    dav1()
    p9()
