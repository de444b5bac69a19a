#!/usr/bin/env python3
"""Loopback test server for EndpointRuntime (standard library only).

Binds 127.0.0.1 on a free port, prints the port on the first line of stdout and, with
--port-file PATH, also writes it there. Requests that carry `X-Counter: NAME` are counted in the
bucket NAME (total, peak in flight, arrival times), so tests running in parallel never share counters.

Routes (any method):
  /stats?counter=NAME          {"total", "peak", "arrivals"} of a bucket (not counted itself)
  /status/N[?message=TEXT]     status N; body {"message": TEXT} when given, else empty
  /delay?ms=N                  sleeps N ms, then echoes
  /headers?Name=Value...       sets each query item as a response header, body {}
  /protected/TOKEN             401 unless `Authorization` ends with TOKEN, then echoes
  /flaky/KEY/N?status=S&retry_after=R
                               the first N requests for KEY answer S (default 503) with
                               Retry-After: R when given; later ones echo
  /redirect?to=URL             302 to URL
  /bytes/N                     N bytes of application/octet-stream
  /json                        a small fixed JSON object (the benchmark's payload)
  /challenge/TOKEN/...[?message=TEXT]
                               401 with `WWW-Authenticate: Basic realm="echo"` and the JSON body
                               {"message": TEXT} (default "Wrong credentials.") unless `Authorization`
                               ends with TOKEN, then echoes
  anything else                echoes {"method", "path", "query", "headers", "body"} as JSON

Pagination routes (Tests/EndpointRuntimeTests/PaginationTests.swift), over the items 1...total, `per` a page:
  /pages/numbered?page=P&per=K&total=T    {"items": [...]} of page P (from 1); past the end, no items
  /pages/offset?offset=O&limit=K&total=T  {"items": [...]}: K items from offset O (from 0)
  /pages/header?at=I&per=K&total=T[&host=H]
                               {"items": [...]} from item I, with `Next-Page: <absolute URL of the next page>`
                               until the last; host H (e.g. localhost) puts that URL on another origin
  /pages/stuck                 {"items": [1], "next": "again"}: the same cursor every time

Streaming routes (Tests/EndpointRuntimeTests/Streaming*.swift, Benchmarks/StreamingBenchmark):
  /sse?count=N&drop_after=K&retry=MS&pad=P
                               text/event-stream, no Content-Length, closed at the end: a comment, `retry: MS`,
                               then events id 1...N (`event: tick`, `id: I`, the JSON {"n": I, "text": ...} split
                               over two `data:` lines); with `Last-Event-ID: J` it starts at J+1; with drop_after it
                               closes the connection after K events (a reconnection goes on); pad adds P bytes of text
  /blob/N?pause_ms=MS          N bytes (Content-Length N) written 1 MiB at a time, never held whole; with pause_ms, a
                               pause of MS milliseconds after each MiB (a transfer slow enough to cancel midway)
  /sink                        reads the request body in pieces; {"bytes": count, "sha256": hex digest}
"""
import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

SMALL_JSON = json.dumps({"id": 1, "name": "Ada Lovelace", "email": "ada@example.com", "active": True}).encode()


