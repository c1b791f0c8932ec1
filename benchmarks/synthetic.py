"""Realistic synthetic input for the benchmarks: plausible contracts and scores, invented names.

Each board gets a "par" contract from its (random) strength; each table then bids one of a
few nearby contracts and takes a trick count spread around what the contract needs, so a
board shows the mix of makes, overtricks, sacrifices and disasters a real traveller does.
"""

from __future__ import annotations

import random
from pathlib import Path

FIRST = [
    "Ada",
    "Basil",
    "Clara",
    "Desmond",
    "Edith",
    "Felix",
    "Greta",
    "Horace",
    "Ivy",
    "Jasper",
    "Kitty",
    "Lionel",
    "Mabel",
    "Norris",
    "Opal",
    "Percy",
    "Rhoda",
    "Silas",
    "Thea",
    "Ulric",
    "Vera",
    "Wilfred",
    "Xenia",
    "Yorick",
    "Zelda",
]
LAST = [
    "Ashdown",
    "Brackley",
    "Culver",
    "Dunmore",
    "Elstow",
    "Farrant",
    "Gadsby",
    "Hurst",
    "Ibbott",
    "Jessop",
    "Kilby",
    "Lomax",
    "Mottram",
    "Nutley",
    "Oxley",
    "Pardew",
    "Quenby",
    "Rudge",
    "Stroud",
    "Tapley",
    "Upcott",
    "Vokins",
    "Wragg",
    "Yelland",
]

STRAINS = ["C", "D", "H", "S", "NT"]


def player_names(count: int, rnd: random.Random) -> list[str]:
    names = sorted({f"{f} {l}" for f in FIRST for l in LAST})
    rnd.shuffle(names)
    return names[:count]


def table_result(rnd: random.Random, par_level: int, par_strain: str, ns_declare: bool) -> dict:
    """One table's contract, declarer and tricks around the board's par."""
    roll = rnd.random()
    level, strain, doubled = par_level, par_strain, ""
    if roll < 0.15:
        level = max(1, level - 1)
    elif roll < 0.25:
        level = min(7, level + 1)
    elif roll < 0.35:
        strain = rnd.choice(STRAINS)
    if rnd.random() < 0.05:
        doubled = "X"
    declarer_pool = ("N", "S") if ns_declare else ("E", "W")
    if rnd.random() < 0.1:  # the other side buys it
        declarer_pool = ("E", "W") if ns_declare else ("N", "S")
        level = max(1, min(7, level - 1))
    tricks = max(0, min(13, level + 6 + round(rnd.gauss(0, 1.1))))
    if rnd.random() < 0.02:
        return {"contract": "PASS"}
    return {"contract": f"{level}{strain}{doubled}", "by": rnd.choice(declarer_pool), "tricks": tricks}


def board_plan(rnd: random.Random) -> tuple[int, str, bool]:
    return rnd.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6]), rnd.choice(STRAINS), rnd.random() < 0.5


def yaml_flow(d: dict) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"


def mitchell_yaml(
    rnd: random.Random,
    *,
    event: str,
    date: str,
    tables: int,
    boards: int,
    names: list[str],
    method: str = "matchpoints",
) -> str:
    """A two-winner Mitchell: every board played at every table, EW pairs moving one table a round."""
    chosen = rnd.sample(names, 4 * tables)
    lines = [
        "club: Benchmark Bridge Club",
        f"event: {event}",
        f"date: {date}",
        f"method: {method}",
        "movement: mitchell",
        "pairs:",
    ]
    for i in range(tables):
        lines.append(f"  - {{number: {i + 1}, direction: NS, players: [{chosen[4 * i]}, {chosen[4 * i + 1]}]}}")
        lines.append(f"  - {{number: {i + 1}, direction: EW, players: [{chosen[4 * i + 2]}, {chosen[4 * i + 3]}]}}")
    lines.append("boards:")
    for b in range(1, boards + 1):
        level, strain, ns = board_plan(rnd)
        lines.append(f"  - number: {b}")
        lines.append("    results:")
        for t in range(1, tables + 1):
            ew = (t - 1 + b) % tables + 1
            result = {"ns": t, "ew": ew, **table_result(rnd, level, strain, ns)}
            lines.append(f"      - {yaml_flow(result)}")
    return "\n".join(lines) + "\n"


def write_archive(
    root: Path, sessions: int, *, tables: int = 14, boards: int = 24, players: int = 300, seed: int = 7
) -> list[Path]:
    """A club archive: one session every few days, a few hundred distinct players."""
    import datetime

    rnd = random.Random(seed)
    names = player_names(players, rnd)
    (root / "sessions").mkdir(parents=True, exist_ok=True)
    (root / "articles").mkdir(exist_ok=True)
    (root / "site.yaml").write_text("club: Benchmark Bridge Club\n", encoding="utf-8")
    paths = []
    day = datetime.date(2016, 1, 4)
    for i in range(sessions):
        path = root / "sessions" / f"{day.isoformat()}-club-pairs-{i:04d}.yaml"
        path.write_text(
            mitchell_yaml(rnd, event="Club Pairs", date=day.isoformat(), tables=tables, boards=boards, names=names),
            encoding="utf-8",
        )
        paths.append(path)
        day += datetime.timedelta(days=rnd.choice([2, 2, 3, 4]))
    return paths
