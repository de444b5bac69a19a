#!/usr/bin/env bash
# The README as a newcomer uses it, in scratch packages beside `EndpointGen` (a link to this checkout). Run by CI.
#
# 1. The quick start: every block marked `<!-- quickstart: PATH -->` is written to PATH in an empty package `Todos`,
#    then its `run.sh` runs there (Python's http.server serves a file; the shared client calls it). Fails unless it
#    prints `Try EndpointGen`.
# 2. "Using the client": the blocks marked `<!-- client: PATH -->` replace the spec and main.swift and add a test;
#    the test target is added to Package.swift with the line the README quotes. A small loopback server (below)
#    answers as a real one would: it checks the bearer token and the X-Request-ID header, stores the posted todo and
#    filters by the `done` query item. `swift run Todos` must print what the README's `// prints:` comments say, and
#    `swift test` must pass.
# 3. OpenAPI through the build plugin: a package `Pets` whose executable target holds a public document nobody here
#    wrote (`../shared/testdata/openapi/swagger-petstore3.yaml`) as `openapi.yaml`, with `endpointgen-config.yaml`
#    (name, include filters, access level, body spreading), calls a loopback server that checks the pet it is sent.
#
# The only change to what the README says: the port, 8080 in the README, is a free loopback port here.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scratch="$root/.build/quickstart"
testdata="${ENDPOINTGEN_TESTDATA:-$root/../shared/testdata}"
rm -rf "$scratch/Todos" "$scratch/Pets" && mkdir -p "$scratch/Todos" "$scratch/Pets"
ln -sfn "$root" "$scratch/EndpointGen"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port="$(free_port)"
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null || true' EXIT

