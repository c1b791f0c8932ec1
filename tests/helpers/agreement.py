"""A page never contradicts itself, nor the page beside it (issue 25 item 9).

``arithmetic.py`` checks every ``expression = value`` a page writes; this module checks what
no sum states: that the counts, totals and labels in prose and in small tables agree with the
figures of the same board or pair, on the page and on the page it links to.  Each check
returns the disagreements as text ('board-3.html: …'), empty when the page is true:

* a board: the frequencies add up to the results played; each count factored as E / A; a
  played line's figures are its score's in the frequency table; the Butler datum table's
  products and counts are the sum beside it; each cross-IMP table's products and total; an
  artificial score on an IMP board is not labelled with a percentage, and its IMPs label is
  the traveller's figure;
* a pair: the scorecard's running total adds up, and ends at the total the page states; each
  board's figure is the one that board's traveller gives the pair against those opponents;
* a session ranking: places in order; each row's total, percentage and place are its pair
  page's (a Swiss event's standings, in VPs);
* a handicap ranking: % = scratch % + handicap, the scratch figures the scratch ranking's,
  the place and % the pair page's;
* a teams match: each team's column adds up to its total and the score line says it; the
  ranking's VPs and IMPs for and against are the sums over each team's matches;
* an event: each session figure is the pair's percentage there; a pair that missed a session
  carries a mark beside its figure, and the mark's note is under the table;
* a player: each history row's place, field size and result are the session ranking's.

Figures are compared to the decimals shown: ``shown`` agrees with an exact ``value`` when
the value rounds to it (half a unit of the last place shown), widened by ``slack`` where the
value is itself made of rounded figures.
"""

from __future__ import annotations

import posixpath
import re
from fractions import Fraction
from pathlib import Path

from tests.site.conftest import ParsedPage, parse

NUMBER = re.compile(r"^[+\-−]?\d+(?:,\d{3})*(?:\.\d+)?")


def number(cell: str) -> Fraction | None:
    """'+420', '−3', '32.58 P', '50.00*', '61.91%', '24 IMPs' -> the number; None for text."""
    m = NUMBER.match(cell.strip().replace("\u2212", "-"))
    return Fraction(m.group(0).replace(",", "").replace("−", "-")) if m else None


def half_unit(cell: str) -> Fraction:
    """Half a unit of the last place ``cell`` shows ('7.75' -> 0.005, '8' -> 0.5)."""
    m = NUMBER.match(cell.strip().replace("\u2212", "-"))
    text = m.group(0) if m else ""
    places = len(text.split(".")[1]) if "." in text else 0
    return Fraction(1, 2 * 10**places)


def exact_unit(cell: str) -> Fraction:
    """The rounding in a figure written exactly (``fmt.exact``: as many decimals as it has,
    12 where it never ends): none, unless it was cut at 12 places."""
    text = cell.strip()
    return half_unit(text) if "." in text and len(text.split(".")[1].split()[0]) >= 12 else Fraction(0)


def agrees(shown: str, value: Fraction, slack: Fraction = Fraction(0), exact: bool = False) -> bool:
    """``shown`` is ``value`` to the decimals shown (``exact``: written by ``fmt.exact``)."""
    got = number(shown)
    return got is not None and abs(got - value) <= (exact_unit(shown) if exact else half_unit(shown)) + slack


def _column(header: list[str], *starts: str) -> int | None:
    for i, h in enumerate(header):
        if any(h.startswith(s) for s in starts):
            return i
    return None


def _tables(page: ParsedPage, name: str) -> list[list[list[str]]]:
    """The page's tables of class ``name`` ('mini', 'mini#2', …)."""
    return [rows for key, rows in page.tables.items() if key == name or key.startswith(name + "#")]


# -- boards ---------------------------------------------------------------------------------


