#!/usr/bin/env bash
# Fuzzes each target for a given time, prints its executions and crashes, then replays the whole corpus.
#
#   bash Tests/Fuzz/run.sh [SECONDS] [TARGET...]     # SECONDS defaults to 60; TARGETs: yaml spec mustache generate
#
# Targets are built with -sanitize=fuzzer,address -DFUZZING in their own scratch path (.build/fuzz), so the
# normal build is untouched. New interesting inputs go to .build/fuzz/corpus/<target> (kept between runs);
# the seeds in Tests/Fuzz/Corpus/<target> (`spec`'s for `generate`), Specs/, Templates/ and the regressions in
# Tests/Fuzz/Regressions/<target> are only read, and so are ../shared/testdata's suites when present. A crash,
# hang or memory blow-up leaves its input in Tests/Fuzz/Regressions/<target>/ (commit it with the fix) and makes
# the script exit 1.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(yaml spec mustache generate)
scratch=.build/fuzz
testdata=${ENDPOINTGEN_TESTDATA:-../shared/testdata}
# Without this a crash hangs in Swift's backtracer for minutes instead of reaching libFuzzer.
export SWIFT_BACKTRACE=enable=no
# No allocation stack per malloc: recording one was a fifth of the fuzzers' time. ASan still catches every bad
# access; to see where a reported block was allocated, replay its input with ASAN_OPTIONS=malloc_context_size=30.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=0}
flags=(-max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)

for target in "${targets[@]}"; do
    swift build -c release --scratch-path "$scratch" --product "fuzz-$target" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 | grep -v -e '^\[' -e 'Cannot export local symbol' || true
done
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)

# Extra read-only seeds, one folder per line: the repository's own specs and templates, read where they live so the
# seeds never drift from them (the test specs beside Swift files are copied apart), the spec seeds for the YAML
# target too, the YAML suite, the Mustache spec's templates.
extra_seeds() {
    case $1 in
        yaml | spec | generate)
            local specs=$scratch/seeds/test-specs
            mkdir -p "$specs"
            cp Tests/HostileClientTests/*.yaml "$specs/"
            printf '%s\n' Specs "$specs"
            [ "$1" = yaml ] && echo Tests/Fuzz/Corpus/spec
            [ -d "$testdata/yaml-test-suite" ] && echo "$testdata/yaml-test-suite"
            ;;
        mustache)
            echo Templates
            [ -d "$testdata/mustache-spec/specs" ] || return 0
            local out=$scratch/seeds/mustache
            mkdir -p "$out"
            python3 - "$testdata/mustache-spec/specs" "$out" <<'PY'
import glob, hashlib, json, os, sys
for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    for test in json.load(open(path))["tests"]:
        for text in [test["template"], *test.get("partials", {}).values()]:
            name = hashlib.sha1(text.encode()).hexdigest()
            open(os.path.join(sys.argv[2], name), "w").write(text)
PY
            echo "$out"
            ;;
    esac
    return 0
}

# What a CI log needs to find a crash again when its input is gone with the CI machine: the error, the frames in
# our own code, and the input itself (inputs are at most 16 KB).
report_crash() {
    # A failure libFuzzer did not describe (a replay that could not start, a killed process) shows its log's end.
    local described='ERROR|Fatal error|Precondition|SUMMARY|Test unit written|artifact_prefix'
    if grep -qE "$described" "$1"; then grep -E "$described" "$1" | head -20; else tail -20 "$1"; fi
    grep -E '^ *#[0-9]+ .*(/Sources/|/Tests/)' "$1" | head -24 || true
    local unit
    unit=$(grep -o 'Test unit written to [^ ]*' "$1" | head -1 | sed 's/^Test unit written to //') || true
    if [ -n "$unit" ] && [ -f "$unit" ]; then
        echo "crashing input ($unit), base64:"
        base64 -w 0 "$unit"
        echo
    fi
}

failed=()
summary=()
for target in "${targets[@]}"; do
    corpus=$scratch/corpus/$target
    regressions=Tests/Fuzz/Regressions/$target
    mkdir -p "$corpus" "$regressions"
    # The whole pipeline starts where spec loading does: both read the same hand-written seeds.
    seeds=(Tests/Fuzz/Corpus/"$([ "$target" = generate ] && echo spec || echo "$target")" "$regressions")
    while IFS= read -r extra; do seeds+=("$extra"); done < <(extra_seeds "$target")
    log=$scratch/fuzz-$target.log

    echo "== fuzz-$target: ${seconds}s"
    status=0
    "$bin/fuzz-$target" "${flags[@]}" -max_total_time="$seconds" -artifact_prefix="$regressions/" \
        "$corpus" "${seeds[@]}" >"$log" 2>&1 || status=$?
    executions=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    crashes=0
    if [ $status -ne 0 ]; then
        crashes=1
        failed+=("fuzz-$target")
        report_crash "$log"
    fi
    line="fuzz-$target: $executions executions in ${seconds}s, $crashes crashes"
    echo "$line"
    summary+=("$line")

    echo "== fuzz-$target: replaying the corpus"
    if "$bin/fuzz-$target" "${flags[@]}" -runs=0 -artifact_prefix="$scratch/" "$corpus" "${seeds[@]}" >"$log.replay" 2>&1; then
        grep -o 'INITED.*' "$log.replay" | head -1 || true
    else
        failed+=("fuzz-$target replay")
        report_crash "$log.replay"
    fi
done

printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]} (inputs in Tests/Fuzz/Regressions/; logs in $scratch)" >&2
    exit 1
fi
