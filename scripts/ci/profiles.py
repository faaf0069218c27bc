#!/usr/bin/env python3
"""The workspace's build profiles (the [profile] tables of Cargo.toml) as a cargo configuration file, for builds of
crates outside the workspace (the crates kapi init and kapi import write, the unpacked packages): with
`cargo --config FILE` they compile with the same settings and share what the workspace's build compiled.

usage: profiles.py OUT_FILE   (from the checkout's root)
"""

import json
import sys
import tomllib


def toml_value(value):
    # Profile settings are strings, integers and booleans; JSON spells those as TOML does.
    return json.dumps(value)


def tables(prefix, table, out):
    scalars = {key: value for key, value in table.items() if not isinstance(value, dict)}
    if scalars:
        out.append(f"[{prefix}]")
        out.extend(f"{json.dumps(key)} = {toml_value(value)}" for key, value in scalars.items())
    for key, value in table.items():
        if isinstance(value, dict):
            tables(f"{prefix}.{json.dumps(key)}", value, out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open("Cargo.toml", "rb") as manifest:
        profiles = tomllib.load(manifest).get("profile", {})
    lines = []
    tables("profile", profiles, lines)
    with open(sys.argv[1], "w") as out:
        out.write("\n".join(lines) + "\n")
