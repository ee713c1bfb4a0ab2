#!/usr/bin/env python3
"""Adds one array to the hvcC of an MP4's first HEVC sample entry: NAL type TYPE holding the first NAL unit of that
type found in the track's first sample (ISO/IEC 14496-15 §8.3.3.1: numOfArrays, then per array
array_completeness/reserved/NAL_unit_type, numNalus, nalUnitLength + nalUnit).

Why a script: no muxer available to the corpus builds such an hvcC from an elementary stream. FFmpeg's hvcC writer
(libavformat/hevc.c ff_isom_write_hvcc) keeps only VPS/SPS/PPS/SEI NAL units, mkvmerge only VPS/SPS/PPS and prefix SEI,
Shaka Packager only VPS/SPS/PPS (checked on dv_p81.ts), x265 writes no hvcC. FFmpeg and mkvmerge do copy an hvcC they
are given verbatim, so Corpus/generate.sh patches an intermediate file with this script and lets ffmpeg 5.1 write the
corpus file by stream copy.

Usage: hvcc_add_array.py IN.mp4 TYPE OUT.mp4   (IN must have its moov after the mdat: chunk offsets stay valid)
"""
import struct
import sys

CONTAINERS = {b'moov', b'trak', b'mdia', b'minf', b'stbl'}


def find_path(data, start, end, path, chain):
    p = start
    while p + 8 <= end:
        size, typ = struct.unpack('>I4s', data[p:p + 8])
        if size < 8 or p + size > end:
            return None
        if typ == path[0]:
            if len(path) == 1:
                return chain + [(p, size)]
            inner = p + 8 + (8 if typ == b'stsd' else 78 if typ in (b'hvc1', b'hev1', b'dvh1', b'dvhe') else 0)
            found = find_path(data, inner, p + size, path[1:], chain + [(p, size)])
            if found:
                return found
        p += size
    return None


def first_sample(data):
    stco = find_path(data, 0, len(data), [b'moov', b'trak', b'mdia', b'minf', b'stbl', b'stco'], [])[-1]
    stsz = find_path(data, 0, len(data), [b'moov', b'trak', b'mdia', b'minf', b'stbl', b'stsz'], [])[-1]
    offset = struct.unpack('>I', data[stco[0] + 16:stco[0] + 20])[0]
    fixed = struct.unpack('>I', data[stsz[0] + 12:stsz[0] + 16])[0]
    size = fixed or struct.unpack('>I', data[stsz[0] + 20:stsz[0] + 24])[0]
    return data[offset:offset + size]


def main():
    src, nal_type, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    data = bytearray(open(src, 'rb').read())
    for entry in (b'hvc1', b'hev1', b'dvh1', b'dvhe'):
        chain = find_path(data, 0, len(data), [b'moov', b'trak', b'mdia', b'minf', b'stbl', b'stsd', entry, b'hvcC'], [])
        if chain:
            break
    else:
        sys.exit('no hvcC')
    mdat = find_path(data, 0, len(data), [b'mdat'], [])
    if not mdat or mdat[0][0] > chain[0][0]:
        sys.exit('moov before mdat: chunk offsets would move')
    sample, nal = first_sample(data), None
    p = 0
    while p + 4 <= len(sample):  # 4-byte NAL lengths (hvcC lengthSizeMinusOne 3)
        n = struct.unpack('>I', sample[p:p + 4])[0]
        if (sample[p + 4] >> 1) & 0x3F == nal_type:
            nal = bytes(sample[p + 4:p + 4 + n])
            break
        p += 4 + n
    if nal is None:
        sys.exit(f'no NAL unit of type {nal_type} in the first sample')
    hp, hsize = chain[-1]
    hvcc = bytearray(data[hp + 8:hp + hsize])
    hvcc[22] += 1  # numOfArrays
    hvcc += bytes([0x80 | nal_type]) + struct.pack('>HH', 1, len(nal)) + nal  # array_completeness 1
    grow = 8 + len(hvcc) - hsize
    data[hp:hp + hsize] = struct.pack('>I4s', 8 + len(hvcc), b'hvcC') + hvcc
    for p, size in chain[:-1]:  # every enclosing box grows by the same amount
        struct.pack_into('>I', data, p, size + grow)
    open(dst, 'wb').write(bytes(data))


if __name__ == '__main__':
    main()
