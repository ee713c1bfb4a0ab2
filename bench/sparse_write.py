#!/usr/bin/env python3
"""Copies stdin to FILE, leaving every all-zero 4 KiB block as a hole (a sparse file)."""
import sys
BLOCK = 4096
zero = bytes(BLOCK)
pos = 0
with open(sys.argv[1], 'wb') as out:
    out.truncate(0)
    buf = b''
    src = sys.stdin.buffer
    while True:
        data = src.read(1 << 20)
        if not data:
            break
        buf += data
        usable = len(buf) - len(buf) % BLOCK
        for i in range(0, usable, BLOCK):
            block = buf[i:i + BLOCK]
            if block != zero:
                out.seek(pos)
                out.write(block)
            pos += BLOCK
        buf = buf[usable:]
    if buf:
        out.seek(pos)
        out.write(buf)
        pos += len(buf)
    out.truncate(pos)
