# Sourced by Tests/run.sh: what every third-party test server from PyPI needs (httpbin, Jupyter Server, ...).
# Each is installed from a pinned requirements file into its own virtual environment under .build, never
# system-wide. Without Python a developer's run skips its tests with a message; CI (CI=true) stops instead.

is_ci() { [[ "${CI:-}" =~ ^(1|[tT][rR][uU][eE]|[yY][eE][sS])$ ]]; }

# Why no PyPI server can run here (empty when python3 with venv is present); python3-venv is installed when apt can.
pypi_python_missing() {
    if ! command -v python3 >/dev/null; then
        echo "python3"
        return
    fi
    if ! python3 -c "import venv, ensurepip" 2>/dev/null && command -v apt-get >/dev/null; then
        echo "Tests/run.sh: installing python3-venv" >&2
        { apt-get update -qq && apt-get install -y -qq python3-venv; } >/dev/null || true
    fi
    python3 -c "import venv, ensurepip" 2>/dev/null || echo "python3-venv (python3 -m venv)"
}

# pypi_venv VENV REQUIREMENTS: the virtual environment VENV holding exactly REQUIREMENTS, made once per version
# of that file (the venv keeps a copy of the file it was made from). Prints what is missing on failure.
pypi_venv() {
    local venv="$1" requirements="$2" missing
    missing="$(pypi_python_missing)"
    if [ -n "$missing" ]; then
        echo "$missing"
        return
    fi
    cmp -s "$requirements" "$venv/requirements.txt" && return
    echo "Tests/run.sh: installing $requirements into $venv" >&2
    rm -rf "$venv"
    if python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >&2; then
        cp "$requirements" "$venv/requirements.txt"
    else
        echo "the packages of $requirements (pip install failed)"
    fi
}

# pypi_unavailable WHAT TESTS MISSING: a server that cannot run: CI stops, a developer's run skips TESTS.
pypi_unavailable() {
    if is_ci; then
        echo "Tests/run.sh: CI needs $1 for $2, but $3 is missing" >&2
        exit 1
    fi
    echo "Tests/run.sh: skipping $2: $3 is missing" >&2
}

# A free loopback port (the kernel's choice, released for the server to take).
free_port() {
    python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()"
}

# wait_for_url URL TRIES: true once URL answers (any HTTP status counts), trying every 0.1 s at most TRIES times.
wait_for_url() {
    local url="$1" tries="$2"
    for _ in $(seq "$tries"); do
        if python3 - "$url" <<'PY' 2>/dev/null; then
import sys, urllib.request, urllib.error
try:
    urllib.request.urlopen(sys.argv[1], timeout=2)
except urllib.error.HTTPError:
    pass
PY
            return 0
        fi
        sleep 0.1
    done
    return 1
}
