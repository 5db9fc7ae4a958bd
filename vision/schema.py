"""A small typed schema for JSON read from the player's files: every field's type and range.

A spec describes what a value must be (:class:`Int`, :class:`Number`, :class:`Text`,
:class:`Bool`, :class:`Name`, :class:`ListOf`, :class:`Tuple`, :class:`Object`,
:class:`MapOf`, :class:`AnyJSON`); :func:`check` returns the value when it fits and raises
:class:`SchemaError` naming the field (``templates[3].mask``) and what is wrong otherwise. A
spec never trusts the value: a ``bool`` is not a number, ``NaN`` and ``1e308`` are out of every
range, text is bounded and free of control characters unless said otherwise, lists and maps
are bounded in length, and :class:`AnyJSON` (free-form data a game reader may add) is bounded
in depth and size.

:func:`loads_json` parses a JSON document the same way: nesting bounded before the parser
sees it (100,000 ``[`` would exhaust the recursion limit), no ``NaN``/``Infinity``, no integer
of thousands of digits.

>>> spec = Object({"rows": Int(1, 200), "name": Text(max_len=8)}, optional={"note": Text()})
>>> check(spec, {"rows": 3, "name": "ok"})
{'rows': 3, 'name': 'ok'}
>>> try:
...     check(spec, {"rows": 0, "name": "ok"})
... except SchemaError as error:
...     print(error)
'rows' must be a whole number from 1 to 200, not 0
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

#: The deepest nesting of a JSON document read (a pack manifest nests 4 deep).
MAX_DEPTH = 16
#: The longest text a :class:`Text` spec accepts unless it says otherwise.
MAX_TEXT = 200
#: Free-form data (:class:`AnyJSON`): its deepest nesting and its most values in all.
ANY_DEPTH = 8
ANY_VALUES = 10_000
#: Digits an integer in a JSON document may have (a 4300-digit integer is refused unparsed).
MAX_DIGITS = 18


class SchemaError(ValueError):
    """A value that does not fit its spec; ``where`` names the field, ``problem`` says why."""

    def __init__(self, where: str, problem: str):
        self.where = where
        self.problem = problem
        super().__init__(f"'{where}' {problem}" if where else problem)


def _brief(value: Any) -> str:
    """A value as quoted in a message: short, printable."""
    if isinstance(value, (bool, type(None))):
        text = json.dumps(value)
    elif isinstance(value, (int, float)):
        text = repr(value) if isinstance(value, float) else str(value)
        if len(text) > 24:
            text = text[:12] + "..." + f" ({len(text)} characters)"
    elif isinstance(value, str):
        text = json.dumps(value[:24] + ("..." if len(value) > 24 else ""))
    else:
        text = {"list": "a list", "dict": "an object"}.get(type(value).__name__,
                                                            type(value).__name__)
    return text


def _join(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


class Spec:
    """What a value must be; :meth:`check` returns it (converted: a list to a tuple for
    :class:`Tuple`) or raises :class:`SchemaError`."""

    def check(self, value: Any, where: str) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Spec):
    low: int
    high: int

    def check(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) \
                or not self.low <= value <= self.high:
            raise SchemaError(where, f"must be a whole number from {self.low:,} to "
                              f"{self.high:,}, not {_brief(value)}")
        return value


@dataclass(frozen=True)
class Number(Spec):
    """A finite number within ``[low, high]`` (``low_open``: ``low`` itself excluded)."""

    low: float
    high: float
    low_open: bool = False

    def check(self, value: Any, where: str) -> float:
        ok = not isinstance(value, bool) and isinstance(value, (int, float)) \
            and math.isfinite(value) and value <= self.high \
            and (value > self.low if self.low_open else value >= self.low)
        if not ok:
            bound = f"above {self.low:g} and at most {self.high:g}" if self.low_open \
                else f"from {self.low:g} to {self.high:g}"
            raise SchemaError(where, f"must be a number {bound}, not {_brief(value)}")
        return float(value)


@dataclass(frozen=True)
class Bool(Spec):
    def check(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise SchemaError(where, f"must be true or false, not {_brief(value)}")
        return value


@dataclass(frozen=True)
class Text(Spec):
    """A string of ``min_len`` to ``max_len`` characters, valid Unicode (no lone surrogate),
    no control characters, matching ``pattern`` when given (``pattern_words`` describes it)."""

    max_len: int = MAX_TEXT
    min_len: int = 1
    pattern: str | None = None
    pattern_words: str = ""

    def check(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise SchemaError(where, f"must be text, not {_brief(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(where, f"must be {self.min_len} to {self.max_len} characters "
                              f"long, not {len(value):,}")
        if not valid_text(value):
            raise SchemaError(where, "holds control characters or invalid Unicode")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise SchemaError(where, f"must be {self.pattern_words or self.pattern}, "
                              f"not {_brief(value)}")
        return value


def valid_text(text: str) -> bool:
    """No control character and no lone surrogate (``"\\ud800"`` in JSON decodes to one, and
    cannot be written out as UTF-8).

    >>> valid_text("Panda"), valid_text("a\\x1b[2J"), valid_text("\\ud800")
    (True, False, False)
    """
    return text.isprintable() and not _SURROGATE.search(text)


_SURROGATE = re.compile("[\ud800-\udfff]")


#: A plain file name: no folder part, not hidden, ``.png`` or similar at the end.
FILE_NAME = Text(max_len=128, pattern=r"[^./\\:][^/\\:]*",
                 pattern_words="a plain file name (no folder, not starting with '.')")


@dataclass(frozen=True)
class Name(Spec):
    """A game's or skin's name: at most 64 printable characters, none a folder separator or
    forbidden in a Windows file name, not starting with ``.`` or a space (it is a folder name
    on every system)."""

    def check(self, value: Any, where: str) -> str:
        return NAME.check(value, where)


NAME = Text(max_len=64, pattern=r'[^./\\:<>"|?*\s][^/\\:<>"|?*]*',
            pattern_words="a plain name (no / \\ : < > \" | ? *; not starting with '.' or a "
            "space)")


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    min_len: int = 0
    max_len: int = 1000

    def check(self, value: Any, where: str) -> tuple:
        if not isinstance(value, list):
            raise SchemaError(where, f"must be a list, not {_brief(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(where, f"must hold {self.min_len} to {self.max_len:,} items, "
                              f"not {len(value):,}")
        return tuple(self.item.check(v, _join(where, i)) for i, v in enumerate(value))


@dataclass(frozen=True)
class Tuple(Spec):
    """A list of exactly ``len(items)`` values, each of its spec; ``words`` says what it is
    (``[width, height] in pixels``)."""

    items: tuple[Spec, ...]
    words: str = ""

    def check(self, value: Any, where: str) -> tuple:
        if not isinstance(value, list) or len(value) != len(self.items):
            what = self.words or f"a list of {len(self.items)} values"
            raise SchemaError(where, f"must be {what}, not {_brief(value)}")
        return tuple(spec.check(v, _join(where, i)) for i, (spec, v)
                     in enumerate(zip(self.items, value)))


@dataclass(frozen=True)
class Object(Spec):
    """A JSON object with the ``required`` and ``optional`` keys (each of its spec); other
    keys are refused, or kept as bounded free-form data with ``extra=True`` (a newer skin's
    data an older reader does not use). Returns a dict of the checked values, optional keys
    that are absent (or ``null``) left out."""

    required: Mapping[str, Spec] = field(default_factory=dict)
    optional: Mapping[str, Spec] = field(default_factory=dict)
    extra: bool = False

    def check(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise SchemaError(where, f"must be an object, not {_brief(value)}")
        out: dict[str, Any] = {}
        for key, spec in self.required.items():
            if key not in value:
                raise SchemaError(_join(where, key), "is missing")
            out[key] = spec.check(value[key], _join(where, key))
        for key, spec in self.optional.items():
            if value.get(key) is not None:
                out[key] = spec.check(value[key], _join(where, key))
        for key, item in value.items():
            if key in self.required or key in self.optional:
                continue
            if not self.extra:
                raise SchemaError(_join(where, key), "is not a field this gridsight knows")
            out[key] = ANY.check(item, _join(where, str(key)))
        return out


@dataclass(frozen=True)
class MapOf(Spec):
    """An object whose keys fit ``key`` and values fit ``value``, at most ``max_len`` keys."""

    key: Spec
    value: Spec
    max_len: int = 1000

    def check(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise SchemaError(where, f"must be an object, not {_brief(value)}")
        if len(value) > self.max_len:
            raise SchemaError(where, f"must hold at most {self.max_len:,} entries, not "
                              f"{len(value):,}")
        out = {}
        for k, v in value.items():
            name = self.key.check(k, where + " key" if where else "key")
            out[name] = self.value.check(v, _join(where, k))
        return out


@dataclass(frozen=True)
class AnyJSON(Spec):
    """Free-form JSON, bounded: at most ``depth`` levels and ``values`` values, finite
    numbers, valid text of at most :data:`MAX_TEXT` * 10 characters."""

    depth: int = ANY_DEPTH
    values: int = ANY_VALUES

    def check(self, value: Any, where: str) -> Any:
        count = [0]

        def walk(v: Any, at: str, level: int) -> None:
            count[0] += 1
            if count[0] > self.values:
                raise SchemaError(where, f"holds more than {self.values:,} values")
            if level > self.depth:
                raise SchemaError(at, f"is nested more than {self.depth} deep")
            if isinstance(v, dict):
                for k, item in v.items():
                    Text(max_len=MAX_TEXT).check(k, at + " key" if at else "key")
                    walk(item, _join(at, k), level + 1)
            elif isinstance(v, list):
                for i, item in enumerate(v):
                    walk(item, _join(at, i), level + 1)
            elif isinstance(v, str):
                if len(v) > MAX_TEXT * 10 or _SURROGATE.search(v):
                    raise SchemaError(at, "is too long or not valid Unicode")
            elif isinstance(v, float) and not math.isfinite(v):
                raise SchemaError(at, "must be a finite number")
            elif not isinstance(v, (bool, int, float, type(None))):
                raise SchemaError(at, f"is not JSON ({type(v).__name__})")

        walk(value, where, 0)
        return value


ANY = AnyJSON()


def check(spec: Spec, value: Any, where: str = "") -> Any:
    """``value`` checked against ``spec`` (see the module docstring)."""
    return spec.check(value, where)


# -- parsing JSON without trusting it -----------------------------------------------------

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


def nesting(data: bytes) -> int:
    """How deep the brackets of a JSON document nest (strings skipped), counted without
    parsing it.

    >>> nesting(b'{"a": [[1], "[[["]}')
    3
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b"", data)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def loads_json(data: bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """Parse a JSON document without trusting it: UTF-8 (a byte order mark allowed), nested
    at most ``max_depth`` deep (checked before parsing), no ``NaN``/``Infinity``, no number
    too large for a float, no integer of more than :data:`MAX_DIGITS` digits. Raises
    :class:`SchemaError` saying what is wrong (``where`` empty).

    >>> loads_json(b'{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> try:
    ...     loads_json(b'[' * 100000)
    ... except SchemaError as error:
    ...     print(error)
    nested more than 16 deep
    """
    if nesting(data) > max_depth:
        raise SchemaError("", f"nested more than {max_depth} deep")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SchemaError("", f"not UTF-8 text (byte {error.start})") from None
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float,
                          parse_int=_bounded_int)
    except SchemaError:
        raise
    except RecursionError:  # pragma: no cover - the nesting check comes first
        raise SchemaError("", f"nested more than {max_depth} deep") from None
    except ValueError as error:
        lineno = getattr(error, "lineno", None)
        msg = getattr(error, "msg", str(error))
        where = f"line {lineno}: " if lineno else ""
        raise SchemaError("", f"not valid JSON ({where}{msg})") from None


def _no_constant(name: str) -> Any:
    raise SchemaError("", f"not valid JSON (not a finite number: {name})")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SchemaError("", f"not valid JSON (not a finite number: {text[:24]})")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise SchemaError("", f"not valid JSON (an integer of {len(text):,} digits)")
    return int(text)
