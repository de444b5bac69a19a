"""The fidelity harness (Tests/Fidelity/README.md): every schema an imported operation reaches, in every document
given, is instantiated, decoded by the generated client and encoded back, and compared; a loss that no warning of
the generator explains and that the reviewed list of known losses does not name fails the run, and so does an entry
of that list that no longer reproduces.

Usage: fidelity.py --plan-tool PATH --work DIR [--expectations FILE] [--plant] [--sample N] DOCUMENT...
"""

import argparse
import fnmatch
import json
import os
import re
import subprocess
import sys
import time
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import ABSENT, differences  # noqa: E402
from instances import Generator, Unsatisfiable, dumps  # noqa: E402

INSTANCES_PER_SCHEMA = 6
# The words of a warning that says what is lost (what a schema becomes instead, what is left out); a warning about
# something else (a name, a server) explains no loss even where it stands.
LOSS_WORDS = re.compile(r"JSON|left out|drop|ignor|not supported|cannot|keeps|typed|lost|lose|instead|only")
MEMBERSHIP = ("member dropped", "member added", "null dropped", "null added", "decode failed")
PACKAGE = """// swift-tools-version:6.0
// Made by Tests/Fidelity/fidelity.py: one driver per document, on this checkout's EndpointRuntime; kept between runs
// so that only what changed is rebuilt.
import PackageDescription
let package = Package(
    name: "FidelityDrivers",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "EndpointGen", path: %s)],
    targets: [
%s
    ]
)
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--plan-tool", required=True)
    parser.add_argument("--work", required=True, help="the scratch folder (under .build)")
    parser.add_argument("--package", required=True, help="the EndpointGen checkout the drivers build against")
    parser.add_argument("--expectations", help="the reviewed list of known unexplained losses")
    parser.add_argument("--sample", action="append", default=[], metavar="DOCUMENT=N",
                        help="check N schemas of a document that reaches more (chosen by a stable hash)")
    parser.add_argument("--write-known", metavar="FILE",
                        help="write today's unexplained losses as known-loss entries to FILE, for review (it fixes nothing)")
    parser.add_argument("--plant", action="store_true", help="self-test: drop a member from every round-tripped object")
    parser.add_argument("documents", nargs="+")
    args = parser.parse_args()
    started = time.monotonic()
    samples = dict(entry.rsplit("=", 1) for entry in args.sample)

    package = os.path.join(args.work, "package")
    runs = []
    for document in args.documents:
        name = target_name(document)
        folder = os.path.join(package, "Documents", name)
        os.makedirs(folder, exist_ok=True)
        command = [args.plan_tool, document, folder]
        if os.path.basename(document) in samples:
            command += ["--sample", samples[os.path.basename(document)]]
        planned = subprocess.run(command, capture_output=True, text=True)
        if planned.returncode != 0:
            print(f"{document}: fidelity-plan failed:\n{planned.stderr}", file=sys.stderr)
            return 1
        with open(os.path.join(folder, "plan.json")) as file:
            plan = json.load(file)
        with open(os.path.join(folder, "document.json")) as file:
            root = json.loads(file.read(), parse_float=Decimal)
        runs.append(instantiate(document, name, folder, plan, root))

    write_if_changed(os.path.join(package, "Package.swift"), PACKAGE % (
        json.dumps(os.path.abspath(args.package)),
        "\n".join(f'        .executableTarget(name: "{run["name"]}", dependencies: [.product(name: "EndpointRuntime", '
                  f'package: "EndpointGen")], path: "Documents/{run["name"]}/Sources"),' for run in runs)))
    print(f"fidelity: building the drivers of {len(runs)} documents in {package}", flush=True)
    built = subprocess.run(["swift", "build", "--package-path", package], capture_output=True, text=True)
    if built.returncode != 0:
        print(built.stdout[-20000:] + built.stderr[-5000:], file=sys.stderr)
        print("fidelity: the generated clients did not compile (a bug of the generator)", file=sys.stderr)
        return 1
    binaries = subprocess.run(["swift", "build", "--package-path", package, "--show-bin-path"], capture_output=True, text=True).stdout.strip()

    losses = []
    for run in runs:
        check(run, os.path.join(binaries, run["name"]), args.plant, losses)

    expectations = read_expectations(args.expectations) if args.expectations else []
    checked_documents = {os.path.basename(run["document"]) for run in runs}
    unexplained = [loss for loss in losses if loss["explained"] is None]
    used = set()
    failures = 0
    print()
    for run in runs:
        report(run, losses, expectations, used)
    new = [loss for loss in unexplained if loss["expected"] is None]
    stale = [entry for index, entry in enumerate(expectations)
             if index not in used and entry["document"] in checked_documents]
    print()
    instances = sum(run["instances"] for run in runs)
    lossless = 100.0 * sum(run["lossless"] for run in runs) / instances if instances else 100.0
    print(f"fidelity: {instances} instances of {sum(len(run['targets']) for run in runs)} schemas "
          f"in {len(runs)} documents, {lossless:.1f}% lossless; {len(losses)} losses: {len(losses) - len(unexplained)} explained by a warning, "
          f"{len(unexplained) - len(new)} known ({args.expectations or 'no list'}), {len(new)} unexplained; "
          f"{time.monotonic() - started:.0f} s")
    if args.write_known:
        write_known(args.write_known, new)
    reported = set()
    for loss in new:
        key = (loss["document"], loss["owner"], loss["inner"], loss["kind"])
        if key in reported:
            continue
        reported.add(key)
        failures += 1
        print(f"error: unexplained loss: {loss['document']}: {loss['owner']} {loss['inner'] or '(the value)'}: {loss['kind']} "
              f"(e.g. {loss['pointer'] or '/'} of {loss['schema']}: {short(loss['original'])} -> {short(loss['returned'])})")
    for entry in stale:
        failures += 1
        print(f"error: {args.expectations}:{entry['line']}: fixed: remove it from the list: {entry['text']}")
    return 1 if failures else 0


def target_name(document):
    stem = re.sub(r"[^A-Za-z0-9]", "_", os.path.basename(document).rsplit(".", 1)[0])
    folder = os.path.basename(os.path.dirname(os.path.abspath(document)))
    return "Fidelity_" + re.sub(r"[^A-Za-z0-9]", "_", folder) + "_" + stem


def instantiate(document, name, folder, plan, root):
    """Writes the instances of every schema of the plan (INDEX<tab>JSON lines) and keeps each one's record."""
    lines, instances, ungenerated = [], [], 0
    for index, target in enumerate(plan["targets"]):
        schema = {"$ref": "#" + target["pointer"]}
        made = 0
        for attempt in range(INSTANCES_PER_SCHEMA * 3):
            if made == INSTANCES_PER_SCHEMA:
                break
            generator = Generator(root, f"{os.path.basename(document)}|{target['pointer']}|{attempt}", number=made)
            try:
                value, record = generator.instance(schema, target["pointer"])
                defaults = generator.defaults
            except (Unsatisfiable, RecursionError, KeyError, IndexError, TypeError, ValueError):
                continue
            made += 1
            text = dumps(value)
            lines.append(f"{index}\t{text}\n")
            instances.append({"target": index, "value": json.loads(text, parse_float=Decimal), "record": record,
                              "defaults": {pointer: json.loads(dumps(value), parse_float=Decimal) for pointer, value in defaults.items()}})
        ungenerated += made == 0
    with open(os.path.join(folder, "instances.jsonl"), "w") as file:
        file.writelines(lines)
    return {"document": document, "name": name, "targets": plan["targets"], "total": plan["total"], "untyped": plan["untyped"],
            "warnings": plan["warnings"], "instances": len(instances), "items": instances, "ungenerated": ungenerated,
            "input": os.path.join(folder, "instances.jsonl")}