# write_blocks MARKER FOLDER: each README block marked `<!-- MARKER: PATH -->`, written to FOLDER/PATH.
write_blocks() {
    python3 - "$root/README.md" "$1" "$2" "$port" <<'PY'
import os, re, sys
readme, marker, folder, port = sys.argv[1:]
blocks = re.findall(r"<!-- " + marker + r": (\S+) -->\n```\w+\n(.*?)\n```\n", open(readme).read(), re.S)
assert blocks, f"the README has no <!-- {marker}: PATH --> blocks"
for path, code in blocks:
    target = os.path.join(folder, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as file:
        file.write(code.replace("8080", port) + "\n")
    print(f"Tests/quickstart.sh: wrote {path}")
PY
}

fail() { echo "$output" >&2; echo "Tests/quickstart.sh: $1" >&2; exit 1; }

# 1. The quick start.
write_blocks quickstart "$scratch/Todos"
cd "$scratch/Todos"
output="$(bash run.sh 2>&1)" || fail "run.sh failed"
grep -qx "Try EndpointGen" <<<"$output" || fail "the quick start did not print 'Try EndpointGen'"
echo "Tests/quickstart.sh: the README's quick start printed 'Try EndpointGen'"
# The README names the plugin's output folder.
folder="$(grep -o '\.build/plugins/outputs/todos/[^`]*' "$root/README.md" | head -1)"
[ -n "$folder" ] && [ -f "$folder/TodosClient.swift" ] || fail "the README's plugin output folder '$folder' has no TodosClient.swift"
# A small spec is the four files the README names.
output="$(ls "$folder")"
[ "$output" == "$(printf '%s\n' TodosClient.swift TodosEndpoints.swift TodosFake.swift TodosModels.swift)" ] \
    || fail "the plugin's output folder holds other files than the README's four"
echo "Tests/quickstart.sh: the generated client is where the README says ($folder), in four files"

# 2. The client section: its spec and main.swift, its test, and the test target the README tells to add.
write_blocks client "$scratch/Todos"
python3 - "$root/README.md" Package.swift <<'PY'
import re, sys
readme, manifest = open(sys.argv[1]).read(), sys.argv[2]
line = re.search(r"Add `(\.testTarget\(.*?\))` to the quick start's `Package.swift`", readme, re.S)
assert line, "the README does not say which test target to add"
text = open(manifest).read()
text = text.replace('        .executableTarget(name: "Todos", dependencies: ["TodoAPI"]),\n',
                    '        .executableTarget(name: "Todos", dependencies: ["TodoAPI"]),\n        ' + line.group(1).replace("\n", " ") + ',\n')
assert ".testTarget" in text, "the quick start's Package.swift changed: the test target has no place"
open(manifest, "w").write(text)
PY
python3 - "$port" <<'PY' &
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
todos = [{"id": 1, "title": "Try EndpointGen", "done": True}]
class Handler(BaseHTTPRequestHandler):
    def answer(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def authorized(self):
        if self.headers.get("Authorization") == "Bearer s3cret":
            return True
        self.answer(401, {"message": "no token"})
        return False
    def do_GET(self):
        if not self.authorized(): return
        path, _, query = self.path.partition("?")
        if path == "/todos":
            wanted = {"done=true": True, "done=false": False}.get(query)
            self.answer(200, [t for t in todos if wanted is None or t["done"] == wanted])
        else:
            found = [t for t in todos if path == f"/todos/{t['id']}"]
            self.answer(200, found[0]) if found else self.answer(404, {"message": "no such todo"})
    def do_POST(self):
        if not self.authorized(): return
        if self.path != "/todos" or not self.headers.get("X-Request-ID"):
            return self.answer(400, {"message": "POST /todos with an X-Request-ID header"})
        sent = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        todos.append({"id": len(todos) + 1, "title": sent["title"], "done": False})
        self.answer(201, todos[-1])
    def log_message(self, *args): pass
HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
PY
server=$!
output="$(swift build 2>&1)" || fail "swift build (the client section) failed"
output="$(swift run --skip-build Todos 2>&1)" || fail "swift run Todos (the client section) failed"
expected="$(sed -n 's|.*// prints: ||p' Sources/Todos/main.swift)"
actual="$output"
[ "$actual" == "$expected" ] || { output="expected:
$expected
printed:
$actual"; fail "the client section did not print what its // prints: comments say"; }
echo "Tests/quickstart.sh: the README's client section printed what it says"
kill "$server"; server=""
output="$(swift test 2>&1)" || fail "swift test (the client section's tests) failed"
echo "Tests/quickstart.sh: the README's client tests passed"

# 3. An OpenAPI document through the build plugin, with a config file.
cd "$scratch/Pets"
mkdir -p Sources/Pets
cp "$testdata/openapi/swagger-petstore3.yaml" Sources/Pets/openapi.yaml
cat >Package.swift <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Pets",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "EndpointGen", path: "../EndpointGen")],
    targets: [
        .executableTarget(
            name: "Pets",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")]),
    ]
)
SWIFT
cat >Sources/Pets/endpointgen-config.yaml <<'YAML'
name: Petstore
access: internal
include:
  tags: [store]
  operations: [addPet, getPetById]
spreadsObjectBodies: false
YAML
cat >Sources/Pets/main.swift <<'SWIFT'
import EndpointRuntime
import Foundation

var configuration = PetstoreClient.defaultConfiguration
configuration.server = ServerAddress(url: URL(string: CommandLine.arguments[1])!)!
let client = PetstoreClient(
    configuration: configuration,
    credentials: ["petstore_auth": ClosureTokenProvider(token: { "t0" }), "api_key": ClosureTokenProvider(token: { "k0" })])
let added = try await client.addPet(Pet(id: 10, name: "doggie", photoUrls: []))
let fetched = try await client.getPetById(petId: added.id ?? 0)
let inventory = try await client.getInventory()
print(fetched.name, inventory["available"] ?? 0)
SWIFT
python3 - "$port" <<'PY' &
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
pets = {}
class Handler(BaseHTTPRequestHandler):
    def answer(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_POST(self):
        pet = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.headers.get("Authorization") != "Bearer t0":
            return self.answer(401, {"message": "addPet needs petstore_auth"})
        if self.path != "/api/v3/pet" or pet.get("name") != "doggie":
            return self.answer(400, {"message": f"unexpected {self.path} {pet}"})
        pets[pet["id"]] = pet
        self.answer(200, pet)
    def do_GET(self):
        if self.path == "/api/v3/store/inventory":
            return self.answer(200, {"available": len(pets)})
        pet = pets.get(int(self.path.rsplit("/", 1)[-1])) if self.path.startswith("/api/v3/pet/") else None
        self.answer(200, pet) if pet else self.answer(404, {"message": "no such pet"})
    def log_message(self, *args): pass
HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
PY
server=$!
output="$(swift build 2>&1)" || fail "swift build (OpenAPI through the build plugin) failed"
output="$(swift run --skip-build Pets "http://127.0.0.1:$port/api/v3" 2>&1)" || fail "swift run Pets (OpenAPI through the build plugin) failed"
grep -qx "doggie 1" <<<"$output" || fail "the OpenAPI client did not print 'doggie 1'"
output="$(ls .build/plugins/outputs/pets/Pets/destination/EndpointGenPlugin/Petstore)"
[ "$output" == "$(printf '%s\n' PetstoreClient.swift PetstoreEndpoints.swift PetstoreFake.swift PetstoreModels.swift)" ] \
    || fail "the plugin did not write the small client's four files, Petstore/PetstoreClient.swift ..."
echo "Tests/quickstart.sh: an OpenAPI document with a config file went through the build plugin and was called"
