#!/usr/bin/env python3
"""The mutation check: plants each mutant of Tests/Mutation/mutants.txt in turn, rebuilds incrementally, runs the
tests that must catch it, and puts the file back. Run through Tests/mutation-check.sh, which starts the echo server.

A mutant is caught when its tests fail, survives when they pass; a mutant whose tests hang past --timeout, one that
does not compile, or one whose text is not in its file exactly once is an error of the list or of the tests. The run
fails on any of those, on a survivor not marked `equivalent:`, and when fewer than 95% of the mutants are caught.
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIST = Path(__file__).resolve().parent / "mutants.txt"
REQUIRED_CATCH_RATE = 0.95


@dataclass
class Mutant:
    id: str
    line: int
    fields: dict = field(default_factory=dict)

    @property
    def file(self) -> str:
        return self.fields["file"]

    @property
    def tests(self) -> list:
        return self.fields["tests"].split()

    @property
    def original(self) -> str:
        return unescape(self.fields["replace"])

    @property
    def replacement(self) -> str:
        return unescape(self.fields["with"])


def unescape(text: str) -> str:
    """`\\n` stands for a line break and `\\\\` for a backslash, so a mutant spanning lines fits on one."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "\\": "\\"}.get(m.group(1), m.group(0)), text)


def parse(path: Path) -> list:
    """Blocks of `key: value` lines, each opened by `## id`; `#` lines are comments."""
    mutants, current = [], None
    known = {"file", "tests", "replace", "with", "mechanism", "equivalent"}
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        if raw.startswith("## "):
            current = Mutant(raw[3:].strip(), number)
            mutants.append(current)
            continue
        if not raw.strip() or raw.startswith("#"):
            continue
        key, sep, value = raw.partition(": ")
        if not sep or current is None or key not in known:
            sys.exit(f"{path}:{number}: error: expected `key: value` with a key among {sorted(known)} inside a `## id` block")
        current.fields[key] = value
    ids = set()
    for mutant in mutants:
        missing = {"file", "tests", "replace", "with", "mechanism"} - mutant.fields.keys()
        if missing:
            sys.exit(f"{path}:{mutant.line}: error: mutant {mutant.id} lacks {', '.join(sorted(missing))}")
        if mutant.id in ids:
            sys.exit(f"{path}:{mutant.line}: error: mutant {mutant.id} is listed twice")
        ids.add(mutant.id)
    return mutants


def check_texts(mutants: list) -> None:
    """Every mutant's text stands exactly once in its file, so the list fails loudly when the code moves."""
    stale = []
    for mutant in mutants:
        source = (ROOT / mutant.file).read_text()
        count = source.count(mutant.original)
        if count != 1 or mutant.original == mutant.replacement:
            stale.append(f"{LIST}:{mutant.line}: error: mutant {mutant.id}: its text stands {count} times in {mutant.file} (must be once)")
    if stale:
        sys.exit("\n".join(stale))


def run(command: list, timeout: float, environment: dict = None) -> tuple:
    """(exit status or None on a time-out, output): the command in a process group of its own, killed whole on time-out."""
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True, env=environment)
    try:
        output, _ = process.communicate(timeout=timeout)
        return process.returncode, output
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return None, output


def build() -> tuple:
    return run(["swift", "build", "--build-tests"], timeout=1800)


def test(filters: list, timeout: float) -> tuple:
    command = ["swift", "test", "--skip-build", "--no-parallel"]
    for name in filters:
        command += ["--filter", name]
    # A filter may also match a live suite of the same name whose server this check does not start (httpbin's
    # AuthSchemeTests beside the runtime's): outside CI it skips instead of failing. That hides no catch: a mutant whose
    # only catching test skipped survives, and the run fails.
    environment = {key: value for key, value in os.environ.items() if key != "CI"}
    return run(command, timeout, environment)


def failed_tests(output: str) -> list:
    """The names of the tests that failed, as Swift Testing reports them."""
    return sorted(set(re.findall(r"✘ Test (\S+?)(?:\(.*?\))? (?:failed|recorded)", output)))


def passed_count(output: str) -> int:
    return len(re.findall(r"✔ Test \S+ passed", output))


