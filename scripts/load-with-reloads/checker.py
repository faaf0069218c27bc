#!/usr/bin/env python3
"""Samples a kapi server's big endpoints while it reloads, and checks every answer against its own ETag.

For each 200 the ETag must be the hash of the exact body it came with (uppercase hex SHA-512 of the identity
bytes: a gzip body is decompressed first), computed here, never asked of the server. A 304 must carry the ETag the
client sent. Every `?hash=` URL in the current `/openapi/v3` root must resolve: 200 with a body of that hash, or,
when a reload made it stale in between, 301 to a URL that does. Anything else is an error. Stdlib only.
"""
import argparse
import gzip
import hashlib
import http.client
import json
import random
import time
import urllib.parse

AGGREGATED = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json"
ENDPOINTS = [
    ("/apis", AGGREGATED),
    ("/openapi/v3/apis/apps/v1", "application/json"),
    ("/openapi/v3", "application/json"),
    ("/apis/apps/v1", "application/json"),
]
WATCHED = "/openapi/v3/apis/apps/v1"


def content_hash(data):
    return hashlib.sha512(data).hexdigest().upper()


class Checker:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.connection = None
        self.counts = {"requests": 0, "ok": 0, "not_modified": 0, "errors": 0, "mismatches": 0,
                       "hash_urls": 0, "stale_redirects": 0, "hash_changes": 0, "reconnects": 0}
        self.messages = []
        self.last_etag = {}

    def fail(self, kind, message):
        self.counts[kind] += 1
        if len(self.messages) < 20:
            self.messages.append(f"{kind}: {message}")

    def get(self, path, headers):
        """(status, headers, identity body) or None after counting an error."""
        self.counts["requests"] += 1
        for attempt in (1, 2):
            try:
                if self.connection is None:
                    self.connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
                self.connection.request("GET", path, headers=headers)
                response = self.connection.getresponse()
                body = response.read()
                if response.getheader("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                return response.status, response, body
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                # A keep-alive connection the server closed between requests is retried once on a new one.
                self.connection = None
                self.counts["reconnects"] += 1
                if attempt == 2:
                    self.fail("errors", f"GET {path}: {error!r}")
            except Exception as error:  # noqa: BLE001 - any other failure is an error to report
                self.connection = None
                self.fail("errors", f"GET {path}: {error!r}")
                return None
        return None

    def check_body(self, path, response, body, expected_hash=None):
        etag = (response.getheader("ETag") or "").strip('"')
        actual = content_hash(body)
        if etag != actual:
            self.fail("mismatches", f"{path}: ETag {etag[:16]}… but the body hashes to {actual[:16]}…")
        elif expected_hash is not None and actual != expected_hash:
            self.fail("mismatches", f"{path}: body hashes to {actual[:16]}…, not the ?hash= asked for")
        else:
            self.counts["ok"] += 1
        return etag

    def sample(self, path, accept):
        headers = {"Accept": accept}
        if random.random() < 0.5:
            headers["Accept-Encoding"] = "gzip"
        revalidate = path in self.last_etag and random.random() < 0.3
        if revalidate:
            headers["If-None-Match"] = f'"{self.last_etag[path]}"'
        answer = self.get(path, headers)
        if answer is None:
            return None
        status, response, body = answer
        if status == 304 and revalidate:
            if (response.getheader("ETag") or "").strip('"') != self.last_etag[path]:
                self.fail("mismatches", f"{path}: 304 with an ETag other than the one sent")
            self.counts["not_modified"] += 1
            return None
        if status != 200:
            self.fail("errors", f"GET {path}: status {status}")
            return None
        etag = self.check_body(path, response, body)
        if path == WATCHED and self.last_etag.get(path) not in (None, etag):
            self.counts["hash_changes"] += 1
        self.last_etag[path] = etag
        return body

    def resolve_hash_urls(self, root_body):
        try:
            paths = json.loads(root_body)["paths"]
        except (ValueError, KeyError) as error:
            self.fail("errors", f"/openapi/v3 is not an index: {error!r}")
            return
        keys = ["apis/apps/v1"] + random.sample(sorted(paths), k=min(2, len(paths)))
        for key in keys:
            url = paths.get(key, {}).get("serverRelativeURL")
            if not url:
                self.fail("errors", f"/openapi/v3 lists no {key}")
                continue
            self.counts["hash_urls"] += 1
            for _hop in range(4):
                answer = self.get(url, {"Accept": "application/json"})
                if answer is None:
                    break
                status, response, body = answer
                if status == 200:
                    wanted = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).get("hash", [""])[0]
                    self.check_body(url, response, body, expected_hash=wanted)
                    break
                if status == 301 and response.getheader("Location"):
                    # Reloaded since the root was read: the redirect names the current document.
                    self.counts["stale_redirects"] += 1
                    url = response.getheader("Location")
                    continue
                self.fail("errors", f"GET {url}: status {status}")
                break
            else:
                self.fail("errors", f"{key}: ?hash= redirects did not settle")

    def run(self, seconds):
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            for path, accept in ENDPOINTS:
                body = self.sample(path, accept)
                if path == "/openapi/v3" and body is not None:
                    self.resolve_hash_urls(body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True, help="http://HOST:PORT")
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--report", required=True, help="JSON file the counts and first errors are written to")
    args = parser.parse_args()
    address = urllib.parse.urlsplit(args.url)
    checker = Checker(address.hostname, address.port)
    checker.run(args.seconds)
    with open(args.report, "w") as out:
        json.dump({**checker.counts, "messages": checker.messages}, out, indent=1)


if __name__ == "__main__":
    main()
