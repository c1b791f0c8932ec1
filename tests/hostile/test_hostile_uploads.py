"""Hostile uploads, each run through `python -m generator build` as CI runs it (cli main, one process).

Every case asserts the exit status; a refused upload also the full message on stderr and that
the previous site is byte-identical (and no file's mtime moved); an accepted one that its pages
were written, and for injection payloads that the payload appears only escaped.  The uploads
are the clean ones of ``uploads.py`` (invented names) changed in one place, written here;
nothing is read from content/.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.cli import main
from tests.helpers.uploads import PBN_PAIRS as P
from tests.helpers.uploads import USEBIO_PAIRS as X
from tests.helpers.uploads import USEBIO_TEAMS as XT
from tests.helpers.uploads import YAML_PAIRS as Y
from tests.helpers.uploads import YAML_TEAMS as T


def sub(text: str, old: str, new: str, count: int = 1) -> str:
    """``text`` with ``old`` replaced, failing loudly if the clean upload no longer holds it."""
    assert old in text, old
    return text.replace(old, new, count)


LATER = sub(Y, "date: 2026-11-03", "date: 2026-11-10")
"""The clean pairs upload a week later: published beside it, not the same session uploaded twice."""


BOMB = (
    '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><USEBIO>&d;</USEBIO>'
)
PBN_FIRST_GAME = P[P.index("[Event") : P.index("\n\n")]


@dataclass(frozen=True)
class Case:
    id: str
    name: str
    """The upload's file name in content/sessions/."""
    data: str | bytes
    problems: list[str] | None = None
    """Every problem the build must report, FILE standing for the upload's path; None: the build succeeds."""
    warned: str = ""
    """A warning the build that succeeds must give, FILE standing for the upload's path."""


