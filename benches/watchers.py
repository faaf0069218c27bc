#!/usr/bin/env python3
"""Many watchers of watchable discovery on one `kapi serve`, and how fast one change reaches them all.

    watchers.py URL PID DIR N [--batch B] [--processes P] [--sources S]

URL is the server's base (http://127.0.0.1:PORT), PID its process (its resident memory is read from /proc), DIR
the bundle directory it serves with --watch. The client lists `groups` once, waits for the server's resident
memory to settle (it moves by 1 % or less in a second), then opens N watches of the collection from the list's
resourceVersion, B connections at a time (the client is bounded: it never has more than B connects in flight).
Once all are established and idle for two seconds it reads the server's VmRSS, drops one resource of one group
from DIR's discovery documents and sends SIGHUP, and waits until every watch has delivered the MODIFIED event.
It prints one JSON object: established, errors, rss_kb before/idle/after, the per-watcher memory, the server's CPU
time from the change until every event arrived, and the arrival times of the events after the change (first, p50,
p99, last), in ms.

The watches are held by P client processes (each one asyncio event loop; by default as few as the hard limit of
open files allows, every watch being an open file of the client too), and opened from S loopback source addresses
127.0.0.1 … 127.0.0.S (by default as few as the ephemeral port range allows: one source address reaches the server's
address and port from at most that many ports, 28 232 for 32768–60999). The processes report arrival times on the
machine's monotonic clock, which all of them share. They run on the same machine as the server: their CPU time is
part of what the latencies show.
"""

import argparse
import asyncio
import json
import os
import math
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request

GROUPS = "/apis/discovery.k8s.io/v1alpha1/groups"
# Files a client process keeps open besides its watches.
RESERVE = 256
# Linux's IP_BIND_ADDRESS_NO_PORT: a socket bound to a source address gets its port at connect, unique for the
# destination only, rather than at bind, unique for the address.
IP_BIND_ADDRESS_NO_PORT = 24
# How long a watch may take to open (connect, request, response head).
OPEN_TIMEOUT_S = 30


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def cpu_ms(pid):
    """The CPU time `pid` has used (user and system), in ms."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def settled_rss_kb(pid, within=0.01, longest_s=15):
    """The server's resident memory once it stops moving: after start it keeps handing freed pages back for a few
    seconds (its allocator purges lazily), which would otherwise count against the watchers (by 10 MB and more)."""
    previous = rss_kb(pid)
    deadline = time.monotonic() + longest_s
    while time.monotonic() < deadline:
        time.sleep(1)
        current = rss_kb(pid)
        if abs(current - previous) <= within * previous:
            return current
        previous = current
    return previous


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


async def connect(host, port, source):
    if source is None:
        return await asyncio.open_connection(host, port)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1)
        sock.bind((source, 0))
        await asyncio.get_running_loop().sock_connect(sock, (host, port))
    except BaseException:
        sock.close()
        raise
    return await asyncio.open_connection(sock=sock)


async def open_watch(host, port, path, source, extra):
    reader, writer = await connect(host, port, source)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: application/json\r\n{extra}\r\n".encode())
    await writer.drain()
    return reader, writer, await reader.readuntil(b"\r\n\r\n")


async def watch(host, port, path, state, slots, source, extra=""):
    try:
        async with slots:
            # A server out of open files leaves connections in its listen queue, unanswered: an error, not a hang.
            reader, writer, head = await asyncio.wait_for(open_watch(host, port, path, source, extra), OPEN_TIMEOUT_S)
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


def raise_open_files(wanted):
    """Room for `wanted` open files, within the hard limit (kapi serve does the same); the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def ephemeral_ports():
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as ports:
            low, high = (int(p) for p in ports.read().split())
        return high - low + 1
    except OSError:
        return 28232