class Buckets:
    """Counters per bucket, guarded by one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.buckets = {}
        self.flaky = {}

    def enter(self, name):
        with self.lock:
            bucket = self.buckets.setdefault(name, {"total": 0, "peak": 0, "inFlight": 0, "arrivals": []})
            bucket["total"] += 1
            bucket["inFlight"] += 1
            bucket["peak"] = max(bucket["peak"], bucket["inFlight"])
            bucket["arrivals"].append(time.monotonic())

    def leave(self, name):
        with self.lock:
            self.buckets[name]["inFlight"] -= 1

    def stats(self, name):
        with self.lock:
            bucket = self.buckets.get(name, {"total": 0, "peak": 0, "arrivals": []})
            return {"total": bucket["total"], "peak": bucket["peak"], "arrivals": list(bucket["arrivals"])}

    def take_failure(self, key, failures):
        """True while KEY has seen at most `failures` requests."""
        with self.lock:
            seen = self.flaky.get(key, 0) + 1
            self.flaky[key] = seen
            return seen <= failures


BUCKETS = Buckets()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        if urlsplit(self.path).path == "/sink":
            return self.streaming("sink", [], {}, b"")  # reads its body itself, in pieces
        body = self.rfile.read(length) if length else b""
        counter = self.headers.get("X-Counter")
        if counter:
            BUCKETS.enter(counter)
        try:
            self.route(body)
        finally:
            if counter:
                BUCKETS.leave(counter)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = handle_any

    def do_HEAD(self):
        self.reply(200, b"", "application/json")

    def route(self, body):
        url = urlsplit(self.path)
        query = parse_qsl(url.query, keep_blank_values=True)
        parts = url.path.strip("/").split("/")
        head = parts[0]
        # Error message fields (the "Real APIs" issue): /problem/KIND answers an error whose message sits under
        # another key for each kind, as real servers do.
        problems = {
            "message": (400, {"message": "top-level message"}),
            "nested": (422, {"error": {"message": "nested message", "code": 7}}),
            "error": (404, {"ok": False, "error": "Table not found", "status": 404}),
            "detail": (409, {"detail": "detail text", "error": {"code": 9}}),
            "empty": (500, {"message": "", "error": {"message": "the non-empty one"}}),
            "none": (503, {"unrelated": 1}),
        }
        if head == "problem" and len(parts) == 2 and parts[1] in problems:
            return self.reply_json(*problems[parts[1]])
        if head in ("sse", "blob", "sink"):
            return self.streaming(head, parts, dict(query), body)
        if head == "stats":
            self.reply_json(200, BUCKETS.stats(dict(query).get("counter", "")))
        elif head == "status" and len(parts) == 2:
            message = dict(query).get("message")
            payload = json.dumps({"message": message}).encode() if message is not None else b""
            self.reply(int(parts[1]), payload, "application/json")
        elif head == "delay":
            time.sleep(int(dict(query).get("ms", "0")) / 1000)
            self.echo(body)
        elif head == "headers":
            self.reply(200, b"{}", None, extra=query)
        elif head == "protected" and len(parts) == 2:
            if self.headers.get("Authorization", "").endswith(parts[1]):
                self.echo(body)
            else:
                self.reply_json(401, {"error": "token expired"})
        elif head == "flaky" and len(parts) == 3:
            options = dict(query)
            if BUCKETS.take_failure(parts[1], int(parts[2])):
                extra = [("Retry-After", options["retry_after"])] if "retry_after" in options else []
                self.reply(int(options.get("status", "503")), b"", "application/json", extra=extra)
            else:
                self.echo(body)
        elif head == "redirect":
            self.reply(302, b"", None, extra=[("Location", dict(query)["to"])])
        elif head == "bytes" and len(parts) == 2:
            self.reply(200, b"x" * int(parts[1]), "application/octet-stream")
        elif head == "json":
            self.reply(200, SMALL_JSON, "application/json")
        elif head == "pages" and len(parts) == 2:
            self.pages(parts[1], dict(query))
        # Auth: a 401 that is an HTTP authentication challenge and has a JSON body, as real APIs send.
        elif head == "challenge" and len(parts) >= 2:
            if self.headers.get("Authorization", "").endswith(parts[1]):
                self.echo(body)
            else:
                message = dict(query).get("message", "Wrong credentials.")
                self.reply(401, json.dumps({"message": message}).encode(), "application/json",
                           extra=[("WWW-Authenticate", 'Basic realm="echo"')])
        else:
            self.echo(body)

    # MARK: pagination routes
    def pages(self, kind, options):
        per, total = int(options.get("per", "10")), int(options.get("total", "0"))
        if kind == "numbered":
            start = (int(options.get("page", "1")) - 1) * per
        elif kind == "offset":
            start, per = int(options.get("offset", "0")), int(options.get("limit", "10"))
        elif kind == "header":
            start = int(options.get("at", "0"))
        else:
            self.reply_json(200, {"items": [1], "next": "again"})
            return
        items = list(range(start + 1, min(start + per, total) + 1))
        extra = []
        if kind == "header" and start + per < total:
            host = options.get("host", "127.0.0.1")
            following = dict(options, at=str(start + per))
            query = "&".join(f"{name}={value}" for name, value in following.items())
            extra = [("Next-Page", f"http://{host}:{self.server.server_address[1]}/pages/header?{query}")]
        self.reply(200, json.dumps({"items": items}).encode(), "application/json", extra=extra)

    # MARK: streaming routes
    def streaming(self, head, parts, options, body):
        if head == "blob" and len(parts) == 2:
            total = int(parts[1])
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(total))
            self.end_headers()
            piece = b"x" * (1 << 20)
            pause = int(options.get("pause_ms", "0")) / 1000
            sent = 0
            while sent < total:
                count = min(len(piece), total - sent)
                self.wfile.write(piece[:count])
                sent += count
                if pause:
                    time.sleep(pause)
        elif head == "sink":
            import hashlib
            digest, left, count = hashlib.sha256(), int(self.headers.get("Content-Length") or 0), 0
            while left > 0:
                piece = self.rfile.read(min(left, 1 << 20))
                if not piece:
                    break
                digest.update(piece)
                left -= len(piece)
                count += len(piece)
            self.reply_json(200, {"bytes": count, "sha256": digest.hexdigest()})
        elif head == "sse":
            count, drop_after = int(options.get("count", "3")), int(options.get("drop_after", "0"))
            pad = "p" * int(options.get("pad", "0"))
            start = int(self.headers.get("Last-Event-ID") or 0) + 1
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            out = [": a comment the client ignores\n"]
            if "retry" in options:
                out.append(f"retry: {options['retry']}\n\n")
            sent = 0
            for number in range(start, count + 1):
                out.append(f"event: tick\nid: {number}\ndata: {{\"n\": {number},\ndata: \"text\": \"event {number}{pad}\"}}\n\n")
                sent += 1
                if len(out) >= 64 or drop_after or number == count:
                    self.wfile.write("".join(out).encode())
                    self.wfile.flush()
                    out = []
                if drop_after and sent >= drop_after:
                    break
            if out:
                self.wfile.write("".join(out).encode())
        else:
            self.reply_json(404, {"message": "no such streaming route"})

    def echo(self, body):
        url = urlsplit(self.path)
        self.reply_json(200, {
            "method": self.command,
            "path": url.path,
            "query": url.query,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", errors="replace"),
        })

    def reply_json(self, status, value):
        self.reply(status, json.dumps(value).encode(), "application/json")

    def reply(self, status, payload, content_type, extra=()):
        self.send_response(status)
        if content_type and not any(name.lower() == "content-type" for name, _ in extra):
            self.send_header("Content-Type", content_type)
        for name, value in extra:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-file")
    arguments = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    port = server.server_address[1]
    print(port, flush=True)
    if arguments.port_file:
        with open(arguments.port_file, "w") as file:
            file.write(f"{port}\n")
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
