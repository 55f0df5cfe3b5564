#!/usr/bin/env python3
"""Serves the staged site (make serve, and the browser tests: tests/web/harness.js) with
Python's standard library only, like `python3 -m http.server`, plus the security headers
a meta tag cannot send:

  Content-Security-Policy  the union of what the site's pages need (each page's own meta
                           policy, which the browser enforces as well, stays the tighter
                           one), plus frame-ancestors *: the lab is made to be embedded
                           by course pages of any origin, so no ancestor is refused (a
                           meta tag cannot set frame-ancestors; X-Frame-Options is not
                           sent: it has no value that allows every origin). The course
                           API (web/course/course-api.js) has its own allow-list, `origins=`.
  X-Content-Type-Options   nosniff: scripts and styles only with their own type
  Referrer-Policy          no-referrer: a lab URL holds its whole view; nobody needs it
  Permissions-Policy       no camera, microphone, geolocation (the lab uses none)

A folder without an index.html is not listed (404), unlike http.server's.

usage: serve.py PORT [--bind ADDR] [--directory DIR] [--quiet]
"""
import argparse
import functools
import http.server
import sys

# What any page of the site may load. frame-src: the lessons embed the lab ('self'); the
# example course page (web/examples/course-quiz.html) embeds a lab it is told of with
# ?lab=, here a local one on another port.
CSP = "; ".join([
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "font-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "frame-src 'self' http://localhost:* http://127.0.0.1:*",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors *",
])

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cache-Control": "no-cache",  # a rebuilt site is seen at the next load
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".map": "application/json",
        ".json": "application/json",
    }
    quiet = False

    def end_headers(self):
        for name, value in HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def list_directory(self, path):
        # no listing of a folder without an index.html (issue 43): the site is its pages,
        # not its folders
        self.send_error(404, "File not found")
        return None

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Serves the softlab site with its security headers.")
    ap.add_argument("port", type=int)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--directory", default=".")
    ap.add_argument("--quiet", action="store_true", help="no line per request")
    args = ap.parse_args(argv)
    handler = functools.partial(Handler, directory=args.directory)
    Handler.quiet = args.quiet
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
