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

# The EndpointRuntime echo server (Tests/Servers/echo.sh) on a free loopback port.
source Tests/Servers/echo.sh

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

# Datasette over a fixture SQLite database (table `items`: 3,000 rows), on a free loopback port, for Tests/DatasetteTests.
datasette_venv=.build/datasette-venv
datasette_missing="$(pypi_venv "$datasette_venv" Tests/Servers/datasette-requirements.txt)"
if [ -z "$datasette_missing" ]; then
    datasette_dir="$(mktemp -d)"
    python3 - "$datasette_dir/fixtures.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("create table items (id integer primary key, name text not null, score integer not null)")
db.executemany("insert into items values (?, ?, ?)", [(i, f"item {i}", i * 7 % 100) for i in range(1, 3001)])
db.commit()
PY
    datasette_port="$(free_port)"
    "$datasette_venv/bin/datasette" serve "$datasette_dir/fixtures.db" -h 127.0.0.1 -p "$datasette_port" >"$datasette_dir/log" 2>&1 &
    datasette_pid=$!
    cleanup+=("kill $datasette_pid; wait $datasette_pid 2>/dev/null; rm -rf '$datasette_dir'")
    if wait_for_url "http://127.0.0.1:$datasette_port/fixtures.json" 300; then
        export ENDPOINTGEN_DATASETTE="http://127.0.0.1:$datasette_port"
    else
        cat "$datasette_dir/log" >&2
        echo "Tests/run.sh: Datasette did not start" >&2
        exit 1
    fi
else
    pypi_unavailable Datasette "the Datasette end-to-end tests (Tests/DatasetteTests)" "$datasette_missing"
fi

# Jupyter Server on a free loopback port, for Tests/JupyterTests: a token made for this run, a scratch root folder and
# scratch Jupyter folders (no user config is read, no runtime file is left behind), all removed on exit. Deleting
# deletes (by default Jupyter moves files to the user's trash, ~/.local/share/Trash, where they would pile up).
jupyter_venv=.build/jupyter-venv
jupyter_missing="$(pypi_venv "$jupyter_venv" Tests/Servers/jupyter-requirements.txt)"
if [ -z "$jupyter_missing" ]; then
    jupyter_scratch="$(mktemp -d)"
    mkdir -p "$jupyter_scratch/root" "$jupyter_scratch/share/kernels/idle"
    # A kernel spec whose kernel only sleeps: the tests start, list and stop kernels and sessions but run no code,
    # so the server needs no ipykernel (and its IPython) to start one.
    printf '{"argv": ["%s", "-c", "import time; time.sleep(600)", "{connection_file}"], "display_name": "Idle", "language": "none"}\n' \
        "$PWD/$jupyter_venv/bin/python" >"$jupyter_scratch/share/kernels/idle/kernel.json"
    jupyter_token="$(python3 -c 'import secrets; print(secrets.token_hex(24))')"
    jupyter_port="$(free_port)"
    JUPYTER_CONFIG_DIR="$jupyter_scratch/config" JUPYTER_DATA_DIR="$jupyter_scratch/data" JUPYTER_RUNTIME_DIR="$jupyter_scratch/runtime" \
        JUPYTER_PATH="$jupyter_scratch/share" "$jupyter_venv/bin/jupyter" server --allow-root --IdentityProvider.token="$jupyter_token" \
        --ServerApp.ip=127.0.0.1 --ServerApp.port="$jupyter_port" --ServerApp.port_retries=0 \
        --ServerApp.root_dir="$jupyter_scratch/root" --ServerApp.open_browser=False --FileContentsManager.delete_to_trash=False \
        >"$jupyter_scratch/log" 2>&1 &
    jupyter_pid=$!
    cleanup+=("kill $jupyter_pid; wait $jupyter_pid 2>/dev/null; rm -rf '$jupyter_scratch'")
    # Start-up takes a few seconds, far more on a loaded machine: up to about 90 s, unless the server exits first.
    for _ in $(seq 600); do
        kill -0 "$jupyter_pid" 2>/dev/null || break
        if wait_for_url "http://127.0.0.1:$jupyter_port/api/" 1; then
            export ENDPOINTGEN_JUPYTER="http://127.0.0.1:$jupyter_port" ENDPOINTGEN_JUPYTER_TOKEN="$jupyter_token"
            break
        fi
    done
    [ -n "${ENDPOINTGEN_JUPYTER:-}" ] || { cat "$jupyter_scratch/log" >&2; echo "Tests/run.sh: Jupyter Server did not start" >&2; exit 1; }
else
    pypi_unavailable "Jupyter Server" "the Jupyter Server live tests (Tests/JupyterTests)" "$jupyter_missing"
fi

# moto's S3 REST API on a free loopback port, for Tests/S3Tests (XML bodies and errors, continuation-token pages).
moto_venv=.build/moto-venv
moto_missing="$(pypi_venv "$moto_venv" Tests/Servers/moto-requirements.txt)"
if [ -z "$moto_missing" ]; then
    moto_log="$(mktemp)"
    moto_port="$(free_port)"
    "$moto_venv/bin/moto_server" -H 127.0.0.1 -p "$moto_port" >"$moto_log" 2>&1 &
    moto_pid=$!
    cleanup+=("kill $moto_pid; wait $moto_pid 2>/dev/null; rm -f '$moto_log'")
    for _ in $(seq 600); do
        kill -0 "$moto_pid" 2>/dev/null || break
        if wait_for_url "http://127.0.0.1:$moto_port/" 1; then
            export ENDPOINTGEN_S3="http://127.0.0.1:$moto_port"
            break
        fi
    done
    [ -n "${ENDPOINTGEN_S3:-}" ] || { cat "$moto_log" >&2; echo "Tests/run.sh: moto did not start" >&2; exit 1; }
else
    pypi_unavailable moto "the S3 live tests on moto (Tests/S3Tests)" "$moto_missing"
fi

# One suite at a time: the live-httpbin and hostile-server suites assert timings (a 1 s timeout, a prompt
# cancel) that a parallel neighbour saturating FoundationNetworking's transfer thread would break.
swift test --no-parallel "$@"
