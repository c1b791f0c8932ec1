"""Our YAML format: every kind of result, read from the complete example of docs/yaml-format.md."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from generator.model import Artificial, ArtificialKind, Direction, PairRef, Scored, ScoringMethod
from generator.readers import read_sessions
from generator.scoring.contract import PASS, Seat
from tests.helpers.reader_builders import FIXTURES


def _lines():
    [s] = read_sessions(FIXTURES / "yaml/complete.yaml")
    return s, {(b.number, l.ns_pair.number): l for b in s.boards for l in b.lines}


def test_event_details_and_mitchell_pairs():
    s, _ = _lines()
    assert (s.club, s.event, s.date, s.method) == (
        "Riverside Bridge Club",
        "Monday Pairs",
        date(2026, 10, 5),
        ScoringMethod.MATCHPOINTS,
    )
    assert s.options == {"neuberg_rounding": "exact"}
    assert s.sections[0].winners == 2
    assert s.pairs[3].ref == PairRef("A", 1, Direction.EW) and s.pairs[3].names == "Gail Grant & Hugh Hart"


def test_contract_results_are_scored_by_law_77():
    _, lines = _lines()
    assert lines[(1, 1)].ns.single.ns_score == 420
    play = lines[(1, 2)].ns.single  # 3NTX by E, result -2, board 1 none vulnerable
    assert (play.declarer, play.tricks, play.ns_score) == (Seat.E, 7, 300)
    assert lines[(1, 3)].ns.single.contract == PASS
    assert lines[(3, 2)].ns.single.ns_score == 110


def test_raw_artificial_weighted_and_split_scores():
    _, lines = _lines()
    assert lines[(2, 1)].ns.single.ns_score == -420 and lines[(2, 1)].ns.single.contract is None
    assert (lines[(2, 2)].ns.kind, lines[(2, 2)].ew.kind) == (ArtificialKind.PLUS, ArtificialKind.MINUS)
    weighted = lines[(2, 3)].ns
    assert [(c.weight, c.play.ns_score) for c in weighted.components] == [(Fraction(3, 5), 620), (Fraction(2, 5), -50)]
    assert lines[(3, 1)].ns == Artificial(ArtificialKind.AVERAGE, Fraction(50)) == lines[(3, 1)].ew
    split = lines[(3, 3)]
    assert split.is_split and split.ns.single.ns_score == 140
    assert isinstance(split.ew, Scored) and split.ew.is_weighted


def test_board_vulnerability_and_dealer_override_law_2():
    s, lines = _lines()
    assert (s.boards[1].vulnerability, s.boards[1].dealer) == ("NS", Seat.E)
    assert lines[(2, 3)].ns.components[0].play.ns_score == 620  # 4H by N vulnerable (the file says NS)


def test_teams():
    [s] = read_sessions(FIXTURES / "yaml/teams.yaml")
    [match] = s.matches
    assert (match.home.name, match.away.name) == ("Lions", "Tigers")
    first, second = match.boards
    assert (first.home_ns.single.ns_score, first.home_ew.single.ns_score) == (420, 170)
    assert second.home_ew.kind is ArtificialKind.PLUS


def test_teams_deals_and_room_lines():
    [s] = read_sessions(FIXTURES / "yaml/teams.yaml")
    [board] = s.boards
    assert board.number == 1 and board.lines == ()
    assert board.deal.hands[Seat.N] == "AK72.QJ5.T84.A93"
    first = s.matches[0].boards[0]
    assert first.home_ns_line.ns.single.contract == first.home_ns.single.contract
    assert first.home_ew_line.source_line == 12


def test_teams_deal_with_a_bad_board_number(tmp_path):
    from generator.errors import InputErrors

    path = tmp_path / "t.yaml"
    path.write_text((FIXTURES / "yaml/teams.yaml").read_text() + "  - {board: 0, deal: 'N:...'}\n")
    try:
        read_sessions(path)
    except InputErrors as exc:
        assert [str(e) for e in exc.errors] == [f"{path} (line 18): expected a board number from 1 to 999, got 0"]
    else:
        raise AssertionError("expected an error")


# --- penalties ---------------------------------------------------------------------------------

MITCHELL = """method: {method}
movement: mitchell
pairs:
  - {{number: 1, direction: NS}}
  - {{number: 2, direction: NS}}
  - {{number: 1, direction: EW}}
  - {{number: 2, direction: EW}}
