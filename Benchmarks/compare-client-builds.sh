#!/usr/bin/env bash
# Debug build of a generated client from this checkout's templates against the same client from another revision's
# templates, alternating, ROUNDS rounds each (default 3), so that a machine whose speed drifts weighs on both sides
# alike. Each build is the one openapi-benchmark times: swiftc -Onone in batch mode on 2 jobs, one object file per
# source file plus the module, against this checkout's EndpointRuntime module (build it first: `swift build`).
#
# Usage: bash Benchmarks/compare-client-builds.sh REV [ROUNDS] [DOCUMENT]
#   REV       the revision whose Templates/*.mustache make the baseline client, e.g. main or 98e3cc7
#   DOCUMENT  an OpenAPI document (default: whole Stripe from ../shared/testdata/openapi)
# Prints, per build: the side, wall and CPU seconds, the peak resident memory of the largest compiler process, warnings and
# errors; then each side's lines and the ratio of the medians. Only the templates differ between the two sides: a
# change of the generator's Swift code or of the runtime is measured only when this checkout's tools build both.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: compare-client-builds.sh REV [ROUNDS] [DOCUMENT]}
rounds=${2:-3}
document=${3:-../shared/testdata/openapi/stripe-spec3-2023-09-12.yaml}
bin=$(swift build --show-bin-path)
[ -x "$bin/endpointgen" ] && [ -d "$bin/Modules" ] || { echo "compare-client-builds.sh: run swift build first" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/templates"
for template in Client Endpoints Fake Models; do
    git show "$rev:Templates/$template.swift.mustache" >"$work/templates/$template.swift.mustache"
done
generate() {  # side, extra endpointgen arguments
    local side=$1; shift
    "$bin/endpointgen" generate "$document" --output "$work/out-$side" --quiet "$@" 2>/dev/null
    mkdir -p "$work/$side"
    mv "$work/out-$side"/*/*.swift "$work/$side/"
    echo "$side: $(cat "$work/$side"/*.swift | wc -l) lines in $(ls "$work/$side" | wc -l) files"
}
generate baseline --templates "$work/templates"
generate this

build() {  # side; prints seconds and peak KiB
    rm -rf "$work/obj" && mkdir "$work/obj"
    local sources
    sources=$(ls "$work/$1"/*.swift | sort)
    # shellcheck disable=SC2086
    (cd "$work/obj" && /usr/bin/time -f "%e %M %U %S" -o "$work/time" swiftc -c -Onone -enable-batch-mode -j 2 -parse-as-library \
        -swift-version 6 -module-name Client -I "$bin/Modules" -emit-module -emit-module-path Client.swiftmodule $sources \
        >"$work/log" 2>&1) || true
    read -r seconds kib user sys <"$work/time"
    echo "$1 $seconds s wall ($user s user, $sys s sys), $((kib / 1024)) MiB, $(grep -c 'warning:' "$work/log" || true) warnings, $(grep -c 'error:' "$work/log" || true) errors, load $(cut -d' ' -f1 /proc/loadavg)"
    echo "$1 $seconds $(echo "$user + $sys" | bc)" >>"$work/times"
}
for round in $(seq "$rounds"); do
    echo "round $round"
    build this
    build baseline
done
median() { grep "^$1 " "$work/times" | cut -d' ' -f"$2" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Wall time is what a developer waits for; CPU time (user + sys of every compiler process) moves less with the load.
for column in 2 3; do
    this=$(median this $column); baseline=$(median baseline $column)
    echo "median $([ $column = 2 ] && echo wall || echo CPU): this $this s, baseline $baseline s, ratio $(echo "scale=3; $this / $baseline" | bc)"
done