def main() -> int:
    # A stop (CI's time limit, Ctrl-C) unwinds through the `finally` that puts the mutated file back.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated mutant ids")
    parser.add_argument("--shard", help="K/N: the mutants whose position is K modulo N (1-based K), for a rotating subset")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a mutant's tests may take (default 300)")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    options = parser.parse_args()

    mutants = parse(LIST)
    check_texts(mutants)
    if options.list:
        for mutant in mutants:
            print(f"{mutant.id:40} {mutant.fields['mechanism']:18} {mutant.file}")
        return 0
    selected = mutants
    if options.only:
        wanted = options.only.split(",")
        unknown = set(wanted) - {m.id for m in mutants}
        if unknown:
            sys.exit(f"unknown mutant ids: {', '.join(sorted(unknown))}")
        selected = [m for m in mutants if m.id in wanted]
    if options.shard:
        k, n = (int(part) for part in options.shard.split("/"))
        selected = [m for i, m in enumerate(selected) if i % n == k - 1]

    status, output = build()
    if status != 0:
        print(output)
        sys.exit("mutation check: the unmutated tree does not build")
    # Each distinct set of tests passes on the unmutated tree and runs at least one test, so that a catch means the mutant.
    for filters in sorted({tuple(m.tests) for m in selected}):
        status, output = test(list(filters), options.timeout)
        if status != 0 or passed_count(output) == 0:
            print(output[-4000:])
            sys.exit(f"mutation check: {' '.join(filters)} must pass, running at least one test, on the unmutated tree")

    rows, started = [], time.monotonic()
    for mutant in selected:
        path = ROOT / mutant.file
        source = path.read_text()
        begin = time.monotonic()
        try:
            path.write_text(source.replace(mutant.original, mutant.replacement))
            status, output = build()
            if status != 0:
                errors = [line for line in output.splitlines() if "error:" in line]
                result, by = "does not compile", (errors[0] if errors else output[-300:]).strip()
            else:
                status, output = test(mutant.tests, options.timeout)
                if status is None:
                    result, by = "hung", f"no answer within {options.timeout:.0f} s"
                elif status != 0:
                    last = [line for line in output.splitlines() if line.strip()][-1:] or ["no output"]
                    result, by = "caught", ", ".join(failed_tests(output)) or f"the test run failed: {last[0].strip()}"
                elif "equivalent" in mutant.fields:
                    result, by = "equivalent", mutant.fields["equivalent"]
                else:
                    result, by = "SURVIVED", ""
        finally:
            path.write_text(source)
        rows.append((mutant, result, by, time.monotonic() - begin))
        print(f"{mutant.id}: {result} ({time.monotonic() - begin:.0f} s) {by}", flush=True)

    build()  # leave the build matching the tree
    print()
    print("| mutant | mechanism | file | result | caught by |")
    print("|---|---|---|---|---|")
    for mutant, result, by, _ in rows:
        print(f"| {mutant.id} | {mutant.fields['mechanism']} | {mutant.file} | {result} | {by[:160]} |")
    caught = sum(1 for _, result, _, _ in rows if result == "caught")
    equivalent = sum(1 for _, result, _, _ in rows if result == "equivalent")
    survived = sum(1 for _, result, _, _ in rows if result == "SURVIVED")
    broken = [m.id for m, result, _, _ in rows if result in ("hung", "does not compile")]
    skipped = len(mutants) - len(selected)
    print()
    print(f"ran {len(selected)} of {len(mutants)} mutants ({skipped} not in this run) in {time.monotonic() - started:.0f} s")
    print(f"{caught} caught, {survived + equivalent} survived ({equivalent} accepted as equivalent)")
    rate = caught / len(rows) if rows else 1.0
    failures = []
    if survived:
        failures.append(f"{survived} survivor(s) not marked equivalent: each is a missing test")
    if broken:
        failures.append(f"hung or not compiling: {', '.join(broken)}")
    if rate < REQUIRED_CATCH_RATE:
        failures.append(f"catch rate {rate:.0%} is under {REQUIRED_CATCH_RATE:.0%}")
    for failure in failures:
        print(f"mutation check: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
