#!/usr/bin/env python3
"""Rewrites a kapi bundle directory every INTERVAL seconds and sends the server SIGHUP after each rewrite.

Before the next rewrite it waits (via /metrics) for the reload to be done, successful or not: a rewrite during a
reload would let the reload read half of one version and half of the other, which kapi rightly refuses (the
index would list hashes of documents it does not hold). A reload slower than INTERVAL slows the cadence; the
report says how many rewrites, and how many took longer than one interval.

Two versions of the bundle alternate: the one on disk, and one whose apps/v1 and batch/v1 OpenAPI documents have
an edited title (new bytes, new hashes) with the root index listing the new hashes. Every file is written beside
its final name (a hidden name the loader skips) and renamed into place, so no reload ever reads half a file.
"""
import argparse
import hashlib
import json
import os
import signal
import sys
import time
import urllib.request

EDITED = ["openapi/v3/apis/apps/v1.json", "openapi/v3/apis/batch/v1.json"]
INDEX = "openapi/v3/index.json"


def content_hash(data):
    # The same hash kapi uses for ETags and ?hash=: uppercase hex SHA-512 of the bytes.
    return hashlib.sha512(data).hexdigest().upper()


def versions(root):
    """[original, edited]: each a dict of relative path -> bytes for the files that differ."""
    original = {path: open(os.path.join(root, path), "rb").read() for path in EDITED + [INDEX]}
    edited = {}
    index = original[INDEX].decode()
    for path in EDITED:
        before = original[path]
        after = before.replace(b'"title": "', b'"title": "Rewritten ', 1)
        if after == before:
            sys.exit(f"rewriter: {path} has no title to edit")
        edited[path] = after
        if content_hash(before) not in index:
            sys.exit(f"rewriter: {INDEX} does not list the hash of {path}")
        index = index.replace(content_hash(before), content_hash(after))
    edited[INDEX] = index.encode()
    return [original, edited]


def loads_seen(url):
    """Bundles loaded plus reloads failed, from the server's /metrics."""
    total = 0
    with urllib.request.urlopen(url + "/metrics", timeout=10) as response:
        for line in response.read().decode().splitlines():
            name, _, value = line.partition(" ")
            if name in ("aggregator_discovery_aggregation_count_total", "kapi_bundle_reload_failures_total"):
                total += int(float(value))
    return total


def wait_for_reload(url, before, deadline):
    while time.monotonic() < deadline:
        if loads_seen(url) > before:
            return True
        time.sleep(0.005)
    return False


def write_atomically(root, path, data):
    final = os.path.join(root, path)
    staged = os.path.join(os.path.dirname(final), "." + os.path.basename(final) + ".tmp")
    with open(staged, "wb") as out:
        out.write(data)
    os.replace(staged, final)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--url", required=True, help="the server's http://HOST:PORT, for /metrics")
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--interval", type=float, default=0.1)
    parser.add_argument("--report", required=True, help="JSON file the counts are written to")
    args = parser.parse_args()
    both = versions(args.dir)
    rewrites = slow = unanswered = 0
    started = time.monotonic()
    while time.monotonic() - started < args.seconds:
        tick = time.monotonic()
        rewrites += 1
        before = loads_seen(args.url)
        for path, data in both[rewrites % 2].items():
            write_atomically(args.dir, path, data)
        os.kill(args.pid, signal.SIGHUP)
        if not wait_for_reload(args.url, before, tick + 10):
            unanswered += 1
        elapsed = time.monotonic() - tick
        slow += elapsed > args.interval
        time.sleep(max(0.0, args.interval - elapsed))
    with open(args.report, "w") as out:
        json.dump({"rewrites": rewrites, "slow": slow, "unanswered": unanswered,
                   "seconds": time.monotonic() - started}, out)


if __name__ == "__main__":
    main()