boards:
  - number: 1
    results:
      - {{ns: 1, ew: 1, score: 420}}
      - {{ns: 2, ew: 2, score: 400}}
"""


def _read(tmp_path, text: str):
    path = tmp_path / "penalties.yaml"
    path.write_text(text, encoding="utf-8")
    return read_sessions(path)


def test_penalties_with_each_kind_of_amount(tmp_path):
    from generator.model import Penalty, PenaltyUnit

    text = MITCHELL.format(method="matchpoints") + (
        "penalties:\n"
        "  - {pair: 1, direction: NS, amount: 25%, reason: slow play}\n"
        "  - {pair: 2, direction: EW, amount: 1.5}\n"
        "  - {pair: 2, direction: NS, amount: 1/2 MP, reason: mobile phone}\n"
    )
    [s] = _read(tmp_path, text)
    assert s.penalties == (
        Penalty(
            PairRef("", 1, Direction.NS), Fraction(25), PenaltyUnit.PERCENT_OF_TOP, "slow play", 14
        ),  # the lines of the entries
        Penalty(PairRef("", 2, Direction.EW), Fraction(3, 2), PenaltyUnit.MATCHPOINTS, "", 15),
        Penalty(PairRef("", 2, Direction.NS), Fraction(1, 2), PenaltyUnit.MATCHPOINTS, "mobile phone", 16),
    )


def test_penalties_are_scored_from_yaml(tmp_path):
    from generator.scoring.options import ScoringOptions
    from generator.scoring.session import score_session

    text = (
        MITCHELL.format(method="matchpoints")
        + "penalties:\n  - {pair: 1, direction: NS, amount: 25%, reason: slow play}\n"
    )
    [s] = _read(tmp_path, text)
    result = score_session(s, ScoringOptions())
    one = result.standing(PairRef("", 1, Direction.NS))
    # two results: top 2, NS 1 has it; 25 % of 2 = 0.5 off: 1.5 of 2 = 75 %
    assert (one.total, one.penalty, one.percentage) == (Fraction(3, 2), Fraction(1, 2), 75)
    assert "slow play" in next(st.summary for st in one.explanation.steps if st.rule == "session.penalty")


def test_imp_penalties_from_yaml_in_imps_by_default(tmp_path):
    from generator.model import PenaltyUnit

    text = (
        MITCHELL.format(method="butler")
        + "penalties:\n  - {pair: 1, direction: EW, amount: 6 IMPs}\n  - {pair: 2, direction: EW, amount: 3}\n"
    )
    [s] = _read(tmp_path, text)
    assert [(p.amount, p.unit) for p in s.penalties] == [(6, PenaltyUnit.IMPS), (3, PenaltyUnit.IMPS)]


def test_penalties_under_one_of_several_sessions(tmp_path):
    text = (
        "method: matchpoints\npairs: [{number: 1}, {number: 2}]\nsessions:\n"
        "  - event: Afternoon\n    boards: [{number: 1, results: [{ns: 1, ew: 2, score: 420}]}]\n"
        "    penalties: [{pair: 2, amount: 25%}]\n"
        "  - event: Evening\n    boards: [{number: 1, results: [{ns: 2, ew: 1, score: 420}]}]\n"
    )
    afternoon, evening = _read(tmp_path, text)
    assert [p.pair for p in afternoon.penalties] == [PairRef("", 2)] and evening.penalties == ()
