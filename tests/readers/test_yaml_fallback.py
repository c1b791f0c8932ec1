"""The quick YAML load stands on PyYAML's private hooks (libyaml's ``CParser`` composer, the
resolver's methods): it is used only while those hooks are there and behave as they did.
Each path is tried here — the hooks as they are, the hooks gone, the hooks changed — and each
loads the same data as the guarded loader on PyYAML's public safe loader."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from yaml.nodes import ScalarNode

from generator.readers import yaml_fastload, yaml_loader
from generator.readers.yaml_fastload import Unhandled, same
from generator.readers.yaml_loader import _Loader, load

pytestmark = pytest.mark.skipif(not yaml_fastload.HAVE_LIBYAML, reason="PyYAML without libyaml")

QUICK = yaml_fastload.fast_load
"""The quick load itself, uncounted."""

SESSION = """\
title: Club pairs
date: 2025-03-04
method: matchpoints
pairs:
  - {number: 1, names: [Ann Example, Bob Example]}
  - {number: 2, names: [Cat Example, Dan Example]}
boards:
  - board: 1
    results:
      - {ns: 1, ew: 2, contract: 3NT, by: N, tricks: 9}
      - {ns: 2, ew: 1, contract: 4SX, by: E, tricks: 8}
"""


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The documents the quick load is given (the probe's, then the uploads'), from a fresh probe."""
    calls: list[str] = []

    def counting(text: str) -> Any:
        calls.append(text)
        return QUICK(text)

    monkeypatch.setattr(yaml_fastload, "fast_load", counting)
    monkeypatch.setattr(yaml_loader, "fast_load", counting)
    monkeypatch.setattr(yaml_loader, "_quick", None)
    yield calls


def guarded() -> Any:
    return load(SESSION, _Loader)


def test_with_the_hooks_as_they_are_the_quick_load_reads_the_upload(counted: list[str]) -> None:
    data = load(SESSION)
    assert counted == [yaml_fastload.PROBE, SESSION]  # the probe passed, then the upload the quick way
    assert same(data, guarded())
    assert data["boards"][0]["results"][1] == {"ns": 2, "ew": 1, "contract": "4SX", "by": "E", "tricks": 8}


def test_with_the_hooks_gone_the_guarded_loader_reads_the_same_data(
    counted: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(yaml_fastload, "_Composer")  # as if the private composer could not be made
    with pytest.raises(Unhandled):
        QUICK(SESSION)
    data = load(SESSION)
    assert counted == [yaml_fastload.PROBE]  # the probe failed: no upload is given to the quick load
    assert yaml_loader.quick_load_works() is False
    assert same(data, guarded())


def test_with_a_hook_changed_the_guarded_loader_reads_the_same_data(
    counted: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new PyYAML whose resolver answers otherwise raises nothing: the quick load would read
    every number as text.  The probe sees the difference and the guarded loader reads."""

    resolve = yaml_fastload._Composer.resolve

    def as_text(self: Any, kind: type, value: Any, implicit: Any) -> str:
        return "tag:yaml.org,2002:str" if kind is ScalarNode else resolve(self, kind, value, implicit)

    monkeypatch.setattr(yaml_fastload._Composer, "resolve", as_text)
    assert QUICK("board: 1\n") == {"board": "1"}  # the changed hook's wrong data, and no error
    data = load(SESSION)
    assert counted == [yaml_fastload.PROBE]  # the probe failed: no upload is given to the quick load
    assert same(data, guarded())
    assert data["boards"][0]["board"] == 1


def test_a_hook_failing_while_loading_hands_the_document_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe passed, then a hook fails on one document: that document is loaded the guarded way."""

    def broken(self: object) -> None:
        raise AttributeError("get_single_node")

    monkeypatch.setattr(yaml_loader, "_quick", True)
    monkeypatch.setattr(yaml_fastload._Composer, "get_single_node", broken)
    with pytest.raises(Unhandled):
        QUICK(SESSION)
    assert same(load(SESSION), guarded())


def test_without_libyaml_the_probe_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yaml_fastload, "HAVE_LIBYAML", False)
    assert yaml_fastload.works(lambda text: load(text, _Loader)) is False
