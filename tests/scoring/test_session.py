"""Sessions: fields, percentages, pairs who played fewer boards, ties, sections, variable averages."""

from fractions import Fraction

from generator.model import (
    Artificial,
    Board,
    Direction,
    Pair,
    PairRef,
    Play,
    Scored,
    ScoringMethod,
    Section,
    Session,
    TravellerLine,
)
from generator.scoring.options import ScoringOptions
from generator.scoring.rounding import decimal_places
from generator.scoring.session import score_session

NS, EW = Direction.NS, Direction.EW


def _line(ns, ew, score, section=""):
    outcome = score if isinstance(score, (Scored, Artificial)) else Scored.of(Play(score))
    return TravellerLine(ns, ew, outcome, outcome, section=section)


def howell(rounds):
    """rounds: {board: [(ns pair, ew pair, NS score), ...]} for a one-field session of pairs 1..n."""
    numbers = sorted({p for lines in rounds.values() for a, b, _ in lines for p in (a, b)})
    pairs = tuple(Pair(PairRef("", n)) for n in numbers)
    boards = tuple(
        Board(n, tuple(_line(PairRef("", a), PairRef("", b), s) for a, b, s in lines)) for n, lines in rounds.items()
    )
    return Session("howell", ScoringMethod.MATCHPOINTS, sections=(Section("", pairs, 1),), boards=boards)


def test_howell_one_field_percentages_and_ties():
    session = howell(
        {
            1: [(1, 2, 420), (3, 4, 400)],
            2: [(1, 3, 100), (2, 4, 100)],
            3: [(4, 1, -50), (2, 3, -100)],
        }
    )
    result = score_session(session, ScoringOptions())
    assert len(result.fields) == 1 and result.fields[0].name == ""
    totals = {s.pair.ref.number: s.total for s in result.standings}
    # board 1: 1 NS top 2, 3 NS 0, 2 EW 0, 4 EW 2; board 2: all 1; board 3: 4 NS 2 (-50 beats -100), 2 NS 0, 1 EW 0, 3 EW 2
    assert totals == {1: 3, 2: 1, 3: 3, 4: 5}
    labels = {s.pair.ref.number: s.rank_label for s in result.standings}
    assert labels == {4: "1", 1: "2=", 3: "2=", 2: "4"}
    four = result.standing(PairRef("", 4))
    assert four.available == 6 and four.percentage == Fraction(500, 6)
    assert [e.direction for e in four.scorecard] == [EW, EW, NS]
    assert [e.running_total for e in four.scorecard] == [2, 3, 5]
    assert four.scorecard[0].opponents == PairRef("", 3)


def _mitchell(board_rows, sections=("A",)):
    pairs = []
    boards = {}
    for section in sections:
        numbers = sorted({t for rows in board_rows.values() for t, _ in rows})
        pairs.append(Section(section, tuple(Pair(PairRef(section, n, d)) for n in numbers for d in (NS, EW)), 2))
        for number, rows in board_rows.items():
            boards.setdefault(number, []).extend(
                _line(PairRef(section, t, NS), PairRef(section, t, EW), s, section) for t, s in rows
            )
    return Session(
        "mitchell",
        ScoringMethod.MATCHPOINTS,
        sections=tuple(pairs),
        boards=tuple(Board(n, tuple(lines)) for n, lines in boards.items()),
    )


def test_mitchell_two_fields_and_a_pair_that_played_fewer_boards():
    session = _mitchell({1: [(1, 420), (2, 450), (3, 400)], 2: [(1, 100), (2, -100)]})
    result = score_session(session, ScoringOptions())
    assert [f.name for f in result.fields] == ["NS", "EW"]
    ns3 = result.standing(PairRef("A", 3, NS))
    assert ns3.boards_played == 1 and ns3.available == 4 and ns3.total == 0 and ns3.percentage == 0
    # board 2 has 2 results where 3 were expected: factored 3/2, top 4
    ns1 = result.standing(PairRef("A", 1, NS))
    assert ns1.total == 2 + Fraction(7, 2) and ns1.available == 8
    assert result.board(2).factor == Fraction(3, 2)


