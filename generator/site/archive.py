"""Cross-session pages: home (sessions by month), month archives, players, season
rankings, the search index and the articles.  Built from the sessions' cached
summaries (plain JSON data), so they are cheap to rebuild on every run."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from typing import Any

from markupsafe import Markup

from .articles import Article
from .links import player_key, player_slug
from .plan import MONTHS, Page

HOME_MIN_SESSIONS = 40
"""The home page shows whole months, newest first, until it has at least this many sessions."""
DIRECTORY_INLINE = 150
"""Up to this many players, the players page lists them all; beyond, by initial letter."""


def _frac(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def _month_key(s: dict[str, Any]) -> str:
    return s["date"][:7] if s["date"] else "undated"


def _month_label(key: str) -> str:
    if key == "undated":
        return "Undated"
    year, month = key.split("-")
    return f"{MONTHS[int(month) - 1]} {year}"


def order_sessions(summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    dated = sorted((s for s in summaries if s["date"]), key=lambda s: (s["date"], s["slug"]), reverse=True)
    undated = sorted((s for s in summaries if not s["date"]), key=lambda s: s["slug"])
    return dated + undated


def season_of(date: str | None, start_month: int) -> str | None:
    """'2026' for calendar seasons; '2026-27' when seasons start in, say, September."""
    if not date:
        return None
    year, month = int(date[:4]), int(date[5:7])
    if start_month == 1:
        return str(year)
    first = year if month >= start_month else year - 1
    return f"{first}-{(first + 1) % 100:02d}"


class ArchivePlanner:
    def __init__(self, club: str, description: str, summaries: list[dict[str, Any]], articles: list[Article],
                 season_start_month: int, season_min_sessions: int):
        self.club = club
        self.description = description
        self.sessions = order_sessions(summaries)
        self.articles = articles
        self.start_month = season_start_month
        self.min_sessions = season_min_sessions
        self.players = self._players()

    def base(self, path: str, title: str, **extra: Any) -> dict[str, Any]:
        root = "../" * path.count("/")
        ctx = {"club": self.club, "title": title, "root": root, "page_path": path, "crumbs": []}
        ctx.update(extra)
        return ctx

    def pages(self) -> list[Page]:
        pages = [self.home()]
        pages += self.month_pages()
        pages += self.player_pages()
        pages += self.article_pages()
        return pages

    # --- sessions ---------------------------------------------------------------------
    def months(self) -> list[tuple[str, list[dict[str, Any]]]]:
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        order: list[str] = []
        for s in self.sessions:
            key = _month_key(s)
            if key not in groups:
                order.append(key)
            groups[key].append(s)
        return [(k, groups[k]) for k in order]

    def _session_view(self, s: dict[str, Any], root: str) -> dict[str, Any]:
        return {"title": s["title"], "url": root + s["url"], "date": s["long_date"], "kind": s["kind"],
                "winners": [{"field": w["field"], "names": w["names"], "url": root + w["url"]} for w in s["winners"]]}

    def home(self) -> Page:
        shown: list[tuple[str, list[dict[str, Any]]]] = []
        count = 0
        months = self.months()
        for key, sessions in months:
            if count >= HOME_MIN_SESSIONS:
                break
            shown.append((key, sessions))
            count += len(sessions)
        groups = [{"label": _month_label(k), "sessions": [self._session_view(s, "") for s in ss]} for k, ss in shown]
        older = len(shown) < len(months)
        years: dict[str, list[dict[str, str]]] = defaultdict(list)
        for key, ss in months:
            year = key[:4] if key != "undated" else "Undated"
            years[year].append({"label": _month_label(key).split(" ")[0], "url": f"archive/{key}.html", "count": len(ss)})
        archive = [{"year": y, "months": m} for y, m in years.items()] if older else []
        return Page("index.html", "home.html", self.base(
            "index.html", "Results", groups=groups, archive=archive, description=self.description,
            articles=[{"slug": a.slug, "title": a.title} for a in self.articles]))

    def month_pages(self) -> list[Page]:
        pages = []
        for key, ss in self.months():
            path = f"archive/{key}.html"
            pages.append(Page(path, "month.html", self.base(
                path, f"Results, {_month_label(key)}", crumbs=[("../index.html", "Home")],
                sessions=[self._session_view(s, "../") for s in ss])))
        return pages

    # --- players ----------------------------------------------------------------------
    def _players(self) -> dict[str, dict[str, Any]]:
        players: dict[str, dict[str, Any]] = {}
        for s in reversed(self.sessions):  # oldest first, so rows read in date order
            for e in s["entries"]:
                for name in e["players"]:
                    key = player_key(name)
                    p = players.setdefault(key, {"names": defaultdict(int), "slug": player_slug(name), "rows": []})
                    p["names"][" ".join(name.split())] += 1
                    partners = [n for n in e["players"] if player_key(n) != key]
                    p["rows"].append({
                        "session": s["title"], "date": s["date"], "long_date": s["long_date"],
                        "session_url": s["url"], "url": e["url"], "pair": e["pair"], "partners": partners,
                        "rank": e["rank"], "entrants": e["entrants"], "percentage": _frac(e["percentage"]),
                        "total": _frac(e["total"]), "unit": e["unit"], "field": e["field"],
                        "season": season_of(s["date"], self.start_month), "kind": s["kind"],
                    })
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
            pcts = [r["percentage"] for r in p["rows"] if r["season"] == season and r["percentage"] is not None]
            if len(pcts) >= self.min_sessions and pcts:
                average = sum(pcts, Fraction(0)) / len(pcts)
                rows.append({"name": p["name"], "slug": p["slug"], "sessions": len(pcts), "average": average})
        rows.sort(key=lambda r: (-r["average"], r["name"].casefold()))
        place = 0
        previous = None
        counts: dict[Fraction, int] = defaultdict(int)
        for r in rows:
            counts[r["average"]] += 1
        for i, r in enumerate(rows, start=1):
            if r["average"] != previous:
                place, previous = i, r["average"]
            r["rank"] = f"{place}=" if counts[r["average"]] > 1 else str(place)
        return rows

    def player_pages(self) -> list[Page]:
        pages = []
        seasons = self.seasons()
        current = seasons[0] if seasons else None
        directory = [{"name": p["name"], "url": f"{p['slug']}.html", "sessions": len(p["rows"])}
                     for p in self.players.values()]
        letters: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for d in directory:
            initial = d["name"][:1].upper()
            letters[initial if initial.isascii() and initial.isalpha() else "other"].append(d)
        inline = len(directory) <= DIRECTORY_INLINE
        season_links = [{"label": x, "url": f"season-{x}.html"} for x in seasons]
        pages.append(Page("players/index.html", "players.html", self.base(
            "players/index.html", "Players", crumbs=[("../index.html", "Home")],
            current=current, ranking=self.season_table(current) if current else [], seasons=season_links,
            min_sessions=self.min_sessions, directory=directory if inline else [],
            letters=[{"letter": k, "url": f"letter-{k.lower()}.html", "count": len(v)} for k, v in sorted(letters.items())]
            if not inline else [])))
        if not inline:
            for k, v in sorted(letters.items()):
                path = f"players/letter-{k.lower()}.html"
                pages.append(Page(path, "letter.html", self.base(
                    path, f"Players: {k}", crumbs=[("../index.html", "Home"), ("index.html", "Players")], directory=v)))
        for x in seasons:
            path = f"players/season-{x}.html"
            pages.append(Page(path, "season.html", self.base(
                path, f"Season {x} ranking", crumbs=[("../index.html", "Home"), ("index.html", "Players")],
                season=x, ranking=self.season_table(x), min_sessions=self.min_sessions)))
        for p in self.players.values():
            pages.extend(self.player_pages_of(p))
        index = [[p["name"], f"{p['slug']}.html"] for p in self.players.values()]
        text = json.dumps(index, ensure_ascii=True, separators=(",", ":"))
        # Defence in depth: no '<', '>' or '&' even inside strings, should the file ever be inlined.
        text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        script = "window.PLAYER_INDEX = " + text + ";\n"
        pages.append(Page("players/search-index.js", None, data=script.encode("ascii")))
        return pages

    def player_pages_of(self, p: dict[str, Any]) -> list[Page]:
        """The player's page (every season's average, the latest season's sessions) and one
        page per earlier season, so that pages stay small however long the archive."""
        path = f"players/{p['slug']}.html"
        by_season: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in p["rows"]:
            by_season[r["season"] or "Undated"].append(r)
        seasons = []
        for n, season in enumerate(sorted(by_season, reverse=True)):
            rows = list(reversed(by_season[season]))  # newest first
            pcts = [r["percentage"] for r in rows if r["percentage"] is not None]
            seasons.append({"season": season, "rows": [self._player_row(r) for r in rows], "sessions": len(rows),
                            "scored": len(pcts), "average": sum(pcts, Fraction(0)) / len(pcts) if pcts else None,
                            "url": f"{p['slug']}.html" if n == 0 else f"{p['slug']}-season-{season}.html"})
        every = [r["percentage"] for r in p["rows"] if r["percentage"] is not None]
        crumbs = [("../index.html", "Home"), ("index.html", "Players")]
        pages = [Page(path, "player.html", self.base(
            path, p["name"], crumbs=crumbs, name=p["name"], seasons=seasons, shown=seasons[:1],
            sessions=len(p["rows"]), scored=len(every),
            average=sum(every, Fraction(0)) / len(every) if every else None))]
        for s in seasons[1:]:
            spath = f"players/{s['url']}"
            pages.append(Page(spath, "player.html", self.base(
                spath, f"{p['name']}, season {s['season']}", crumbs=crumbs + [(f"{p['slug']}.html", p["name"])],
                name=f"{p['name']}, season {s['season']}", seasons=[], shown=[s], sessions=s["sessions"],
                scored=s["scored"], average=s["average"])))
        return pages

    def _player_row(self, r: dict[str, Any]) -> dict[str, Any]:
        return {**r, "url": "../" + r["url"], "session_url": "../" + r["session_url"]}

    # --- articles ---------------------------------------------------------------------
    def article_pages(self) -> list[Page]:
        pages = [Page("articles/index.html", "articles.html", self.base(
            "articles/index.html", "How scoring works", crumbs=[("../index.html", "Home")],
            articles=[{"slug": a.slug, "title": a.title, "summary": a.summary} for a in self.articles]))]
        for a in self.articles:
            pages.append(Page(a.path, "article.html", self.base(
                a.path, a.title, crumbs=[("../index.html", "Home"), ("index.html", "How scoring works")],
                article_title=a.title, summary=a.summary, html=Markup(a.html),
                others=[{"slug": o.slug, "title": o.title} for o in self.articles if o.slug != a.slug])))
        return pages
