# Sourced by Tests/run.sh and Tests/mutation-check.sh: starts the EndpointRuntime echo server
# (Tests/Servers/echo_server.py) on a free loopback port, exports ENDPOINTGEN_ECHO_SERVER, and registers its stop
# in the caller's $cleanup array. Its own errors (a client that hung up mid-answer) go to $ECHO_SERVER_LOG when set.
echo_port_file="$(mktemp)"
python3 Tests/Servers/echo_server.py --port-file "$echo_port_file" >/dev/null 2>>"${ECHO_SERVER_LOG:-/dev/stderr}" &
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
[ -n "${ENDPOINTGEN_ECHO_SERVER:-}" ] || { echo "$0: the echo server did not start" >&2; exit 1; }
