#!/usr/bin/env python3
"""A loopback HTTP server that misbehaves on purpose, for HostileInputTests (standard library only).

Binds 127.0.0.1 on a free port and prints the port on the first line of stdout. Writes raw bytes, so it
can say what a well-behaved server library would refuse to. Routes (any method):
  /stall           headers, then a body that never comes (the connection stays open)
  /trickle         a chunked body that never ends: one byte every 50 ms
  /huge            Content-Length: 2147483648, 64 KiB of it, then silence
  /malformed-json  200 application/json, body '{"id": 1, "name": '
  /html            200 text/html, a page
  /loop            302 to /loop, forever
  /redirect?to=URL 302 to URL
  /crlf            a header value carrying a bare CR and a bare LF
  anything else    200 application/json: {"path": ..., "authorization": the Authorization header or null}
"""
import json
import socketserver
import sys
import time
from urllib.parse import parse_qsl, urlsplit


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        try:
            while self.serve_one():
                pass
        except (BrokenPipeError, ConnectionResetError):
            pass

    def serve_one(self):
        line = self.rfile.readline(65536)
        if not line:
            return False
        method, target, _ = line.decode("latin-1").split(" ", 2)
        headers = {}
        while True:
            header = self.rfile.readline(65536).decode("latin-1")
            if header in ("\r\n", "\n", ""):
                break
            name, _, value = header.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        if length:
            self.rfile.read(length)
        url = urlsplit(target)
        route = url.path
        if route == "/stall":
            self.head(200, [("Content-Type", "application/json"), ("Content-Length", "100")])
            time.sleep(3600)
        elif route == "/trickle":
            self.head(200, [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")])
            while True:
                self.wfile.write(b"1\r\n \r\n")
                self.wfile.flush()
                time.sleep(0.05)
        elif route == "/huge":
            self.head(200, [("Content-Type", "application/json"), ("Content-Length", "2147483648")])
            self.wfile.write(b" " * 65536)
            self.wfile.flush()
            time.sleep(3600)
        elif route == "/malformed-json":
            self.reply(200, "application/json", b'{"id": 1, "name": ')
        elif route == "/html":
            self.reply(200, "text/html", b"<html><body>Not an API</body></html>")
        elif route == "/loop":
            self.reply(302, "text/plain", b"", [("Location", "/loop")])
        elif route == "/redirect":
            self.reply(302, "text/plain", b"", [("Location", dict(parse_qsl(url.query))["to"])])
        elif route == "/crlf":
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Evil: a\rInjected: b\nX-After: c\r\n"
                             b"Content-Length: 2\r\n\r\n{}")
            self.wfile.flush()
        else:
            body = json.dumps({"path": route, "authorization": headers.get("authorization")}).encode()
            self.reply(200, "application/json", body)
        return True

    def head(self, status, fields):
        text = f"HTTP/1.1 {status} Hostile\r\n" + "".join(f"{name}: {value}\r\n" for name, value in fields) + "\r\n"
        self.wfile.write(text.encode("latin-1"))
        self.wfile.flush()

    def reply(self, status, content_type, body, extra=()):
        self.head(status, [("Content-Type", content_type), ("Content-Length", str(len(body))), *extra])
        self.wfile.write(body)
        self.wfile.flush()


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
