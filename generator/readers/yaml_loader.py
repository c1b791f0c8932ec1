"""The guarded YAML loader of our formats (sessions, event files), and the error list every
YAML reader keeps.

Loaded with a ``yaml.SafeLoader`` subclass that remembers the line of every mapping, so that
each error names its line; aliases (``*name``) are refused, which also rules out alias bombs;
so are deep nesting, duplicate keys, huge numbers and impossible dates.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import yaml
from yaml.composer import ComposerError
from yaml.constructor import SafeConstructor
from yaml.events import (
    AliasEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import InputError
from ..scoring.message import Figure, Param, msg
from ..scoring.said import said
from . import values, yaml_fastload
from .yaml_fastload import Unhandled, fast_load
from .yaml_limits import MAX_DEPTH, MAX_NUMBER_LENGTH, LineDict, LoadError, construct_timestamp

if TYPE_CHECKING:

    class _Hooks:
        """What ``_Guards.compose_node`` uses of PyYAML's parser, composer and resolver (whose
        stubs leave them untyped): for the type checker only."""

        anchors: dict[str, Node]
        yaml_path_resolvers: dict[Any, Any]

        def peek_event(self) -> AliasEvent | ScalarEvent | SequenceStartEvent | MappingStartEvent: ...
        def get_event(self) -> Event: ...
        def resolve(self, kind: type[Node], value: str | None, implicit: object) -> str: ...
        def descend_resolver(self, current_node: Node | None, current_index: object) -> None: ...
        def ascend_resolver(self) -> None: ...

else:
    _Hooks = object


def _line(event: Event) -> int:
    """The 1-based line an event starts on (for a message)."""
    return event.start_mark.line + 1 if event.start_mark is not None else 0


class _Guards(_Hooks):
    """What our loaders add to PyYAML's safe loading: line numbers on every mapping, and
    refusals of aliases, deep nesting, duplicate keys, huge numbers and impossible dates."""

    depth = 0
    duplicates: list[tuple[int, int, object]]

    def compose_node(self, parent: Node | None, index: object) -> Node:
        """PyYAML's Composer.compose_node with the guards, in one frame per node (its scalar,
        sequence and mapping helpers inlined): composing runs in Python for every node of
        every upload, so the frames count."""
        event = self.peek_event()
        if isinstance(event, AliasEvent):
            raise LoadError(
                _line(event), said(msg("YAML aliases (*name) are not allowed in uploads: expected plain values"))
            )
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise LoadError(
                    _line(event),
                    said(
                        msg(
                            "the YAML is nested more than %(depth)s levels deep: "
                            "expected a session as in docs/yaml-format.md",
                            depth=MAX_DEPTH,
                        )
                    ),
                )
            anchor = event.anchor
            anchors = self.anchors
            if anchor is not None and anchor in anchors:
                raise ComposerError(
                    f"found duplicate anchor {anchor!r}; first occurrence",
                    anchors[anchor].start_mark,
                    "second occurrence",
                    event.start_mark,  # type: ignore[arg-type]  # (libyaml's Mark)
                )
            paths = bool(self.yaml_path_resolvers)
            if paths:
                self.descend_resolver(parent, index)
            get_event = self.get_event
            node: Node
            if isinstance(event, ScalarEvent):
                get_event()
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self.resolve(ScalarNode, event.value, event.implicit)
                node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)  # type: ignore[arg-type]  # (libyaml's Mark)
                if anchor is not None:
                    anchors[anchor] = node
            elif isinstance(event, SequenceStartEvent):
                get_event()
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self.resolve(SequenceNode, None, event.implicit)
                node = SequenceNode(tag, [], event.start_mark, None, flow_style=event.flow_style)  # type: ignore[arg-type]  # (libyaml's Mark)
                if anchor is not None:
                    anchors[anchor] = node
                items = node.value
                while not isinstance(self.peek_event(), SequenceEndEvent):
                    items.append(self.compose_node(node, len(items)))
                node.end_mark = get_event().end_mark
            else:  # MappingStartEvent: the parser yields nothing else here
                get_event()
                tag = event.tag
                if tag is None or tag == "!":
                    tag = self.resolve(MappingNode, None, event.implicit)
                node = MappingNode(tag, [], event.start_mark, None, flow_style=event.flow_style)  # type: ignore[arg-type]  # (libyaml's Mark)
                if anchor is not None:
                    anchors[anchor] = node
                pairs = node.value
                while not isinstance(self.peek_event(), MappingEndEvent):
                    key = self.compose_node(node, None)
                    pairs.append((key, self.compose_node(node, key)))
                node.end_mark = get_event().end_mark
            if paths:
                self.ascend_resolver()
            return node
        finally:
            self.depth -= 1


def _construct_map(loader: Any, node: yaml.MappingNode) -> Iterator[LineDict]:
    data = LineDict()
    data.line = node.start_mark.line + 1
    yield data
    seen: dict[tuple[str, str], int] = {}
    for key_node, _ in node.value:
        if isinstance(key_node, yaml.ScalarNode):  # keys as written: 'tricks' twice, whatever their values
            key, line = (key_node.tag, key_node.value), key_node.start_mark.line + 1
            if key in seen:
                loader.duplicates.append((line, seen[key], key_node.value))
            else:
                seen[key] = line
    data.update(loader.construct_mapping(node))


def _construct_int(
    loader: Any, node: yaml.ScalarNode
) -> int:  # (loader: any of ours; PyYAML's stubs bind it to theirs)
    text = str(node.value)
    if len(text) > MAX_NUMBER_LENGTH:
        raise LoadError(
            node.start_mark.line + 1,
            said(
                msg(
                    "expected a number of at most %(digits)s digits, got one %(length)s characters long",
                    digits=MAX_NUMBER_LENGTH,
                    length=Figure(len(text), 0, f"{len(text):,}"),
                )
            ),
        )
    return SafeConstructor.construct_yaml_int(loader, node)


class _PythonLoader(_Guards, yaml.SafeLoader):
    pass


try:  # libyaml's C scanner and parser, with Python's composer on top for the line marks and the guards
    from yaml._yaml import CParser
    from yaml.composer import Composer
    from yaml.resolver import Resolver

    class _CLoader(_Guards, Composer, CParser, SafeConstructor, Resolver):
        """SafeLoader's behaviour at about five times the speed (archives hold thousands of uploads)."""

        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

    _Loader: type[SafeConstructor] = _CLoader
