#!/usr/bin/env bash
# The test command: installs what a fresh machine lacks, starts the loopback test servers,
# runs `swift test` (extra arguments are passed on), and stops the servers whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."

# libyaml, through the system package manager when it is absent.
if ! { pkg-config --exists yaml-0.1 2>/dev/null || [ -e /usr/include/yaml.h ]; }; then
    echo "Tests/run.sh: installing libyaml-dev and pkg-config" >&2
    apt-get update -qq && apt-get install -y -qq libyaml-dev pkg-config
fi

# Loopback servers (each helper script starts one and registers its stop in $cleanup).
cleanup=()
stop_servers() { for command in "${cleanup[@]}"; do eval "$command" || true; done; }
trap stop_servers EXIT

# The EndpointRuntime echo server (Tests/Servers/echo_server.py) on a free loopback port.
echo_port_file="$(mktemp)"
python3 Tests/Servers/echo_server.py --port-file "$echo_port_file" >/dev/null &
echo_pid=$!
cleanup+=("kill $echo_pid; rm -f '$echo_port_file'")
for _ in $(seq 100); do
    if [ -s "$echo_port_file" ]; then
        export ENDPOINTGEN_ECHO_SERVER="http://127.0.0.1:$(head -n1 "$echo_port_file")"
        if python3 -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1] + '/stats')" "$ENDPOINTGEN_ECHO_SERVER" 2>/dev/null; then
            break
        fi
    fi
    sleep 0.1
done
[ -n "${ENDPOINTGEN_ECHO_SERVER:-}" ] || { echo "Tests/run.sh: the echo server did not start" >&2; exit 1; }

# httpbin (PyPI), served by gunicorn on a free loopback port, for Tests/HTTPBinTests: the pinned packages of
# Tests/Servers/httpbin-requirements.txt go into a virtual environment under .build, never system-wide. Without
# Python a developer's run skips those tests with a message; CI (CI=true) must have them and stops here instead.
httpbin_venv=.build/httpbin-venv
httpbin_requirements=Tests/Servers/httpbin-requirements.txt
httpbin_missing=""
if ! command -v python3 >/dev/null; then
    httpbin_missing="python3"
elif ! python3 -c "import venv, ensurepip" 2>/dev/null; then
    if command -v apt-get >/dev/null; then
        echo "Tests/run.sh: installing python3-venv" >&2
        { apt-get update -qq && apt-get install -y -qq python3-venv; } >/dev/null || true
    fi
    python3 -c "import venv, ensurepip" 2>/dev/null || httpbin_missing="python3-venv (python3 -m venv)"
fi
# Installed once per version of the requirements: the venv keeps a copy of the file it was made from.
if [ -z "$httpbin_missing" ] && ! cmp -s "$httpbin_requirements" "$httpbin_venv/requirements.txt"; then
    echo "Tests/run.sh: installing httpbin and gunicorn into $httpbin_venv" >&2
    rm -rf "$httpbin_venv"
    if python3 -m venv "$httpbin_venv" \
        && "$httpbin_venv/bin/pip" install -q --disable-pip-version-check -r "$httpbin_requirements" >&2; then
        cp "$httpbin_requirements" "$httpbin_venv/requirements.txt"
    else
        httpbin_missing="httpbin and gunicorn (pip install -r $httpbin_requirements failed)"
    fi
fi
if [ -z "$httpbin_missing" ]; then
    httpbin_log="$(mktemp)"
    "$httpbin_venv/bin/gunicorn" -b 127.0.0.1:0 -w 2 -k gthread --threads 16 --no-control-socket httpbin:app 2>"$httpbin_log" &
    httpbin_pid=$!
    cleanup+=("kill $httpbin_pid; wait $httpbin_pid 2>/dev/null; rm -f '$httpbin_log'")
    for _ in $(seq 200); do
        httpbin_url="$(sed -n 's/.*Listening at: \(http:[^ ]*\).*/\1/p' "$httpbin_log" | head -n1)"
        if [ -n "$httpbin_url" ] && python3 -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1] + '/get')" "$httpbin_url" 2>/dev/null; then
            export ENDPOINTGEN_HTTPBIN="$httpbin_url"
            break
        fi
        sleep 0.1
    done
    [ -n "${ENDPOINTGEN_HTTPBIN:-}" ] || { cat "$httpbin_log" >&2; echo "Tests/run.sh: httpbin did not start" >&2; exit 1; }
elif [[ "${CI:-}" =~ ^(1|[tT][rR][uU][eE]|[yY][eE][sS])$ ]]; then
    echo "Tests/run.sh: CI needs httpbin for Tests/HTTPBinTests, but $httpbin_missing is missing" >&2
    exit 1
else
    echo "Tests/run.sh: skipping the httpbin end-to-end tests: $httpbin_missing is missing" >&2
fi

# One suite at a time: the live-httpbin and hostile-server suites assert timings (a 1 s timeout, a prompt
# cancel) that a parallel neighbour saturating FoundationNetworking's transfer thread would break.
swift test --no-parallel "$@"
