#!/usr/bin/env python3
"""Which fuzz targets this run fuzzes, and the record of what was fuzzed.

A target is fuzzed when
  1. HEAD is the first commit of its day (UTC, committer date, along first parents): every target, so every
     target runs at least once on each day that has commits (CI runs on every commit of main);
  2. its code changed in HEAD (against HEAD's first parent);
  3. this machine fuzzed it before, with other code than HEAD's (a warm machine catches changes made in commits it
     did not run);
and not when this machine fuzzed it on HEAD's day with HEAD's code already (a second run of the same commit).
Rules 1 and 2 depend on the commits alone, so a machine without a cache decides as a warm one does, and fuzzes
nothing (builds nothing) for a commit that does not touch the fuzzed code. A target's code is the fuzz crate, the
target's seeds, the workspace crates it exercises (TARGETS) with every workspace crate they depend on, the
workspace's Cargo.toml and Cargo.lock, and generated/ for targets that serve the generated bundle.

usage: fuzz_plan.py plan STATE            prints the targets to fuzz, one per line (the reasons go to stderr)
       fuzz_plan.py done STATE TARGET...  records TARGETs as fuzzed now, with their code as it is
"""

import hashlib
import json
import os
import subprocess
import sys

# Each target and the workspace crates (by directory) whose code it exercises; generated/ where it loads the
# repository's generated bundle.
TARGETS = {
    "bundle": ["serve"],
    "envelope": ["serve", "generated"],
    "fast_path": ["serve", "generated"],
    "generate": ["codegen", "serve"],
    "gnostic": ["gnostic"],
    "model_json": ["model"],
    "negotiate": ["serve"],
    "route": ["runtime", "generated"],
}


def workspace_dependencies():
    """Each workspace crate's directory and the directories of the workspace crates it depends on (not dev)."""
    metadata = json.loads(subprocess.run(["cargo", "metadata", "--format-version", "1", "--no-deps", "--locked"],
                                         check=True, capture_output=True).stdout)
    root = metadata["workspace_root"]
    by_name = {p["name"]: os.path.relpath(os.path.dirname(p["manifest_path"]), root) for p in metadata["packages"]}
    return {
        by_name[p["name"]]: [by_name[d["name"]] for d in p["dependencies"]
                             if d["name"] in by_name and d.get("kind") != "dev"]
        for p in metadata["packages"]
    }


def closure(roots, graph):
    seen, stack = set(), list(roots)
    while stack:
        node = stack.pop()
        if node not in seen:
            seen.add(node)
            stack.extend(graph.get(node, []))
    return seen


def tracked(paths):
    listing = subprocess.run(["git", "ls-files", "-z", "--", *paths], check=True, capture_output=True).stdout
    return sorted(p for p in listing.decode().split("\0") if p and os.path.isfile(p))


def code_paths(target, graph):
    dirs = closure([d for d in TARGETS[target] if d != "generated"], graph)
    paths = [f"{d}/src" for d in dirs] + [f"{d}/Cargo.toml" for d in dirs] + [f"{d}/build.rs" for d in dirs]
    paths += ["Cargo.toml", "Cargo.lock", "fuzz/Cargo.toml", "fuzz/Cargo.lock", "fuzz/src",
              f"fuzz/fuzz_targets/{target}.rs", f"fuzz/seeds/{target}"]
    if "generated" in TARGETS[target]:
        paths.append("generated")
    return sorted(paths)


def code_hash(target, graph):
    digest = hashlib.sha256()
    for path in tracked(code_paths(target, graph)):
        digest.update(path.encode() + b"\0")
        with open(path, "rb") as file:
            digest.update(hashlib.sha256(file.read()).digest())
    return digest.hexdigest()


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True,
                          env={**os.environ, "TZ": "UTC"}).stdout.strip()


def commit_day(commit="HEAD"):
    return git("show", "-s", "--format=%cd", "--date=format-local:%Y-%m-%d", commit)


def first_of_day():
    """Whether HEAD is the first commit of its day: its first parent (if any, and present) is of another day."""
    parent = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "HEAD^1"], capture_output=True, text=True)
    return parent.returncode != 0 or commit_day("HEAD^1") != commit_day()


def changed_in_head(target, graph):
    return bool(git("diff", "--name-only", "HEAD^1", "HEAD", "--", *code_paths(target, graph)))


def load(state_file):
    try:
        with open(state_file) as file:
            return json.load(file)
    except FileNotFoundError:
        return {}


def plan(state_file):
    listed = set(subprocess.run(["cargo", "fuzz", "list"], cwd="fuzz", check=True, capture_output=True,
                                text=True).stdout.split())
    if listed != set(TARGETS):
        sys.exit(f"fuzz_plan.py's TARGETS {sorted(TARGETS)} differ from `cargo fuzz list` {sorted(listed)}")
    state, graph, day = load(state_file), workspace_dependencies(), commit_day()
    first = first_of_day()
    for target in sorted(TARGETS):
        last = state.get(target)
        code = code_hash(target, graph)
        if last is not None and last == {"day": day, "code": code}:
            print(f"fuzz: {target}: skipped, fuzzed here on {day} with this code", file=sys.stderr)
            continue
        if first:
            reason = f"HEAD is the first commit of {day}"
        elif changed_in_head(target, graph):
            reason = "its code changed in HEAD"
        elif last is not None and last["code"] != code:
            reason = f"its code changed since this machine fuzzed it on {last['day']}"
        else:
            print(f"fuzz: {target}: skipped, its code did not change in HEAD", file=sys.stderr)
            continue
        print(f"fuzz: {target}: {reason}", file=sys.stderr)
        print(target)


def done(state_file, targets):
    state, graph, day = load(state_file), workspace_dependencies(), commit_day()
    for target in targets:
        state[target] = {"day": day, "code": code_hash(target, graph)}
    temporary = state_file + ".tmp"
    with open(temporary, "w") as out:
        json.dump(state, out, indent=1, sort_keys=True)
    os.replace(temporary, state_file)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "plan" and len(sys.argv) == 3:
        plan(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "done":
        done(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
