"""Compares an instance with what the generated client gave back, as JSON: the same members, numbers equal by value
however long, date-times equal to the microsecond, null and absent kept apart."""

import re
from datetime import datetime, timedelta, timezone
from decimal import Decimal

ABSENT = "<absent>"
DATE_TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$")


def instant(text):
    """A date-time as (UTC datetime to the second, microseconds), or None when the text is not one (RFC 3339)."""
    match = DATE_TIME.match(text) if isinstance(text, str) else None
    if not match:
        return None
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    try:
        moment = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), tzinfo=timezone.utc)
    except ValueError:
        return None
    if zone not in ("Z", "z"):
        sign = 1 if zone[0] == "+" else -1
        moment -= sign * timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6]))
    return moment, int(((fraction or "") + "000000")[:6])


def is_number(value):
    return isinstance(value, (int, Decimal)) and not isinstance(value, bool)


def differences(original, returned, pointer=""):
    """Each place where `returned` is not `original`: (pointer, kind, original, returned)."""
    if isinstance(original, dict) and isinstance(returned, dict):
        found = []
        for key, value in original.items():
            child = pointer + "/" + escape(key)
            if key not in returned:
                found.append((child, "null dropped" if value is None else "member dropped", value, ABSENT))
            else:
                found += differences(value, returned[key], child)
        for key, value in returned.items():
            if key not in original:
                found.append((pointer + "/" + escape(key), "null added" if value is None else "member added", ABSENT, value))
        return found
    if isinstance(original, list) and isinstance(returned, list):
        if len(original) != len(returned):
            return [(pointer, "items changed", original, returned)]
        found = []
        for index, (left, right) in enumerate(zip(original, returned)):
            found += differences(left, right, pointer + "/" + str(index))
        return found
    if is_number(original) and is_number(returned):
        return [] if Decimal(original) == Decimal(returned) else [(pointer, "number changed", original, returned)]
    if isinstance(original, str) and isinstance(returned, str):
        if original == returned:
            return []
        left, right = instant(original), instant(returned)
        if left and right:
            if left == right:
                return []
            kind = "fraction lost" if left[0] == right[0] and right[1] == 0 else "date-time changed"
            return [(pointer, kind, original, returned)]
        return [(pointer, "string changed", original, returned)]
    if original is None and returned is None:
        return []
    if type(original) is type(returned) and original == returned:
        return []
    return [(pointer, "value changed", original, returned)]


def escape(token):
    return token.replace("~", "~0").replace("/", "~1")
