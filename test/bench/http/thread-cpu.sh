#!/usr/bin/env bash
# Where one benchmark server's CPU time goes under the timed run's load: the server alone on CPU 1
# (test/bench/http/profile-serve.ts), autocannon on CPU 0 with 50 connections, 5 s of warm-up, then SECONDS
# (default 10) measured. Reads each of the server's threads' CPU time from /proc before and after, and prints
# the requests served per CPU-second of the whole process and of its main thread, and the share of the other
# threads (V8's garbage-collector and compiler helpers). Linux only; needs taskset.
# Usage, from test/: bench/http/thread-cpu.sh raw|opwire|fastify. ROUNDS=n alternates the servers given n times:
# ROUNDS=4 bench/http/thread-cpu.sh opwire fastify.
set -euo pipefail
[ $# -gt 0 ] || { echo 'usage: thread-cpu.sh raw|opwire|fastify [more servers]' >&2; exit 2; }
seconds=${SECONDS_MEASURED:-10}
rounds=${ROUNDS:-1}
ticks=$(getconf CLK_TCK)
body='{"item":"green tea","quantity":2,"note":"leave at the door"}'
work=$(mktemp -d)
pid=
trap 'rm -rf "$work"; [ -z "$pid" ] || kill "$pid" 2>/dev/null || true' EXIT

# Each thread's user and system time, in clock ticks, as `tid ticks` lines.
cpu_of() {
  for task in /proc/"$1"/task/*; do
    echo "$(basename "$task") $(awk '{ print $14 + $15 }' "$task/stat")"
  done | sort -k1,1
}

measure() {
  local server=$1
  taskset -c 1 node --conditions=@opwire/source --import tsx bench/http/profile-serve.ts "$server" >"$work/port" 2>/dev/null &
  pid=$!
  for _ in $(seq 1 120); do [ -s "$work/port" ] && break; sleep 0.5; done
  local port
  port=$(head -1 "$work/port")
  # `node --import tsx` runs the server in the process started: its main thread's id is the process id.
  local load=(taskset -c 0 npx autocannon -c 50 -m POST -H content-type=application/json -b "$body" -j)
  "${load[@]}" -d 5 "http://127.0.0.1:$port/orders" >/dev/null 2>&1
  cpu_of "$pid" >"$work/before"
  "${load[@]}" -d "$seconds" "http://127.0.0.1:$port/orders" 2>/dev/null >"$work/result.json"
  cpu_of "$pid" >"$work/after"
  local main=$pid
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
  local requests
  requests=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).requests.total)' "$work/result.json")
  join "$work/before" "$work/after" | awk -v main="$main" -v requests="$requests" -v ticks="$ticks" -v server="$server" '
    { used = $3 - $2; total += used; if ($1 == main) own = used }
    END {
      printf "%s: %d requests, %.0f per server CPU-second, %.0f per main-thread CPU-second, other threads %.1f %% of the CPU time\n",
        server, requests, requests / (total / ticks), requests / (own / ticks), 100 * (total - own) / total
    }'
}

for _ in $(seq 1 "$rounds"); do
  for server in "$@"; do measure "$server"; done
done