def test_sections_separate_or_pooled():
    rows = {1: [(1, 420), (2, 450)]}
    sep = score_session(_mitchell(rows, ("A", "B")), ScoringOptions())
    assert len(sep.boards) == 2 and {b.section for b in sep.boards} == {"A", "B"}
    assert [f.name for f in sep.fields] == ["A NS", "A EW", "B NS", "B EW"]
    pooled = score_session(_mitchell(rows, ("A", "B")), ScoringOptions(sections="pooled"))
    assert len(pooled.boards) == 1 and pooled.boards[0].actual == 4 and pooled.boards[0].top == 6
    assert [f.name for f in pooled.fields] == ["NS", "EW"]
    assert len(pooled.fields[0].standings) == 4
    assert {s.rank_label for s in pooled.fields[0].standings if s.pair.ref.number == 2} == {"1="}


def test_expected_results_event_wide():
    session = _mitchell({1: [(1, 420), (2, 450), (3, 400)]}, ("A",))
    b = Board(
        2,
        (
            _line(PairRef("B", 1, NS), PairRef("B", 1, EW), 100, "B"),
            _line(PairRef("B", 2, NS), PairRef("B", 2, EW), 50, "B"),
        ),
    )
    session = Session(
        session.title,
        session.method,
        sections=session.sections
        + (Section("B", tuple(Pair(PairRef("B", n, d)) for n in (1, 2) for d in (NS, EW)), 2),),
        boards=session.boards + (b,),
    )
    by_section = score_session(session, ScoringOptions())
    assert by_section.board(2, "B").expected == 2
    event = score_session(session, ScoringOptions(expected_results="event"))
    assert event.board(2, "B").expected == 3 and event.board(2, "B").top == 4


def test_variable_average_plus_uses_the_pairs_other_boards():
    # Top 24 (13 results).  Pair NS 1: board 1 real 15 of 24 (62.5 %), board 2 A+, board 3 A-.
    def board(number, own):
        others = [500] * 4 + [420] + [100] * 7  # NS 1's +420 ties one other, beats 7: 2 x 7 + 1 = 15
        return [(1, own)] + [(t, s) for t, s in zip(range(2, 14), others)]

    rows = {1: board(1, 420), 2: board(2, Artificial.from_percent(60)), 3: board(3, Artificial.from_percent(40))}
    session = _mitchell(rows)
    fixed = score_session(session, ScoringOptions())
    assert [e.score.value for e in fixed.standing(PairRef("A", 1, NS)).scorecard] == [
        15,
        Fraction(144, 10),
        Fraction(96, 10),
    ]
    variable = score_session(session, ScoringOptions(artificial="variable"))
    card = variable.standing(PairRef("A", 1, NS)).scorecard
    assert [e.score.value for e in card] == [15, 15, Fraction(96, 10)]  # A+ = 62.5 % of 24; A- stays 40 %
    step = card[1].score.explanation.steps[0]
    assert step.rule == "artificial.variable" and step.values["session_percent"] == Fraction(125, 2)
    # the board page shows the same resolved value
    line = next(l for l in variable.board(2, "A").lines if l.line.ns_pair == PairRef("A", 1, NS))
    assert line.ns.value == 15


def test_imp_pairs_factor_totals_of_pairs_who_played_fewer_boards():
    session = howell({1: [(1, 2, 420), (3, 4, 400)], 2: [(1, 3, 100), (2, 4, 50)], 3: [(1, 4, 600), (2, 3, 0)]})
    session = Session(
        session.title,
        ScoringMethod.CROSS_IMPS,
        sections=session.sections,
        boards=session.boards + (Board(4, (_line(PairRef("", 1), PairRef("", 2), 100),)),),
    )
    result = score_session(session, ScoringOptions(cross_imp_divisor="total"))
    three = result.standing(PairRef("", 3))
    assert three.boards_played == 3
    assert three.score == three.total * 4 / 3
    assert [s.rule for s in three.explanation.steps] == ["session.imps_total", "session.factoring"]
    assert result.standing(PairRef("", 1)).score == result.standing(PairRef("", 1)).total


def test_ties_by_displayed_percentage():
    from generator.scoring.ranking import tie_key

    assert tie_key(Fraction(1000001, 20000), ScoringOptions(ties="displayed").ties) == tie_key(
        Fraction(50), ScoringOptions(ties="displayed").ties
    )
    assert tie_key(Fraction(1000001, 20000), ScoringOptions().ties) != tie_key(Fraction(50), ScoringOptions().ties)
    assert decimal_places(Fraction(1000001, 20000), 2) == "50.00"
