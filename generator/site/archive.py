"""Cross-session pages: home (sessions by month), month archives, players, season
rankings, the search index and the articles.  Built from the sessions' cached
summaries (plain JSON data), so they are cheap to rebuild on every run."""

from __future__ import annotations

import hashlib
import json
import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, overload

from markupsafe import Markup

from ..scoring.ranking import rank_labels
from . import i18n
from .articles import Article
from .i18n import text as _
from .links import LEGACY, player_addresses, player_slug
from .meta import SiteMeta, page_head
from .page import Page, PageBase
from .redirects import redirect_pages

if TYPE_CHECKING:
    from .summary import SessionSummary

HOME_MIN_SESSIONS = 40
"""The home page shows whole months, newest first, until it has at least this many sessions."""
DIRECTORY_INLINE = 150
"""Up to this many players, the players page lists them all; beyond, by initial letter."""


@overload
def _frac(text: str) -> Fraction: ...
@overload
def _frac(text: None) -> None: ...
def _frac(text: str | None) -> Fraction | None:
    """'5/8' (as the summaries store exact values) to a Fraction; quicker than Fraction('5/8')."""
    if text is None:
        return None
    n, _, d = text.partition("/")
    return Fraction(int(n), int(d)) if d else Fraction(int(n))


def _mean(values: list[Fraction]) -> Fraction:
    """``sum(values) / len(values)``, exactly, over a common denominator (adding Fractions one
    by one reduces by a gcd at every step; a player's season has a hundred of them)."""
    common = math.lcm(*{v.denominator for v in values})
    return Fraction(sum(v.numerator * (common // v.denominator) for v in values), common * len(values))


def _listed(p: dict[str, Any]) -> dict[str, Any]:
    """A player as a list of players shows them: the name, linked to their page, and their sessions."""
    return {"name": p["name"], "url": f"{p['slug']}.html", "sessions": len(p["at"])}


@dataclass(slots=True)
class LazyPage:
    """A page whose context is built only if needed: ``deps`` names everything the context is
    made from (the cache tags of its sessions and the like), so an unchanged page is known
    without building or serialising its context."""

    path: str
    template: str
    deps: str
    make: Callable[[], dict[str, Any]]
    data: None = None


def _deps(*parts: Any) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(str(part).encode("utf-8", "surrogatepass") + b"\0")
    return h.hexdigest()


def _month_key(s: SessionSummary) -> str:
    return s["date"][:7] if s["date"] else "undated"


def _month_label(key: str) -> str:
    """A month's heading in the site's language: 'September 2026', 'septembre 2026'."""
    if key == "undated":
        return _("Undated")
    year, month = key.split("-")
    return i18n.month_year(int(year), int(month), i18n.active())


def _month_name(key: str) -> str:
    """A month on its own (the archive's list under its year)."""
    return _("Undated") if key == "undated" else i18n.month_name(int(key[5:7]), i18n.active())


def _letter(initial: str) -> str:
    """A letter of the players' directory as shown: 'A', or 'other' in the site's language."""
    return _("other") if initial == "other" else initial


def _season_chart(n: int, season: str, rows: list[dict[str, Any]], average: Fraction | None) -> Markup | None:
    """The player's percentage in each matchpoint session of a season (oldest first), each
    labelled with its date and partner, with the season average: its words and figures in
    the site's language ('43,75 %')."""
    from .charts import Point, trend_chart

    scored = [r for r in reversed(rows) if r["percentage"] is not None]
    if len(scored) < 2 or average is None:
        return None
    language = i18n.active()
    points = [
        Point(
            r["long_date"] or r["session"],
            _("with %(partners)s", partners=" & ".join(r["partners"])) if r["partners"] else "",
            float(r["percentage"]),
            i18n.percent(r["percentage"], 2, language),
        )
        for r in scored
    ]
    return trend_chart(
        f"season-{n}",
        points,
        _("Season %(season)s: percentage in each session, oldest first", season=season),
        (float(average), _("average %(average)s", average=i18n.percent(average, 2, language))),
    )


class _Season(dict[str, Any]):
    """A season of a player's (``_player_seasons``): its ``rows`` made the first time they
    are read — a player's page shows every season's average but one season's rows, and a
    club's own ``player.html`` may read any season's."""

    __slots__ = ("_rows",)

    def __init__(self, rows: Callable[[], list[dict[str, Any]]], **fields: Any):
        super().__init__(**fields)
        self._rows = rows

    def __missing__(self, key: str) -> Any:
        if key != "rows":
            raise KeyError(key)
        made = self["rows"] = self._rows()
        return made


def _charted(season: dict[str, Any]) -> dict[str, Any]:
    """A season of a player's (``_player_seasons``) with its chart and the chart as text,
    made the first time a page shows it."""
    if "chart" not in season:
        chart = _season_chart(season["n"], season["season"], season["rows"], season["average"])
        season["chart"] = chart
        season["chart_points"], season["chart_average"] = (
            _chart_text(season["rows"], season["average"]) if chart else ([], "")
        )
    return season


def _chart_text(rows: list[dict[str, Any]], average: Fraction | None) -> tuple[list[str], str]:
    """The season chart again as text, under it (each session oldest first: its date, title,
    partner and percentage; the season's average), figures as the locale writes them."""
    language = i18n.active()
    points = []
    for r in reversed(rows):
        if r["percentage"] is None:
            continue
        said = [r["long_date"], r["session"]]
        if r["partners"]:
            said.append(_("with %(partners)s", partners=" & ".join(r["partners"])))
        points.append(
            _("%(session)s: %(figure)s", session=", ".join(said), figure=i18n.percent(r["percentage"], 2, language))
        )
    if average is None:
        return points, ""
    return points, _("Season average: %(average)s.", average=i18n.percent(average, 2, language))


def season_of(date: str | None, start_month: int) -> str | None:
    """'2026' for calendar seasons; '2026-27' when seasons start in, say, September."""
    if not date:
        return None
    year, month = int(date[:4]), int(date[5:7])
    if start_month == 1:
        return str(year)
    first = year if month >= start_month else year - 1
    return f"{first}-{(first + 1) % 100:02d}"


class _Fractions(dict[str, Fraction]):
    """Summaries' exact values as Fractions, each text parsed once (every entry's is needed by
    the season tables and the player's page)."""

    @overload
    def of(self, text: str) -> Fraction: ...
    @overload
    def of(self, text: None) -> None: ...
    def of(self, text: str | None) -> Fraction | None:
        if text is None:
            return None
        value = self.get(text)
        if value is None:
            value = self[text] = _frac(text)
        return value


@dataclass(frozen=True, eq=False)
class _PlayerRows:
    """Makes a player's history rows (links relative to players/) from the sessions alone.  A
    season's rows are made when a page reads them (``_Season``), so the season keeps this: it
    refers to neither the player nor the planner, whose cycle would leave the whole archive to
    the cycle collector at the end of a build (0.4 s on 1,500 sessions)."""

    sessions: list[SessionSummary]
    season_of: list[str | None]
    fractions: _Fractions

    def __call__(self, key: str, at: list[tuple[int, int]]) -> list[dict[str, Any]]:
        out = []
        sessions, season_of, frac = self.sessions, self.season_of, self.fractions.of
        for i, j in at:
            s = sessions[i]
            e = s["entries"][j]
            out.append(
                {
                    "session": s["title"],
                    "date": s["date"],
                    "long_date": s["long_date"],
                    "session_url": "../" + s["url"],
                    "url": "../" + e["url"],
                    "pair": e["pair"],
                    "partners": e.get("teammates") or [n for n, k in zip(e["players"], e["keys"]) if k != key],
                    "rank": e["rank"],
                    "entrants": e["entrants"],
                    "percentage": frac(e["percentage"]),
                    "total": frac(e["total"]),
                    "unit": e["unit"],
                    "field": e["field"],
                    "masterpoints": e.get("masterpoints"),
                    "season": season_of[i],
                    "kind": s["kind"],
                }
            )
        return out


class ArchivePlanner:
    def __init__(
        self,
        club: str,
        description: str,
        summaries: list[SessionSummary],
        articles: list[Article],
        season_start_month: int,
        season_min_sessions: int,
        tags: list[str] | None = None,
        events: list[dict[str, Any]] | None = None,
        meta: SiteMeta | None = None,
    ):
        """``tags``, one per summary, change whenever the summary does (the build passes its
        cache keys); without them each summary's JSON is the tag."""
        self.club = club
        self.description = description
        self.meta = meta or SiteMeta(description=description)
        self.redirected: list[str] = []
        """The redirect pages ``pages`` planned (old player addresses): not in the sitemap."""
        self.events = events or []
        """Events of several sessions (site/events.py): title, url, dates, winner."""
        if tags is None:
            tags = [hashlib.sha256(json.dumps(s, sort_keys=True).encode()).hexdigest() for s in summaries]
        tagged = sorted(zip(summaries, tags), key=lambda st: (st[0]["date"] or "", st[0]["slug"]), reverse=True)
        dated = [st for st in tagged if st[0]["date"]]
        undated = sorted((st for st in tagged if not st[0]["date"]), key=lambda st: st[0]["slug"])
        self.sessions = [st[0] for st in dated + undated]
        self.tags = [st[1] for st in dated + undated]
        self.articles = articles
        self.start_month = season_start_month
        self.min_sessions = season_min_sessions
        self.season_of = [season_of(s["date"], season_start_month) for s in self.sessions]
        self.players = self._players()
        self._own_addresses()
        fractions = _Fractions()
        self.frac = fractions.of
        """A summary's exact value as a Fraction (each text parsed once)."""
        self._rows = _PlayerRows(self.sessions, self.season_of, fractions)

    def base(self, path: str, title: str, **extra: Any) -> dict[str, Any]:
        head: PageBase = {
            "club": self.club,
            "title": title,
            "root": "../" * path.count("/"),
            "page_path": path,
            "crumbs": [],
            "head": page_head(self.meta, self.club, path, title),
        }
        ctx: dict[str, Any] = {**head}
        ctx.update(extra)
        return ctx

    def pages(self) -> list[Page | LazyPage]:
        pages: list[Page | LazyPage] = [self.home()]
        pages += self.month_pages()
        pages += self.player_pages()
        pages += self.article_pages()
        pages.append(self.not_found())
        moved = redirect_pages(self.moves(), {p.path for p in pages}, self.meta)
        self.redirected = [p.path for p in moved]
        return pages + moved

    def not_found(self) -> Page:
        """``404.html``, which GitHub Pages serves for a missing address at any depth: its
        links start from the site's address when it is known; otherwise from the root that
        a few lines of script work out (``404.html``), and without script they are relative
        to the site's root (right for a missing page at the top)."""
        ctx = self.base("404.html", _("Page not found"))
        ctx["root"] = self.meta.site_url
        ctx["head"]["robots"] = "noindex"
        ctx["head"]["canonical"] = ""
        return Page("404.html", "404.html", ctx)

    def _own_addresses(self) -> None:
        """Each player's own page (``links.player_addresses``): ``shared`` is the slug the name
        gives, which session pages link to; ``slug`` their own, different when names meet."""
        own = player_addresses(
            (key, p["slug"], self.sessions[p["at"][0][0]]["date"] or "") for key, p in self.players.items()
        )
        for key, p in self.players.items():
            p["shared"], p["slug"] = p["slug"], own[key]

    def moves(self) -> list[tuple[str, str]]:
        """(old, new) for each player page an earlier scheme named otherwise (and its seasons)."""
        out = []
        for p in self.players.values():
            seasons = sorted({x or "Undated" for x in p["seasons"]}, reverse=True)[1:]  # the pages of their own
            for scheme in LEGACY:
                old = scheme.player_slug(p["key"])
                out.append((f"players/{old}.html", f"players/{p['slug']}.html"))
                out += [(f"players/{old}-season-{x}.html", f"players/{p['slug']}-season-{x}.html") for x in seasons]
        return out

    def choice_pages(self) -> list[Page]:
        """The page at a slug several players' names give: each of them, linked."""
        by_shared: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for p in self.players.values():
            if p["shared"] != p["slug"]:
                by_shared[p["shared"]].append(p)
        return [
            self.directory_page(
                f"players/{shared}.html",
                _("Players: %(names)s", names=(" " + _("or") + " ").join(p["name"] for p in people)),
                list(map(_listed, people)),
            )
            for shared, people in sorted(by_shared.items())
        ]

    def directory_page(self, path: str, title: str, directory: list[dict[str, Any]]) -> Page:
        """A list of players, each linked to their page (a letter's, or the names that meet)."""
        return Page(
            path,
            "letter.html",
            self.base(
                path, title, crumbs=[("../index.html", _("Home")), ("index.html", _("Players"))], directory=directory
            ),
        )

    # --- sessions ---------------------------------------------------------------------
    def months(self) -> list[tuple[str, list[SessionSummary]]]:
        groups: dict[str, list[SessionSummary]] = defaultdict(list)
        order: list[str] = []
        for s in self.sessions:
            key = _month_key(s)
            if key not in groups:
                order.append(key)
            groups[key].append(s)
        return [(k, groups[k]) for k in order]

    def _session_view(self, s: SessionSummary, root: str) -> dict[str, Any]:
        provisional = s.get("provisional")
        return {
            "title": s["title"],
            "url": root + s["url"],
            "date": s["long_date"],
            "kind": s["kind"],
            "provisional": provisional["until"] if provisional and provisional["active"] else None,
            # The moment the period ends, for the few lines of script that hide the note then
            # on a page no build has touched since (templates/_macros.html, provisional_expiry).
            "provisional_until": provisional.get("until_utc") if provisional and provisional["active"] else None,
            "winners": [{**w, "url": root + w["url"]} for w in s["winners"]],
        }

    def home(self) -> Page:
        shown: list[tuple[str, list[SessionSummary]]] = []
        count = 0
        months = self.months()
        for key, sessions in months:
            if count >= HOME_MIN_SESSIONS:
                break
            shown.append((key, sessions))
            count += len(sessions)
        groups = [{"label": _month_label(k), "sessions": [self._session_view(s, "") for s in ss]} for k, ss in shown]
        older = len(shown) < len(months)
        years: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for key, ss in months:
            year = key[:4] if key != "undated" else _("Undated")
            years[year].append({"label": _month_name(key), "url": f"archive/{key}.html", "count": len(ss)})
        # Every month's archive page and every season's ranking, linked from the home page (issue 11).
        archive = [{"year": y, "months": m} for y, m in years.items()]
        seasons = [{"label": x, "url": f"players/season-{x}.html"} for x in self.seasons()]
        return Page(
            "index.html",
            "home.html",
            self.base(
                "index.html",
                _("Results"),
                groups=groups,
                archive=archive,
                seasons=seasons,
                older=older,
                description=self.description,
                feed="feed.xml",
                events=self.events,
                articles=[{"slug": a.slug, "title": a.title} for a in self.articles],
            ),
        )

    def month_pages(self) -> list[LazyPage]:
        tags: dict[str, list[str]] = defaultdict(list)
        for s, tag in zip(self.sessions, self.tags):
            tags[_month_key(s)].append(tag)
        pages = []
        for key, ss in self.months():
            path = f"archive/{key}.html"
            pages.append(
                LazyPage(
                    path,
                    "month.html",
                    _deps(key, *tags[key]),
                    lambda path=path, key=key, ss=ss: self.base(  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
                        path,
                        _("Results, %(month)s", month=_month_label(key)),
                        crumbs=[("../index.html", _("Home"))],
                        sessions=[self._session_view(s, "../") for s in ss],
                    ),
                )
            )
        return pages

    # --- players ----------------------------------------------------------------------
    def _players(self) -> dict[str, dict[str, Any]]:
        """Each player's sessions as (session index, entry index), oldest first; their rows
        are built only for the pages that need them (``rows``)."""
        players: dict[str, dict[str, Any]] = {}
        for i in range(len(self.sessions) - 1, -1, -1):  # oldest first, so rows read in date order
            season = self.season_of[i]
            for j, e in enumerate(self.sessions[i]["entries"]):
                for name, spelling, key in zip(e["players"], e["spellings"], e["keys"]):
                    if not key:  # a member who asked not to be named: no page (summary._people)
                        continue
                    p = players.get(key)
                    if p is None:
                        p = players[key] = {
                            "key": key,
                            "names": defaultdict(int),
                            "slug": player_slug(name),
                            "at": [],
                            "seasons": defaultdict(list),
                        }
                    p["names"][spelling] += 1
                    p["at"].append((i, j))
                    p["seasons"][season].append((i, j))
        for p in players.values():
            # The most used spelling names the page; ties go to the alphabetically first.
            p["name"] = sorted(p["names"].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
            del p["names"]
        return dict(sorted(players.items(), key=lambda kv: (kv[1]["name"].casefold(), kv[1]["slug"])))

    def seasons(self) -> list[str]:
        found = {season_of(s["date"], self.start_month) for s in self.sessions}
        return sorted((x for x in found if x), reverse=True)

    def season_table(self, season: str) -> list[dict[str, Any]]:
        rows = []
        for p in self.players.values():
            at = p["seasons"].get(season)
            if not at:
                continue
            pcts = [
                self.frac(x) for x in (self.sessions[i]["entries"][j]["percentage"] for i, j in at) if x is not None
            ]
            if len(pcts) >= self.min_sessions and pcts:
                average = _mean(pcts)
                rows.append({"name": p["name"], "slug": p["slug"], "sessions": len(pcts), "average": average})
        rows.sort(key=lambda r: (-r["average"], r["name"].casefold()))
        # The engine's places with ties ('3='); players who tie stay in name order.
        labels = rank_labels([(i, r["average"]) for i, r in enumerate(rows)])
        for i, r in enumerate(rows):
            r["rank"] = labels[i][1]
        return rows

    def player_pages(self) -> list[Page | LazyPage]:
        pages: list[Page | LazyPage] = []
        seasons = self.seasons()
        current = seasons[0] if seasons else None
        directory = list(map(_listed, self.players.values()))
        letters: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for d in directory:
            initial = d["name"][:1].upper()
            letters[initial if initial.isascii() and initial.isalpha() else "other"].append(d)
        inline = len(directory) <= DIRECTORY_INLINE
        season_links = [{"label": x, "url": f"season-{x}.html"} for x in seasons]
        pages.append(
            Page(
                "players/index.html",
                "players.html",
                self.base(
                    "players/index.html",
                    _("Players"),
                    crumbs=[("../index.html", _("Home"))],
                    current=current,
                    ranking=self.season_table(current) if current else [],
                    seasons=season_links,
                    min_sessions=self.min_sessions,
                    directory=directory if inline else [],
                    letters=[
                        {"letter": _letter(k), "url": f"letter-{k.lower()}.html", "count": len(v)}
                        for k, v in sorted(letters.items())
                    ]
                    if not inline
                    else [],
                ),
            )
        )
        if not inline:
            for k, v in sorted(letters.items()):
                pages.append(
                    self.directory_page(
                        f"players/letter-{k.lower()}.html", _("Players: %(names)s", names=_letter(k)), v
                    )
                )
        in_season: dict[str | None, list[str]] = defaultdict(list)
        for tag, x in zip(self.tags, self.season_of):
            in_season[x].append(tag)
        who: dict[str | None, list[str]] = defaultdict(list)
        for p in self.players.values():
            for x in p["seasons"]:
                who[x].append(f"{p['name']}\t{p['slug']}")
        for x in seasons:
            path = f"players/season-{x}.html"
            pages.append(
                LazyPage(
                    path,
                    "season.html",
                    _deps(x, *in_season[x], *who[x]),
                    lambda path=path, x=x: self.base(  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
                        path,
                        _("Season %(season)s ranking", season=x),
                        crumbs=[("../index.html", _("Home")), ("index.html", _("Players"))],
                        season=x,
                        ranking=self.season_table(x),
                        min_sessions=self.min_sessions,
                    ),
                )
            )
        for p in self.players.values():
            pages.extend(self.player_pages_of(p))
        index = [[p["name"], f"{p['slug']}.html"] for p in self.players.values()]
        text = json.dumps(index, ensure_ascii=True, separators=(",", ":"))
        # Defence in depth: no '<', '>' or '&' even inside strings, should the file ever be inlined.
        text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        script = "window.PLAYER_INDEX = " + text + ";\n"
        pages.append(Page("players/search-index.js", None, data=script.encode("ascii")))
        pages += self.choice_pages()
        return pages

    def player_pages_of(self, p: dict[str, Any]) -> list[LazyPage]:
        """The player's page (every season's average, the latest season's sessions) and one
        page per earlier season, so that pages stay small however long the archive."""
        path = f"players/{p['slug']}.html"
        by_season: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for x, at in p["seasons"].items():
            by_season[x or "Undated"].extend(at)
        ordered = sorted(by_season, reverse=True)
        pages = [
            LazyPage(
                path,
                "player.html",
                _deps(p["key"], *(self.tags[i] for i, _ in p["at"])),
                lambda: self.player_context(p, 0),
            )
        ]
        for n, season in enumerate(ordered[1:], start=1):
            spath = f"players/{p['slug']}-season-{season}.html"
            pages.append(
                LazyPage(
                    spath,
                    "player.html",
                    _deps(p["key"], p["name"], p["slug"], season, *(self.tags[i] for i, _ in by_season[season])),
                    lambda n=n: self.player_context(p, n),  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
                )
            )
        return pages

    def player_context(self, p: dict[str, Any], n: int) -> dict[str, Any]:
        """The context of the player's ``n``-th page (as ``player_pages_of`` lists them: 0 is
        the player's page).  Their seasons are worked out once for all of them; a season's
        chart only for the page that shows it — after one new session, only the player's
        own page is made again, not the charts of every earlier season."""
        seasons, every = self._player_seasons(p)
        crumbs = [("../index.html", _("Home")), ("index.html", _("Players"))]
        shown = _charted(seasons[n])
        if n == 0:
            path = f"players/{p['slug']}.html"
            return self.base(
                path,
                p["name"],
                crumbs=crumbs,
                name=p["name"],
                seasons=seasons,
                shown=[shown],
                sessions=len(p["at"]),
                scored=len(every),
                average=_mean(every) if every else None,
            )
        title = _("%(name)s, season %(season)s", name=p["name"], season=shown["season"])
        return self.base(
            f"players/{shown['url']}",
            title,
            crumbs=crumbs + [(f"{p['slug']}.html", p["name"])],
            name=title,
            seasons=[],
            shown=[shown],
            sessions=shown["sessions"],
            scored=shown["scored"],
            average=shown["average"],
        )

    def _player_seasons(self, p: dict[str, Any]) -> tuple[list[dict[str, Any]], list[Fraction]]:
        """The player's seasons, newest first (each its average, address and rows newest
        first — the rows made when a page first reads them: the player's page shows one
        season's; the chart left to ``_charted``), and every percentage of theirs: made once."""
        if "seasons_made" in p:
            made: tuple[list[dict[str, Any]], list[Fraction]] = p["seasons_made"]
            return made
        sessions, season_of, frac = self.sessions, self.season_of, self.frac
        by_season: dict[str, list[tuple[int, int, Fraction | None, Any]]] = defaultdict(list)
        every: list[Fraction] = []
        for i, j in p["at"]:
            e = sessions[i]["entries"][j]
            pct = frac(e["percentage"])
            if pct is not None:
                every.append(pct)
            by_season[season_of[i] or "Undated"].append((i, j, pct, e.get("masterpoints")))
        seasons: list[dict[str, Any]] = []
        for n, season in enumerate(sorted(by_season, reverse=True)):
            held = list(reversed(by_season[season]))  # newest first
            pcts = [pct for _, _, pct, _ in held if pct is not None]
            seasons.append(
                _Season(
                    partial(self._rows, p["key"], [(i, j) for i, j, _, _ in held]),
                    n=n,
                    season=season,
                    with_masterpoints=any(mp for _, _, _, mp in held),
                    sessions=len(held),
                    scored=len(pcts),
                    average=_mean(pcts) if pcts else None,
                    url=f"{p['slug']}.html" if n == 0 else f"{p['slug']}-season-{season}.html",
                )
            )
        p["seasons_made"] = (seasons, every)
        return seasons, every

    # --- articles ---------------------------------------------------------------------
    def article_pages(self) -> list[Page | LazyPage]:
        """The articles' index and each article: an article's page is known unchanged by its
        text and the titles it links to, without converting its Markdown."""
        pages: list[Page | LazyPage] = [
            Page(
                "articles/index.html",
                "articles.html",
                self.base(
                    "articles/index.html",
                    _("How scoring works"),
                    crumbs=[("../index.html", _("Home"))],
                    articles=[{"slug": a.slug, "title": a.title, "summary": a.summary} for a in self.articles],
                ),
            )
        ]
        for a in self.articles:
            others = [{"slug": o.slug, "title": o.title} for o in self.articles if o.slug != a.slug]
            pages.append(
                LazyPage(
                    a.path,
                    "article.html",
                    _deps(a.title, a.summary, a.untranslated, a.text, others),
                    lambda a=a, others=others: self.base(  # type: ignore[misc]  # mypy cannot type a lambda's default arguments
                        a.path,
                        a.title,
                        crumbs=[("../index.html", _("Home")), ("index.html", _("How scoring works"))],
                        article_title=a.title,
                        summary=a.summary,
                        untranslated=a.untranslated,
                        html=Markup(a.html),
                        others=others,
                    ),
                )
            )
        return pages
