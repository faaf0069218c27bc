#!/usr/bin/env python3
"""Publishes a new version of a kapi bundle every INTERVAL seconds and sends the server SIGHUP after each one.

The served path (--link) is a symbolic link to one version directory, and a new version is published by
replacing the link in one rename: the way a Kubernetes ConfigMap volume (its `..data` link) or a release
directory (`current -> releases/N`) is updated. kapi resolves the bundle root once per load, so a reload reads
one whole version, never half of two, and the rewriter never has to wait for a reload: it keeps to its
interval, and SIGHUPs that arrive during a reload are folded by the server into one more reload after it.

Every version is new bytes: the apps/v1 and batch/v1 OpenAPI documents get a title numbered by the version (new
hashes, so every reload encodes both documents again) and the root index lists the new hashes. The other files
are hard links to the first version's. Versions older than a few seconds are removed.
"""
import argparse
import hashlib
import json
import os
import shutil
import signal
import sys
import time

EDITED = ["openapi/v3/apis/apps/v1.json", "openapi/v3/apis/batch/v1.json"]
INDEX = "openapi/v3/index.json"
# A reload reads its version's files within milliseconds of the link naming it; older versions go after this.
KEEP_SECONDS = 5.0


def content_hash(data):
    # The same hash kapi uses for ETags and ?hash=: uppercase hex SHA-512 of the bytes.
    return hashlib.sha512(data).hexdigest().upper()


def read_originals(root):
    """Relative path -> bytes of the files each version changes, as generated."""
    originals = {path: open(os.path.join(root, path), "rb").read() for path in EDITED + [INDEX]}
    index = originals[INDEX].decode()
    for path in EDITED:
        if b'"title": "' not in originals[path]:
            sys.exit(f"rewriter: {path} has no title to edit")
        if content_hash(originals[path]) not in index:
            sys.exit(f"rewriter: {INDEX} does not list the hash of {path}")
    return originals


def changed_files(originals, number):
    """The files version NUMBER changes: both documents retitled, the index listing their new hashes."""
    files = {}
    index = originals[INDEX].decode()
    for path in EDITED:
        before = originals[path]
        after = before.replace(b'"title": "', b'"title": "Version %d: ' % number, 1)
        files[path] = after
        index = index.replace(content_hash(before), content_hash(after))
    files[INDEX] = index.encode()
    return files


def publish(base, versions, link, number, files):
    """Writes version NUMBER beside BASE (hard links, then the changed files) and points LINK at it."""
    target = os.path.join(versions, f"v{number}")
    for directory, _, names in os.walk(base):
        relative = os.path.relpath(directory, base)
        os.makedirs(os.path.join(target, relative), exist_ok=True)
        for name in names:
            path = os.path.normpath(os.path.join(relative, name))
            if path not in files:
                os.link(os.path.join(directory, name), os.path.join(target, path))
    for path, data in files.items():
        with open(os.path.join(target, path), "wb") as out:
            out.write(data)
    staged = link + ".next"
    if os.path.lexists(staged):
        os.remove(staged)
    os.symlink(target, staged)
    os.replace(staged, link)
    return target


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--link", required=True, help="the symbolic link kapi serves (--dir), to a version")
    parser.add_argument("--versions", required=True, help="where version directories are written")
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--interval", type=float, default=0.1)
    parser.add_argument("--report", required=True, help="JSON file the counts are written to")
    args = parser.parse_args()
    base = os.path.realpath(args.link)
    originals = read_originals(base)
    published = []  # (when, directory), oldest first
    rewrites = late = 0
    started = time.monotonic()
    next_tick = started
    while time.monotonic() - started < args.seconds:
        rewrites += 1
        directory = publish(base, args.versions, args.link, rewrites, changed_files(originals, rewrites))
        os.kill(args.pid, signal.SIGHUP)
        now = time.monotonic()
        published.append((now, directory))
        while len(published) > 1 and published[0][0] < now - KEEP_SECONDS:
            shutil.rmtree(published.pop(0)[1])
        next_tick += args.interval
        if now > next_tick:
            # Publishing itself took longer than an interval (a starved rewriter): count it, do not catch up.
            late += 1
            next_tick = now
        time.sleep(max(0.0, next_tick - time.monotonic()))
    with open(args.report, "w") as out:
        json.dump({"rewrites": rewrites, "late": late, "seconds": time.monotonic() - started}, out)


if __name__ == "__main__":
    main()
