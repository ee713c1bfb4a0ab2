"""What the headless-Chromium checks of hdrprobe's pages share (.ci/report-browser-check.sh,
.ci/overview-browser-check.sh): the page's own network requests in a Chromium network log, and
how many colours a screenshot holds (a blank page has one or two)."""
import json, struct, zlib


def page_requests(path):
    """Network requests of the page (not the browser's own) in a Chromium network log."""
    text = open(path, encoding="utf-8", errors="replace").read().rstrip().rstrip(",")
    try: log = json.loads(text)
    except ValueError: log = json.loads(text + "]}")
    return [e["params"]["url"] for e in log.get("events", []) if "initiator" in e.get("params", {})
            and e["params"]["initiator"] != "not an origin" and not e["params"].get("url", "").startswith(("file:", "data:"))]


def png_colours(path):
    """Distinct colours of a PNG screenshot (8-bit RGB/RGBA, as Chromium writes them)."""
    data = open(path, "rb").read(); pos = 8; idat = b""; w = h = 0; ctype = 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
        if kind == b"IHDR": w, h, _, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT": idat += body
    bpp = 4 if ctype == 6 else 3; raw = zlib.decompress(idat); stride = w * bpp; prev = bytearray(stride); colours = set()
    for y in range(h):
        f = raw[y * (stride + 1)]; line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if y % 4 == 0: colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 4))
        prev = line
    return len(colours)
