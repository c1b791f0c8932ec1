"""The package's imports go one way: no circle anywhere in `generator/`, and the engine
stands alone, and every arrow goes down the layers (docs/architecture.md, "The layers").

Every import counts, at module level and inside functions and methods (a lazy import only
hides a circle; it does not break it).  The one exception is an import under
`if TYPE_CHECKING:`: it never runs, so it is not an edge of the graph.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

import pytest

PACKAGE = "generator"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE


def _module_names(root: Path) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    names: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [PACKAGE, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST, typing: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """All imports under `node`, at any depth, except the body of `if TYPE_CHECKING:` (unless
    `typing`: then those too)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test) and not typing:
            for other in child.orelse:
                yield from _import_nodes_of(other, typing)
            continue
        yield from _import_nodes_of(child, typing)


def _import_nodes_of(node: ast.AST, typing: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    yield from _import_nodes(node, typing)


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module an import-from names (`from ..x import y` resolved)."""
    if node.level == 0:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts.pop()
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, *([node.module] if node.module else [])])


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    """The module of ours that `name` is, or lies in (None if not ours)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def import_graph(root: Path = ROOT, typing: bool = False) -> dict[str, set[str]]:
    """Each module of the package → the modules of the package it imports (with `typing`,
    counting the imports under `if TYPE_CHECKING:` too)."""
    modules = _module_names(root)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _import_nodes(tree, typing):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _base(name, is_package, node)
                for alias in node.names:
                    # `from . import x` names a submodule when x is one; else a name in `base`
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            for target in targets:
                owner = _owner(target, modules)
                if owner is not None and owner != name:
                    graph[name].add(owner)
    return graph


@functools.cache
def package_graph() -> dict[str, frozenset[str]]:
    """The package's own graph, parsed once for all the tests here."""
    return {module: frozenset(targets) for module, targets in import_graph().items()}


def find_cycle(graph: Mapping[str, Set[str]]) -> list[str] | None:
    """One circle of imports (its modules in order, the first repeated last), or None.

    Tarjan's strongly connected components; a component of more than one module holds a
    circle, which a walk inside the component then spells out.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                connect(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            components.append(component)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    circles = [sorted(c) for c in components if len(c) > 1]
    if not circles:
        return None
    members = set(min(circles, key=len))
    start = min(members)
    path = [start]
    seen = {start}
    while True:  # inside a strongly connected component every walk finds its way back
        here = path[-1]
        succs = sorted(s for s in graph[here] if s in members)
        if start in succs and len(path) > 1:
            return [*path, start]
        fresh = [s for s in succs if s not in seen]
        if not fresh:
            back = path.index(succs[0])
            return [*path[back:], succs[0]]
        path.append(fresh[0])
        seen.add(fresh[0])


def _cycle_text(graph: Mapping[str, Set[str]]) -> str:
    cycle = find_cycle(graph)
    return " → ".join(m.removeprefix(PACKAGE + ".") for m in cycle) if cycle else ""


def test_no_import_cycle_in_the_package() -> None:
    cycle = _cycle_text(package_graph())
    assert not cycle, f"import circle: {cycle}"


def test_no_circle_even_for_types() -> None:
    """An import under `if TYPE_CHECKING:` never runs, but a circle it closes is still one a
    reader must hold in mind (the page modules and their planner were one, the USEBIO reader
    and its stream, the session result and the Swiss result, till issue 27): none anywhere in
    the package either.  Types two modules share live in a small module below both."""
    cycle = _cycle_text(import_graph(typing=True))
    assert not cycle, f"import circle (counting TYPE_CHECKING imports): {cycle}"


ENGINE_MAY_NOT_IMPORT = ("readers", "site", "analysis", "history", "commands")


def test_the_engine_imports_none_of_the_upper_layers() -> None:
    graph = package_graph()
    offending = sorted(
        f"{module} → {target}"
        for module, targets in graph.items()
        if module.startswith(f"{PACKAGE}.scoring")
        for target in targets
        if any(
            target == f"{PACKAGE}.{layer}" or target.startswith(f"{PACKAGE}.{layer}.")
            for layer in ENGINE_MAY_NOT_IMPORT
        )
    )
    assert not offending, offending


# The layers, lowest first (docs/architecture.md draws them): a module may import its own
# layer and those below, never one above.  A module is placed by its longest prefix.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("notation", "errors", "files", "sealed", "dates", "languages", "cycles", "memo", "parallel", "resources"),
    ("model",),
    ("scoring",),
    ("readers", "analysis", "history", "figures", "privacy"),
    ("upload",),  # the upload outcome: one upload read and scored (read_and_score), for every command
    (  # what the commands make of an upload: audit, conventions, export, events
        "commands",
        "check",
        "conventions",
        "export",
        "swiss_export",
        "json_halves",
        "printed_averages",
        "events",
        "site_settings",
        "site_config",
        "reconcile",
    ),
    ("site",),
    ("cli", "__main__", "serve", "new", "upgrade", "wheel", ""),  # "": generator/__init__.py
)

KNOWN_UPWARD: set[tuple[str, str]] = set()
"""Arrows that still go up, each (module, what it imports) with its reason in a comment: a
debt, and the list may only shrink.  Empty: keep it so."""


def layer_of(module: str) -> int | None:
    name = module.removeprefix(PACKAGE).removeprefix(".")
    found = [
        (len(prefix), rank)
        for rank, prefixes in enumerate(LAYERS)
        for prefix in prefixes
        if name == prefix or name.startswith(prefix + ".")
    ]
    return max(found)[1] if found else None


def test_every_module_has_a_layer() -> None:
    assert [m for m in package_graph() if layer_of(m) is None] == []


def test_imports_only_go_down_the_layers() -> None:
    graph = package_graph()
    upward = {
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if (layer_of(target) or 0) > (layer_of(module) or 0)
    }
    assert sorted(upward - KNOWN_UPWARD) == [], "an import goes up the layers"
    assert sorted(KNOWN_UPWARD - upward) == [], "a debt was paid: take it off KNOWN_UPWARD"


# The checker itself, on small packages written here: it must see what it is meant to see.


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / PACKAGE
    for name, text in {"__init__.py": "", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("files", "cycle"),
    [
        ({"a.py": "from .b import x\n", "b.py": "from .a import y\n"}, "a → b → a"),
        (  # hidden inside a function: still a circle
            {"a.py": "from .b import x\n", "b.py": "def f():\n    from .a import y\n"},
            "a → b → a",
        ),
        (  # `from . import b` names the submodule b; `from ..` climbs out of a package
            {
                "a.py": "from . import b\n",
                "b.py": "import generator.sub.c\n",
                "sub/__init__.py": "",
                "sub/c.py": "from ..a import z\n",
            },
            "a → b → sub.c → a",
        ),
        (  # under TYPE_CHECKING it never runs: no edge
            {
                "a.py": "from .b import x\n",
                "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n",
            },
            "",
        ),
        (  # a package's __init__ importing its own submodule is one way only
            {"sub/__init__.py": "from .c import x\n", "sub/c.py": "import os\n"},
            "",
        ),
    ],
)
def test_the_checker_finds_circles(tmp_path: Path, files: dict[str, str], cycle: str) -> None:
    assert _cycle_text(import_graph(_package(tmp_path, files))) == cycle


def test_the_checker_finds_a_circle_only_types_close_when_asked(tmp_path: Path) -> None:
    files = {
        "a.py": "from .b import x\n",
        "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n",
    }
    root = _package(tmp_path, files)
    assert _cycle_text(import_graph(root)) == ""
    assert _cycle_text(import_graph(root, typing=True)) == "a → b → a"
