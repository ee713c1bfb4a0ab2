#!/usr/bin/env python3
"""Add HDR10+ (SMPTE ST 2094-40) to a WebM's video frames as Matroska BlockAdditions, the way VP9 / AV1 HDR10+ lives in WebM.

No encoder or muxer on this machine writes it, so the corpus builds it from ffmpeg's own WebM output: every SimpleBlock
(0xA3) of the video track becomes a BlockGroup (0xA0) holding
    Block (0xA1)            the SimpleBlock's bytes unchanged, with the flags byte's keyframe / discardable bits
                            cleared (they are SimpleBlock-only; a Block without ReferenceBlock is a key frame)
    BlockAdditions (0x75A1)
      BlockMore (0xA6)
        BlockAddID (0xEE)       4: ITU-T T.35 (Matroska BlockAddIDType 4, the WebM HDR10+ convention; no
                                BlockAdditionMapping is written, as WebM muxers do)
        BlockAdditional (0xA5)  the whole ITU-T T.35 message: country code 0xB5, provider code 0x003C, provider-oriented
                                code 0x0001, application identifier 4, then the ST 2094-40 payload.
Layouts: hdrprobe's docs/report-contract.md and the Matroska specification (RFC 9559, §5.1.3.5 BlockGroup, §5.1.3.5.1
Block, §5.1.3.5.2 BlockAdditions; codec mapping: BlockAddIDType 4 "ITU-T T.35").

The T.35 message is the first HDR10+ user_data_registered_itu_t_t35 SEI message (payloadType 4, starting b5 003c 0001 04)
of an Annex B HEVC stream (hdrprobe's corpus takes it from the HDR10+ HEVC stream it builds from hdr10plus_tool's
single-frame.hevc); the same bytes go beside every video frame.

Usage:
  webm_hdr10plus.py IN.webm HDR10PLUS.hevc OUT.webm

The SeekHead is replaced by an EBML Void of the same length (so every other top-level element keeps its position) and
the Cues are dropped (their CueRelativePositions would be stale); the Cluster and Segment sizes are rewritten.
"""
import re
import sys

SEGMENT, SEEKHEAD, CUES, CLUSTER, TRACKS = 0x18538067, 0x114D9B74, 0x1C53BB6B, 0x1F43B675, 0x1654AE6B
SIMPLEBLOCK, BLOCKGROUP, BLOCK, BLOCKADDITIONS, BLOCKMORE, BLOCKADDID, BLOCKADDITIONAL = \
    0xA3, 0xA0, 0xA1, 0x75A1, 0xA6, 0xEE, 0xA5
VOID, TRACKENTRY, TRACKNUMBER, TRACKTYPE = 0xEC, 0xAE, 0xD7, 0x83
HDR10PLUS_T35_PREFIX = bytes.fromhex('b5003c000104')


def read_id(b, p):
    first = b[p]
    n = 1
    while not first & (0x80 >> (n - 1)):
        n += 1
    return int.from_bytes(b[p:p + n], 'big'), p + n


def read_size(b, p):
    first = b[p]
    n = 1
    while not first & (0x80 >> (n - 1)):
        n += 1
    v = first & ((0x80 >> (n - 1)) - 1)
    for x in b[p + 1:p + n]:
        v = (v << 8) | x
    return (None if v == (1 << (7 * n)) - 1 else v), p + n


def elements(b, start, end):
    p = start
    while p < end:
        eid, q = read_id(b, p)
        size, q = read_size(b, q)
        stop = end if size is None else q + size
        yield eid, p, q, stop
        p = stop


