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

# expect_lines NAME STATUS COMMAND... <<< LINES: like expect, but only asserts that each line of standard input is
# one of the output's lines (for output that also holds what is not ours, such as a build's).
expect_lines() {
    local name="$1" status="$2"; shift 2
    local wanted output code=0 missing=""
    wanted="$(cat)"
    output="$("$@" 2>&1)" || code=$?
    while IFS= read -r line; do
        grep -qxF -- "$line" <<<"$output" || missing+="$line"$'\n'
    done <<<"$wanted"
    if [ "$code" != "$status" ] || [ -n "$missing" ]; then
        echo "FAIL $name: exit status $code (expected $status); lines missing:" >&2
        printf '%s' "$missing" >&2
        echo "output was:" >&2
        echo "$output" >&2
        failures=$((failures + 1))
    else
        echo "ok   $name"
    fi
}

generate_clients() { swift package --allow-writing-to-package-directory generate-clients "$@"; }

# A value-taking option with its value missing: ArgumentExtractor alone would take the next option as the value.
# (SwiftPM ends every failed plugin with exit status 1; the CLI's usage errors exit with 2.)
expect "command plugin: --specs without a value is a usage error" 1 \
    "error: --specs needs a value (--specs DIR); see generate-clients --help" \
    generate_clients --specs --check

expect "command plugin: --output without a value is a usage error" 1 \
    "error: --output needs a value (--output DIR); see generate-clients --help" \
    generate_clients --output

expect_lines "command plugin: --help documents the plugin's own flags" 0 generate_clients --help <<'LINES'
USAGE: swift package --allow-writing-to-package-directory generate-clients [--check] [--specs DIR] [--output OUT] [options]
  --check                 Write nothing; fail when OUT is not what the specs give (for CI).
  --specs DIR             The folder whose *.yaml files are specs (default: Specs; its subfolders hold includes).
  --output OUT            The folder inside the package that receives the clients (default: Generated).
  --access LEVEL          public (default), package or internal: the access level of generated declarations.
LINES

expect "command plugin refuses an output folder outside the package" 1 \
    "error: --output ../outside is not a folder inside the package; give one below $root" \
    generate_clients --output ../outside

expect "command plugin refuses the package root as output folder" 1 \
    "error: --output . is not a folder inside the package; give one below $root" \
    generate_clients --output .

printf 'name: Bad\nserver: { host: example.com }\nendpoints:\n  ping:\n    GET: /ping\n    bogus: 1\n' >"$scratch/Specs/Bad.yaml"
expect "command plugin reports a spec error located and fails" 1 \
    "error: $scratch/Specs/Bad.yaml:6:5: unknown key 'bogus' in endpoint 'ping'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, params, body, response, error, auth, timeout, retry, query, headers, description, deprecated, accept, paginate, responseHeaders, unwrap, wrap
    bogus: 1
    ^~~~~
error: endpointgen generate failed (exit status 1)" \
    generate_clients --specs "$scratch/Specs" --output "$scratch/Generated"

