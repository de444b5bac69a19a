#!/usr/bin/env bash
# The platform guard (CI, on Linux): keeps the package building for the macOS and iOS it declares, which this machine
# cannot compile for. It fails when Sources/, Templates/, Generated/, Plugins/ or Tests/ use an API newer than the
# deployment targets in Package.swift, when tests compare localised error text outside `#if os(Linux)`, or when
# docs/Platforms.md does not list exactly the `#if os(...)` / `#if canImport(...)` branches of Sources/, Templates/,
# Generated/ and Plugins/ (file:line).
#
#   bash Tests/platform-guard.sh              the self-test (quietly), then check the repository
#   bash Tests/platform-guard.sh --self-test  run every rule on small fixtures: each must fire, clean code must pass
#   bash Tests/platform-guard.sh --list       print the platform branches as docs/Platforms.md must list them
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'PYTHON'
import collections, os, re, sys, tempfile

# MARK: The rules

# APIs newer than the deployment targets, each with the first releases that have it. A rule applies while Package.swift
# declares a target below them (raise the targets and the rule stops firing). `where`: the folders it looks at.
NEWER_APIS = [
    ("synchronization", "the Synchronization module (Mutex, Atomic)", {"macOS": 15, "iOS": 18},
     re.compile(r"\bimport\s+Synchronization\b|\bSynchronization\s*\."), ("Sources", "Templates", "Generated", "Plugins", "Tests")),
    ("mutex", "Synchronization.Mutex (use a lock: TestSupport's Locked, the runtime's LockedState)", {"macOS": 15, "iOS": 18},
     re.compile(r"\bMutex\b"), ("Sources", "Templates", "Generated", "Plugins", "Tests")),
    ("atomic", "Synchronization's Atomic types", {"macOS": 15, "iOS": 18},
     re.compile(r"\bAtomic[A-Za-z]*\b"), ("Sources", "Templates", "Generated", "Plugins", "Tests")),
    # A typed-throws function type's metadata needs the Swift 6 runtime: a stored property of that type in code we
    # generate breaks `as Any`, `XCTAssertNil(fake.handler)`, `== nil` and reflection of it on older systems.
    ("typed-throws-property", "a stored property of a typed-throws closure type in generated code", {"macOS": 15, "iOS": 18},
     re.compile(r"\b(?:var|let)\s+[^:=]+:[^=]*\bthrows\s*\("), ("Templates", "Generated", "Tests/HostileClientTests/Generated")),
]
# On macOS `Bundle.main` is the test runner (Xcode's xctest, SwiftPM's Swift Testing helper), not the products folder:
# tests find it through TestSupport's `TestEnvironment.productsFolder`, the one place allowed to look at `Bundle.main`.
BUNDLE_MAIN = re.compile(r"\bBundle\s*\.\s*main\b")
BUNDLE_MAIN_ALLOWED = {"Tests/TestSupport/TestEnvironment.swift"}
# Localised or platform-worded error text: compared, it makes a test pass only in one language on one platform.
LOCALISED_TEXT = re.compile(r"\b(?:localizedDescription|localizedFailureReason|localizedRecoverySuggestion|transportDescription)\b")
COMPARISON = re.compile(r"==|!=|~=|\.contains\(|\.hasPrefix\(|\.hasSuffix\(|XCTAssertEqual|XCTAssertNotEqual|\.starts\(with:")
# Platform branches, and the folders whose branches docs/Platforms.md lists.
BRANCH = re.compile(r"^\s*#(?:if|elseif)\b.*\b(?:os|canImport)\s*\(")
BRANCH_FOLDERS = ("Sources", "Templates", "Generated", "Plugins")
DOC = "docs/Platforms.md"
# An entry of the doc: `FILE`: `CONDITION`, e.g. `Sources/A/B.swift`: `#if canImport(FoundationNetworking)`.
DOC_ENTRY = re.compile(r"`((?:Sources|Templates|Generated|Plugins)/[^`\s]+)`: `(#(?:if|elseif)\b[^`]*)`")

# MARK: Reading Swift

def code_only(text):
    """`text` with comments and string literals blanked out (newlines kept, so lines keep their numbers)."""
    out, i, n = [], 0, len(text)
    def blank(s):
        return re.sub(r"[^\n]", " ", s)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j])); i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j): depth += 1; j += 2
                elif text.startswith("*/", j): depth -= 1; j += 2
                else: j += 1
            out.append(blank(text[i:j])); i = j
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = re.match(r'#*', text[i:]).group(0)
            start = i + len(hashes)
            multiline = text.startswith('"""', start)
            close = ('"""' if multiline else '"') + hashes
            j = start + (3 if multiline else 1)
            while j < n:
                if not hashes and text[j] == "\\": j += 2; continue
                if text.startswith(close, j): j += len(close); break
                if not multiline and text[j] == "\n": break
                j += 1
            out.append(blank(text[i:j])); i = j
        else:
            out.append(text[i]); i += 1
    return "".join(out)

