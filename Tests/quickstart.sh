#!/usr/bin/env bash
# The README's quick start, pasted as a newcomer pastes it: every block marked `<!-- quickstart: PATH -->` is written
# to PATH in an empty package folder `Todos` beside `EndpointGen` (a link to this checkout), then its `run.sh` runs
# there: it serves the API with Python's http.server and calls it through the generated shared client. The only
# change: the port, 8080 in the README, is a free loopback port here. Run by CI; fails unless it prints the title.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
scratch="$root/.build/quickstart"
rm -rf "$scratch/Todos" && mkdir -p "$scratch/Todos"
ln -sfn "$root" "$scratch/EndpointGen"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

# Each marked block of the README, written to its path.
python3 - "$root/README.md" "$scratch/Todos" "$port" <<'PY'
import os, re, sys
readme, folder, port = sys.argv[1], sys.argv[2], sys.argv[3]
blocks = re.findall(r"<!-- quickstart: (\S+) -->\n```\w+\n(.*?)\n```\n", open(readme).read(), re.S)
assert blocks, "the README has no <!-- quickstart: PATH --> blocks"
for path, code in blocks:
    target = os.path.join(folder, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as file:
        file.write(code.replace("8080", port) + "\n")
    print(f"Tests/quickstart.sh: wrote {path}")
PY

cd "$scratch/Todos"
output="$(bash run.sh 2>&1)" || { echo "$output" >&2; echo "Tests/quickstart.sh: run.sh failed" >&2; exit 1; }
if ! grep -qx "Try EndpointGen" <<<"$output"; then
    echo "$output" >&2
    echo "Tests/quickstart.sh: the quick start did not print 'Try EndpointGen'" >&2
    exit 1
fi
echo "Tests/quickstart.sh: the README's quick start printed 'Try EndpointGen'"
