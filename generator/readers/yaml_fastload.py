"""The quick way to load an ordinary upload: libyaml composes the node tree in C, then one
Python pass over the nodes checks what our guarded loader checks (nesting depth, duplicate
keys, number length) and builds the data.  The usual traveller line (``_ROW``) is read by a
regular expression and put back where libyaml finds its place (``set_rows_aside``).

It only ever *accepts*: whenever a document holds anything it does not handle exactly as the
guarded loader (``yaml_loader``) does — an alias, a merge key, a tag other than the plain
scalar, list and mapping ones, a key written twice, too deep a nesting, an over-long or
unusual number, any error at all — it says so (``Unhandled``) and the caller loads the
document the guarded way, which gives today's data or today's message.  So the messages stay
the guarded loader's, and the data is the same (a hypothesis test compares the two).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from ..cycles import paused_gc
from ..memo import remember
from .yaml_limits import MAX_DEPTH, MAX_NUMBER_LENGTH, LineDict, construct_timestamp

try:
    from yaml._yaml import CParser

    HAVE_LIBYAML = True
except ImportError:  # PyYAML built without libyaml: every document is loaded the guarded way
    HAVE_LIBYAML = False

C_NESTING_LIMIT = 5_000
"""libyaml's composer recurses in C, one C frame (about 300 bytes) per level, with no limit of
its own: a document nested 100,000 deep crashes the process.  A document is given to it only
when its nesting cannot exceed this (see ``nesting_bound``): 1.5 MB of stack, within a main
thread's 8 MB (2 MB on Windows)."""
C_NESTING_LIMIT_THREAD = 1_000
"""The same in any other thread (``serve`` builds in one), whose stack may be 512 KB."""

_ALIAS = re.compile(r"\*[^\s,\[\]{}*]")
"""Anything that could be an alias (libyaml's alias names start with a letter, digit, - or
_); ``4S*`` or ``A * B`` is not one.  A document with one is loaded the guarded way, which
refuses aliases with their line."""

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_PLAIN_INT = re.compile(r"[-+]?[1-9][0-9]*|0")
"""An int PyYAML reads as ``int(text)``: no ``_``, ``0x``, ``0b``, leading-0 octal or ``:``."""


def _is_plain_int(text: str) -> bool:
    """Digits only, no leading 0 (an octal to PyYAML), short: ``int(text)`` is PyYAML's value."""
    return text.isdigit() and text.isascii() and (text[0] != "0" or len(text) == 1) and len(text) <= MAX_NUMBER_LENGTH


class Unhandled(Exception):
    """The document needs the guarded loader (which gives the data or the message)."""


def nesting_bound(text: str) -> int:
    """An upper bound on the document's nesting depth, cheap and safe for any text: every
    flow collection starts with ``[`` or ``{``, and each column of a line holds at most two
    block collections (a mapping, and a sequence written at its keys' indentation)."""
    longest = max(map(len, text.split("\n")))
    return text.count("[") + text.count("{") + 2 * (longest + 2)


if HAVE_LIBYAML:

    class _Composer(CParser, SafeConstructor, Resolver):
        """libyaml's parser and composer, PyYAML's safe resolver (memoised: a session repeats
        the same few hundred scalars) and safe scalar constructors."""

        def __init__(self, stream: str):
            CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

        def resolve(self, kind: type, value: Any, implicit: Any) -> str:
            """Resolver.resolve without path resolvers (we have none), memoised for plain
            scalars: only a plain scalar's tag depends on its text."""
            if kind is ScalarNode:
                if not implicit[0]:
                    return _STR
                tag = _plain_tags.get(value)
                if tag is None:
                    # (emptied when it holds more than 100,000: a memo, not a leak)
                    tag = remember(_plain_tags, value, _resolve(self, kind, value, implicit), 100_001)
                return tag
            return _MAP if kind is MappingNode else _SEQ

        # The composer calls these for every node, for path resolvers, which we have none of:
        # C callables that take the same arguments and do nothing, instead of Python methods.
        descend_resolver = staticmethod(slice)  # type: ignore[assignment]  # (parent, index)
        ascend_resolver = staticmethod(tuple)  # type: ignore[assignment]  # ()