def linux_only_lines(code):
    """The 1-based numbers of the lines inside an `#if os(Linux)` branch (or the `#else` of `#if !os(Linux)`)."""
    inside, stack = set(), []  # stack: is the current branch Linux-only, per open #if
    for number, line in enumerate(code.split("\n"), 1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        if directive:
            kind, condition = directive.group(1), directive.group(2).strip()
            if kind == "if":
                stack.append((condition == "os(Linux)", condition == "!os(Linux)"))
            elif kind == "elseif" and stack:
                stack[-1] = (False, False)
            elif kind == "else" and stack:
                stack[-1] = (stack[-1][1], False)
            elif kind == "endif" and stack:
                stack.pop()
            continue
        if any(linux for linux, _ in stack):
            inside.add(number)
    return inside

def files(root, folders):
    """The Swift files below `folders`, and the Mustache templates of Templates/: (path from `root`, path)."""
    for folder in folders:
        for directory, subfolders, names in os.walk(os.path.join(root, folder)):
            subfolders[:] = sorted(s for s in subfolders if s != ".build")
            for name in sorted(names):
                if name.endswith(".swift") or (folder == "Templates" and name.endswith(".mustache")):
                    path = os.path.join(directory, name)
                    yield os.path.relpath(path, root), path

def deployment_targets(root):
    """The minimum macOS and iOS major versions Package.swift declares."""
    manifest = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
    targets = {platform: int(version) for platform, version in re.findall(r"\.(macOS|iOS)\(\.v(\d+)", manifest)}
    if set(targets) != {"macOS", "iOS"}:
        raise SystemExit("platform-guard: cannot read the macOS and iOS deployment targets from Package.swift")
    return targets

def platform_branches(root):
    branches = []
    for relative, path in files(root, BRANCH_FOLDERS):
        code = code_only(open(path, encoding="utf-8").read())
        for number, line in enumerate(code.split("\n"), 1):
            if BRANCH.match(line):
                branches.append((relative, number, line.strip()))
    return branches

# MARK: Checking

def check(root):
    """Every finding in the tree at `root`, as (rule, "file:line", explanation)."""
    findings = []
    targets = deployment_targets(root)
    rules = [rule for rule in NEWER_APIS if any(targets[p] < v for p, v in rule[2].items())]
    for relative, path in files(root, ("Sources", "Templates", "Generated", "Plugins", "Tests")):
        code = code_only(open(path, encoding="utf-8").read())
        lines = code.split("\n")
        for name, what, introduced, pattern, folders in rules:
            if not any(relative == f or relative.startswith(f + "/") for f in folders):
                continue
            for number, line in enumerate(lines, 1):
                if pattern.search(line):
                    since = ", ".join(f"{p} {v}" for p, v in introduced.items())
                    declared = ", ".join(f"{p} {v}" for p, v in targets.items())
                    findings.append((name, f"{relative}:{number}", f"{what} needs {since}; the package declares {declared}"))
        if relative.startswith("Tests/"):
            linux = linux_only_lines(code)
            for number, line in enumerate(lines, 1):
                if relative not in BUNDLE_MAIN_ALLOWED and BUNDLE_MAIN.search(line):
                    findings.append(("bundle-main", f"{relative}:{number}",
                                     "Bundle.main in a test: on macOS it is the test runner; use TestEnvironment.productsFolder"))
                if number not in linux and LOCALISED_TEXT.search(line) and COMPARISON.search(line):
                    findings.append(("localised-text", f"{relative}:{number}",
                                     "a comparison of localised error text outside #if os(Linux): compare codes, or move it under #if os(Linux)"))
    # By file and condition, as many times as each occurs: moving a branch changes nothing, adding one needs an entry.
    branches = platform_branches(root)
    found = collections.Counter((f, " ".join(text.split())) for f, _, text in branches)
    doc_path = os.path.join(root, DOC)
    listed = collections.Counter()
    if os.path.exists(doc_path):
        listed = collections.Counter((f, " ".join(text.split())) for f, text in DOC_ENTRY.findall(open(doc_path, encoding="utf-8").read()))
    for f, n, text in branches:
        if found[(f, " ".join(text.split()))] > listed[(f, " ".join(text.split()))]:
            findings.append(("platforms-doc", f"{f}:{n}", f"`{text}` is not listed in {DOC} (bash Tests/platform-guard.sh --list)"))
    for (f, text), count in sorted((listed - found).items()):
        findings.append(("platforms-doc", f"{DOC}", f"lists `{f}`: `{text}`, which {f} does not have (or not {listed[(f, text)]} times)"))
    return findings

def report(findings):
    for rule, place, explanation in findings:
        print(f"{place}: error: [{rule}] {explanation}", file=sys.stderr)

# MARK: Self-test

PACKAGE = 'let package = Package(name: "P", platforms: [.macOS(.v13), .iOS(.v16)])\n'
LISTED_DOC = "- `Sources/A/B.swift`: `#if canImport(FoundationNetworking)`\n"
# Each case: the rule that must fire (None: none may), and the files of a small tree.
CASES = [
    ("synchronization", {"Tests/T/A.swift": "import Synchronization\n"}),
    ("mutex", {"Tests/T/A.swift": "let value = Mutex(0)\n"}),
    ("mutex", {"Sources/A/A.swift": "final class C { let lock = Mutex<Int>(0) }\n"}),
    ("atomic", {"Sources/A/A.swift": "let counter = Atomic<Int>(0)\n"}),
    ("typed-throws-property", {"Generated/A/AFake.swift": "    public var userHandler: (@Sendable (Int) async throws(EndpointError) -> User)?\n"}),
    ("typed-throws-property", {"Templates/Fake.swift.mustache": "    {{access}}var {{handlerName}}: (@Sendable ({{parameterTypes}}) async throws(EndpointError) -> {{responseType}})?\n"}),
    ("bundle-main", {"Tests/T/A.swift": "let tool = Bundle.main.bundleURL.appendingPathComponent(\"endpointgen\")\n"}),
    ("localised-text", {"Tests/T/A.swift": "#expect(error.localizedDescription == \"Failed writing header\")\n"}),
    ("localised-text", {"Tests/T/A.swift": "#if os(macOS)\n#expect(error.transportDescription.contains(\"offline\"))\n#endif\n"}),
    ("localised-text", {"Tests/T/A.swift": "#if !os(Linux)\n#expect(e.localizedDescription != \"x\")\n#endif\n"}),
    ("localised-text", {"Tests/T/A.swift": "#if os(Linux)\n#else\nXCTAssertEqual(e.localizedDescription, \"x\")\n#endif\n"}),
    ("platforms-doc", {"Sources/A/B.swift": "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n", DOC: ""}),
    ("platforms-doc", {"Sources/A/B.swift": "let x = 1\n", DOC: LISTED_DOC}),
    ("platforms-doc", {"Plugins/P/P.swift": "import PackagePlugin\n#if canImport(XcodeProjectPlugin)\n#endif\n", DOC: "- `Plugins/P/P.swift`: `#if os(macOS)`\n"}),
    ("platforms-doc", {"Sources/A/B.swift": "#if canImport(FoundationNetworking)\n#endif\n#if canImport(FoundationNetworking)\n#endif\n", DOC: LISTED_DOC}),
    # Clean code: none of these may fire.
    (None, {
        "Tests/T/A.swift": "// Mutex, Atomic, Bundle.main and import Synchronization, in a comment\n"
                           "let text = \"Mutex Atomic Bundle.main\"\nlet lock = Locked(0)\n"
                           "let block = \"\"\"\n    Bundle.main.bundleURL\n    \"\"\"\n"
                           "#if os(Linux)\n#expect(error.localizedDescription == \"Failed writing header\")\n#endif\n"
                           "#if !os(Linux)\n#else\n#expect(error.transportDescription == \"x\")\n#endif\n"
                           "print(error.localizedDescription)\n",
        "Tests/TestSupport/TestEnvironment.swift": "let folder = Bundle.main.bundleURL\n",
        "Sources/A/B.swift": "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\nlet t: @Sendable () async throws(E) -> Int\n",
        "Generated/A/AFake.swift": "    public var userHandler: (@Sendable (Int) async throws -> User)?\n"
                                   "    public func user(id: Int) async throws(EndpointError) -> User { fatalError() }\n",
        DOC: LISTED_DOC,
    }),
    # Targets at or above an API's release: its rule no longer applies.
    (None, {"Package.swift": 'platforms: [.macOS(.v15), .iOS(.v18)]\n', "Tests/T/A.swift": "import Synchronization\nlet m = Mutex(0)\n"}),
]

def self_test(verbose):
    failures = 0
    for index, (expected, tree) in enumerate(CASES, 1):
        with tempfile.TemporaryDirectory() as root:
            for relative, text in {"Package.swift": PACKAGE, **tree}.items():
                os.makedirs(os.path.dirname(os.path.join(root, relative)) or root, exist_ok=True)
                open(os.path.join(root, relative), "w", encoding="utf-8").write(text)
            fired = sorted({rule for rule, _, _ in check(root)})
            ok = fired == ([expected] if expected else [])
            failures += not ok
            if verbose or not ok:
                print(f"{'ok  ' if ok else 'FAIL'} case {index}: expected {expected or 'nothing'}, fired {', '.join(fired) or 'nothing'}")
    if failures:
        raise SystemExit(f"platform-guard self-test: {failures} of {len(CASES)} cases failed")
    print(f"platform-guard self-test: all {len(CASES)} cases behave")

# MARK: Main

arguments = sys.argv[1:]
if arguments == ["--self-test"]:
    self_test(verbose=True)
elif arguments == ["--list"]:
    for f, n, text in platform_branches("."):
        print(f"`{f}`: `{text}` (line {n})")
elif not arguments:
    self_test(verbose=False)
    findings = check(".")
    report(findings)
    if findings:
        raise SystemExit(f"platform-guard: {len(findings)} problem(s)")
    print(f"platform-guard: no API newer than the deployment targets, no localised text compared, {DOC} lists all "
          f"{len(platform_branches('.'))} platform branches")
else:
    raise SystemExit("usage: bash Tests/platform-guard.sh [--self-test | --list]")
PYTHON
