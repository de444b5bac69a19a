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

# Third-party servers from PyPI (Tests/Servers/pypi.sh): each in its own virtual environment under .build.
source Tests/Servers/pypi.sh

# httpbin, served by gunicorn on a free loopback port, for Tests/HTTPBinTests.
httpbin_venv=.build/httpbin-venv
httpbin_missing="$(pypi_venv "$httpbin_venv" Tests/Servers/httpbin-requirements.txt)"
if [ -z "$httpbin_missing" ]; then
    httpbin_log="$(mktemp)"
    "$httpbin_venv/bin/gunicorn" -b 127.0.0.1:0 -w 2 -k gthread --threads 16 --no-control-socket httpbin:app 2>"$httpbin_log" &
    httpbin_pid=$!
    cleanup+=("kill $httpbin_pid; wait $httpbin_pid 2>/dev/null; rm -f '$httpbin_log'")
    for _ in $(seq 200); do
        httpbin_url="$(sed -n 's/.*Listening at: \(http:[^ ]*\).*/\1/p' "$httpbin_log" | head -n1)"
        if [ -n "$httpbin_url" ] && wait_for_url "$httpbin_url/get" 1; then
            export ENDPOINTGEN_HTTPBIN="$httpbin_url"
            break
        fi
        sleep 0.1
    done
    [ -n "${ENDPOINTGEN_HTTPBIN:-}" ] || { cat "$httpbin_log" >&2; echo "Tests/run.sh: httpbin did not start" >&2; exit 1; }
else
    pypi_unavailable httpbin "the httpbin end-to-end tests (Tests/HTTPBinTests)" "$httpbin_missing"
fi

# One suite at a time: the live-httpbin and hostile-server suites assert timings (a 1 s timeout, a prompt
# cancel) that a parallel neighbour saturating FoundationNetworking's transfer thread would break.
swift test --no-parallel "$@"