def board_problems(page: ParsedPage) -> list[str]:
    out: list[str] = []
    where = page.path
    m = re.search(r"Results (\d+) actual \(A\), (\d+) expected \(E\)", page.text)
    worth: dict[tuple[str, Fraction | None], str] = {}  # (side, NS score) -> the figure a table gives
    for freq in _tables(page, "freq"):
        header, rows = freq[0], freq[1:]
        f_col, c_col = _column(header, "Frequency"), _column(header, "Counts as")
        sides = {h[:2]: i for i, h in enumerate(header) if h[:3] in ("NS ", "EW ") and h != "NS score"}
        for r in rows:
            for side, i in sides.items():
                worth.setdefault((side, number(r[0])), r[i])
        if m is None or f_col is None:
            continue
        actual, expected = int(m.group(1)), int(m.group(2))
        total = sum((number(r[f_col]) or Fraction(0) for r in rows), Fraction(0))
        if abs(total - actual) > sum((exact_unit(r[f_col]) for r in rows), Fraction(0)):
            out.append(f"{where}: the frequencies add up to {float(total)}, the page says {actual} results (A)")
        for r in rows:
            counted = number(r[f_col]) * expected / actual
            if c_col is not None and not agrees(r[c_col], counted, exact_unit(r[f_col]) * expected / actual, True):
                out.append(f"{where}: NS {r[0]} counts as {r[c_col]}, not {r[f_col]} × {expected} / {actual}")
    traveller = page.tables.get("traveller")
    if traveller and worth:
        header = traveller[0]
        score_col = _column(header, "NS score")
        sides = {h[:2]: i for i, h in enumerate(header) if h[:3] in ("NS ", "EW ") and h != "NS score"}
        for r in traveller[1:]:
            if score_col is None or len(r) != len(header) or not r[2]:
                continue  # a weighted, split or artificial line spans the columns
            score = number(r[score_col])
            for side, i in sides.items():
                table = worth.get((side, score))
                if table is not None and table != r[i]:
                    out.append(
                        f"{where}: NS {r[0]} v EW {r[1]} scored {r[score_col]}: {r[i]} to {side}, "
                        f"the frequency table gives {table}"
                    )
    out += _datum_problems(page)
    out += _cross_imp_problems(page)
    out += _award_problems(page)
    return out


def _datum_problems(page: ParsedPage) -> list[str]:
    out = []
    for rows in _tables(page, "mini"):
        header = rows[0]
        if not header or header[0] != "NS score" or not header[-1].startswith("Score ×"):
            continue
        count_col = len(header) - 2
        total = Fraction(0)
        counted = Fraction(0)
        slack = Fraction(0)
        for r in rows[1:]:
            score, count = number(r[0]), number(r[count_col])
            if not agrees(r[-1], score * count, abs(score) * exact_unit(r[count_col]), True):
                out.append(f"{page.path}: datum table {r[0]} × {r[count_col]} is not {r[-1]}")
            total += number(r[-1])
            counted += count
            slack += exact_unit(r[-1]) + exact_unit(r[count_col])
        # the sum beside it: '(…) / 4 = -110 / 4 = -27.5' (or ≈ when a count was rounded)
        m = re.search(r"\) / ([\d.]+) [=≈] (-?[\d.]+) / ([\d.]+) [=≈]", page.text)
        if m is None:
            out.append(f"{page.path}: a datum table with no sum beside it")
            continue
        if not agrees(m.group(2), total, slack) or not agrees(m.group(1), counted, slack):
            out.append(
                f"{page.path}: the datum table adds up to {float(total)} over {float(counted)} results, "
                f"the sum beside it is {m.group(2)} / {m.group(1)}"
            )
    return out


def _cross_imp_problems(page: ParsedPage) -> list[str]:
    out = []
    for rows in _tables(page, "mini"):
        if not rows[0] or rows[0][0] != "Against NS":
            continue
        body, foot = rows[1:-1], rows[-1]
        total = Fraction(0)
        for r in body:
            times, imps, product = number(r[1]), number(r[3]), number(r[4])
            if not agrees(r[4], times * imps, abs(imps) * exact_unit(r[1]), True):
                out.append(f"{page.path}: cross-IMPs {r[1]} × {r[3]} is not {r[4]}")
            total += product
        if not agrees(foot[-1], total, sum((exact_unit(r[4]) for r in body), Fraction(0)), True):
            out.append(f"{page.path}: the cross-IMP products add up to {float(total)}, the total says {foot[-1]}")
    return out


