#!/usr/bin/env python3
"""A loopback HTTP/1.1 server for the network tests and bench/presentation-remote.sh.

Serves the files of ROOT with single-range `Range: bytes=a-b` answered 206 + Content-Range (as CDNs
do), keeps connections alive, waits DELAY milliseconds before answering each request (a network's
round trip), and counts what it served: GET /__stats answers {"requests", "connections", "bytes",
"paths": {path: count}} as JSON (not delayed, not counted); GET /__reset zeroes the counts.

Misbehaving endpoints (each a way a server can try to hang or misdirect a client):
  /__stall            accepts the request and never answers
  /__endless          200, chunked, a body that never ends (64 KiB every 5 ms: a fast link, not a
                      loopback flood that would only measure how busy two cores can be kept)
  /__oversized        ignores Range: 200 with Content-Length 1 GiB, sent until the client leaves
  /__loop/a, /__loop/b  redirect to each other
  /__hops/N           redirects to /__hops/N-1 … /__hops/0, which is 404
  /__to-file          redirects to file:///etc/passwd
  /__redirect/PATH    one redirect to /PATH
Anything else that is not a file is 404. Standard library only.

Usage: latency_server.py ROOT [DELAY_MS]   (prints the port, then serves until killed; stops by itself after 15 minutes)
"""
import http.server
import json
import os
import socketserver
import sys
import threading
import time

ROOT = os.path.abspath(sys.argv[1])
DELAY = (float(sys.argv[2]) if len(sys.argv) > 2 else 0.0) / 1000
LOCK = threading.Lock()
STATS = {"requests": 0, "connections": 0, "bytes": 0, "paths": {}}


def count(**kw):
    with LOCK:
        for k, v in kw.items():
            STATS[k] += v


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # The head and the body are separate writes: with Nagle's algorithm the body would wait for
    # the client's delayed ACK of the head (40 ms on Linux), a latency that is the server's own.
    disable_nagle_algorithm = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=ROOT, **kwargs)

    def setup(self):
        super().setup()
        count(connections=1)

    def log_message(self, *args):
        pass

    def send_bytes(self, status, data, headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        count(bytes=len(data))

    def redirect(self, location):
        self.send_bytes(302, b"", [("Location", location)])

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path == "/__stats":
            with LOCK:
                body = json.dumps(STATS).encode()
            return self.send_bytes(200, body, [("Content-Type", "application/json")])
        if path == "/__reset":
            with LOCK:
                STATS.update(requests=0, connections=0, bytes=0, paths={})
            return self.send_bytes(200, b"{}")
        with LOCK:
            STATS["requests"] += 1
            STATS["paths"][path] = STATS["paths"].get(path, 0) + 1
        if DELAY:
            time.sleep(DELAY)
        if path == "/__stall":
            time.sleep(900)
            return
        if path == "/__endless":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"\0" * 65536
            try:
                while True:
                    self.wfile.write(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                    count(bytes=len(chunk))
                    time.sleep(0.005)
            except OSError:
                self.close_connection = True
            return
        if path == "/__oversized":
            self.send_response(200)
            self.send_header("Content-Length", str(1 << 30))
            self.end_headers()
            chunk = b"\0" * 65536
            try:
                for _ in range((1 << 30) // len(chunk)):
                    self.wfile.write(chunk)
                    count(bytes=len(chunk))
            except OSError:
                self.close_connection = True
            return
        if path == "/__loop/a":
            return self.redirect("/__loop/b")
        if path == "/__loop/b":
            return self.redirect("/__loop/a")
        if path.startswith("/__hops/"):
            n = int(path.rsplit("/", 1)[1])
            if n > 0:
                return self.redirect("/__hops/%d" % (n - 1))
            return self.send_error(404)
        if path == "/__to-file":
            return self.redirect("file:///etc/passwd")
        if path.startswith("/__redirect/"):
            return self.redirect(path[len("/__redirect"):])
        self.serve_file()

    def serve_file(self):
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return self.send_error(404)
        size = os.path.getsize(path)
        start, end, status = 0, size - 1, 200
        spec = self.headers.get("Range", "")
        if spec.startswith("bytes=") and "," not in spec:
            first, _, last = spec[6:].partition("-")
            start = int(first) if first else 0
            end = min(int(last) if last else size - 1, size - 1)
            if start > end:
                return self.send_bytes(416, b"", [("Content-Range", "bytes */%d" % size)])
            status = 206
        with open(path, "rb") as f:
            f.seek(start)
            data = f.read(end - start + 1)
        headers = [("Content-Type", "application/octet-stream"), ("Accept-Ranges", "bytes")]
        if status == 206:
            headers.append(("Content-Range", "bytes %d-%d/%d" % (start, end, size)))
        self.send_bytes(status, data, headers)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
stopper = threading.Timer(900, server.shutdown)
stopper.daemon = True
stopper.start()
server.serve_forever()
