"""Small valid uploads of each format, with invented names, for the hostile-input and fuzz tests.

Each is a complete session that reads and scores cleanly; a test changes it in one place.
"""

from __future__ import annotations

DEAL = "N:AK72.QJ5.T84.A93 QT8.K962.AQ7.J54 J965.A83.K95.K86 43.T74.J632.QT72"

YAML_PAIRS = f"""\
club: Quillwood Bridge Club
event: Tuesday Pairs
date: 2026-11-03
method: matchpoints
movement: howell
pairs:
  - {{number: 1, players: [Ada Quill, Ben Rook]}}
  - {{number: 2, players: [Cy Sable, Di Tarn]}}
  - {{number: 3, players: [Ed Umber, Flo Vane]}}
  - {{number: 4, players: [Gus Wren, Hal Yarrow]}}
boards:
  - number: 1
    deal: "{DEAL}"
    results:
      - {{ns: 1, ew: 2, contract: 4S, by: N, tricks: 10, lead: HK}}
      - {{ns: 3, ew: 4, contract: 4S, by: N, tricks: 9}}
  - number: 2
    results:
      - {{ns: 2, ew: 1, contract: 3NT, by: S, tricks: 9}}
      - {{ns: 4, ew: 3, contract: 2H, by: E, tricks: 8}}
"""

YAML_TEAMS = f"""\
club: Quillwood Bridge Club
event: Winter Teams
date: 2026-11-05
method: teams
teams:
  - {{number: 1, name: Larks, players: [Ada Quill, Ben Rook, Cy Sable, Di Tarn]}}
  - {{number: 2, name: Owls, players: [Ed Umber, Flo Vane, Gus Wren, Hal Yarrow]}}
matches:
  - home: 1
    away: 2
    round: 1
    boards:
      - {{number: 1, home_ns: {{contract: 4S, by: N, tricks: 10}}, home_ew: {{contract: 4S, by: N, tricks: 9}}}}
      - {{number: 2, home_ns: {{score: -110}}, home_ew: {{score: 140}}}}
deals:
  - {{board: 1, deal: "{DEAL}"}}
"""

_PAIRS = "".join(
    f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLAYER><PLAYER_NAME>{a}</PLAYER_NAME></PLAYER>"
    f"<PLAYER><PLAYER_NAME>{b}</PLAYER_NAME></PLAYER></PAIR>"
    for n, a, b in (
        (1, "Ada Quill", "Ben Rook"),
        (2, "Cy Sable", "Di Tarn"),
        (3, "Ed Umber", "Flo Vane"),
        (4, "Gus Wren", "Hal Yarrow"),
    )
)


def _line(ns: int, ew: int, contract: str, by: str, tricks: int, score: int) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def _hand(seat: str, hand: str) -> str:
    suits = hand.split(".")
    return (
        f"<HAND><DIRECTION>{seat}</DIRECTION>"
        + "".join(f"<{tag}>{cards}</{tag}>" for tag, cards in zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), suits))
        + "</HAND>"
    )


HANDSET = (
    "<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    + "".join(_hand(seat, hand) for seat, hand in zip(("North", "East", "South", "West"), DEAL[2:].split()))
    + "</BOARD></HANDSET>"
)

USEBIO_PAIRS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n<CLUB><CLUB_NAME>Quillwood Bridge Club</CLUB_NAME></CLUB>\n'
    '<EVENT EVENT_TYPE="MP_PAIRS"><PROGRAM_NAME>Invented Scorer</PROGRAM_NAME>\n'
    "<EVENT_DESCRIPTION>Thursday Pairs</EVENT_DESCRIPTION><DATE>12/11/2026</DATE>\n"
    f"<PARTICIPANTS>{_PAIRS}</PARTICIPANTS>\n"
    f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{_line(1, 2, '4S', 'N', 10, 420)}\n{_line(3, 4, '4S', 'N', 9, -50)}\n</BOARD>\n"
    f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n{_line(2, 1, '3NT', 'S', 9, 600)}\n{_line(4, 3, '2H', 'E', 8, -110)}\n</BOARD>\n"
    f"</EVENT>\n{HANDSET}\n</USEBIO>\n"
)


def _team(number: int, name: str, players: tuple[str, ...]) -> str:
    return (
        f'<TEAM TEAM_ID="{number}" TEAM_NAME="{name}">'
        + "".join(f"<PLAYER><PLAYER_NAME>{p}</PLAYER_NAME></PLAYER>" for p in players)
        + "</TEAM>"
    )


