"""Valid JSON instances of OpenAPI / JSON Schema schemas, seeded and deterministic, biased to the edge values that
a generated client is most likely to lose: date-times with fractional seconds, integers above 2^53, long decimals,
extra members where a schema allows them, null where a schema is nullable.

Each instance comes with a record of where it came from: for every JSON pointer in it, the pointer with array
indices and map keys replaced by `*` (the same for every instance of the schema) and the line spans
(`x-fidelity-lines`, written by fidelity-plan) of every schema that produced the value there, so that a loss can be
matched with a warning located inside one of those schemas.
"""

import base64
import random
import re
from decimal import Decimal

ANY = object()
ANNOTATION = "x-fidelity-lines"
NO_DEFAULT = object()  # the "any JSON value" schema, `true` or `{}`

DATE_TIMES = [
    "2026-01-01T09:00:00.123456Z",
    "2026-06-30T23:59:59.5+02:00",
    "2025-12-31T00:00:00Z",
    "2026-03-08T12:34:56.000001-05:30",
    "2024-02-29T07:08:09.25Z",
]
INTEGERS = [0, 1, -1, 42, 9007199254740993, -9007199254740993, 9223372036854775807, -9223372036854775808]
INT32S = [0, 1, -1, 7, 2147483647, -2147483648]
NUMBERS = [Decimal("0"), Decimal("1.5"), Decimal("-0.25"), Decimal("3.14159265358979323846264338327950288"),
           Decimal("9007199254740993"), Decimal("0.1"), Decimal("123456789.123456789")]
STRINGS = ["", "a", "hello world", "ünïcødé ✓", "line\nbreak", "quote \" and \\ backslash"]
KEY_CANDIDATES = ["extra", "x-custom", "zeta_1", "!room:example.org", "@user:example.org", "S_1", "a1", "key-2",
                  "Z", "0", "42", "a.b", "en-US", "#tag", "prefix_abc", "x"]


class Unsatisfiable(Exception):
    pass


