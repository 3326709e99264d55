#!/usr/bin/env bash
# Counts the instructions one benchmark server executes per request, under valgrind's callgrind: a figure
# that does not move with the machine's load, unlike time. The server runs alone (test/bench/http/profile-serve.ts),
# autocannon warms it up with 8,000 requests (10 connections), the counters are zeroed, then N requests
# are counted. Prints the main thread's instructions per request (the JavaScript, Node's HTTP code and the
# syscalls' user side) and all threads' (with the JIT compiler and the garbage collector's helpers).
# FUNCTIONS=n also lists the n functions of the main thread that executed the most per request, compiled
# JavaScript named through node's --perf-basic-prof map (bench/http/name-jit-code.ts); writing that map adds a
# few thousand instructions per request while code is still being compiled.
# Usage, from test/: bench/http/instructions.sh raw|opwire|fastify [N=4000]. Needs valgrind; about 3 minutes.
set -euo pipefail
server=${1:?usage: instructions.sh raw|opwire|fastify [requests]}
requests=${2:-4000}
functions=${FUNCTIONS:-}
work=$(mktemp -d)
# With FUNCTIONS, node writes its code map to /tmp/perf-<pid>.map: removed too, however the script ends.
pid=
trap 'rm -rf "$work"; [ -z "$pid" ] || rm -f "/tmp/perf-$pid.map"' EXIT
body='{"item":"green tea","quantity":2,"note":"leave at the door"}'
load() {
  npx autocannon -c 10 -a "$1" -m POST -H content-type=application/json -b "$body" "http://127.0.0.1:$port/orders" >/dev/null 2>&1
}
# With FUNCTIONS, each thread gets its own dump (the main thread's is the first) and node writes its code map.
threads=no
profiling=()
if [ -n "$functions" ]; then
  threads=yes
  profiling=(--perf-basic-prof)
fi
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" --dump-instr=no --collect-jumps=no \
  --separate-threads=$threads \
  node "${profiling[@]}" --conditions=@opwire/source --import tsx bench/http/profile-serve.ts "$server" >"$work/port" 2>"$work/valgrind.log" &
for _ in $(seq 1 300); do [ -s "$work/port" ] && break; sleep 1; done
# Debian's `valgrind` is a shell script around `valgrind.bin`: the process to talk to is the one with our dump file.
pid=$(pgrep -f -- "--callgrind-out-file=$work/" | tail -1)
port=$(head -1 "$work/port")
load 8000
callgrind_control -z "$pid" >/dev/null
load "$requests"
callgrind_control -d "$pid" >/dev/null
# Valgrind takes a command when the program next runs: a request wakes the idle server to write the dump.
for _ in $(seq 1 60); do
  compgen -G "$work/callgrind.out.*" >/dev/null && break
  curl -s -o /dev/null -X POST -H content-type:application/json -d "$body" "http://127.0.0.1:$port/orders" || true
  sleep 1
done
sleep 1
kill "$pid"
wait 2>/dev/null || true
dumps=$(ls "$work"/callgrind.out.1*)
main_dump=$(echo "$dumps" | head -1)
main=$(callgrind_annotate --threshold=100 --inclusive=yes "$main_dump" |
  awk '/SpinEventLoopInternal/ && !found { gsub(",", "", $1); print $1; found = 1 }')
all=$(awk '/^summary:/ { sum += $2 } END { print sum }' $dumps)
echo "$server: $((main / requests)) instructions per request on the main thread, $((all / requests)) on all threads ($requests requests)"
if [ -n "$functions" ]; then
  callgrind_annotate --inclusive=no --threshold=100 "$main_dump" |
    npx tsx bench/http/name-jit-code.ts "/tmp/perf-$pid.map" "$requests" "$functions"
fi
