"""The quick YAML load (libyaml's C composer, then one Python pass) against the guarded
loader it stands in for: the same data, to the type and the line of every mapping, or it
hands the document back (``Unhandled``) — never a different answer."""

from __future__ import annotations

import math
import random
import sys
import threading
from datetime import date, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.readers import yaml_fastload
from generator.readers.yaml_fastload import C_NESTING_LIMIT, C_NESTING_LIMIT_THREAD, Unhandled, fast_load, nesting_bound
from generator.readers.yaml_loader import DuplicateKeys, LineDict, LoadError, _Loader, load

pytestmark = pytest.mark.skipif(not yaml_fastload.HAVE_LIBYAML, reason="PyYAML without libyaml")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))


def guarded(text: str):
    """The guarded loader's answer: the data, or the kind of refusal."""
    try:
        return ("data", load(text, _Loader))
    except (LoadError, DuplicateKeys) as exc:
        return ("refused", type(exc).__name__)
    except Exception as exc:  # malformed YAML and the like: whatever it is, the quick load must not accept
        return ("refused", type(exc).__name__)


def same(a, b) -> bool:
    """Equal data of the same types, mappings from the same lines, keys in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        if isinstance(a, LineDict) and a.line != b.line:
            return False
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    return a == b


def check(text: str) -> None:
    expected = guarded(text)
    try:
        got = fast_load(text)
    except Unhandled:
        return  # the guarded loader answers: nothing to compare
    assert expected[0] == "data", f"the quick load accepted what the guarded one refuses: {text!r}"
    assert same(got, expected[1]), f"{text!r}: {got!r} != {expected[1]!r}"


# Scalars PyYAML resolves in surprising ways, and ones our guards refuse.
TRICKY = [
    "yes", "No", "on", "OFF", "y", "n", "true", "False", "~", "null", "Null", "", "0", "-0", "+5", "007", "012",
    "0o17", "0x1F", "0b101", "1_000", "1:30", "190:20:30", "-1:00", "1.5", "1e3", "1.0e+3", ".inf", "-.Inf", ".NaN",
    "1_0.5", "2026-01-05", "2026-1-5", "2026-02-30", "2026-01-05 10:30:00", "2026-01-05T10:30:00Z",
    "2026-01-05t10:30:00.5+01:00", "9999-12-31", "0000-01-01", "12345678901234567890123456789012", "4S*", "4Sx",
    "3NTXX", "PASS", "A60/40", "A+", "Ann & Bob", "=", "<<", "'quoted'", '"dq"', "a: b", "- x", "#c", "x #c",
    "ünï", "1a", "²", "٣", "&a", "*a", "!!str 3", "!!int 3", "!!float 1", "!!binary aGk=", "!!set {a}",
    "!!python/object/apply:os.system [ls]", "[1, 2]", "{a: 1}", "[", "}", "@x", "`x", "%x", "\t1",
]  # fmt: skip
KEYS = ["ns", "ew", "contract", "by", "tricks", "score", "number", "1", "yes", "<<", "=", "~", "2026-01-05", "ns"]

scalars = st.sampled_from(TRICKY) | st.text(alphabet="0123456789-+:._ xXeE#&*!abNSEW'\"", max_size=8)
keys = st.sampled_from(KEYS) | scalars


def flow(tree) -> str:
    if isinstance(tree, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in tree.items()) + "}"
    if isinstance(tree, list):
        return "[" + ", ".join(flow(v) for v in tree) + "]"
    return tree


def block(tree, indent: int = 0) -> list[str]:
    pad = " " * indent
    if isinstance(tree, dict):
        out = []
        for k, v in tree.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{k}:")
                out += block(v, indent + 2)
            else:
                out.append(f"{pad}{k}: {flow(v)}")
        return out or [pad + "{}"]
    if isinstance(tree, list):
        out = []
        for v in tree:
            if isinstance(v, (dict, list)) and v:
                inner = block(v, indent + 2)
                out.append(f"{pad}- {inner[0].lstrip()}")
                out += inner[1:]
            else:
                out.append(f"{pad}- {flow(v)}")
        return out or [pad + "[]"]
    return [pad + tree]


trees = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees, st.booleans())
def test_the_quick_load_gives_the_guarded_loaders_data_or_hands_the_document_back(tree, as_flow):
    check(flow(tree) if as_flow else "\n".join(block(tree)) + "\n")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TRICKY + KEYS + [": ", "\n", "  ", "- ", ", ", "{", "}", "[", "]", "#"]), max_size=30))
def test_any_jumble_of_yaml_pieces_is_loaded_alike_or_handed_back(pieces):
    check("".join(pieces))


def test_a_synthetic_session_is_loaded_the_quick_way_with_the_guarded_loaders_data():
    import synthetic

    text = synthetic.mitchell_yaml(
        random.Random(3), event="Club Pairs", date="2026-01-05", tables=14, boards=24, names=["Ann Ash"] * 56
    )
    quick = fast_load(text)  # raises Unhandled if the quick way were never taken
    assert same(quick, load(text, _Loader))
    assert isinstance(quick["date"], date) and not isinstance(quick["date"], datetime)
    assert quick["boards"][0].line == 36  # six lines of details, 28 pairs, then 'boards:' on line 35
    assert same(load(text), quick)


@pytest.mark.parametrize(
    "text",
    [
        "a: &x 1\nb: *x\n",  # an alias: refused with its line by the guarded loader
        "a: 1\na: 2\n",  # a key twice: both lines named by the guarded loader
        "a: 123456789012345678901234567890123\n",  # a huge number
        "a: 2026-02-30\n",  # an impossible date
        "a: 0x1F\n",  # an int PyYAML reads its own way
        "<<: {a: 1}\nb: 2\n",  # a merge key
        "a: !!binary aGk=\n",
        "[" * 51 + "]" * 51,  # nested 51 deep
        "[" * 100_000 + "]" * 100_000,  # deep enough to crash libyaml's composer: never given to it
        "a: [1\n",  # malformed
        "",
    ],
)
def test_what_the_quick_load_hands_back(text):
    with pytest.raises(Unhandled):
        fast_load(text)


def test_the_nesting_bound_is_above_the_real_depth():
    assert nesting_bound("[" * 50 + "]" * 50) >= 50
    assert nesting_bound("- - - - - a\n") >= 6  # compact sequences on one line
    assert nesting_bound("a:\n- b:\n  - c:\n    - d\n") >= 6  # sequences at their keys' indentation
    assert nesting_bound("[" * 20_000 + "]" * 20_000) > C_NESTING_LIMIT


def test_a_thread_gives_libyaml_less_nesting_than_the_main_thread():
    text = "- [1]\n" * 1_200  # 1,200 lists, three levels deep; the bound cannot tell
    assert C_NESTING_LIMIT_THREAD < nesting_bound(text) <= C_NESTING_LIMIT
    assert fast_load(text) == [[1]] * 1_200  # the main thread: the quick way
    outcome = []

    def read():
        try:
            fast_load(text)
        except Unhandled:
            outcome.append("handed back")

    worker = threading.Thread(target=read)
    worker.start()
    worker.join()
    assert outcome == ["handed back"]  # a thread: the guarded loader (same data, see above)
    assert load(text) == [[1]] * 1_200


def test_50_levels_load_the_quick_way_and_51_are_refused_as_today():
    assert fast_load("[" * 49 + "1" + "]" * 49) is not None
    with pytest.raises(LoadError, match="nested more than 50 levels"):
        load("[" * 51 + "]" * 51)


# --- rows set aside (``set_rows_aside``): the usual traveller line read by a regular expression

ROW = "- {ns: 1, ew: 2, contract: 3NTX, by: W, tricks: 7}"
ROW_LIKE = [  # rows and near-rows: only the exact usual form is set aside, the rest goes to libyaml
    ROW, "- {ns: 14, ew: 1, contract: 4S, by: N, tricks: 10}", "- {ns: 1, ew: 2, contract: 7CXX, by: E, tricks: 13}",
    "- {ns: 01, ew: 2, contract: 4S, by: N, tricks: 10}", "- {ns: 1, ew: 2, contract: 4S, by: N, tricks: 14}",
    "- {ns: 1, ew: 2, contract: 4S, by: N, tricks: 010}", "- {ns: 1, ew: 2, contract: 4s, by: n, tricks: 9}",
    "- {ns: 1, ew: 2, contract: 4S, by: N, tricks: 9} ", "- {ns: 1, ew: 2, contract: 4S, by: N, tricks: 9} # c",
    "- {ns: 1, ew: 2, ns: 3, by: N, tricks: 9}", "- {ns: 1, ew: 2, contract: 4S, by: N, tricks: 9, tricks: 8}",
    "-  {ns: 1, ew: 2, contract: 4S, by: N, tricks: 9}", "- {ns: 1,ew: 2, contract: 4S, by: N, tricks: 9}",
    "- {}", "- []", "- x",
]  # fmt: skip
CONTEXTS = [  # where a row may stand: in a list as usual, or where it is not a list's item at all
    "{row}",
    "a:\n  {row}",
    "a:\n{row}",
    "a: |\n  {row}",
    "a: >\n  {row}\n  {row}",
    'a: "x\n  {row}"',
    "a: 'x\n  {row}'",
    "a: x\n  {row}",
    "a: [\n  {row}\n  ]",
    "a: {{\n  b: 1,\n  {row}\n  }}",
    "- - {row}",
    "# {row}",
    "a:\n  - b: 1\n    c:\n      {row}\n      {row}",
    "? {row}\n: 1",
    "a: \u2028\n  {row}",
    "--- {row}",
    "- 1\n{row}\n...\n",
]


def rows_in(context: str, rows: list[str], indent: int) -> str:
    pad = " " * indent
    return context.format(row=f"\n{pad}".join(rows)) + "\n"


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CONTEXTS), st.lists(st.sampled_from(ROW_LIKE), min_size=1, max_size=4), st.integers(0, 4))
def test_rows_set_aside_load_as_the_guarded_loader_loads_them_wherever_they_stand(context, rows, indent):
    check(rows_in(context, rows, indent))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 120), st.integers(0, 120), st.sampled_from(TRICKY[:40] + ["4S", "1NT", "7NTXX", "3HX"]),
            st.sampled_from(["N", "E", "S", "W", "n", "y", "~"]), st.integers(0, 20),
        ),
        min_size=1,
        max_size=6,
    )
)  # fmt: skip
def test_random_rows_load_as_the_guarded_loader_loads_them(rows):
    text = "boards:\n  - number: 1\n    results:\n" + "".join(
        f"      - {{ns: {ns}, ew: {ew}, contract: {contract}, by: {by}, tricks: {tricks}}}\n"
        for ns, ew, contract, by, tricks in rows
    )
    check(text)


def test_the_usual_rows_are_set_aside_and_come_back_with_their_lines():
    text = "boards:\n  - number: 1\n    results:\n      " + ROW + "\n      " + ROW.replace("ns: 1", "ns: 3") + "\n"
    composed, rows = yaml_fastload.set_rows_aside(text)
    assert composed == "boards:\n  - number: 1\n    results:\n      - {}\n      - {}\n"
    assert rows == {(3, 8): (1, 2, "3NTX", "W", 7), (4, 8): (3, 2, "3NTX", "W", 7)}
    quick = fast_load(text)
    assert same(quick, load(text, _Loader))
    assert [r.line for r in quick["boards"][0]["results"]] == [4, 5]


def test_a_row_in_a_multi_line_string_hands_the_document_back():
    with pytest.raises(Unhandled):
        fast_load("a: |\n  " + ROW + "\n")  # the row is text in a string: nothing to put it back in
    assert load("a: |\n  " + ROW + "\n") == {"a": ROW + "\n"}


def test_rows_at_the_deepest_level_and_below_it():
    def nested(levels: int) -> str:
        return "".join(" " * (2 * i) + "- \n" for i in range(levels)) + " " * (2 * levels) + ROW + "\n"

    for levels in (46, 47, 48, 49):
        check(nested(levels))
    assert same(fast_load(nested(47)), load(nested(47), _Loader))  # the row's values at level 50
    with pytest.raises(Unhandled):
        fast_load(nested(48))  # the row's values would be at level 51: the guarded loader refuses it
    with pytest.raises(LoadError, match="nested more than 50 levels"):
        load(nested(48))
