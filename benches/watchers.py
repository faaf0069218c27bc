#!/usr/bin/env python3
"""Many watchers of watchable discovery on one `kapi serve`, and how fast one change reaches them all.

    watchers.py URL PID DIR N [--batch B]

URL is the server's base (http://127.0.0.1:PORT), PID its process (its resident memory is read from /proc), DIR
the bundle directory it serves with --watch. The client lists `groups` once, then opens N watches of the
collection from the list's resourceVersion, B connections at a time (the client is bounded: it never has more
than B connects in flight). Once all are established and idle for two seconds it reads the server's VmRSS, drops
one resource of one group from DIR's discovery documents and sends SIGHUP, and waits until every watch has
delivered the MODIFIED event. It prints one JSON object: established, errors, rss_kb before/idle/after, the
per-watcher memory, and the arrival times of the events after the change (first, p50, p99, last), in ms.

The client is one asyncio event loop on the same machine: its own CPU time is part of what the latencies show.
"""

import argparse
import asyncio
import json
import os
import resource
import signal
import sys
import time
import urllib.request

GROUPS = "/apis/discovery.k8s.io/v1alpha1/groups"


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def edit_json(path, change):
    with open(path) as file:
        document = json.load(file)
    change(document)
    # Written beside and renamed: the server never reads half a file.
    with open(path + ".tmp", "w") as file:
        json.dump(document, file)
    os.replace(path + ".tmp", path)


def drop_resource(directory, group, version, plural):
    """The change: one resource of one group-version leaves discovery (one Group object is MODIFIED)."""

    def aggregated(document):
        for entry in document["items"]:
            if entry["metadata"]["name"] == group:
                for served in entry["versions"]:
                    if served["version"] == version:
                        served["resources"] = [r for r in served["resources"] if r["resource"] != plural]

    for name in ("aggregated_v2.json", "aggregated_v2beta1.json"):
        edit_json(os.path.join(directory, "discovery", name), aggregated)

    def legacy(document):
        document["resources"] = [
            r for r in document["resources"] if r["name"] != plural and not r["name"].startswith(plural + "/")
        ]

    edit_json(os.path.join(directory, "discovery", f"apis__{group}__{version}.json"), legacy)


class Watch:
    def __init__(self):
        self.established = asyncio.get_running_loop().create_future()
        self.modified_at = None
        self.error = None


async def watch(host, port, path, state, slots):
    try:
        async with slots:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: application/json\r\n\r\n".encode())
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        if status != 200:
            raise RuntimeError(f"HTTP {status}")
        state.established.set_result(True)
        seen = b""
        while b'"MODIFIED"' not in seen:
            chunk = await reader.read(65536)
            if not chunk:
                raise RuntimeError("the stream ended before the event")
            # Keep a tail so that a marker split across two reads is still found.
            seen = seen[-16:] + chunk
        state.modified_at = time.monotonic()
        writer.close()
    except Exception as error:  # noqa: BLE001 - every failure is counted and reported
        state.error = f"{type(error).__name__}: {error}"
        if not state.established.done():
            state.established.set_result(False)


def percentile(sorted_values, fraction):
    if not sorted_values:
        return None
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


async def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url")
    parser.add_argument("pid", type=int)
    parser.add_argument("dir")
    parser.add_argument("n", type=int)
    parser.add_argument("--batch", type=int, default=200, help="connects in flight at once")
    parser.add_argument("--group", default="apps")
    parser.add_argument("--version", default="v1")
    parser.add_argument("--resource", default="statefulsets")
    args = parser.parse_args()
    # Every watch is an open file here too: room for them, within the hard limit (kapi serve does the same).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.n + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))
    host, port = args.url.removeprefix("http://").rsplit(":", 1)
    with urllib.request.urlopen(args.url + GROUPS) as reply:
        listed = json.load(reply)
    version = listed["metadata"]["resourceVersion"]
    path = f"{GROUPS}?watch=1&resourceVersion={version}"
    rss_before = rss_kb(args.pid)

    slots = asyncio.Semaphore(args.batch)
    states = [Watch() for _ in range(args.n)]
    started = time.monotonic()
    tasks = [asyncio.create_task(watch(host, int(port), path, state, slots)) for state in states]
    outcomes = await asyncio.gather(*(state.established for state in states))
    established = sum(outcomes)
    setup_s = time.monotonic() - started
    await asyncio.sleep(2)
    rss_idle = rss_kb(args.pid)

    drop_resource(args.dir, args.group, args.version, args.resource)
    changed = time.monotonic()
    os.kill(args.pid, signal.SIGHUP)
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=60)
    except asyncio.TimeoutError:
        pass
    rss_after = rss_kb(args.pid)
    arrivals = sorted((s.modified_at - changed) * 1000 for s in states if s.modified_at is not None)
    errors = [s.error for s in states if s.error]
    print(
        json.dumps(
            {
                "watchers": args.n,
                "established": established,
                "setup_s": round(setup_s, 2),
                "events": len(arrivals),
                "errors": len(errors),
                "first_errors": sorted(set(errors))[:3],
                "rss_kb": {"before": rss_before, "idle": rss_idle, "after": rss_after},
                "kb_per_idle_watcher": round((rss_idle - rss_before) / max(1, established), 2),
                "event_ms": {
                    "first": round(arrivals[0], 1) if arrivals else None,
                    "p50": round(percentile(arrivals, 0.50), 1) if arrivals else None,
                    "p99": round(percentile(arrivals, 0.99), 1) if arrivals else None,
                    "last": round(arrivals[-1], 1) if arrivals else None,
                },
            }
        )
    )
    return 0 if established == args.n and len(arrivals) == args.n else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
