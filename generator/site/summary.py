"""A session's summary: what the cross-session pages (home, months, players, seasons,
search index, the Atom feed) and the duplicate check need of it.

Made in the worker beside the session's own pages, kept in the build cache as JSON (exact
figures as '5/8' text) and read back by ``ArchivePlanner`` on every build, so that an
unchanged upload is never read or scored again for the archive's sake.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, NotRequired, TypedDict

from ..history.types import Provisional
from ..model import Masterpoints, Player
from ..scoring.results import Field, Standing
from . import swiss_pages
from .i18n import text as _
from .links import pair_file, player_key
from .naming import field_name, long_date, session_kind, session_title
from .session_view import SessionView


class SessionSummary(TypedDict):
    slug: str
    title: str
    date: str | None
    """ISO 8601, or None when the upload has no date."""
    long_date: str
    kind: str
    """'Pairs, Mitchell, matchpoints': what the home page shows beside the title."""
    method: str
    url: str
    """The session page, from the site root."""
    winners: list[dict[str, Any]]
    """Each field's winner: field, names, url, and ``tied`` when it shares place 1 (a
    handicap field's winners on the handicap order, then on scratch)."""
    entries: list[dict[str, Any]]
    """One per pair, player of an individual or team member: names, rank, exact figures as text."""
    warnings: list[str]
    """Results taken on trust from the program's export (the build's report repeats them)."""
    corrections: list[dict[str, Any]]
    provisional: Provisional | None
    redirects: NotRequired[list[str]]
    """The session's redirect pages (old addresses, ``redirects.py``): not in the sitemap."""
    identity: NotRequired[Any]
    """Added by the pipeline: what makes two uploads the same session (``duplicates.py``)."""
    published: NotRequired[str]
    """Added by the pipeline: the date of the upload's first commit."""


def session_summary(plan: SessionView) -> SessionSummary:
    """What the archive pages need of a session, worked out in the worker from its result."""
    entries: list[dict[str, Any]] = []
    winners: list[dict[str, Any]] = []
    for f in plan.result.fields:
        for s in f.standings:
            entry = {
                **_people(s.pair.players),
                # an individual has no fixed partner: the player's history says so instead
                "pair": _("individual (player %(player)s)", player=plan.pair_label(s.ref))
                if plan.session.individual
                else plan.pair_label(s.ref),
                "field": field_name(f.name),
                "url": f"{plan.dir}/{pair_file(s.ref)}",
                "rank": s.rank_label,
                "percentage": fraction_text(s.percentage),
                "score": fraction_text(s.score),
                "total": fraction_text(s.total),
                "unit": plan.unit,
                "entrants": len(f.standings),
                "masterpoints": _award(s.pair.masterpoints),
            }
            entries.append(entry)
        winners += _field_winners(plan, f)
    if plan.result.swiss is not None:  # ranked on VPs, not on the IMPs over all boards
        entries, winners = swiss_pages.summary_entries(plan, _people)
    for t in plan.result.team_standings:
        for p in t.team.players:
            # A team member's partners are the team-mates (the player page's Partner column).
            entries.append(
                {
                    **_people([p]),
                    "pair": _("Team %(team)s", team=t.team.name),
                    "field": "",
                    "url": f"{plan.dir}/index.html",
                    "teammates": [q.name for q in t.team.players if q is not p],
                    "rank": t.rank_label,
                    "percentage": None,
                    "score": fraction_text(t.total),
                    "total": fraction_text(t.total),
                    "unit": _ARCHIVE_UNIT.get(t.total_unit, "points"),
                    "entrants": len(plan.result.team_standings),
                }
            )
        if t.rank == 1:
            tied = sum(1 for o in plan.result.team_standings if o.rank == 1) > 1
            winners.append({"field": "", "names": t.team.name, "url": f"{plan.dir}/index.html", "tied": tied})
    d = plan.session.date
    return {
        "slug": plan.slug,
        "title": session_title(plan.session),
        "date": d.isoformat() if d else None,
        "long_date": long_date(plan.session),
        "kind": session_kind(plan.session),
        "method": plan.session.method.value,
        "url": f"{plan.dir}/index.html",
        "winners": winners,
        "entries": entries,
        "warnings": plan.warnings(),
        "corrections": [
            {
                "anchor": c["anchor"],
                "date": c["date"],
                "iso": c["iso"],
                "text": c["text"],
                "reason": c["reason"],
                "late": c["late"],
            }
            for c in plan.history.corrections
        ],
        "provisional": plan.provisional,
        "redirects": plan.redirected,
    }


def _field_winners(plan: SessionView, f: Field) -> list[dict[str, Any]]:
    """A field's winners for the home page: its place 1, each pair marked ``tied`` when it
    shares it; a handicap event's winners on the handicap order first (the ranking its
    masterpoints were awarded on), then on scratch, each labelled."""
    name = field_name(f.name)
    rankings: list[tuple[str, list[tuple[Standing, int | None]]]]
    if f.handicap_standings:
        rankings = [
            (_label(name, _("handicap")), [(s, s.handicap.rank if s.handicap else None) for s in f.handicap_standings]),
            (_label(name, _("scratch")), [(s, s.rank) for s in f.standings]),
        ]
    else:
        rankings = [(name, [(s, s.rank) for s in f.standings])]
    firsts = [(label, [s for s, rank in ranked if rank == 1]) for label, ranked in rankings]
    if len(firsts) == 2 and [s.ref for s in firsts[0][1]] == [s.ref for s in firsts[1][1]]:
        firsts = [(_label(name, _("handicap and scratch")), firsts[0][1])]  # the same pairs won both
    out: list[dict[str, Any]] = []
    for label, first in firsts:
        out += [
            {"field": label, "names": s.pair.names, "url": f"{plan.dir}/{pair_file(s.ref)}", "tied": len(first) > 1}
            for s in first
        ]
    return out


def winners_text(winners: list[dict[str, Any]]) -> str:
    """The winners in words, as the home page writes them (the feed's), in the site's language:
    'X and Y (North-South), tied; Z (East-West)'."""
    groups: list[list[dict[str, Any]]] = []
    for w in winners:
        last = groups[-1][-1] if groups else None
        if last is not None and w.get("tied") and last.get("tied") and last["field"] == w["field"]:
            groups[-1].append(w)
        else:
            groups.append([w])
    joined, tied = " " + _("and") + " ", _(", tied")
    return "; ".join(
        joined.join(w["names"] for w in g)
        + (f" ({g[0]['field']})" if g[0]["field"] else "")
        + (tied if g[0].get("tied") else "")
        for g in groups
    )


def _label(field: str, ranking: str) -> str:
    return f"{field}, {ranking}" if field else ranking


_ARCHIVE_UNIT = {"vps": "vp", "imps": "imps"}
"""How the archive pages print a team's total: VPs, IMPs, or plain points (the rest)."""


def _award(masterpoints: Masterpoints | None) -> str | None:
    """'4000 c': the award as the program wrote it, with its type."""
    if masterpoints is None:
        return None
    return f"{masterpoints.awarded} {masterpoints.kind}".strip()


def _people(players: Sequence[Player]) -> dict[str, list[str]]:
    """An entry's players as written, with their spelling (spacing normalised) and identity,
    worked out here, in the worker, so that the archive pages need not.  A member who asked
    not to be named has the identity '': the archive gives them no page."""
    names = [p.name for p in players]
    return {
        "players": names,
        "spellings": [" ".join(n.split()) for n in names],
        "keys": ["" if p.hidden else player_key(p.name) for p in players],
    }


def fraction_text(value: Fraction | None) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"