AWARD_PERCENT = re.compile(r"\baverage(?:-plus|-minus)? \(\d+(?:\.\d+)?%\)", re.I)
AWARD_IMPS = re.compile(r"average(?:-plus|-minus)? \(([+\-−]?\d+(?:\.\d+)?) IMPs?\) to NS", re.I)


def _award_problems(page: ParsedPage) -> list[str]:
    """On an IMP board an award is never labelled '(60%)'; its '(+3 IMPs)' is the traveller's figure."""
    traveller = page.tables.get("traveller")
    if not traveller or not any(h.endswith("IMPs") for h in traveller[0]):
        return []
    out = [f"{page.path}: an award on an IMP board labelled {m.group(0)!r}" for m in AWARD_PERCENT.finditer(page.text)]
    for r in traveller[1:]:
        m = AWARD_IMPS.search(" ".join(r))
        if m and "a comparison" not in " ".join(r) and number(r[-2]) != number(m.group(1)):
            out.append(f"{page.path}: an award labelled {m.group(1)} IMPs to NS scored {r[-2]}")
    return out


# -- pairs and rankings ---------------------------------------------------------------------

STATED = re.compile(r"Place (\S+) · ([+\-−]?[\d,]+(?:\.\d+)?) (matchpoints|IMPs|points|board points|VPs)")
SHORT = {"matchpoints": "MP", "IMPs": "IMPs", "points": "Points"}
PERCENT = re.compile(r"Place \S+ · [^·]+ · (\d+(?:\.\d+)?)%")


def pair_problems(page: ParsedPage, root: Path | None = None) -> list[str]:
    """The scorecard's running total adds up and ends at the total the page states; with the
    site's ``root``, each board's figure is the one its traveller gives the pair."""
    out: list[str] = []
    card = page.tables.get("scorecard")
    stated = STATED.search(page.text)
    if not card or stated is None:
        return out
    header = card[0]
    total_col = _column(header, "Total")
    if total_col is None or header[-1] != "Total":
        return out
    fig_col = total_col - 2 if header[total_col - 1] == "%" else total_col - 1
    if header[fig_col] != SHORT.get(stated.group(3)):
        return out  # a Swiss pair's card counts IMPs, its total is in VPs (the standings' page checks those)
    running = Fraction(0)
    slack = Fraction(0)
    last = None
    for r in card[1:]:
        if r[0].startswith("Director's penalty"):
            fig, shown = r[1], r[-1]
        elif len(r) == len(header):
            fig, shown = r[fig_col], r[-1]
        else:
            continue
        value = number(fig)
        if value is None:  # not played, sat out: the total stands
            continue
        running += value
        slack += half_unit(fig)
        if not agrees(shown, running, slack):
            out.append(f"{page.path}: board {r[0]}: the running total {shown} is not {float(running)}")
        last = shown
    if last is not None and number(last) != number(stated.group(2)):
        out.append(f"{page.path}: the scorecard ends at {last}, the page says {stated.group(2)}")
    if root is not None:
        out += _card_against_boards(root, page, fig_col)
    return out


def _card_against_boards(root: Path, page: ParsedPage, fig_col: int) -> list[str]:
    """Each scorecard figure is the figure the board's traveller gives this pair, on the line
    against the same opponents."""
    out = []
    folder = posixpath.dirname(page.path)
    own = posixpath.basename(page.path)
    opp_col = _column(page.tables["scorecard"][0], "Against")
    boards: dict[str, ParsedPage] = {}
    for r, links in zip(page.tables["scorecard"][1:], page.table_links["scorecard"][1:]):
        if len(r) != len(page.tables["scorecard"][0]) or number(r[fig_col]) is None or not links[0]:
            continue
        target = posixpath.normpath(posixpath.join(folder, links[0].split("#")[0]))
        board = boards.get(target) or boards.setdefault(target, parse(root, target))
        traveller = board.tables.get("traveller")
        if not traveller:
            continue  # a big field's board lists no lines
        opponent = links[opp_col] if opp_col is not None else ""
        found = None
        for line, line_links in zip(traveller[1:], board.table_links["traveller"][1:]):
            if (line_links[0], line_links[1]) == (own, opponent):
                found = line[-2]
            elif (line_links[0], line_links[1]) == (opponent, own):
                found = line[-1]
        if found is None:
            out.append(f"{page.path}: board {r[0]} against {r[opp_col]}: no line on {target}")
        elif not (agrees(r[fig_col], number(found)) or agrees(found, number(r[fig_col]))):
            out.append(f"{page.path}: board {r[0]}: {r[fig_col]} on the card, {found} on {target}")
    return out