# The build tool plugin: a spec's warnings reach the build, named by the absolute path the plugin passes (which Xcode and
# VS Code turn into links), and a spec not named *.endpoints.yaml is pointed out.
pet_sources=Examples/PetClient/Sources/PetAPI
bad_spec=$pet_sources/Bad.endpoints.yaml
trap 'rm -f "$root/$bad_spec" "$root/$pet_sources/Library.yaml" "$root/$pet_sources/Warned.endpoints.yaml" "$root/$pet_sources/petstore.yaml" "$root/$pet_sources/museum.json"' EXIT
printf 'name: Library\nserver: { host: example.com }\nendpoints:\n  loans: { GET: /loans }\n' >"$pet_sources/Library.yaml"
# OpenAPI documents the plugin does not pick up by their names: a warning says how to name them.
printf '# The petstore\nopenapi: 3.0.3\ninfo: { title: Petstore, version: "1" }\npaths: {}\n' >"$pet_sources/petstore.yaml"
printf '{\n  "openapi": "3.1.0",\n  "info": { "title": "Museum", "version": "1" },\n  "paths": {}\n}\n' >"$pet_sources/museum.json"
printf 'name: Warned\nserver: { host: example.com }\nendpoints:\n  ping: { GET: /ping }\nmodels:\n  Orphan: { id: Int }\n' >"$pet_sources/Warned.endpoints.yaml"
expect_lines "build tool plugin shows spec warnings and names a misnamed spec" 0 swift build --package-path Examples/PetClient <<LINES
warning: $root/$pet_sources/Library.yaml:3: Library.yaml has a top-level 'endpoints:' key, but only *.endpoints.yaml files are generated: rename it Library.endpoints.yaml to get LibraryClient (files a spec includes keep their names)
$root/$pet_sources/Warned.endpoints.yaml:6:3: warning: model 'Orphan' is never used
warning: $root/$pet_sources/petstore.yaml:2: petstore.yaml has a top-level 'openapi' key, but only OpenAPI documents named openapi.yaml, openapi.json, *.openapi.yaml or *.openapi.json are generated: rename it petstore.openapi.yaml (options such as the client's name go in endpointgen-config.yaml beside it)
warning: $root/$pet_sources/museum.json:2: museum.json has a top-level 'openapi' key, but only OpenAPI documents named openapi.yaml, openapi.json, *.openapi.yaml or *.openapi.json are generated: rename it museum.openapi.json (options such as the client's name go in endpointgen-config.yaml beside it)
LINES
rm -f "$pet_sources/Library.yaml" "$pet_sources/Warned.endpoints.yaml" "$pet_sources/petstore.yaml" "$pet_sources/museum.json"

# A second spec with an error fails the example's build, located in that spec.
cp "$scratch/Specs/Bad.yaml" "$bad_spec"
expect "build tool plugin fails the build with the located error" 1 \
    "$root/$bad_spec:6:5: error: unknown key 'bogus' in endpoint 'ping'; expected one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, params, body, response, error, auth, timeout, retry, query, headers, description, deprecated, accept, paginate, responseHeaders, unwrap, wrap
    bogus: 1
    ^~~~~
1 error; nothing was written" \
    swift build --package-path Examples/PetClient

# Two documents of one API (their file names' first part, Shop, names one client): one build command makes one
# ShopClient of both, which code of the target uses; two commands would both declare Shop/ShopClient.swift.
rm -f "$bad_spec"
shop_files=("$pet_sources/Shop.a.openapi.yaml" "$pet_sources/Shop.b.openapi.yaml" "$pet_sources/ShopUse.swift")
trap 'rm -f "$root/$bad_spec" "${shop_files[@]/#/$root/}"' EXIT
for part in a b; do
    printf 'openapi: 3.0.3\ninfo: { title: Shop, version: "1" }\nservers: [{ url: "https://shop.example.com" }]\npaths:\n  /%s:\n    get:\n      operationId: list%s\n      responses: { "204": { description: Done } }\n' \
        "$part" "$(tr a-z A-Z <<<"$part")" >"$pet_sources/Shop.$part.openapi.yaml"
done
printf 'import EndpointRuntime\n\nfunc listBoth(_ shop: ShopClient) async throws(EndpointError) {\n    try await shop.listA()\n    try await shop.listB()\n}\n' >"$pet_sources/ShopUse.swift"
if swift build --package-path Examples/PetClient >"$scratch/shop.log" 2>&1; then
    echo "ok   build tool plugin makes one client of two documents with one client name"
else
    echo "FAIL build tool plugin makes one client of two documents with one client name; output was:" >&2
    cat "$scratch/shop.log" >&2
    failures=$((failures + 1))
fi
rm -f "${shop_files[@]}"

exit $((failures > 0))