async def child(args):
    """One client process: opens its share of the watches, says how many are established (one JSON line), then
    reports when each saw the MODIFIED event (monotonic clock) once all have, or when its stdin says stop."""
    raise_open_files(args.count + RESERVE)
    sources = args.source_list.split(",") if args.source_list else [None]
    extra = "".join(f"{header}\r\n" for header in args.header or [])
    slots = asyncio.Semaphore(args.batch)
    states = [Watch() for _ in range(args.count)]
    tasks = [
        asyncio.create_task(
            watch(args.host, args.port, args.path, state, slots, sources[(args.first + index) % len(sources)], extra)
        )
        for index, state in enumerate(states)
    ]
    outcomes = await asyncio.gather(*(state.established for state in states))
    print(json.dumps({"established": sum(outcomes)}), flush=True)
    loop = asyncio.get_running_loop()
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    finished = asyncio.ensure_future(asyncio.gather(*tasks))
    stop = asyncio.ensure_future(stdin.readline())
    await asyncio.wait({finished, stop}, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()
    stop.cancel()
    print(
        json.dumps(
            {
                "arrivals": [s.modified_at for s in states if s.modified_at is not None],
                "errors": [s.error for s in states if s.error],
            }
        ),
        flush=True,
    )
    return 0


def spawn(host, port, path, first, count, batch, sources, headers):
    command = [sys.executable, os.path.abspath(__file__), "--child", "--host", host, "--port", str(port)]
    command += ["--path", path, "--first", str(first), "--count", str(count), "--batch", str(batch)]
    if sources:
        command += ["--source-list", ",".join(sources)]
    for header in headers or []:
        command += ["--header", header]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url", nargs="?")
    parser.add_argument("pid", type=int, nargs="?")
    parser.add_argument("dir", nargs="?")
    parser.add_argument("n", type=int, nargs="?")
    parser.add_argument("--batch", type=int, default=200, help="connects in flight at once, in all processes")
    parser.add_argument("--processes", type=int, help="client processes (default: as few as the file limit allows)")
    parser.add_argument("--per-process", type=int, help="watches per process at most (default: the hard file limit)")
    parser.add_argument("--sources", type=int, help="source addresses (default: as few as the port range allows)")
    parser.add_argument("--per-source", type=int, help="watches per source address at most (default: the port range)")
    parser.add_argument(
        "--header",
        action="append",
        help="a header line for every watch request (`Connection: keep-alive` sends them through hyper, not the "
        "fast path)",
    )
    parser.add_argument("--group", default="apps")
    parser.add_argument("--version", default="v1")
    parser.add_argument("--resource", default="statefulsets")
    # A client process's own arguments (spawned by the parent).
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--host", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--source-list", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return asyncio.run(child(args))
    if args.n is None:
        parser.error("URL, PID, DIR and N are required")

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    per_process = args.per_process or (10**7 if hard == resource.RLIM_INFINITY else max(1, hard - RESERVE))
    processes = args.processes or math.ceil(args.n / per_process)
    # A margin below the range: other connections of the machine take ports from it too.
    per_source = args.per_source or max(1, ephemeral_ports() - 1024)
    source_count = args.sources or math.ceil(args.n / per_source)
    host, port = args.url.removeprefix("http://").rsplit(":", 1)
    if source_count > 1 and not host.startswith("127."):
        parser.error(f"{source_count} source addresses are needed, and only loopback ones are chosen here")
    sources = [f"127.0.0.{i + 1}" for i in range(source_count)] if source_count > 1 else []

    with urllib.request.urlopen(args.url + GROUPS) as reply:
        listed = json.load(reply)
    version = listed["metadata"]["resourceVersion"]
    path = f"{GROUPS}?watch=1&resourceVersion={version}"
    rss_before = settled_rss_kb(args.pid)

    started = time.monotonic()
    shares = [args.n // processes + (1 if i < args.n % processes else 0) for i in range(processes)]
    batch = max(1, args.batch // processes)
    children, first = [], 0
    for share in shares:
        children.append(spawn(host, port, path, first, share, batch, sources, args.header))
        first += share
    established = sum(json.loads(c.stdout.readline() or '{"established": 0}')["established"] for c in children)
    setup_s = time.monotonic() - started
    time.sleep(2)
    rss_idle = rss_kb(args.pid)
    cpu_idle = cpu_ms(args.pid)

    drop_resource(args.dir, args.group, args.version, args.resource)
    changed = time.monotonic()
    os.kill(args.pid, signal.SIGHUP)

    def stop():
        for c in children:
            try:
                c.stdin.write("stop\n")
                c.stdin.flush()
            except OSError:
                pass

    timer = threading.Timer(60, stop)
    timer.start()
    arrivals, errors = [], []
    for c in children:
        report = json.loads(c.stdout.readline() or '{"arrivals": [], "errors": ["a client process failed"]}')
        arrivals += [(at - changed) * 1000 for at in report["arrivals"]]
        errors += report["errors"]
    timer.cancel()
    for c in children:
        c.stdin.close()
        c.wait()
    rss_after = rss_kb(args.pid)
    # What the server spent delivering the change (the reload and every watcher's event), whatever else the machine
    # ran meanwhile: on a busy machine the latencies say more about the other work than about the server.
    server_cpu_ms = round(cpu_ms(args.pid) - cpu_idle)
    arrivals.sort()
    print(
        json.dumps(
            {
                "watchers": args.n,
                "processes": processes,
                "sources": max(1, len(sources)),
                "established": established,
                "setup_s": round(setup_s, 2),
                "events": len(arrivals),
                "errors": len(errors),
                "first_errors": sorted(set(errors))[:3],
                "rss_kb": {"before": rss_before, "idle": rss_idle, "after": rss_after},
                "kb_per_idle_watcher": round((rss_idle - rss_before) / max(1, established), 2),
                "server_cpu_ms": server_cpu_ms,
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
    sys.exit(main())