CASES = [
    # YAML
    Case(
        "yaml-duplicate-key",
        "a.yaml",
        sub(Y, "tricks: 9}", "tricks: 9, tricks: 10}"),
        [
            "FILE (line 16): the key 'tricks' appears twice in one mapping (also earlier on this line): expected each key once (which value was meant?)"
        ],
    ),
    Case(
        "yaml-duplicate-key-lines",
        "a.yaml",
        sub(Y, "  - number: 2\n", "  - number: 2\n    number: 3\n"),
        [
            "FILE (line 18): the key 'number' appears twice in one mapping (also line 17): expected each key once (which value was meant?)"
        ],
    ),
    Case(
        "yaml-impossible-date",
        "a.yaml",
        sub(Y, "2026-11-03", "2026-02-30"),
        ["FILE (line 3): expected a real calendar date, got '2026-02-30'"],
    ),
    Case(
        "yaml-huge-number",
        "a.yaml",
        sub(Y, "tricks: 9}", "tricks: " + "9" * 5000 + "}"),
        ["FILE (line 16): expected a number of at most 30 digits, got one 5,000 characters long"],
    ),
    Case(
        "yaml-deep-nesting",
        "a.yaml",
        Y + "notes: " + "[" * 5000 + "]" * 5000 + "\n",
        ["FILE (line 21): the YAML is nested more than 50 levels deep: expected a session as in docs/yaml-format.md"],
    ),
    Case(
        "yaml-deep-nesting-block",
        "a.yaml",
        Y + "notes:\n" + "".join("  " * i + "- \n" for i in range(1, 200)),
        ["FILE (line 71): the YAML is nested more than 50 levels deep: expected a session as in docs/yaml-format.md"],
    ),
    Case(
        "yaml-alias-bomb",
        "a.yaml",
        'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n'
        + Y,
        ["FILE (line 2): YAML aliases (*name) are not allowed in uploads: expected plain values"],
    ),
    Case(
        "yaml-python-object",
        "a.yaml",
        "!!python/object/apply:os.system ['echo pwned']\n",
        [
            "FILE (line 1, column 1): malformed YAML (could not determine a constructor for the tag 'tag:yaml.org,2002:python/object/apply:os.system'): expected a YAML session as in docs/yaml-format.md"
        ],
    ),
    Case(
        "yaml-board-zero",
        "a.yaml",
        sub(Y, "  - number: 2\n", "  - number: 0\n"),
        ["FILE (line 17): expected a board number from 1 to 999, got 0"],
    ),
    Case(
        "yaml-board-negative",
        "a.yaml",
        sub(Y, "  - number: 2\n", "  - number: -3\n"),
        ["FILE (line 17): expected a board number from 1 to 999, got -3"],
    ),
    Case(
        "yaml-board-absurd",
        "a.yaml",
        sub(Y, "  - number: 2\n", "  - number: 1000000000\n"),
        ["FILE (line 17): expected a board number from 1 to 999, got 1000000000"],
    ),
    Case(
        "yaml-board-superscript",
        "a.yaml",
        sub(Y, "  - number: 2\n", "  - number: ²\n"),
        ["FILE (line 17): expected a board number such as 1 or 27, got '²'"],
    ),
    Case(
        "yaml-pair-superscript",
        "a.yaml",
        sub(Y, "{ns: 4, ew: 3,", "{ns: ٤, ew: 3,"),
        ["FILE: board 2 (line 20): expected the NS pair number under ns, got '٤'"],
    ),
    Case(
        "yaml-deal-14-cards",
        "a.yaml",
        sub(LATER, "AK72.QJ5.T84.A93 QT8.K962", "AK72.QJ5.T84.A93Q T8.K962"),
        warned="FILE: board 1: hand record left out (line 12): impossible deal: N holds 14 cards; E holds 12 cards; CQ (N and W) is dealt twice; SQ is missing",
    ),
    Case(
        "yaml-deal-card-twice",
        "a.yaml",
        sub(LATER, "QT8.K962", "QT8.K96A"),
        warned="FILE: board 1: hand record left out (line 12): impossible deal: HA (E and S) is dealt twice; H2 is missing",
    ),
    Case(
        "yaml-deal-card-missing",
        "a.yaml",
        sub(LATER, "QT8.K962", "QT8.K96"),
        warned="FILE: board 1: hand record left out (line 12): impossible deal: E holds 12 cards; H2 is missing",
    ),
    Case(
        "yaml-pair-two-results",
        "a.yaml",
        sub(Y, "{ns: 4, ew: 3,", "{ns: 2, ew: 3,"),
        [
            "FILE: board 2, NS pair 2 (line 20): NS pair 2 has two results on this board (also line 19): expected one result per pair"
        ],
    ),
    Case(
        "yaml-teams-imp-adjustment-word",
        "a.yaml",
        sub(T, "    round: 1\n", "    round: 1\n    imp_adjustment: three\n"),
        ["FILE: Larks v Owls (line 9): imp_adjustment: expected an IMP adjustment such as 3 or -1.5, got 'three'"],
    ),
    Case(
        "yaml-teams-imp-adjustment-exponent",
        "a.yaml",
        sub(T, "    round: 1\n", "    round: 1\n    imp_adjustment: 1e999999999\n"),
        [
            "FILE: Larks v Owls (line 9): imp_adjustment: expected an IMP adjustment such as 3 or -1.5, got '1e999999999'"
        ],
    ),
    Case(
        "yaml-teams-home-list",
        "a.yaml",
        sub(T, "home: 1", "home: [1]"),
        ["FILE (line 9): expected home and away to be two different team numbers listed under teams, got [1] and 2"],
    ),
    Case(
        "yaml-teams-not-list",
        "a.yaml",
        sub(
            T,
            "teams:\n  - {number: 1, name: Larks, players: [Ada Quill, Ben Rook, Cy Sable, Di Tarn]}\n  - {number: 2, name: Owls, players: [Ed Umber, Flo Vane, Gus Wren, Hal Yarrow]}\n",
            "teams: 7\n",
        ),
        ["FILE (line 1): expected teams as a list of teams ({number: 1, name: ..., players: [..]}), got 7"],
    ),
    Case(
        "yaml-teams-board-zero",
        "a.yaml",
        sub(T, "{number: 2, home_ns", "{number: 0, home_ns"),
        ["FILE (line 14): expected a board number from 1 to 999, got 0"],
    ),
    Case(
        "yaml-teams-deal-card-twice",
        "a.yaml",
        sub(T, "QT8.K962", "QT8.K96A"),
        warned="FILE: board 1: hand record left out (line 16): impossible deal: HA (E and S) is dealt twice; H2 is missing",
    ),
    Case(
        "yaml-option-exponent",
        "a.yaml",
        sub(Y, "movement: howell\n", "movement: howell\noptions: {artificial_imps: 1e999999999}\n"),
        ["FILE (line 6): option 'artificial_imps': expected a number, got '1e999999999'"],
    ),
    Case(
        "yaml-option-superscript",
        "a.yaml",
        sub(Y, "movement: howell\n", "movement: howell\noptions: {expected_results: '²'}\n"),
        ["FILE (line 6): option 'expected_results': expected 'section', 'event' or a whole number >= 1, got '²'"],
    ),
    Case(
        "yaml-weight-exponent",
        "a.yaml",
        sub(
            Y,
            "{ns: 4, ew: 3, contract: 2H, by: E, tricks: 8}",
            "{ns: 4, ew: 3, weighted: [{weight: 1e-999999999, score: 50}, {weight: 1, score: 100}]}",
        ),
        [
            "FILE: board 2, NS pair 4 v EW pair 3 (line 20): expected a weight such as 60%, 0.6 or 3/5, got '1e-999999999'"
        ],
    ),
    Case(
        "yaml-not-utf8",
        "a.yaml",
        sub(Y, "Ada Quill", "Åda Quill").encode("latin-1"),
        ["FILE (byte 136): the file is not UTF-8 text: expected a UTF-8 YAML file"],
    ),
    Case(
        "yaml-utf16",
        "a.yaml",
        Y.encode("utf-16"),
        ["FILE (byte 0): the file is not UTF-8 text: expected a UTF-8 YAML file"],
    ),
    Case(
        "yaml-binary",
        "a.yaml",
        bytes(range(256)) * 4,
        ["FILE (byte 128): the file is not UTF-8 text: expected a UTF-8 YAML file"],
    ),
    Case(
        "yaml-truncated",
        "a.yaml",
        Y[: Y.index("tricks: 10") + 6],
        [
            "FILE (line 16, column 1): malformed YAML (did not find expected ',' or '}'): expected a YAML session as in docs/yaml-format.md"
        ],
    ),
    Case(
        "yaml-empty",
        "a.yaml",
        b"",
        ["FILE (line 1): expected a mapping of session details (club, event, method, ...), got NoneType"],
    ),
    Case(
        "yaml-nul",
        "a.yaml",
        sub(Y, "Ada Quill", "Ada\x00Quill"),
        ["FILE (line 7): the file holds the control character #x0000, which YAML does not allow: expected plain text"],
    ),
    # PBN
    Case(
        "pbn-board-twice",
        "a.pbn",
        P + "\n" + PBN_FIRST_GAME + "\n",
        [
            "FILE: board 1, NS pair 1 (line 43): NS pair 1 has two results on this board (also line 17): expected one result per pair",
            "FILE: board 1, EW pair 3 (line 43): EW pair 3 has two results on this board (also line 17): expected one result per pair",
            "FILE: board 1, NS pair 2 (line 44): NS pair 2 has two results on this board (also line 18): expected one result per pair",
            "FILE: board 1, EW pair 4 (line 44): EW pair 4 has two results on this board (also line 18): expected one result per pair",
        ],
    ),
    Case(
        "pbn-board-twice-other-details",
        "a.pbn",
        sub(P, '[Board "2"]', '[Board "1"]'),
        [
            "FILE: board 1 (line 21): board 1 is written twice with a different dealer and vulnerability (also line 6): expected each board once",
            "FILE: board 1, NS pair 1 (line 26): NS pair 1 has two results on this board (also line 17): expected one result per pair",
            "FILE: board 1, EW pair 4 (line 26): EW pair 4 has two results on this board (also line 18): expected one result per pair",
            "FILE: board 1, NS pair 1 v EW pair 4 (line 26): score 600 contradicts 3NT by S taking 9 tricks (vulnerable: None): expected 400",
            "FILE: board 1, NS pair 2 (line 27): NS pair 2 has two results on this board (also line 18): expected one result per pair",
            "FILE: board 1, EW pair 3 (line 27): EW pair 3 has two results on this board (also line 17): expected one result per pair",
        ],
    ),
    Case(
        "pbn-board-superscript",
        "a.pbn",
        sub(P, '[Board "2"]', '[Board "²"]'),
        ["FILE (line 21): expected a board number such as 1 or 27, got '²'"],
    ),
    Case(
        "pbn-board-zero",
        "a.pbn",
        sub(P, '[Board "2"]', '[Board "0"]'),
        ["FILE (line 21): expected a board number from 1 to 999, got 0"],
    ),
    Case(
        "pbn-board-absurd",
        "a.pbn",
        sub(P, '[Board "2"]', '[Board "1000000000"]'),
        ["FILE (line 21): expected a board number from 1 to 999, got 1000000000"],
    ),
    Case(
        "pbn-board-huge",
        "a.pbn",
        sub(P, '[Board "2"]', '[Board "' + "9" * 5000 + '"]'),
        ["FILE (line 21): expected a board number from 1 to 999, got a number of 5,000 digits"],
    ),
    Case(
        "pbn-pair-superscript",
        "a.pbn",
        sub(P, "2 2 3 2H E 8", "2 ² 3 2H E 8"),
        ["FILE: board 2 (line 27): expected pair numbers in PairId_NS and PairId_EW, got '²' and '3'"],
    ),
    Case(
        "pbn-pairid-superscript",
        "a.pbn",
        sub(P, '4 2 "N-S"', '4 ² "N-S"'),
        [
            "FILE (line 13): PairId: expected a pair number such as 1 or 12, got '²'",
            "FILE: board 1, NS pair 2 (line 18): unknown NS pair 2: expected one of the pairs listed (1, 3-4)",
            "FILE: board 2, NS pair 2 (line 27): unknown NS pair 2: expected one of the pairs listed (1, 3-4)",
        ],
    ),
    Case("pbn-table-superscript", "a.pbn", sub(P, "2 2 3 2H E 8", "² 2 3 2H E 8")),
    Case(
        "pbn-score-huge",
        "a.pbn",
        sub(P, '"600"', '"' + "6" * 5000 + '"'),
        [
            "FILE: board 2, NS pair 1 v EW pair 4 (line 26): expected a score such as 420 or an artificial score such as A60/40, got '666666666666666666666666666666666666..."
        ],
    ),
    Case(
        "pbn-deal-card-twice",
        "a.pbn",
        sub(P, "QT8.K962", "QT8.K96A"),
        warned="FILE: board 1: hand record left out (line 9): impossible deal: HA (E and S) is dealt twice; H2 is missing",
    ),
    Case(
        "pbn-deal-13-13-13-13-wrong",
        "a.pbn",
        sub(P, "QT8.K962.AQ7.J54", "QT8.K962.AQ7.J5"),
        warned="FILE: board 1: hand record left out (line 9): impossible deal: E holds 12 cards; C4 is missing",
    ),
    Case("pbn-rank-superscript", "a.pbn", sub(P, '1 1 "N-S"', '² 1 "N-S"')),
    Case("pbn-butler-huge", "a.pbn", P.replace("MatchPoints;MP1", "IMP;Butler-" + "9" * 5000)),
    Case("pbn-latin1", "a.pbn", sub(P, "Ada Quill", "Åsa Öberg").encode("latin-1")),
    Case("pbn-bom", "a.pbn", b"\xef\xbb\xbf" + P.encode()),
    Case(
        "pbn-binary",
        "a.pbn",
        bytes(range(256)) * 4,
        ['FILE (line 1): expected PBN games ([Board "1"] ... with a ScoreTable), found none'],
    ),
    Case(
        "pbn-truncated",
        "a.pbn",
        P[: P.index("2 2 3 2H") + 5],
        ["FILE: board 2 (line 27): expected 10 cells as the table header on line 25 names, got 3"],
    ),
    # USEBIO
    Case(
        "xml-entity-bomb",
        "a.xml",
        BOMB,
        [
            "FILE (DOCTYPE): the file declares an XML entity 'a', which uploads may not use (entities can expand into a huge document or read other files): expected plain USEBIO XML"
        ],
    ),
    Case(
        "xml-xxe",
        "a.xml",
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]><USEBIO>&x;</USEBIO>',
        [
            "FILE (DOCTYPE): the file declares an XML entity 'x', which uploads may not use (entities can expand into a huge document or read other files): expected plain USEBIO XML"
        ],
    ),
    Case(
        "xml-parameter-entity",
        "a.xml",
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]><USEBIO/>',
        [
            "FILE (DOCTYPE): the file declares an XML entity 'p', which uploads may not use (entities can expand into a huge document or read other files): expected plain USEBIO XML"
        ],
    ),
    Case(
        "xml-dtd-url",
        "a.xml",
        sub(X, "<USEBIO Version", '<!DOCTYPE USEBIO SYSTEM "http://127.0.0.1:9/usebio_v1_2.dtd">\n<USEBIO Version'),
    ),
    Case("xml-deep-nesting", "a.xml", sub(X, "</EVENT>", "<X>" * 5000 + "</X>" * 5000 + "</EVENT>")),
    Case(
        "xml-board-superscript",
        "a.xml",
        sub(X, "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>²</BOARD_NUMBER>"),
        ["FILE (USEBIO/EVENT/BOARD[2]/BOARD_NUMBER): expected a board number such as 1 or 27, got '²'"],
    ),
    Case(
        "xml-board-zero",
        "a.xml",
        sub(X, "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>0</BOARD_NUMBER>"),
        ["FILE (USEBIO/EVENT/BOARD[2]/BOARD_NUMBER): expected a board number from 1 to 999, got 0"],
    ),
    Case(
        "xml-board-absurd",
        "a.xml",
        sub(X, "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>1000000000</BOARD_NUMBER>"),
        ["FILE (USEBIO/EVENT/BOARD[2]/BOARD_NUMBER): expected a board number from 1 to 999, got 1000000000"],
    ),
    Case(
        "xml-board-twice",
        "a.xml",
        sub(
            X,
            "<BOARD_NUMBER>2</BOARD_NUMBER>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>600</SCORE>",
            "<BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>",
        ),
        [
            "FILE: board 1, NS pair 2 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]): pair 2 sits EW (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]) and NS on the same board: expected a pair to play a board once, in one direction",
            "FILE: board 1, EW pair 1 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]): pair 1 sits NS (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]) and EW on the same board: expected a pair to play a board once, in one direction",
            "FILE: board 1, NS pair 4 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[2]): pair 4 sits EW (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[2]) and NS on the same board: expected a pair to play a board once, in one direction",
            "FILE: board 1, EW pair 3 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[2]): pair 3 sits NS (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[2]) and EW on the same board: expected a pair to play a board once, in one direction",
        ],
    ),
    Case(
        "xml-score-huge",
        "a.xml",
        sub(X, "<SCORE>600</SCORE>", "<SCORE>" + "6" * 5000 + "</SCORE>"),
        [
            "FILE: board 2, NS pair 2 v EW pair 1 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]/SCORE): expected a score such as 420 or an artificial score such as A60/40, got '666666666666666666666666666666666666..."
        ],
    ),
    Case(
        "xml-pair-superscript",
        "a.xml",
        sub(X, "<NS_PAIR_NUMBER>4</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>4²</NS_PAIR_NUMBER>"),
        [
            "FILE: board 2, NS pair (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[2]/NS_PAIR_NUMBER): expected a pair number such as 7, 7NS or 7 EW, got '4²'"
        ],
    ),
    Case(
        "xml-pair-arabic-digit",
        "a.xml",
        sub(X, "<NS_PAIR_NUMBER>4</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>٤</NS_PAIR_NUMBER>"),
        [
            "FILE: board 2, NS pair (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[2]/NS_PAIR_NUMBER): expected a pair number such as 7, 7NS or 7 EW, got '٤'"
        ],
    ),
    Case(
        "xml-handset-14-cards",
        "a.xml",
        sub(X, "<SPADES>AK72</SPADES>", "<SPADES>AK72Q</SPADES>"),
        warned="FILE: board 1: hand record left out (USEBIO/HANDSET/BOARD): impossible deal: N holds 14 cards; SQ (N and E) is dealt twice",
    ),
    Case(
        "xml-handset-card-missing",
        "a.xml",
        sub(X, "<SPADES>AK72</SPADES>", "<SPADES>AK7</SPADES>"),
        warned="FILE: board 1: hand record left out (USEBIO/HANDSET/BOARD): impossible deal: N holds 12 cards; S2 is missing",
    ),
    Case(
        "xml-handset-board-superscript",
        "a.xml",
        sub(X, "<HANDSET><BOARD><BOARD_NUMBER>1", "<HANDSET><BOARD><BOARD_NUMBER>¹"),
        warned="FILE: a hand record (USEBIO/HANDSET/BOARD/BOARD_NUMBER) was left out: expected a board number such as 1 or 27, got '¹'",
    ),
    Case("xml-utf16", "a.xml", X.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")),
    Case("xml-bom", "a.xml", b"\xef\xbb\xbf" + X.encode()),
    Case(
        "xml-latin1-declared",
        "a.xml",
        X.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("Ada Quill", "Åsa Öberg").encode("latin-1"),
    ),
    Case(
        "xml-latin1-undeclared",
        "a.xml",
        X.replace("Ada Quill", "Åsa Öberg").encode("latin-1"),
        ["FILE (line 6, column 70): malformed XML (not well-formed (invalid token)): expected well-formed USEBIO XML"],
    ),
    Case(
        "xml-truncated",
        "a.xml",
        X[: len(X) // 2],
        ["FILE (line 9, column 34): malformed XML (unclosed token): expected well-formed USEBIO XML"],
    ),
    Case(
        "xml-binary",
        "a.xml",
        bytes(range(256)) * 4,
        ["FILE (line 1, column 1): malformed XML (not well-formed (invalid token)): expected well-formed USEBIO XML"],
    ),
    Case(
        "xml-teams-id-superscript",
        "a.xml",
        sub(XT, 'TEAM_ID="2"', 'TEAM_ID="²"'),
        [
            "FILE (USEBIO/EVENT/PARTICIPANTS/TEAM[2]@TEAM_ID): expected a team number such as 1 or 12, got '²'",
            "FILE (USEBIO/EVENT/MATCH/OPPOSING_TEAM): unknown team '2': expected one of the teams listed (1)",
        ],
    ),
    Case(
        "xml-teams-board-absurd",
        "a.xml",
        sub(XT, "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>1000000000</BOARD_NUMBER>"),
        ["FILE (USEBIO/EVENT/MATCH/BOARD[2]/BOARD_NUMBER): expected a board number from 1 to 999, got 1000000000"],
    ),
    Case(
        "xml-teams-round-superscript",
        "a.xml",
        sub(XT, "<ROUND_NUMBER>1</ROUND_NUMBER>", "<ROUND_NUMBER>²</ROUND_NUMBER>"),
    ),
    # injection
    Case(
        "yaml-injection",
        "a.yaml",
        sub(
            sub(Y, "Ada Quill", "<script>alert(1)</script>"),
            "event: Tuesday Pairs",
            "event: '\"><img src=x onerror=alert(2)>'",
        ),
    ),
    Case(
        "xml-injection",
        "a.xml",
        sub(
            sub(X, "Ada Quill", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            "Thursday Pairs",
            "&lt;img src=x onerror=alert(2)&gt;",
        ),
    ),
    Case(
        "pbn-injection",
        "a.pbn",
        sub(
            sub(P, "Ada Quill", "<script>alert(1)</script>"),
            '[Event "Friday Pairs"]',
            '[Event "<img src=x onerror=alert(2)>"]',
            2,
        ),
    ),
    Case(
        "pbn-auction-injection",
        "a.pbn",
        sub(
            P.replace("Friday Pairs", "Bidding Pairs"),
            '[Scoring "MatchPoints;MP1"]\n[TotalScoreTable',
            '[Scoring "MatchPoints;MP1"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "10"]\n'
            '[Auction "N"]\n1S =1= Pass 4S AP\n[Note "1:<script>alert(1)</script>"]\n'
            '[Play "E"]\n- =2= - - -\n*\n[Note "2:<img src=x onerror=alert(2)>"]\n[TotalScoreTable',
        ),
    ),
    # more of the same kinds
    # Another session (the same one as tuesday.yaml would be refused as a duplicate upload).
    Case("yaml-bom", "a.yaml", b"\xef\xbb\xbf" + Y.replace("Tuesday Pairs", "Wednesday Pairs").encode()),
    Case(
        "yaml-score-infinite",
        "a.yaml",
        sub(Y, "{ns: 4, ew: 3, contract: 2H, by: E, tricks: 8}", "{ns: 4, ew: 3, score: .inf}"),
        [
            "FILE: board 2, NS pair 4 v EW pair 3 (line 20): expected a score such as 420 or an artificial score such as A60/40, got 'inf'"
        ],
    ),
    Case(
        "yaml-teams-players-not-list",
        "a.yaml",
        sub(T, "players: [Ada Quill, Ben Rook, Cy Sable, Di Tarn]", "players: 7"),
        ["FILE (line 6): expected players as a list of players' names, got 7"],
    ),
    Case(
        "yaml-teams-two-matches-in-a-round",
        "a.yaml",
        sub(T, "deals:", "  - {home: 2, away: 1, round: 1, boards: [{number: 3, home_ns: {score: 50}}]}\ndeals:"),
        [
            "FILE: Owls v Larks (line 15): Owls plays two matches in round 1 (also line 9): expected one match per team in a round"
        ],
    ),
    Case(
        "xml-unknown-encoding",
        "a.xml",
        X.replace('encoding="UTF-8"', 'encoding="UTF-1011"'),
        [
            "FILE (line 1): the XML declaration names an encoding that cannot be read (unknown encoding: UTF-1011): "
            "expected UTF-8, UTF-16 or ISO-8859-1"
        ],
    ),
    Case(
        "xml-multibyte-encoding",
        "a.xml",
        X.replace('encoding="UTF-8"', 'encoding="Shift_JIS"'),
        [
            "FILE (line 1): the XML declaration names an encoding that cannot be read (multi-byte encodings are not supported): "
            "expected UTF-8, UTF-16 or ISO-8859-1"
        ],
    ),
    Case(
        "xml-pair-two-results",
        "a.xml",
        sub(X, "<NS_PAIR_NUMBER>4</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>2</NS_PAIR_NUMBER>"),
        [
            "FILE: board 2, NS pair 2 (USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[2]): NS pair 2 has two results on this board "
            "(also USEBIO/EVENT/BOARD[2]/TRAVELLER_LINE[1]): expected one result per pair"
        ],
    ),
    Case(
        "xml-teams-two-results-at-one-table",
        "a.xml",
        sub(XT, "<DIRECTION>EW</DIRECTION><CONTRACT>4S", "<DIRECTION>NS</DIRECTION><CONTRACT>4S"),
        [
            "FILE: board 1, Larks v Owls (USEBIO/EVENT/MATCH/BOARD[1]/TRAVELLER_LINE[2]): two results with Larks sitting NS "
            "(also USEBIO/EVENT/MATCH/BOARD[1]/TRAVELLER_LINE[1]): expected one result at each table"
        ],
    ),
    Case(
        "xml-tricks-arabic-digits",
        "a.xml",
        sub(X, "<TRICKS>10</TRICKS>", "<TRICKS>١٠</TRICKS>"),
        [
            "FILE: board 1, NS pair 1 v EW pair 2 (USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/TRICKS): expected tricks taken (0-13) "
            "or a result such as '=', '+1', '-2', got '١٠'"
        ],
    ),
    Case(
        "xml-teams-board-twice",
        "a.xml",
        sub(XT, "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>1</BOARD_NUMBER>"),
        [
            "FILE: board 1 (USEBIO/EVENT/MATCH/BOARD[2]): board 1 appears twice in the match Larks v Owls: expected one BOARD per board"
        ],
    ),
]
REFUSED = [c for c in CASES if c.problems is not None]
ACCEPTED = [c for c in CASES if c.problems is None]
INJECTIONS = {
    "yaml-injection": ["<script>alert(1)</script>", '"><img src=x onerror=alert(2)>'],
    "xml-injection": ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>"],
    "pbn-injection": ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>"],
    "pbn-auction-injection": ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>"],
}
"""The payloads each injection case carries, as the pages' text must show them (escaped)."""
DECODED = {
    "pbn-latin1": "Åsa Öberg",
    "xml-latin1-declared": "Åsa Öberg",
    "xml-utf16": "Ada Quill",
    "xml-bom": "Ada Quill",
    "pbn-bom": "Ada Quill",
}
"""A name each encoding case must show, decoded."""


@pytest.fixture(scope="module")
def previous_site(tmp_path_factory) -> Path:
    """A content folder with one clean upload, built once: the site every hostile build must leave alone."""
    root = tmp_path_factory.mktemp("previous")
    (root / "content" / "sessions").mkdir(parents=True)
    (root / "content" / "sessions" / "tuesday.yaml").write_text(Y, encoding="utf-8")
    assert main(["build", "--content", str(root / "content"), "--output", str(root / "site"), "--jobs", "1"]) == 0
    return root


def snapshot(site: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(site).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def build_with(case: Case, previous: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the previous site and its content, with the hostile upload added."""
    root = tmp_path / "root"
    shutil.copytree(previous, root, symlinks=True)
    upload = root / "content" / "sessions" / case.name
    if isinstance(case.data, bytes):
        upload.write_bytes(case.data)
    else:
        upload.write_text(case.data, encoding="utf-8")
    return root, upload


def run_build(root: Path) -> int:
    return main(["build", "--content", str(root / "content"), "--output", str(root / "site"), "--jobs", "1"])


def failure(upload: Path, problems: list[str]) -> str:
    """The build's whole message for one refused upload."""
    n = len(problems)
    return (
        "Error: the site was not built; the previous site is unchanged. 1 upload failed:\n"
        f"{n} problem{'s' if n != 1 else ''} found:\n"
        + "".join(f"  {p.replace('FILE', str(upload))}\n" for p in problems)
    )


@pytest.mark.parametrize("case", REFUSED, ids=[c.id for c in REFUSED])
def test_hostile_upload_is_refused_and_the_site_untouched(case, previous_site, tmp_path, capsys):
    root, upload = build_with(case, previous_site, tmp_path)
    before = snapshot(root / "site")
    capsys.readouterr()
    assert run_build(root) == 1
    out = capsys.readouterr()
    assert out.err == failure(upload, case.problems)
    assert out.out == ""
    assert snapshot(root / "site") == before


@pytest.mark.parametrize("case", ACCEPTED, ids=[c.id for c in ACCEPTED])
def test_harmless_upload_is_published(case, previous_site, tmp_path, capsys):
    root, upload = build_with(case, previous_site, tmp_path)
    capsys.readouterr()
    assert run_build(root) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Built {root / 'site'}: 2 sessions from 2 uploads")
    if case.warned:  # a wrong hand record: left out with a warning, the results published
        assert f"warning: {case.warned.replace('FILE', str(upload))}" in out
    page = root / "site" / "sessions" / upload.stem / "index.html"
    assert page.exists()
    if case.id in DECODED:
        assert DECODED[case.id] in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("case_id", sorted(INJECTIONS))
def test_injected_markup_appears_only_escaped(case_id, previous_site, tmp_path):
    import html

    [case] = [c for c in CASES if c.id == case_id]
    root, upload = build_with(case, previous_site, tmp_path)
    assert run_build(root) == 0
    pages = [p for p in (root / "site").rglob("*") if p.suffix in (".html", ".js")]
    for payload in INJECTIONS[case_id]:
        for page in pages:
            assert payload not in page.read_text(encoding="utf-8"), page
    page = "board-1.html" if case_id == "pbn-auction-injection" else "index.html"  # (a note shows with its auction)
    shown = (root / "site" / "sessions" / upload.stem / page).read_text(encoding="utf-8")
    assert all(
        html.escape(payload, quote=False) in shown
        for payload in INJECTIONS[case_id][: 2 if page != "index.html" else 1]
    )


def test_check_skips_a_printed_place_that_is_not_a_number(tmp_path, capsys):
    """`check` compares the places printed in an export: '²' (which isdigit() accepts) is not one."""
    path = tmp_path / "friday.pbn"
    path.write_text(sub(P, '4 2 "N-S"', '² 2 "N-S"'), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert (
        capsys.readouterr().out == f"{path}: Friday Pairs (matchpoints, 2 boards)\n15 of 15 figures agree (0 differ)\n"
    )
    path.write_text(P, encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out.endswith("16 of 16 figures agree (0 differ)\n")


def test_a_flood_of_problems_is_cut_short(tmp_path):
    """Thousands of problems in one file: the first 200 are listed and the rest counted."""
    from generator.errors import InputErrors
    from generator.readers import read_sessions

    path = tmp_path / "flood.yaml"
    path.write_text(
        sub(
            Y,
            "  - number: 2\n",
            "  - number: 3\n    results:\n" + "      - {ns: 1, ew: 2, score: 420}\n" * 300 + "  - number: 2\n",
        ),
        encoding="utf-8",
    )
    with pytest.raises(InputErrors) as info:
        read_sessions(path)
    problems = [str(e) for e in info.value.errors]
    assert len(problems) == 201
    assert problems[0] == (
        f"{path}: board 3, NS pair 1 (line 20): NS pair 1 has two results on this board (also line 19): "
        "expected one result per pair"
    )
    assert problems[-1] == (
        f"{path}: and 398 more problems after these 200: expected a file with a few mistakes at most "
        "(is it the right file?)"
    )


def test_every_case_has_its_own_id():
    assert len({c.id for c in CASES}) == len(CASES)
