#!/usr/bin/env python3
"""Content-based freshness for a target directory that outlives the checkout (cargo's -Zchecksum-freshness, done
from outside cargo, which only compares modification times).

A fresh clone gives every file the time of the clone, newer than every artifact in a cached target directory, so
cargo would rebuild every workspace crate. `record` writes, after the run's builds, each tracked file's content hash
and modification time; `restore` gives each file whose content is unchanged since then the time it had, so cargo
sees it as older than what was built from it. A changed or new file keeps its new time and is rebuilt. Directories
are treated the same way, their content being the names in them (build scripts watch whole directories, and a
directory's time is what tells a removed file).

Sound because the record is taken after every build of the run and removed before the next run builds: if a run
stops before recording, the next one restores nothing. The record names the checkout's path, since cargo's
artifacts are keyed by it: a checkout elsewhere restores nothing (and rebuilds the workspace's own crates).

usage: mtimes.py record|restore RECORD_FILE   (from the checkout's root)
"""

import hashlib
import json
import os
import subprocess
import sys


def tracked_files():
    """Every file git tracks (symbolic links excluded: their targets are files of their own)."""
    listing = subprocess.run(["git", "ls-files", "-z"], check=True, capture_output=True).stdout
    for path in listing.decode().split("\0"):
        if path and os.path.isfile(path) and not os.path.islink(path):
            yield path


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def directories(files):
    """Each directory holding tracked files, with the names of the tracked files and directories in it."""
    names = {}
    for path in files:
        child = path
        parent = os.path.dirname(child)
        while parent:
            names.setdefault(parent, set()).add(os.path.basename(child))
            child, parent = parent, os.path.dirname(parent)
    return {directory: hashlib.sha256("\0".join(sorted(entries)).encode()).hexdigest()
            for directory, entries in names.items()}


def current():
    """Every tracked file and every directory holding one, by path: its content's hash."""
    files = list(tracked_files())
    return {**{path: digest(path) for path in files}, **directories(files)}


def record(record_file):
    entries = {path: [content, os.stat(path).st_mtime_ns] for path, content in current().items()}
    temporary = record_file + ".tmp"
    with open(temporary, "w") as out:
        json.dump({"checkout": os.getcwd(), "files": entries}, out)
    os.replace(temporary, record_file)
    print(f"mtimes: recorded {len(entries)} files and directories")


def restore(record_file):
    try:
        with open(record_file) as file:
            recorded = json.load(file)
    except FileNotFoundError:
        print("mtimes: no record (a first run, or the last one stopped before recording): nothing restored")
        return
    # Whatever happens next, an old record must not outlive this run's builds.
    os.remove(record_file)
    if recorded.get("checkout") != os.getcwd():
        print(f"mtimes: the record is of {recorded.get('checkout')}, not this checkout: nothing restored")
        return
    entries = recorded["files"]
    restored = changed = 0
    for path, content in current().items():
        entry = entries.get(path)
        if entry and content == entry[0]:
            os.utime(path, ns=(entry[1], entry[1]))
            restored += 1
        else:
            changed += 1
    print(f"mtimes: {restored} unchanged files and directories keep their recorded time, {changed} new or changed")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("record", "restore"):
        sys.exit(__doc__)
    {"record": record, "restore": restore}[sys.argv[1]](sys.argv[2])