def ranking_problems(root: Path, page: ParsedPage) -> list[str]:
    """Places in order; each row's figures are its pair page's (total, percentage, place)."""
    out: list[str] = []
    folder = posixpath.dirname(page.path)
    for key, rows in page.tables.items():
        if key.split("#")[0] != ("ranking swiss" if "ranking swiss" in page.tables else "ranking"):
            continue  # a Swiss event's pairs are placed by its standings (the board ranking is in IMPs)
        header, links = rows[0], page.table_links[key]
        places = [number(r[0].rstrip("=")) for r in rows[1:] if number(r[0]) is not None]
        if places != sorted(places):
            out.append(f"{page.path}: {key}: places out of order {places}")
        names_col = _column(header, "Names")
        figure_col = (_column(header, "Total VPs") if key.startswith("ranking swiss") else None) or (
            names_col + 1 if names_col is not None and names_col + 1 < len(header) else None
        )
        pct_col = _column(header, "%")
        for r, row_links in zip(rows[1:], links[1:]):
            if figure_col is None or not row_links[figure_col]:
                continue
            target = posixpath.normpath(posixpath.join(folder, row_links[figure_col].split("#")[0]))
            if not (root / target).is_file():
                out.append(f"{page.path}: {r[1]} links to a missing page {target}")
                continue
            pair = parse(root, target)
            stated = STATED.search(pair.text)
            if stated is None:
                continue
            if stated.group(1) != r[0] or number(stated.group(2)) != number(r[figure_col]):
                out.append(
                    f"{page.path}: {key} row {r[1]}: place {r[0]}, {r[figure_col]}; "
                    f"its page says place {stated.group(1)}, {stated.group(2)}"
                )
            pct = PERCENT.search(pair.text)
            if pct_col is not None and pct and number(pct.group(1)) != number(r[pct_col]):
                out.append(f"{page.path}: {key} row {r[1]}: {r[pct_col]}%, its page says {pct.group(1)}%")
    return out


HANDICAP = re.compile(r"handicap place (\S+) , (\d+(?:\.\d+)?)%")


def handicap_problems(root: Path, page: ParsedPage) -> list[str]:
    """A handicap ranking: % = scratch % + handicap; the scratch % and place are the scratch
    ranking's; the place and % are what the pair's page says."""
    out: list[str] = []
    folder = posixpath.dirname(page.path)
    for key, rows in page.tables.items():
        if key.split("#")[0] != "ranking handicap":
            continue
        scratch = page.tables.get(key.replace("ranking handicap", "ranking"), [])
        by_pair = {(r[1], r[2]): r for r in scratch[1:]}
        header = rows[0]
        pct, hcp, own, place = (_column(header, h) for h in ("Scratch %", "Handicap", "%", "Scratch place"))
        places = [number(r[0].rstrip("=")) for r in rows[1:]]
        if places != sorted(places):
            out.append(f"{page.path}: {key}: places out of order {places}")
        for r, row_links in zip(rows[1:], page.table_links[key][1:]):
            if not agrees(r[own], number(r[pct]) + number(r[hcp]), half_unit(r[pct]) + half_unit(r[hcp])):
                out.append(f"{page.path}: {key} row {r[1]}: {r[pct]} + {r[hcp]} is not {r[own]}")
            s = by_pair.get((r[1], r[2]))
            if s is None or s[0] != r[place] or number(s[_column(scratch[0], "%")]) != number(r[pct]):
                out.append(f"{page.path}: {key} row {r[1]}: scratch {r[pct]}% place {r[place]}, the ranking says {s}")
            href = row_links[own] or row_links[1]
            said = HANDICAP.search(parse(root, posixpath.normpath(posixpath.join(folder, href.split("#")[0]))).text)
            if said is None or said.group(1) != r[0] or number(said.group(2)) != number(r[own]):
                out.append(
                    f"{page.path}: {key} row {r[1]}: place {r[0]}, {r[own]}%; its page says {said and said.group(0)}"
                )
    return out