_plain_tags: dict[str, str] = {}
_resolve: Callable[[Any, type, Any, Any], str] = Resolver.resolve
"""PyYAML's resolver, typed (its stubs leave it untyped)."""


def fast_load(text: str) -> Any:
    """The document, as ``yaml_loader.load`` gives it; raises Unhandled otherwise."""
    limit = C_NESTING_LIMIT if threading.current_thread() is threading.main_thread() else C_NESTING_LIMIT_THREAD
    if not HAVE_LIBYAML or _ALIAS.search(text) or nesting_bound(text) > limit:
        raise Unhandled
    composed, rows = set_rows_aside(text)
    loader = None
    try:  # (PyYAML's private hooks: any error here, a missing or changed hook too, hands the document back)
        loader = _Composer(composed)
        with paused_gc():
            node = loader.get_single_node()
            if node is None:
                raise Unhandled
            builder = _Builder(loader, rows)
            data = builder.build(node, 1)
            if rows:
                raise Unhandled  # a row set aside was not a list's item (inside a string, say)
            return data
    except Unhandled:
        raise
    except Exception:  # any error: the guarded loader says it its own way
        raise Unhandled from None
    finally:
        if loader is not None:
            with suppress(Exception):
                loader.dispose()


PROBE = """\
title: Probe
date: 2024-01-05
flag: yes
none: ~
ratio: 0.5
boards:
  - board: 1
    results:
      - {ns: 1, ew: 2, contract: 3NT, by: N, tricks: 9}
      - {ns: 3, ew: 4, contract: 4SX, by: E, tricks: 8, note: "x: y"}
      - [1, "2", -3]
"""
"""A small document with every kind of value the quick load handles itself (a row set aside,
plain and quoted scalars, ints, a date, a bool, a null, a float, nested lists and mappings):
``works`` loads it both ways once a process, before the quick load is trusted."""


def works(guarded: Callable[[str], Any]) -> bool:
    """Whether the quick load gives ``guarded``'s data for ``PROBE``: False when libyaml is
    missing, or PyYAML's private hooks it relies on are missing or behave otherwise (a new
    PyYAML), and every document then goes to the guarded loader."""
    try:
        return same(fast_load(PROBE), guarded(PROBE))
    except Exception:  # Unhandled, or the hooks failing in a way fast_load does not expect
        return False


