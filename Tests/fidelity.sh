#!/usr/bin/env bash
# The fidelity harness (Tests/Fidelity/README.md): every schema an imported operation reaches, in every shared OpenAPI
# document, every spec in Specs/ and the minimal documents of Tests/Fidelity/Documents, instantiated, decoded by the
# generated client, encoded back and compared. An unexplained loss, or a known one that no longer happens, fails it.
#
#   bash Tests/fidelity.sh               the whole run (prints the table)
#   bash Tests/fidelity.sh --self-test   proves it can fail: a planted loss and a stale known-loss entry must fail it
#   bash Tests/fidelity.sh FILE...       only these documents
#
# Without ../shared a developer's run checks the rest and says so; under CI (CI=true) it fails instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tests/Servers/pypi.sh  # is_ci

if ! command -v python3 >/dev/null; then
    if is_ci; then echo "Tests/fidelity.sh: CI needs python3 for the fidelity harness" >&2; exit 1; fi
    echo "Tests/fidelity.sh: skipping the fidelity harness: python3 is missing" >&2
    exit 0
fi

swift build --product fidelity-plan >/dev/null
bin="$(swift build --show-bin-path)"
harness=(python3 Tests/Fidelity/fidelity.py --plan-tool "$bin/fidelity-plan" --work .build/fidelity --package "$PWD")

if [ "${1:-}" = "--self-test" ]; then
    tiny=Tests/Fidelity/SelfTest/tiny.yaml
    log="$(mktemp)"
    trap 'rm -f "$log"' EXIT
    "${harness[@]}" --work .build/fidelity-self-test "$tiny" >"$log" 2>&1 || { cat "$log"; echo "self-test: the clean document failed" >&2; exit 1; }
    grep -q "100.0% lossless" "$log" || { cat "$log"; echo "self-test: the clean document was not all lossless" >&2; exit 1; }
    if "${harness[@]}" --work .build/fidelity-self-test --plant "$tiny" >"$log" 2>&1; then
        cat "$log"; echo "self-test: a planted loss (a member dropped from every object) did not fail the run" >&2; exit 1
    fi
    grep -q "error: unexplained loss: tiny.yaml: /components/schemas/Note /done: member dropped" "$log" \
        || { cat "$log"; echo "self-test: the planted loss was not reported where it was planted" >&2; exit 1; }
    if "${harness[@]}" --work .build/fidelity-self-test --expectations Tests/Fidelity/SelfTest/stale-known-losses.txt "$tiny" >"$log" 2>&1; then
        cat "$log"; echo "self-test: a known-loss entry that does not reproduce did not fail the run" >&2; exit 1
    fi
    grep -q "fixed: remove it from the list" "$log" || { cat "$log"; echo "self-test: the stale entry was not named" >&2; exit 1; }
    echo "Tests/fidelity.sh --self-test: a planted loss and a stale known-loss entry each fail the run; the clean document passes"
    exit 0
fi

if [ $# -gt 0 ]; then
    documents=("$@")
else
    documents=(Specs/*.yaml Tests/Fidelity/Documents/*.yaml)
    shared=../shared/testdata/openapi
    if [ -d "$shared" ]; then
        documents+=("$shared"/*.yaml "$shared"/*.yml "$shared"/*.json)
    elif is_ci; then
        echo "Tests/fidelity.sh: CI needs the shared OpenAPI documents in $shared" >&2
        exit 1
    else
        echo "Tests/fidelity.sh: skipping the shared OpenAPI documents: $shared is missing" >&2
    fi
fi

# Whole Stripe reaches more schemas than its client compiles in minutes here: a stable sample of them.
"${harness[@]}" --expectations Tests/Fidelity/known-losses.txt --sample stripe-spec3-2023-09-12.yaml=150 "${documents[@]}"