def event_problems(root: Path, page: ParsedPage) -> list[str]:
    out: list[str] = []
    rows, links = page.tables.get("ranking event"), page.table_links.get("ranking event")
    if not rows:
        return out
    folder = posixpath.dirname(page.path)
    sessions = len(rows[0]) - 3
    marked = False
    for r, row_links in zip(rows[1:], links[1:]):
        cells = r[2 : 2 + sessions]
        missed = any(c.endswith((" A", "missed")) or c == "—" for c in cells) and r[-1] != "not ranked"
        if missed != r[-1].endswith("*"):
            out.append(f"{page.path}: {r[1]}: a missed session {'without' if missed else 'with'} a mark")
        marked = marked or missed
        for cell, href in zip(cells, row_links[2 : 2 + sessions]):
            if not href:
                continue
            pair = parse(root, posixpath.normpath(posixpath.join(folder, href.split("#")[0])))
            pct = PERCENT.search(pair.text)
            if pct and rows[0][-1] == "Average" and number(pct.group(1)) != number(cell):
                out.append(f"{page.path}: {r[1]}: {cell} in a session, the pair's page there says {pct.group(1)}%")
    if marked and "* Missed a session" not in page.text:
        out.append(f"{page.path}: pairs marked for a missed session, with no note saying the rule")
    return out


def player_problems(root: Path, page: ParsedPage) -> list[str]:
    out: list[str] = []
    rows, links = page.tables.get("history"), page.table_links.get("history")
    if not rows:
        return out
    name = next((h for level, h in page.headings if level == 1), "")
    folder = posixpath.dirname(page.path)
    header = rows[0]
    place_col, result_col = _column(header, "Place"), _column(header, "Result")
    for r, row_links in zip(rows[1:], links[1:]):
        href = next((h for h in row_links if h), "")
        if not href or place_col is None or result_col is None or "/" not in r[place_col]:
            continue
        session = parse(root, posixpath.normpath(posixpath.join(folder, href.split("#")[0])))
        place, field = r[place_col].split("/")
        found = False
        swiss = "ranking swiss" in session.tables
        for key, ranking in session.tables.items():
            if key.split("#")[0] != ("ranking swiss" if swiss else "ranking"):
                continue
            for row in ranking[1:]:
                if name and any(name in cell for cell in row[1:]):
                    found = True
                    if row[0] != place or str(len(ranking) - 1) != field:
                        out.append(
                            f"{page.path}: {r[1]}: place {r[place_col]}, the ranking says {row[0]}/{len(ranking) - 1}"
                        )
                    if number(r[result_col]) not in {number(c) for c in row[2:]}:
                        out.append(
                            f"{page.path}: {r[1]}: result {r[result_col]} is in no cell of the ranking row {row}"
                        )
        if not found:
            out.append(f"{page.path}: {r[1]}: {name} is in no ranking of the session")
    return out


