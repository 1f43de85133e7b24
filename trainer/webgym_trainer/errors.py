"""Failures the trainer reports as one line: what is wrong, where, and how to fix it."""

from __future__ import annotations

import json
import math


class TrainerError(Exception):
    """A failure the user can act on (bad input, a missing package, a model that will not load): exit 1, one line."""


def describe_value(value: object) -> str:
    """A value for an error message: `12 (number)`, `"x" (string)`, `null`, `an object`, `an array of 3`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'} (boolean)"
    if isinstance(value, (int, float)):
        shown = repr(value) if isinstance(value, float) and not math.isfinite(value) else json.dumps(value)
        return f"{shown} (number)"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:40] + "…"
        return f"{json.dumps(shown, ensure_ascii=False)} (string)"
    if isinstance(value, list):
        return f"an array of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def is_number(value: object) -> bool:
    """A JSON number that is finite (json.loads accepts NaN and Infinity, which no field here may hold)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def is_integer(value: object) -> bool:
    """A JSON number with no fractional part (2 and 2.0 both count)."""
    return is_number(value) and float(value).is_integer()
