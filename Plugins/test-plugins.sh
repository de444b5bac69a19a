#!/usr/bin/env bash
# The plugins' failure paths, run by CI after the example's tests (which prove the success paths):
# each case asserts the exit status and the whole error text, SwiftPM's progress lines left out.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scratch=.build/plugin-test
rm -rf "$scratch" && mkdir -p "$scratch/Specs"
failures=0

# expect NAME STATUS EXPECTED-TEXT COMMAND...: runs COMMAND, compares its exit status and output.
expect() {
    local name="$1" status="$2" expected="$3"; shift 3
    local output actual code=0
    output="$("$@" 2>&1)" || code=$?
    actual="$(grep -v -E '^(\[[0-9]+/[0-9]+\]|Building for |Build of product |Build complete|Compiling plugin|Planning build)' <<<"$output" || true)"
    if [ "$code" != "$status" ] || [ "$actual" != "$expected" ]; then
        echo "FAIL $name: exit status $code (expected $status), output:" >&2
        diff <(echo "$expected") <(echo "$actual") >&2 || true
        failures=$((failures + 1))
    else
        echo "ok   $name"
    fi
}

generate_clients() { swift package --allow-writing-to-package-directory generate-clients "$@"; }

expect "command plugin refuses an output folder outside the package" 1 \
    "error: --output ../outside is not a folder inside the package; give one below $root" \
    generate_clients --output ../outside

expect "command plugin refuses the package root as output folder" 1 \
    "error: --output . is not a folder inside the package; give one below $root" \
    generate_clients --output .

printf 'name: Bad\nserver: { host: example.com }\nendpoints:\n  ping:\n    GET: /ping\n    bogus: 1\n' >"$scratch/Specs/Bad.yaml"
expect "command plugin reports a spec error located and fails" 1 \
    "error: $scratch/Specs/Bad.yaml:6:5: unknown key 'bogus' in endpoint 'ping'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, params, body, response, error, auth, timeout, retry, query, headers, description, deprecated
    bogus: 1
    ^
error: endpointgen generate failed (exit status 1)" \
    generate_clients --specs "$scratch/Specs" --output "$scratch/Generated"

# The build tool plugin: a second spec with an error fails the example's build, located in that spec.
bad_spec=Examples/PetClient/Sources/PetAPI/Bad.endpoints.yaml
trap 'rm -f "$root/$bad_spec"' EXIT
cp "$scratch/Specs/Bad.yaml" "$bad_spec"
expect "build tool plugin fails the build with the located error" 1 \
    "Sources/PetAPI/Bad.endpoints.yaml:6:5: error: unknown key 'bogus' in endpoint 'ping'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, params, body, response, error, auth, timeout, retry, query, headers, description, deprecated
    bogus: 1
    ^
1 error; nothing was written" \
    swift build --package-path Examples/PetClient

exit $((failures > 0))