def match_problems(page: ParsedPage) -> tuple[list[str], dict[str, tuple[Fraction, Fraction, Fraction | None]]]:
    """A teams match: each team's column adds up to its total, and the heading states those
    totals; and what the match gave each team (IMPs for, against, VPs) for the ranking."""
    out: list[str] = []
    rows = page.tables.get("match")
    if not rows:
        return out, {}
    header, body, foot = rows[0], rows[1:-1], rows[-1]
    home, away = header[-2], header[-1]
    for col, total in ((-2, foot[-2]), (-1, foot[-1])):
        added = sum((number(r[col]) or Fraction(0) for r in body), Fraction(0))
        if not agrees(total, added, sum((half_unit(r[col]) for r in body if r[col]), Fraction(0))):
            out.append(f"{page.path}: {header[col]}'s column adds up to {float(added)}, the total says {total}")
    found = re.search(
        rf"{re.escape(home)} ([+\-−]?[\d.]+) – ([+\-−]?[\d.]+) {re.escape(away)} (?:IMPs|points|board points)"
        r"(?: · ([\d.]+) – ([\d.]+) VPs)?",
        page.text,
    )
    if found is None:
        out.append(f"{page.path}: no score line for {home} v {away}")
        return out, {}
    if number(found.group(1)) != number(foot[-2]) or number(found.group(2)) != number(foot[-1]):
        out.append(
            f"{page.path}: the score line says {found.group(1)} – {found.group(2)}, the table {foot[-2]} – {foot[-1]}"
        )
    vps = (number(found.group(3)), number(found.group(4))) if found.group(3) else (None, None)
    h, a = number(foot[-2]), number(foot[-1])
    return out, {home: (h, a, vps[0]), away: (a, h, vps[1])}


def teams_ranking_problems(root: Path, page: ParsedPage) -> list[str]:
    """A teams session: each team's VPs and IMPs in the ranking are the sums over its matches."""
    out: list[str] = []
    ranking = page.tables.get("ranking")
    if not ranking or ranking[0][:2] != ["Place", "Team"]:
        return out
    folder = root / posixpath.dirname(page.path)
    sums: dict[str, list[Fraction]] = {}
    for match in sorted(folder.glob("match-*.html")):
        problems, given = match_problems(parse(root, match.relative_to(root).as_posix()))
        out += problems
        for team, (imps_for, against, vps) in given.items():
            s = sums.setdefault(team, [Fraction(0), Fraction(0), Fraction(0)])
            s[0] += imps_for
            s[1] += against
            s[2] += vps or 0
    header = ranking[0]
    cols = {
        "VPs": _column(header, "VPs"),
        "for": _column(header, "IMPs for"),
        "against": _column(header, "IMPs against"),
    }
    for r in ranking[1:]:
        team = next((t for t in sorted(sums, key=len, reverse=True) if r[1].startswith(t)), None)
        if team is None:
            continue
        for (key, col), value in zip(cols.items(), (sums[team][2], sums[team][0], sums[team][1])):
            if col is not None and key != "VPs" and not agrees(r[col], value, Fraction(1, 200)):
                out.append(f"{page.path}: {team}: {key} {r[col]}, its matches add up to {float(value)}")
            if col is not None and key == "VPs" and value and not agrees(r[col], value, Fraction(1, 200)):
                out.append(f"{page.path}: {team}: {r[col]} VPs, its matches add up to {float(value)}")
    return out


def site_problems(root: Path) -> tuple[list[str], dict[str, int]]:
    """Every page of a built site checked by its kind; and how many pages of each kind were read."""
    out: list[str] = []
    seen = {"board": 0, "pair": 0, "ranking": 0, "match": 0, "event": 0, "player": 0}
    for path in sorted(root.rglob("*.html")):
        rel = path.relative_to(root).as_posix()
        name = path.name
        if rel.startswith("sessions/") and name.startswith("board-"):
            seen["board"] += 1
            out += board_problems(parse(root, rel))
        elif rel.startswith("sessions/") and name.startswith("pair-"):
            seen["pair"] += 1
            out += pair_problems(parse(root, rel), root)
        elif rel.startswith("sessions/") and name == "index.html":
            seen["ranking"] += 1
            page = parse(root, rel)
            out += ranking_problems(root, page)
            out += handicap_problems(root, page)
            out += teams_ranking_problems(root, page)
        elif rel.startswith("sessions/") and name.startswith("match-"):
            seen["match"] += 1
        elif rel.startswith("events/") and name == "index.html":
            seen["event"] += 1
            out += event_problems(root, parse(root, rel))
        elif rel.startswith("players/") and name not in ("index.html",) and len(name) > 7:
            page = parse(root, rel)
            if "history" in page.tables:
                seen["player"] += 1
                out += player_problems(root, page)
    return out, seen