def _room(direction: str, contract: str, by: str, tricks: int, score: int) -> str:
    return (
        f"<TRAVELLER_LINE><DIRECTION>{direction}</DIRECTION><CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY>"
        f"<TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


USEBIO_TEAMS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n<CLUB><CLUB_NAME>Quillwood Bridge Club</CLUB_NAME></CLUB>\n'
    '<EVENT EVENT_TYPE="TEAMS_OF_FOUR"><EVENT_DESCRIPTION>Winter Match</EVENT_DESCRIPTION><DATE>19/11/2026</DATE>\n'
    "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>\n"
    "<PARTICIPANTS>"
    + _team(1, "Larks", ("Ada Quill", "Ben Rook", "Cy Sable", "Di Tarn"))
    + _team(2, "Owls", ("Ed Umber", "Flo Vane", "Gus Wren", "Hal Yarrow"))
    + "</PARTICIPANTS>\n"
    "<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>\n"
    f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{_room('NS', '4S', 'N', 10, 420)}\n{_room('EW', '4S', 'N', 9, -50)}\n</BOARD>\n"
    f"<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n{_room('NS', '2H', 'E', 8, -110)}\n{_room('EW', '1NT', 'S', 8, 120)}\n</BOARD>\n"
    "</MATCH>\n</EVENT>\n</USEBIO>\n"
)

PBN_PAIRS = f"""\
% PBN 2.1
% EXPORT
[Event "Friday Pairs"]
[Site "Quillwood Bridge Club"]
[Date "2026.11.06"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL}"]
[Scoring "MatchPoints;MP1"]
[TotalScoreTable "Rank\\1R;PairId\\1R;Direction\\5R;TotalScoreMP\\5R;Names\\30L"]
1 1 "N-S" 4.0 "Ada Quill - Ben Rook"
4 2 "N-S" 0.0 "Cy Sable - Di Tarn"
2 3 "E-W" 2.0 "Ed Umber - Flo Vane"
2 4 "E-W" 2.0 "Gus Wren - Hal Yarrow"
[ScoreTable "Table\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]
1 1 3 4S N 10 "420" - 2.0 0.0
2 2 4 4S N 9 - "50" 0.0 2.0

[Event "Friday Pairs"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "MatchPoints;MP1"]
[ScoreTable "Table\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R"]
1 1 4 3NT S 9 "600" - 2.0 0.0
2 2 3 2H E 8 - "110" 0.0 2.0
"""

YAML_SWISS = """\
club: Quillwood Bridge Club
event: Swiss Pairs
date: 2026-11-07
method: cross_imps
movement: howell
options: {swiss_bye_vps: 12}
pairs:
  - {number: 1, players: [Ada Quill, Ben Rook]}
  - {number: 2, players: [Cy Sable, Di Tarn]}
  - {number: 3, players: [Ed Umber, Flo Vane]}
  - {number: 4, players: [Gus Wren, Hal Yarrow]}
  - {number: 5, players: [Ivo Zeal, Jo Ash]}
swiss:
  rounds:
    - {round: 1, boards: [1, 2], matches: [{ns: 1, ew: 2}, {ns: 3, ew: 4}], bye: 5}
    - {round: 2, boards: 3-4, matches: [{table: 1, ns: 5, ew: 1}, {table: 2, ns: 2, ew: 3}], bye: 4}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 2, contract: 4S, by: N, tricks: 10}
      - {ns: 3, ew: 4, contract: 4S, by: N, tricks: 9}
  - number: 2
    results:
      - {ns: 1, ew: 2, score: A+}
      - {ns: 3, ew: 4, contract: 2H, by: E, tricks: 8}
  - number: 3
    results:
      - {ns: 5, ew: 1, contract: 3NT, by: S, tricks: 9}
      - {ns: 2, ew: 3, contract: 3NT, by: S, tricks: 8}
  - number: 4
    results:
      - {ns: 5, ew: 1, score: 110}
      - {ns: 2, ew: 3, score: -50}
"""

UPLOADS = {
    "pairs.yaml": YAML_PAIRS,
    "teams.yaml": YAML_TEAMS,
    "swiss.yaml": YAML_SWISS,
    "pairs.xml": USEBIO_PAIRS,
    "teams.xml": USEBIO_TEAMS,
    "pairs.pbn": PBN_PAIRS,
}
"""One clean upload of each format, by the file name it is tested under."""
