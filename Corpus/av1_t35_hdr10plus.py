#!/usr/bin/env python3
"""AV1 with HDR10+ the way the AOM "HDR10+ AV1 Metadata Handling Specification" carries it: one metadata OBU
(obu_type 5, metadata_type 4 = ITU-T T.35) per temporal unit, after the temporal delimiter / sequence header / other
metadata OBUs and before the first frame (header) OBU, holding itu_t_t35_country_code 0xB5 + the ST 2094-40 payload
(00 3C 00 01 04 01 …) + trailing bits (0x80).

No encoder or muxer available to the corpus writes it (SVT-AV1 4.1 through FFmpeg 8.1 writes the MDCV / CLL metadata
OBUs but drops HDR10+ frame side data; SvtAv1EncApp, aomenc and FFmpeg 5.1 have no HDR10+ input), so this script adds
the OBUs to an encoder's IVF output. The payload is the real HDR10+ T.35 message x265 wrote into hdr10plus_hevc.hevc
(hdr10plus_tool's single-frame.hevc, see Corpus/generate.sh).

Usage: av1_t35_hdr10plus.py IN.ivf HEVC_WITH_HDR10PLUS_SEI OUT.ivf
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webm_hdr10plus import hdr10plus_t35  # noqa: E402  (the same T.35 message the VP9 WebM file carries)


def leb128(value):
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        out.append(b | (0x80 if value else 0))
        if not value:
            return bytes(out)


def read_leb128(b, p):
    value = 0
    for i in range(8):
        value |= (b[p + i] & 0x7F) << (7 * i)
        if not b[p + i] & 0x80:
            return value, p + i + 1
    raise ValueError('leb128 too long')


def split_obus(tu):
    obus, p = [], 0
    while p < len(tu):
        h = tu[p]
        ext = (h >> 2) & 1
        if not (h >> 1) & 1:
            raise SystemExit('OBU without obu_size: not the low-overhead format')
        size, q = read_leb128(tu, p + 1 + ext)
        obus.append(((h >> 3) & 0xF, tu[p:q + size]))
        p = q + size
    return obus


def main():
    src, hevc, dst = sys.argv[1:4]
    t35 = hdr10plus_t35(open(hevc, 'rb').read())
    body = b'\x04' + t35 + b'\x80'  # metadata_type 4 (leb128), T.35 message, trailing bits
    obu = bytes([(5 << 3) | 0x02]) + leb128(len(body)) + body
    data = open(src, 'rb').read()
    header_len = struct.unpack('<H', data[6:8])[0]
    out = bytearray(data[:header_len])
    p = header_len
    while p + 12 <= len(data):
        size, pts = struct.unpack('<IQ', data[p:p + 12])
        tu = data[p + 12:p + 12 + size]
        obus = split_obus(tu)
        k = 0
        while k < len(obus) and obus[k][0] in (1, 2, 5):  # sequence header, temporal delimiter, metadata
            k += 1
        new = b''.join(o for _, o in obus[:k]) + obu + b''.join(o for _, o in obus[k:])
        out += struct.pack('<IQ', len(new), pts) + new
        p += 12 + size
    open(dst, 'wb').write(bytes(out))


if __name__ == '__main__':
    main()
