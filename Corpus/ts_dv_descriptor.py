#!/usr/bin/env python3
"""Rewrite the PMT of an ffmpeg-written MPEG-TS into a Blu-ray-style Dolby Vision layout.

Neither ffmpeg 5.1 nor FFmpeg 8.1 writes the DOVI_video_stream_descriptor (tag 0xB0) and Debian has no Blu-ray
muxer, so the corpus builds these files from ffmpeg's own TS output: the PES packets stay exactly as ffmpeg wrote
them; only PIDs and the PMT change. Layouts (hdrprobe's docs/report-contract.md; ISO/IEC 13818-1 §2.4.4.8 for
the PMT, §2.4.3.2 for the packet header, Annex A for the CRC; the Dolby descriptor: tag 0xB0, length, version
major/minor, profile u(7) level u(6) rpu/el/bl flags, dependency_pid u(13) + reserved u(3) only when
bl_present_flag is 0, then dv_bl_signal_compatibility_id u(4), dv_md_compression u(2), reserved u(2)).

Usage:
  ts_dv_descriptor.py IN OUT --pid OLD:NEW:STREAM_TYPE:DESCRIPTOR_HEX ... [--m2ts]
    OLD, NEW         elementary PIDs (hex, e.g. 0x1012:0x1015); NEW may equal OLD
    STREAM_TYPE      the stream_type to write (e.g. 0x24 HEVC, 0x06 PES private data)
    DESCRIPTOR_HEX   the descriptors to put in that PID's ES_info ("" for none), e.g. b00701000e0e808f63
    --m2ts           write 192-byte packets (a 4-byte TP_extra_header: copy permission 0, an arrival time
                     stamp advancing 1,000 ticks of 27 MHz per packet) as on a Blu-ray disc

The PCR PID and program number are kept; the PCR PID is renamed with its stream. Every PMT packet (ffmpeg repeats
it) is replaced by the new section in one packet, keeping its continuity counter.
"""
import struct
import sys


def crc32_mpeg2(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return crc


def packets(data):
    assert len(data) % 188 == 0 and data[0] == 0x47, 'expects a 188-byte-packet TS'
    for i in range(0, len(data), 188):
        yield bytearray(data[i:i + 188])


def pid_of(p):
    return ((p[1] & 0x1F) << 8) | p[2]


def set_pid(p, pid):
    p[1] = (p[1] & 0xE0) | (pid >> 8)
    p[2] = pid & 0xFF


def payload_start(p):
    afc = (p[3] >> 4) & 3
    return 4 + (1 + p[4] if afc & 2 else 0)


def find_pmt_pid(data):
    for p in packets(data):
        if pid_of(p) == 0 and p[1] & 0x40:
            s = payload_start(p)
            s += 1 + p[s]  # pointer_field
            section_length = ((p[s + 1] & 0x0F) << 8) | p[s + 2]
            body = p[s + 8:s + 3 + section_length - 4]
            for k in range(0, len(body), 4):
                program, pmt = struct.unpack('>HH', body[k:k + 4])
                if program != 0:
                    return pmt & 0x1FFF
    raise SystemExit('no PAT')


def read_pmt(data, pmt_pid):
    for p in packets(data):
        if pid_of(p) == pmt_pid and p[1] & 0x40:
            s = payload_start(p)
            s += 1 + p[s]
            section_length = ((p[s + 1] & 0x0F) << 8) | p[s + 2]
            return bytes(p[s:s + 3 + section_length])
    raise SystemExit('no PMT')


def new_pmt(section, remap):
    """remap: {old_pid: (new_pid, stream_type, descriptors)}"""
    program = section[3:5]
    version_byte = section[5]
    pcr_pid = ((section[8] & 0x1F) << 8) | section[9]
    info_len = ((section[10] & 0x0F) << 8) | section[11]
    program_info = section[12:12 + info_len]
    pos, end = 12 + info_len, len(section) - 4
    streams = b''
    while pos + 5 <= end:
        stype = section[pos]
        pid = ((section[pos + 1] & 0x1F) << 8) | section[pos + 2]
        es_len = ((section[pos + 3] & 0x0F) << 8) | section[pos + 4]
        descriptors = section[pos + 5:pos + 5 + es_len]
        if pid in remap:
            pid, stype, descriptors = remap[pid]
        streams += bytes([stype, 0xE0 | (pid >> 8), pid & 0xFF, 0xF0 | (len(descriptors) >> 8),
                          len(descriptors) & 0xFF]) + descriptors
        pos += 5 + es_len
    pcr_pid = remap.get(pcr_pid, (pcr_pid,))[0]
    body = program + bytes([version_byte, 0, 0, 0xE0 | (pcr_pid >> 8), pcr_pid & 0xFF,
                            0xF0 | (len(program_info) >> 8), len(program_info) & 0xFF]) + program_info + streams
    length = len(body) + 4 + 0  # after section_length: body + CRC
    head = bytes([0x02, 0xB0 | (length >> 8), length & 0xFF])
    sec = head + body
    return sec + struct.pack('>I', crc32_mpeg2(sec))


def main():
    args = sys.argv[1:]
    m2ts = '--m2ts' in args
    args = [a for a in args if a != '--m2ts']
    src, dst = args[0], args[1]
    remap = {}
    for i in range(2, len(args), 2):
        assert args[i] == '--pid', args[i]
        old, new, stype, desc = args[i + 1].split(':')
        remap[int(old, 16)] = (int(new, 16), int(stype, 16), bytes.fromhex(desc))
    data = open(src, 'rb').read()
    pmt_pid = find_pmt_pid(data)
    section = new_pmt(read_pmt(data, pmt_pid), remap)
    assert len(section) <= 183, 'the PMT must fit one packet'
    out = bytearray()
    for n, p in enumerate(packets(data)):
        pid = pid_of(p)
        if pid == pmt_pid:
            if not p[1] & 0x40:
                continue  # a PMT continuation: the new section fits one packet
            q = bytearray(p[:4])
            q[3] = 0x10 | (p[3] & 0x0F)  # payload only, same continuity counter
            q += bytes([0]) + section
            q += b'\xff' * (188 - len(q))
            p = q
        elif pid in remap:
            set_pid(p, remap[pid][0])
        if m2ts:
            out += struct.pack('>I', (n * 1000) & 0x3FFFFFFF)
        out += p
    open(dst, 'wb').write(bytes(out))


if __name__ == '__main__':
    main()