def check(run, binary, plant, losses):
    with open(run["input"]) as file:
        result = subprocess.run([binary], stdin=file, capture_output=True, text=True)
    outputs = result.stdout.splitlines()
    if result.returncode != 0 or len(outputs) != len(run["items"]):
        raise SystemExit(f"{run['document']}: the driver failed ({result.returncode}): {result.stderr[-2000:]}")
    lossless = 0
    for item, output in zip(run["items"], outputs):
        status, _, text = output.partition("\t")
        target = run["targets"][item["target"]]
        if status == "OK":
            returned = json.loads(text, parse_float=Decimal)
            if plant and isinstance(returned, dict) and returned:
                returned.pop(sorted(returned)[0])
            # A member left out and given back with its schema's default is the same value.
            found = [loss for loss in differences(item["value"], returned)
                     if not (loss[1] in ("member added", "null added") and loss[0] in item["defaults"]
                             and not differences(item["defaults"][loss[0]], loss[3]))]
        elif status == "DECODE":
            where, _, why = text.partition("\t")
            found = [(where, "decode failed", value_at(item["value"], where), why)]
        else:
            found = [("", "encode failed", item["value"], text)]
        lossless += not found
        for pointer, kind, original, returned in found:
            losses.append(located(run, target, item["record"], pointer, kind, original, returned))
    run["lossless"] = lossless


def value_at(value, pointer):
    """The value at a JSON pointer, or ABSENT (a required member that is missing)."""
    for token in pointer.split("/")[1:] if pointer else []:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        elif isinstance(value, dict) and token in value:
            value = value[token]
        else:
            return ABSENT
    return value