class Generator:
    # What an instance holds, by its number: the first three cover the edges every time (every optional member with
    # null wherever null is allowed; every optional member with a value; the required members only), the rest are random.
    MODES = ["nulls", "full", "minimal"]

    def __init__(self, root, seed, number=3, max_depth=7):
        self.root = root
        self.rng = random.Random(seed)
        self.max_depth = max_depth
        self.mode = self.MODES[number] if number < len(self.MODES) else "random"

    def chance(self, edge, probability):
        """Whether to take an edge (an optional member, a null): always in the mode of that edge, never in `minimal`."""
        if self.mode == edge:
            return True
        if self.mode in ("nulls", "full", "minimal"):
            return edge == "optional" and self.mode != "minimal"
        return self.rng.random() < probability

    # -- references and merging --

    def resolve(self, schema, spans, refs=None):
        """Follows `$ref`s, adding each node's span (and each reference to `refs`); returns the schema (a dict or ANY)."""
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema:
            add_span(spans, schema)
            ref = schema["$ref"]
            if refs is not None:
                refs.append(ref[1:])
            if not ref.startswith("#"):
                raise Unsatisfiable("a reference to another file: " + ref)
            schema = pointer_get(self.root, ref[1:])
            seen += 1
            if seen > 50:
                raise Unsatisfiable("a reference cycle")
        if schema is True or schema == {} or schema is None:
            return ANY
        if schema is False:
            raise Unsatisfiable("false schema")
        add_span(spans, schema)
        return schema

    def merged(self, schema, spans):
        """The schema with its `allOf` parts merged into one (properties, required, type, ...)."""
        schema = self.resolve(schema, spans)
        if schema is ANY or "allOf" not in schema:
            return schema
        result = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema["allOf"]:
            part = self.merged(part, spans)
            if part is ANY:
                continue
            for key, value in part.items():
                if key == "properties":
                    result["properties"] = {**value, **result.get("properties", {})}
                elif key == "required":
                    result["required"] = list(dict.fromkeys(result.get("required", []) + value))
                elif key not in result:
                    result[key] = value
        return result

    # -- generation --

    def instance(self, schema, owner):
        """A value of `schema` (at the pointer `owner`) and its record: for each pointer in the value, the schema that
        owns the value there (the innermost referenced one), the pointer inside that schema's values with array indices
        and map keys as `*`, and the spans of the schemas that produced it."""
        record = {}
        self.defaults = {}
        value = self.value(schema, "", (owner, ""), record, 0)
        return value, record

    def default(self, schema):
        """The `default` of a member's schema (on it, or on the schema it refers to), or ABSENT_DEFAULT."""
        for _ in range(10):
            if isinstance(schema, dict) and "default" in schema:
                return stripped(schema["default"])
            if not (isinstance(schema, dict) and "$ref" in schema and schema["$ref"].startswith("#")):
                break
            schema = pointer_get(self.root, schema["$ref"][1:])
        return NO_DEFAULT

    def value(self, schema, pointer, normalized, record, depth):
        spans, refs = [], []
        resolved = self.resolve(schema, spans, refs)
        # A wrapper `allOf: [{$ref}]` (with a default or a description beside it) is the referenced schema's value.
        parts = resolved.get("allOf") if isinstance(resolved, dict) else None
        if isinstance(parts, list) and len(parts) == 1 and isinstance(parts[0], dict) and "$ref" in parts[0]:
            self.resolve(parts[0], spans, refs)
        if refs:
            normalized = (refs[-1], "")
        subtype = self.subtype(resolved, refs)
        if subtype is not None:
            return subtype(pointer, normalized, record, depth)
        schema = self.merged(resolved, spans)
        record[pointer] = (normalized, spans, [])
        if depth > self.max_depth + 6:
            raise Unsatisfiable("too deep")
        if schema is ANY:
            return self.any_value(depth)
        shallow = depth >= self.max_depth
        if "const" in schema:
            return stripped(schema["const"])
        if "enum" in schema:
            choices = schema["enum"]
            if not choices:
                raise Unsatisfiable("an empty enum")
            if schema.get("nullable") and None not in choices and self.chance("nulls", 0.3):
                return None
            return stripped(self.rng.choice(choices))
        types = schema.get("type")
        types = [types] if isinstance(types, str) else list(types or [])
        nullable = schema.get("nullable") is True or "null" in types
        types = [t for t in types if t != "null"]
        alternatives = schema.get("oneOf") or schema.get("anyOf")
        if nullable and (self.chance("nulls", 0.3) or (shallow and not types and not alternatives)):
            return None
        if alternatives:
            return self.alternative(schema, alternatives, pointer, normalized, record, depth)
        if not types:
            if "properties" in schema or "additionalProperties" in schema or "patternProperties" in schema:
                types = ["object"]
            elif "items" in schema or "prefixItems" in schema:
                types = ["array"]
            else:
                return self.any_value(depth)
        kind = self.rng.choice(types)
        if kind == "object":
            return self.object(schema, pointer, normalized, record, depth)
        if kind == "array":
            return self.array(schema, pointer, normalized, record, depth)
        if kind == "string":
            return self.string(schema)
        if kind == "integer":
            return self.integer(schema)
        if kind == "number":
            return self.number(schema)
        if kind == "boolean":
            return self.rng.random() < 0.5
        raise Unsatisfiable("unknown type " + repr(kind))

    def subtype(self, schema, refs):
        """For a base schema with a `discriminator` (and no `oneOf`), sometimes one of the subtypes its mapping names,
        where the base is declared: a generator of its own that writes the subtype with its discriminator value."""
        discriminator = schema.get("discriminator") if isinstance(schema, dict) else None
        if not isinstance(discriminator, dict) or "oneOf" in schema or "anyOf" in schema or "allOf" in schema:
            return None
        mapping = [(key, ref) for key, ref in (discriminator.get("mapping") or {}).items()
                   if key != ANNOTATION and isinstance(ref, str) and ref.startswith("#") and ref[1:] not in refs]
        if not mapping or self.mode == "minimal" or (self.mode == "random" and self.rng.random() < 0.3):
            return None
        key, ref = self.rng.choice(mapping)

        def generate(pointer, normalized, record, depth):
            value = self.value({"$ref": ref}, pointer, normalized, record, depth)
            record[pointer][2].extend(record_spans(schema))
            if isinstance(value, dict):
                value[discriminator["propertyName"]] = key
            return value
        return generate

    def alternative(self, schema, alternatives, pointer, normalized, record, depth):
        index = self.rng.randrange(len(alternatives))
        chosen = alternatives[index]
        base = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf", "discriminator", "x-fidelity-lines")}
        parts = [chosen] + ([base] if base.get("properties") or base.get("required") else [])
        merged = {"allOf": parts} if len(parts) > 1 else chosen
        value = self.value(merged, pointer, normalized, record, depth)
        record[pointer][2].extend(record_spans(schema))
        discriminator = schema.get("discriminator")
        if isinstance(discriminator, dict) and isinstance(value, dict) and "propertyName" in discriminator:
            name = discriminator["propertyName"]
            mapped = [key for key, ref in (discriminator.get("mapping") or {}).items() if key != ANNOTATION and ref == chosen.get("$ref")]
            if mapped:
                value[name] = mapped[0]
            elif isinstance(chosen, dict) and "$ref" in chosen:
                value[name] = chosen["$ref"].rsplit("/", 1)[-1]
        return value

    def object(self, schema, pointer, normalized, record, depth):
        shallow = depth >= self.max_depth
        properties = {k: v for k, v in (schema.get("properties") or {}).items() if k != ANNOTATION}
        required = [name for name in schema.get("required", []) if isinstance(name, str)]
        result = {}
        names = list(properties) + [name for name in required if name not in properties]
        for name in names:
            if name not in required and (shallow or not self.chance("optional", 0.5)):
                fallback = self.default(properties.get(name))
                if fallback is not NO_DEFAULT:
                    self.defaults[pointer + "/" + escape(name)] = fallback
                continue
            child = escape(name)
            result[name] = self.value(properties.get(name, True), pointer + "/" + child, below(normalized, child), record, depth + 1)
        if not shallow and self.mode != "minimal":
            self.extra_members(schema, result, pointer, normalized, record, depth)
        low = schema.get("minProperties", 0)
        while len(result) < low:
            self.extra_members(schema, result, pointer, normalized, record, depth, force=True)
        return result

    def extra_members(self, schema, result, pointer, normalized, record, depth, force=False):
        """Members beyond `properties`, where the schema allows them explicitly (`additionalProperties` true or a
        schema, `patternProperties`); a schema that says nothing about them gets none."""
        additional = schema.get("additionalProperties")
        patterns = {k: v for k, v in (schema.get("patternProperties") or {}).items() if k != ANNOTATION}
        for pattern, inner in patterns.items():
            key = self.key(pattern, result)
            if key is not None and (force or self.chance("optional", 0.7)):
                result[key] = self.value(inner, pointer + "/" + escape(key), below(normalized, "*"), record, depth + 1)
        if additional is None or additional is False:
            if force and not patterns:
                raise Unsatisfiable("minProperties beyond the properties")
            return
        for _ in range(1 if force else 2 if self.mode in ("nulls", "full") else self.rng.randrange(0, 3)):
            key = self.key(None, result)
            result[key] = self.value(True if additional is True else additional, pointer + "/" + escape(key), below(normalized, "*"), record, depth + 1)

    def key(self, pattern, taken):
        candidates = KEY_CANDIDATES[:]
        self.rng.shuffle(candidates)
        for key in candidates:
            if key in taken:
                continue
            if pattern is None or re.search(pattern, key):
                return key
        return None

    def array(self, schema, pointer, normalized, record, depth):
        prefix = schema.get("prefixItems") or []
        items = schema.get("items", True if not prefix else schema.get("items", True))
        low = schema.get("minItems", 0)
        high = schema.get("maxItems", low + 3)
        if depth >= self.max_depth:
            high = max(low, len(prefix) if low else 0)
        count = self.rng.randint(max(low, len(prefix) if prefix and low else 0), max(low, high))
        if prefix and count < len(prefix) and self.rng.random() < 0.7:
            count = min(len(prefix), max(high, len(prefix)))
        if items is False:
            count = min(count, len(prefix))
        result = []
        for index in range(count):
            inner = prefix[index] if index < len(prefix) else items
            result.append(self.value(inner, pointer + "/" + str(index), below(normalized, "*"), record, depth + 1))
        if schema.get("uniqueItems"):
            unique = []
            for item in result:
                if item not in unique:
                    unique.append(item)
            result = unique
        return result

    def string(self, schema):
        form = schema.get("format")
        if "enum" in schema:
            return stripped(self.rng.choice(schema["enum"]))
        if form == "date-time":
            return self.rng.choice(DATE_TIMES)
        if form == "date":
            return self.rng.choice(["2026-01-01", "2024-02-29", "1999-12-31"])
        if form == "uuid":
            return "%08x-%04x-4%03x-8%03x-%012x" % tuple(self.rng.getrandbits(bits) for bits in (32, 16, 12, 12, 48))
        if form in ("uri", "url", "uri-reference"):
            return self.rng.choice(["https://example.com/a/b?x=1&y=%20z", "http://127.0.0.1:8080/", "https://example.org/%C3%BCn%C3%AF#top"])
        if form in ("byte", "base64") or schema.get("contentEncoding") == "base64":
            return base64.b64encode(bytes(self.rng.getrandbits(8) for _ in range(self.rng.randrange(0, 9)))).decode()
        if form == "email":
            return "someone@example.com"
        low, high = schema.get("minLength", 0), schema.get("maxLength", 40)
        pattern = schema.get("pattern")
        candidates = STRINGS + ["".join(self.rng.choice("abcXYZ019_-") for _ in range(n)) for n in (1, 3, 8, 16)]
        self.rng.shuffle(candidates)
        for text in candidates:
            if low <= len(text) <= high and (pattern is None or re.search(pattern, text)):
                return text
        # A pattern none of the candidates meets: a plain string of a fitting length (the client checks no pattern).
        return "x" * max(low, min(high, 3))

    def integer(self, schema):
        values = INT32S if schema.get("format") == "int32" else INTEGERS
        return self.bounded(schema, values, integer=True)

    def number(self, schema):
        # Every digit only where the format asks for it (`decimal`, a fixed-point number of any precision); any other
        # number is one an IEEE double holds, as RFC 8259 section 6 says JSON numbers are interoperable.
        form = schema.get("format")
        if form == "decimal":
            values = NUMBERS
        elif form == "float":
            values = [Decimal("0"), Decimal("1.5"), Decimal("-0.25")]
        else:
            values = sorted({Decimal(repr(float(value))) for value in NUMBERS})
        return self.bounded(schema, values, integer=False)

    def bounded(self, schema, values, integer):
        low, high = schema.get("minimum"), schema.get("maximum")
        if schema.get("exclusiveMinimum") is True and low is not None:
            low = Decimal(str(low)) + (1 if integer else Decimal("0.001"))
        elif isinstance(schema.get("exclusiveMinimum"), (int, float)):
            low = Decimal(str(schema["exclusiveMinimum"])) + (1 if integer else Decimal("0.001"))
        if schema.get("exclusiveMaximum") is True and high is not None:
            high = Decimal(str(high)) - (1 if integer else Decimal("0.001"))
        elif isinstance(schema.get("exclusiveMaximum"), (int, float)):
            high = Decimal(str(schema["exclusiveMaximum"])) - (1 if integer else Decimal("0.001"))
        step = schema.get("multipleOf")
        fitting = [v for v in values if (low is None or v >= Decimal(str(low))) and (high is None or v <= Decimal(str(high)))
                   and (step is None or Decimal(v) % Decimal(str(step)) == 0)]
        if fitting:
            return self.rng.choice(fitting)
        start = Decimal(str(low)) if low is not None else (Decimal(str(high)) if high is not None else Decimal(0))
        if step is not None:
            step = Decimal(str(step))
            start = (start / step).to_integral_value(rounding="ROUND_CEILING") * step
        if integer:
            return int(start.to_integral_value(rounding="ROUND_CEILING"))
        return start

    def any_value(self, depth):
        choices = [None, True, "text", 12, 9007199254740993, Decimal("2.718281828459045235360287471352662"), DATE_TIMES[0]]
        if self.mode in ("nulls", "full"):
            choices = [{"big": 9007199254740993, "long": Decimal("2.718281828459045235360287471352662"), "null": None}]
        if depth < self.max_depth:
            choices += [{"a": 1, "b": [1, "two", None]}, [Decimal("0.1"), {"nested": {"deep": 9223372036854775807}}]]
        pick = self.rng.choice(choices)
        return {k: v for k, v in pick.items()} if isinstance(pick, dict) else list(pick) if isinstance(pick, list) else pick


def below(normalized, token):
    owner, inner = normalized
    return owner, inner + "/" + token


def stripped(value):
    """A value written in the document (a `const`, an `enum` case) without fidelity-plan's annotations."""
    if isinstance(value, dict):
        return {k: stripped(v) for k, v in value.items() if k != ANNOTATION}
    if isinstance(value, list):
        return [stripped(item) for item in value]
    return value


def add_span(spans, schema):
    lines = schema.get("x-fidelity-lines") if isinstance(schema, dict) else None
    if lines and tuple(lines) not in spans:
        spans.append(tuple(lines))


def record_spans(schema):
    lines = schema.get("x-fidelity-lines") if isinstance(schema, dict) else None
    return [tuple(lines)] if lines else []


def escape(token):
    return token.replace("~", "~0").replace("/", "~1")


def pointer_get(root, pointer):
    node = root
    for token in pointer.split("/")[1:] if pointer else []:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


def dumps(value):
    """JSON text with numbers exactly as generated (a `Decimal` keeps every digit)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        import json
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(dumps(item) for item in value) + "]"
    return "{" + ",".join(dumps(key) + ":" + dumps(item) for key, item in value.items()) + "}"
