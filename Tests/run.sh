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

swift test "$@"
