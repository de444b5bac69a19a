#!/usr/bin/env bash
# The mutation check (Tests/Mutation/check.py): plants each mutant listed in Tests/Mutation/mutants.txt, rebuilds
# incrementally, runs the tests that must catch it, and puts the code back; prints a table and `N caught, M survived`.
# Arguments go to check.py (--only ID,ID, --shard K/N, --timeout S, --list). Needs a clean work tree for the files
# it mutates: it restores each file's text, but would also restore over an edit made while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."

cleanup=()
stop_servers() { for command in "${cleanup[@]}"; do eval "$command" || true; done; }
trap stop_servers EXIT
# Several mechanisms (retries, redirects, timeouts, streams) are tested against the loopback echo server, whose
# complaints about clients that hung up (as mutants make them do) would bury the table.
export ECHO_SERVER_LOG="$(mktemp)"
cleanup+=("rm -f '$ECHO_SERVER_LOG'")
source Tests/Servers/echo.sh

python3 Tests/Mutation/check.py "$@"
