#!/usr/bin/env python3
"""Validates OpenAPI 3.1 documents against the 3.1 specification's schema with openapi-spec-validator.

Usage: validate_openapi31.py PATH...   (a PATH that is a directory stands for every *.json under it but index.json)

Prints one `PATH: problem` line per invalid document and `validated N documents, M invalid` at the end. Exits 1
when any document is invalid, 2 when there was nothing to validate (so an empty directory never passes).
"""

import json
import os
import sys
from multiprocessing import Pool
from pathlib import Path

from openapi_spec_validator import OpenAPIV31SpecValidator, validate


def documents(paths):
    for path in map(Path, paths):
        if path.is_dir():
            yield from (p for p in path.rglob("*.json") if p.name != "index.json")
        else:
            yield path


def problem(path):
    """None when the document at `path` is valid, else one line saying why not."""
    try:
        spec = json.loads(path.read_text())
        if spec.get("openapi") != "3.1.0":
            raise ValueError(f"openapi is {spec.get('openapi')!r}, not '3.1.0'")
        # Any exception is a finding: a $ref that points nowhere raises a resolver error, not a validation one.
        validate(spec, cls=OpenAPIV31SpecValidator)
        return None
    except Exception as error:  # noqa: BLE001
        lines = str(error).strip().splitlines()
        at = getattr(error, "json_path", "")
        return f"{path}: {type(error).__name__}{' at ' + at if at else ''}: {lines[0] if lines else ''}"


def main(paths):
    # Largest first, so the longest validation does not start last.
    found = sorted(documents(paths), key=lambda p: p.stat().st_size, reverse=True)
    with Pool(min(os.cpu_count() or 1, max(len(found), 1))) as pool:
        problems = [p for p in pool.map(problem, found, chunksize=1) if p]
    for line in sorted(problems):
        print(line)
    print(f"validated {len(found)} documents, {len(problems)} invalid")
    if not found:
        return 2
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
