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

swift test "$@"
