#!/usr/bin/env bash
# Two figures beside instructions.sh that time does not move: how much one benchmark server allocates per
# request (young-generation collections with the young generation fixed at 16 MiB, counted by --trace-gc)
# and which system calls it makes per request (strace -c on the running server). The server runs alone
# (test/bench/http/profile-serve.ts); autocannon warms it up with 8,000 requests, then N more are counted
# (50 connections, the benchmark's workload). Needs strace.
# Usage, from test/: bench/http/allocation-and-syscalls.sh raw|opwire|fastify [N=20000]. About a minute.
set -euo pipefail
server=${1:?usage: allocation-and-syscalls.sh raw|opwire|fastify [requests]}
requests=${2:-20000}
work=$(mktemp -d)
pid=
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
body='{"item":"green tea","quantity":2,"note":"leave at the door"}'
load() {
  npx autocannon -c 50 -a "$1" -m POST -H content-type=application/json -b "$body" "http://127.0.0.1:$port/orders" >/dev/null 2>&1
}
node --trace-gc --min-semi-space-size=16 --max-semi-space-size=16 --conditions=@opwire/source --import tsx \
  bench/http/profile-serve.ts "$server" >"$work/out" 2>&1 &
pid=$!
# The port is the one line that is only digits (--trace-gc writes its lines to the same output).
for _ in $(seq 1 240); do grep -qE '^[0-9]+$' "$work/out" && break; sleep 0.5; done
port=$(grep -m1 -E '^[0-9]+$' "$work/out")
load 8000
scavenges=$(grep -c Scavenge "$work/out" || true)
strace -c -f -p "$pid" -o "$work/strace" 2>/dev/null &
tracer=$!
sleep 1
load "$requests"
kill -INT "$tracer"
wait "$tracer" 2>/dev/null || true
after=$(grep -c Scavenge "$work/out" || true)
echo "$server: $((after - scavenges)) young-generation collections (16 MiB) over $requests requests; system calls per request:"
awk -v n="$requests" '$NF ~ /^[a-z_0-9]+$/ && $NF != "total" && $4 ~ /^[0-9]+$/ && $4 >= n / 100 { printf "  %-14s %.3f\n", $NF, $4 / n }' "$work/strace"