def encode_id(eid):
    return eid.to_bytes((eid.bit_length() + 7) // 8, 'big')


def encode_size(n, width=None):
    width = width or next(w for w in range(1, 9) if n < (1 << (7 * w)) - 1)
    return ((1 << (7 * width)) | n).to_bytes(width, 'big')


def element(eid, payload):
    return encode_id(eid) + encode_size(len(payload)) + payload


def void_of_length(total):
    # 0xEC + an 8-byte size field + filler: fits any total ≥ 9
    return encode_id(VOID) + encode_size(total - 9, 8) + bytes(total - 9)


def hdr10plus_t35(hevc):
    """The first HDR10+ T.35 message of an Annex B HEVC stream (prefix SEI NAL 39, payloadType 4)."""
    starts = [m.end() for m in re.finditer(b'\x00\x00\x01', hevc)]
    for i, s in enumerate(starts):
        nal = hevc[s:starts[i + 1] - 3 if i + 1 < len(starts) else len(hevc)].rstrip(b'\x00')
        if (nal[0] >> 1) & 0x3F != 39:
            continue
        rbsp, zeros = bytearray(), 0
        for x in nal[2:]:  # H.265 §7.4.2: drop emulation_prevention_three_byte
            if zeros >= 2 and x == 3:
                zeros = 0
                continue
            rbsp.append(x)
            zeros = zeros + 1 if x == 0 else 0
        p = 0
        while p < len(rbsp) and rbsp[p] != 0x80:
            ptype = size = 0
            while rbsp[p] == 0xFF:
                ptype, p = ptype + 255, p + 1
            ptype, p = ptype + rbsp[p], p + 1
            while rbsp[p] == 0xFF:
                size, p = size + 255, p + 1
            size, p = size + rbsp[p], p + 1
            if ptype == 4 and rbsp[p:p + 6] == HDR10PLUS_T35_PREFIX:
                return bytes(rbsp[p:p + size])
            p += size
    sys.exit('error: no HDR10+ T.35 SEI message in the HEVC stream')


def video_track_numbers(b, start, end):
    numbers = set()
    for eid, _, q, stop in elements(b, start, end):
        if eid != TRACKENTRY:
            continue
        fields = {i: int.from_bytes(b[c:s], 'big') for i, _, c, s in elements(b, q, stop) if i in (TRACKNUMBER, TRACKTYPE)}
        if fields.get(TRACKTYPE) == 1:
            numbers.add(fields[TRACKNUMBER])
    return numbers


def block_group(simple_block, t35):
    block = bytearray(simple_block)
    _, flags_at = read_size(block, 0)  # track number (EBML vint), then a 16-bit timecode, then flags
    block[flags_at + 2] &= 0x7E         # keyframe (0x80) and discardable (0x01) are SimpleBlock-only
    more = element(BLOCKMORE, element(BLOCKADDID, b'\x04') + element(BLOCKADDITIONAL, t35))
    return element(BLOCKGROUP, element(BLOCK, bytes(block)) + element(BLOCKADDITIONS, more))


def rewrite_cluster(b, start, end, tracks, t35):
    out = bytearray()
    for eid, p, q, stop in elements(b, start, end):
        if eid == SIMPLEBLOCK and read_size(b, q)[0] in tracks:
            out += block_group(b[q:stop], t35)
        else:
            out += b[p:stop]
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    b = open(sys.argv[1], 'rb').read()
    t35 = hdr10plus_t35(open(sys.argv[2], 'rb').read())
    out = bytearray()
    for eid, p, q, stop in elements(b, 0, len(b)):
        if eid != SEGMENT:
            out += b[p:stop]
            continue
        body, tracks = bytearray(), set()
        for cid, cp, cq, cstop in elements(b, q, stop):
            if cid == TRACKS:
                tracks = video_track_numbers(b, cq, cstop)
            if cid == SEEKHEAD:
                body += void_of_length(cstop - cp)
            elif cid == CLUSTER:
                body += element(CLUSTER, rewrite_cluster(b, cq, cstop, tracks, t35))
            elif cid != CUES:
                body += b[cp:cstop]
        out += element(SEGMENT, bytes(body))
    open(sys.argv[3], 'wb').write(out)


if __name__ == '__main__':
    main()
