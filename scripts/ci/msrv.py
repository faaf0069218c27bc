#!/usr/bin/env python3
"""The declared MSRV is true: every workspace crate declares the workspace's rust-version, and it equals the
highest rust-version a dependency in Cargo.lock declares (normal, build and dev dependencies alike, since the
workspace's tests build with them). Run from the checkout's root."""

import json
import subprocess
import sys


def version(text):
    """"1.89" and "1.89.0" alike, as (1, 89, 0)."""
    parts = [int(part) for part in text.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


metadata = json.loads(subprocess.run(["cargo", "metadata", "--format-version", "1", "--locked"], check=True,
                                     capture_output=True).stdout)
members = set(metadata["workspace_members"])
ours = {p["name"]: p.get("rust_version") for p in metadata["packages"] if p["id"] in members}
theirs = [(p["rust_version"], p["name"], p["version"]) for p in metadata["packages"]
          if p["id"] not in members and p.get("rust_version")]
highest = max(theirs, key=lambda entry: version(entry[0]))
problems = [f"{name} declares no rust-version" for name, declared in sorted(ours.items()) if not declared]
declared = {d for d in ours.values() if d}
if len(declared) > 1:
    problems.append(f"workspace crates declare different rust-versions: {sorted(declared)}")
for value in declared:
    if version(value) != version(highest[0]):
        problems.append(f"rust-version {value} is not the highest a dependency declares: "
                        f"{highest[1]} {highest[2]} needs {highest[0]}")
if problems:
    sys.exit("msrv: " + "\n msrv: ".join(problems))
needing = sorted({f"{name} {v}" for r, name, v in theirs if version(r) == version(highest[0])})
print(f"msrv: {highest[0]}, declared by all {len(ours)} workspace crates; needed by {', '.join(needing)}")