except ImportError:  # PyYAML built without libyaml
    _Loader = _PythonLoader

_loaders: set[type[SafeConstructor]] = {_PythonLoader, _Loader}
for _loader in _loaders:
    _loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
    _loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    _loader.add_constructor("tag:yaml.org,2002:timestamp", construct_timestamp)


def load(text: str, loader_class: type | None = None) -> Any:
    """The document, loaded safely; raises LoadError for the first alias, deep nesting, huge
    number or impossible date, and DuplicateKeys for every key written twice in a mapping.

    An ordinary upload is composed by libyaml in C (``yaml_fastload``); anything that one
    does not handle exactly as this loader does is loaded here, the guarded way."""
    if loader_class is None and quick_load_works():
        try:
            return fast_load(text)
        except Unhandled:
            pass
    loader = (loader_class or _Loader)(text)
    loader.duplicates = []
    try:
        doc = loader.get_single_data()
    finally:
        loader.dispose()
    if loader.duplicates:
        raise DuplicateKeys(sorted(loader.duplicates, key=lambda d: (d[0], d[1])))
    return doc


_quick: bool | None = None
"""Whether the quick load passed its probe in this process (None: not tried yet)."""


def quick_load_works() -> bool:
    """The quick load (``yaml_fastload``, on PyYAML's private hooks) is used only once it has
    loaded its probe exactly as the guarded loader does; otherwise the guarded loader, on
    PyYAML's public safe loader, loads every document (the same data, more slowly)."""
    global _quick
    if _quick is None:
        _quick = yaml_fastload.works(lambda text: load(text, _Loader))
    return _quick


class DuplicateKeys(Exception):
    def __init__(self, duplicates: list[tuple[int, int, object]]):
        super().__init__(duplicates)
        self.duplicates = duplicates


class YamlReader:
    """A YAML reader's errors, each with the line of the mapping it is about."""

    def __init__(self, file: str):
        self.file = file
        self.errors: list[InputError] = []

    def error(self, where: Any, message: str, board: int | None = None, pair: str | None = None) -> None:
        line = where.line if isinstance(where, LineDict) else where
        self.errors.append(InputError(self.file, f"line {line}" if line else "", message, board, pair))

    def mapping(self, value: Any, parent: Any, what: Param) -> bool:
        """Whether ``value`` is a mapping; if not, reported (``what``: 'a board', a message)."""
        if isinstance(value, dict):
            return True
        self.error(
            parent,
            said(msg("expected %(what)s as a mapping (key: value), got %(value)s", what=what, value=repr(value))),
        )
        return False

    def listed(self, parent: dict[Any, Any], key: str, where: Any, what: Param) -> list[Any]:
        """``parent[key]`` as a list (missing: empty); anything else is reported."""
        value = parent.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.error(
                where,
                said(
                    msg(
                        "expected %(key)s as a list of %(what)s, got %(value)s",
                        key=key,
                        what=what,
                        value=values.quoted(value),
                    )
                ),
            )
            return []
        return value


__all__ = ["DuplicateKeys", "LineDict", "LoadError", "YamlReader", "load", "quick_load_works"]