def same(a: object, b: object) -> bool:
    """Equal data of the same types, mappings from the same lines with keys in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict) and isinstance(b, dict):
        if isinstance(a, LineDict) and isinstance(b, LineDict) and a.line != b.line:
            return False
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


_ROW = re.compile(
    r"(?P<start>[ ]*- )\{ns: (?P<ns>[1-9][0-9]?), ew: (?P<ew>[1-9][0-9]?), contract: (?P<contract>[1-7](?:NT|[CDHS])X{0,2}), "
    r"by: (?P<by>[NESW]), tricks: (?P<tricks>1[0-3]|[0-9])\}[ ]*"
)
"""A traveller line as nearly every upload writes it, one flow mapping a line, in this order:
``- {ns: 1, ew: 2, contract: 3NTX, by: W, tricks: 7}``.  Every scalar in it is a plain int or a
plain string to PyYAML (no octal, bool or null look-alike can match)."""
_ROW_PLACEHOLDER = "{}"
_OTHER_LINE_BREAKS = ("\r", "\x85", "\u2028", "\u2029")
"""Line breaks to libyaml besides LF: a document with any keeps its rows (the rows' lines
are counted by LF, libyaml's marks by every break)."""


def set_rows_aside(text: str) -> tuple[str, dict[tuple[int, int], tuple[int, int, str, str, int]]]:
    """The document with each ``_ROW`` line's mapping written ``{}``, and those rows' values by
    (line, column) of their ``{``: libyaml then composes 1 node a row instead of 11 (nearly all
    of an upload's nodes), and ``_Builder`` puts each row's data in its place.  A row that
    libyaml does not find as an empty mapping at that very place, in a block list (inside a
    multi-line string, say), is left over, and the document is handed back (``fast_load``)."""
    rows: dict[tuple[int, int], tuple[int, int, str, str, int]] = {}
    if any(brk in text for brk in _OTHER_LINE_BREAKS):
        return text, rows
    lines = text.split("\n")
    for number, line in enumerate(lines):
        found = _ROW.fullmatch(line)
        if found is not None:
            start = found["start"]
            rows[(number, len(start))] = (
                int(found["ns"]),
                int(found["ew"]),
                found["contract"],
                found["by"],
                int(found["tricks"]),
            )
            lines[number] = start + _ROW_PLACEHOLDER
    if not rows:
        return text, rows
    return "\n".join(lines), rows


class _Builder:
    """The data of a node tree, with the guarded loader's checks; plain strings and ints
    directly, other scalars by PyYAML's safe constructors."""

    def __init__(self, loader: Any, rows: dict[tuple[int, int], tuple[int, int, str, str, int]]):
        self.rows = rows
        """The rows ``set_rows_aside`` took out of the text, each removed as it is put back."""
        self.scalars = {
            "tag:yaml.org,2002:null": loader.construct_yaml_null,
            "tag:yaml.org,2002:bool": loader.construct_yaml_bool,
            "tag:yaml.org,2002:float": loader.construct_yaml_float,
            "tag:yaml.org,2002:timestamp": lambda node: construct_timestamp(loader, node),
        }

    def build(self, node: Node, depth: int) -> Any:
        """``node`` at nesting ``depth`` (the document is at 1); its scalars inlined, for speed."""
        cls = node.__class__
        if cls is ScalarNode:
            return self.scalar(node)
        tag = node.tag
        items = node.value
        if items and depth >= MAX_DEPTH:
            raise Unhandled  # its items are nested too deep: the guarded loader names the line
        depth += 1
        if cls is MappingNode and tag == _MAP:
            data = LineDict()
            data.line = node.start_mark.line + 1
            plain_keys = True
            for key_node, value_node in items:
                if key_node.__class__ is not ScalarNode:
                    raise Unhandled  # a list or mapping as a key
                if key_node.tag == _STR:
                    key = key_node.value
                else:
                    plain_keys = False
                    key = self.scalar(key_node)
                if value_node.__class__ is ScalarNode:
                    value = value_node.value
                    value_tag = value_node.tag
                    if value_tag == _STR:
                        data[key] = value
                    elif value_tag == _INT and _is_plain_int(value):
                        data[key] = int(value)
                    else:
                        data[key] = self.scalar(value_node)
                else:
                    data[key] = self.build(value_node, depth)
            if len(data) != len(items) if plain_keys else len({(k.tag, k.value) for k, _ in items}) != len(items):
                raise Unhandled  # a key written twice: the guarded loader names both lines
            return data
        if cls is SequenceNode and tag == _SEQ:
            if self.rows and isinstance(node, SequenceNode) and not node.flow_style:  # a block list
                return [self.item(item, depth) for item in items]
            return [
                item.value if item.__class__ is ScalarNode and item.tag == _STR else self.build(item, depth)
                for item in items
            ]
        raise Unhandled  # !!set, !!omap, ...

    def item(self, node: Node, depth: int) -> Any:
        """An item of a block list at ``depth``: a row set aside (an empty flow mapping where its
        ``{`` stood) gets its data back, as the guarded loader builds it."""
        if node.__class__ is MappingNode and not node.value and node.tag == _MAP:
            mark = node.start_mark
            row = self.rows.pop((mark.line, mark.column), None)
            if row is not None:
                if depth >= MAX_DEPTH:
                    raise Unhandled  # the row's values would be nested too deep
                ns, ew, contract, by, tricks = row
                data = LineDict(ns=ns, ew=ew, contract=contract, by=by, tricks=tricks)
                data.line = mark.line + 1
                return data
        if node.__class__ is ScalarNode and node.tag == _STR:
            return node.value
        return self.build(node, depth)

    def scalar(self, node: Node) -> Any:
        tag = node.tag
        value = node.value
        if tag == _STR:
            return value
        if tag == _INT:
            if _is_plain_int(value) or (len(value) <= MAX_NUMBER_LENGTH and _PLAIN_INT.fullmatch(value)):
                return int(value)
            raise Unhandled
        construct = self.scalars.get(tag)
        if construct is None:
            raise Unhandled  # merge keys (<<), value keys (=), !!binary, ...
        return construct(node)