def located(run, target, record, pointer, kind, original, returned):
    """A loss with the schema that owns the lost value, its pointer there, and the warning that explains it, if any."""
    # The nearest recorded place at or above the pointer (a member added, or a value inside free-form JSON, has none).
    above, rest = pointer, []
    while above and above not in record:
        above, _, token = above.rpartition("/")
        rest.insert(0, "*" if token.isdigit() else token)
    (owner, inner), spans, unions = record.get(above, ((target["pointer"], ""), [], []))
    inner += "".join("/" + token for token in rest)
    # The schemas that produced the value (and the union or discriminated base that chose it) explain its loss; for a
    # member dropped or added, also a union that chose the object holding it, and for a member the schema does not
    # declare (an additional or pattern property, one it never had) the object's schema itself.
    spans = spans + unions
    parent = pointer.rsplit("/", 1)[0] if pointer else None
    if kind in MEMBERSHIP and parent is not None and parent in record:
        spans = spans + record[parent][2]
        if above != pointer or inner.endswith("/*"):
            spans = spans + record[parent][1]
    explained = None
    path = os.path.abspath(run["document"])
    for warning in run["warnings"]:
        at = (warning["line"], warning["column"])
        if os.path.abspath(warning["file"]) == path and LOSS_WORDS.search(warning["message"]) \
                and any((span[0], span[1]) <= at <= (span[2], span[3]) for span in spans):
            explained = warning
            break
    return {"document": os.path.basename(run["document"]), "schema": target["pointer"], "type": target["type"], "pointer": pointer,
            "owner": owner, "inner": inner, "kind": kind, "original": original, "returned": returned, "explained": explained,
            "expected": None}


def report(run, losses, expectations, used):
    document = os.path.basename(run["document"])
    mine = [loss for loss in losses if loss["document"] == document]
    sampled = f" (a sample of {len(run['targets'])} of {run['total']}: sampled)" if len(run["targets"]) < run["total"] else ""
    percent = 100.0 * run["lossless"] / run["instances"] if run["instances"] else 100.0
    print(f"{run['document']}: {len(run['targets'])} schemas{sampled}, {run['instances']} instances, "
          f"{percent:.1f}% lossless, {len(mine)} losses"
          + (f"; {run['untyped']} reached schemas have no type of their own" if run["untyped"] else "")
          + (f"; no instance could be made for {run['ungenerated']}" if run["ungenerated"] else ""))
    groups = {}
    for loss in mine:
        for index, entry in enumerate(expectations):
            if entry["document"] == document and entry["kind"] == loss["kind"] and fnmatch.fnmatchcase(loss["owner"], entry["owner"]) \
                    and fnmatch.fnmatchcase(loss["inner"], entry["inner"]) and loss["explained"] is None:
                loss["expected"] = entry
                used.add(index)
                break
        key = (loss["owner"], loss["inner"], loss["kind"])
        groups.setdefault(key, []).append(loss)
    for (owner, inner, kind), group in sorted(groups.items()):
        first = group[0]
        if first["explained"] is not None:
            why = f"warned at line {first['explained']['line']}: {first['explained']['message'][:100]}"
        elif first["expected"] is not None:
            why = f"known: {first['expected']['reason']}"
        else:
            why = "UNEXPLAINED"
        print(f"  {owner} {inner or '(the value)'}: {kind} x{len(group)} [{why}]")
        print(f"      e.g. {first['pointer'] or '/'} of {first['schema']} ({first['type']}): {short(first['original'])} -> {short(first['returned'])}")


def short(value):
    text = value if value == ABSENT else dumps(value) if not isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 100 else text[:97] + "..."


def read_expectations(path):
    """Each line `DOCUMENT | SCHEMA | POINTER | KIND | CONSTRUCT (issue 33 item N)`; `*` in SCHEMA and POINTER
    matches within them, `#` starts a comment."""
    entries = []
    with open(path) as file:
        for number, line in enumerate(file, 1):
            text = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
            if not text or text.startswith("#"):
                continue
            fields = [field.strip() for field in text.split(" | ")]
            if len(fields) != 5 or not re.search(r"issue \d+ item \d+|not yet an issue item", fields[4]):
                raise SystemExit(f"{path}:{number}: expected 'DOCUMENT | SCHEMA | POINTER | KIND | CONSTRUCT (issue 33 item N)', "
                                 "or '... (not yet an issue item)' for a loss the harness found first")
            entries.append({"document": fields[0], "owner": fields[1], "inner": "" if fields[2] == "(the value)" else fields[2],
                            "kind": fields[3], "reason": fields[4], "line": number, "text": text})
    return entries


CONSTRUCTS = {
    "fraction lost": "a date-time encoded without its fractional seconds (issue 33 item 1)",
    "number changed": "a number rounded to a Double (issue 33 item 2)",
    "null dropped": "null sent as absent (issue 33 item 12)",
}


def write_known(path, losses):
    """Today's unexplained losses as entries, one per document, schema, pointer and kind, each with the construct
    its kind suggests: to be reviewed (a `REVIEW` entry fails to load until a person names its construct)."""
    lines = []
    for loss in losses:
        construct = CONSTRUCTS.get(loss["kind"], "REVIEW")
        if loss["kind"] == "string changed" and isinstance(loss["original"], str) and loss["original"].upper() == loss["returned"]:
            construct = "a UUID re-encoded in upper case (not yet an issue item)"
        line = f"{loss['document']} | {loss['owner']} | {loss['inner'] or '(the value)'} | {loss['kind']} | {construct}\n"
        if line not in lines:
            lines.append(line)
    with open(path, "w") as file:
        file.writelines(lines)


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path) as file:
            if file.read() == text:
                return
    with open(path, "w") as file:
        file.write(text)


if __name__ == "__main__":
    sys.exit(main())
