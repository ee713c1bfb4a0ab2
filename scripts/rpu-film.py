#!/usr/bin/env python3
"""Writes a film-length Dolby Vision RPU file (dovi_tool's RPU.bin layout: each RPU as 00 00 00 01 +
the NAL unit 62 payload after its 2-byte header) from the RPUs of a real HEVC stream, repeated in
order until COUNT RPUs: the input `hdrprobe report --frames all` gets from a two-hour film's
extract-rpu, with the stream's real L1 values and scene cuts.
Usage: rpu-film.py STREAM.hevc COUNT OUT.bin"""
import re
import sys

src, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = open(src, "rb").read()
starts = [m.end() for m in re.finditer(b"\x00\x00\x01", data)]
rpus = []
for i, s in enumerate(starts):
    end = starts[i + 1] - 3 if i + 1 < len(starts) else len(data)
    nal = data[s:end].rstrip(b"\x00") if i + 1 < len(starts) else data[s:end]
    if len(nal) > 2 and (nal[0] >> 1) & 0x3F == 62:
        rpus.append(b"\x00\x00\x00\x01" + nal[2:])
if not rpus:
    sys.exit(f"rpu-film: no NAL unit 62 in {src}")
with open(out, "wb") as f:
    for i in range(count):
        f.write(rpus[i % len(rpus)])
print(f"rpu-film: {count} RPUs ({len(rpus)} distinct) from {src}")
