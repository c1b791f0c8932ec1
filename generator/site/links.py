"""Every page's address, in one place: sessions, boards, pairs, players, events, articles.

Addresses are readable and the same on every machine and locale: text is transliterated
to ASCII by ``anyascii`` (its tables, not ours), lower-cased (ASCII only, so no locale
enters) and every run of other characters becomes one ``-``.  No letter is dropped and no
hash is added; two players whose names give one slug are told apart by ``player_addresses``
(a number, in a documented order).  Links stay relative, so the site works under a GitHub
Pages sub-path and from disk; ``absolute`` makes the few that must be absolute (the feed,
the sitemap, canonical and Open Graph addresses) from the site's ``site_url``.

An address that changes keeps working: ``LEGACY`` holds the earlier schemes, and
``redirects.py`` writes a small page at each old address that leads to the new one.

>>> slugify("Monday Pairs, 5 Oct"), player_slug("Ann  Archer"), player_slug("Séan O'Neill")
('monday-pairs-5-oct', 'ann-archer', 'sean-oneill')
>>> player_slug("Łukasz Ząbek"), player_slug("Jørgen Ærø"), player_slug("Иван Петров")
('lukasz-zabek', 'jorgen-aero', 'ivan-petrov')
>>> score_anchor("ns", -50), score_anchor("ew", 420)
('ns-m50', 'ew-420')
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from anyascii import anyascii

if TYPE_CHECKING:
    from ..model import PairRef, Player

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str) -> str:
    """Readable ASCII: 'Jørgen Ærø' -> 'jorgen-aero', 'Иван' -> 'ivan'; apostrophes go
    ('O'Neill' -> 'oneill', the soft sign of 'понедельник' -> 'ponedelnik'); 'x' for text
    with no letter or digit at all (punctuation only)."""
    ascii_text = anyascii(unicodedata.normalize("NFC", text)).replace("'", "")
    return _NON_SLUG.sub("-", ascii_text.lower()).strip("-") or "x"


_RESERVED = re.compile(r"index|letter-.*|season-.*")
"""The players folder's other pages ('index', 'letter-a', 'season-2026-27')."""


def file_slug(name: str, raw: bytes, slugify: Callable[[str], str] = slugify) -> str:
    """The slug of an upload's name (its path under the sessions folder, no suffix), the same
    on every machine and locale: ``name`` is the name as text (bytes that are not UTF-8 shown
    as U+FFFD), ``raw`` its bytes.  Letters of any script are transliterated (``slugify``);
    only a name with bytes that are not UTF-8 (no letters to transliterate there) gets a
    short hash of its bytes, so two such names never share an address.

    >>> file_slug("2026-10-05 Monday Pairs", b""), file_slug("Séance", b"")
    ('2026-10-05-monday-pairs', 'seance')
    >>> file_slug("Пары", "Пары".encode()), file_slug("Пара", "Пара".encode())
    ('pary', 'para')
    """
    slug = slugify(name)
    if "\ufffd" in name:
        slug = ("" if slug == "x" else slug + "-") + hashlib.sha1(raw).hexdigest()[:8]
    return slug


def player_key(name: str) -> str:
    """Players are identified across sessions by their name, spacing and case ignored."""
    return " ".join(name.split()).casefold()


def player_slug(name: str) -> str:
    """A player's address before collisions are resolved: the name transliterated.  A
    session page links here; when two players share it, it is the page that lists both
    (``player_addresses``).  A name that gives the name of another page of the players
    folder (the index, a letter's or a season's page) is prefixed: 'player-index'.

    >>> player_slug("Index"), player_slug("Season 2026")
    ('player-index', 'player-season-2026')
    """
    slug = slugify(player_key(name))
    return f"player-{slug}" if _RESERVED.fullmatch(slug) else slug


def player_addresses(players: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """Each player's own slug, by key, from (key, slug, first session date) triples.

    A slug that one player has is theirs.  When several players' names give one slug
    ('Séan Kelly' and 'Sean Kelly'), each gets the slug with ``-2``, ``-3`` … in the order
    they first played (earliest session first, then by name), and the plain slug becomes a
    page that lists them (``archive.py``).  The numbers depend only on the names and dates
    in the archive, never on the machine or the order files are read in.

    >>> player_addresses([("sean kelly", "sean-kelly", "2026-10-01"), ("séan kelly", "sean-kelly", "2026-09-01"),
    ...                   ("ann archer", "ann-archer", "2026-09-01")])
    {'séan kelly': 'sean-kelly-2', 'sean kelly': 'sean-kelly-3', 'ann archer': 'ann-archer'}
    """
    by_slug: dict[str, list[tuple[str, str]]] = {}
    for key, slug, first in players:
        by_slug.setdefault(slug, []).append((first, key))
    taken = set(by_slug)
    out: dict[str, str] = {}
    for slug, people in by_slug.items():
        if len(people) == 1:
            out[people[0][1]] = slug
            continue
        n = 1
        for _, key in sorted(people):
            n += 1
            while f"{slug}-{n}" in taken:  # 'ann-2' may be someone's own slug: never take it
                n += 1
            out[key] = f"{slug}-{n}"
            taken.add(out[key])
    return out


def score_anchor(side: str, ns_score: int) -> str:
    return f"{side}-{ns_score}" if ns_score >= 0 else f"{side}-m{-ns_score}"


def session_dir(slug: str) -> str:
    return f"sessions/{slug}"


def board_file(number: int | str, section: str = "") -> str:
    """'board-7.html'; with a section 'board-a-7.html' (the section and number kept apart,
    so section 'sect1' board 10 and section 'sect11' board 0 cannot meet)."""
    return f"board-{slugify(section)}-{number}.html" if section else f"board-{number}.html"


def pair_slug(section: str, number: int, direction: str = "") -> str:
    """'1', 'ns-1', 'a-ew-3': the section, the direction, then the number, each apart."""
    parts = [slugify(section)] if section else []
    if direction:
        parts.append(direction.lower())
    return "-".join([*parts, str(number)])


def pair_file(ref: PairRef) -> str:
    """The pair page of a PairRef: 'pair-ns-1.html', 'pair-3.html' (a Howell)."""
    return f"pair-{pair_slug(ref.section, ref.number, ref.direction.value if ref.direction else '')}.html"


def player_path(slug: str) -> str:
    return f"players/{slug}.html"


def player_link(player: Player, root: str = "../../") -> dict[str, str]:
    """A player as a session page names them: the name and their page's address ('' for a
    member who asked not to be named: they have no page)."""
    return {"name": player.name, "url": "" if player.hidden else root + player_path(player_slug(player.name))}


def absolute(site_url: str, path: str) -> str:
    """A site path as a full address ('https://club.example/sessions/x/'); a folder's
    ``index.html`` is left off, as servers give it for the folder.  Relative as given when
    the site's address is not known (from disk a folder's address shows no page).

    >>> absolute("https://c.example/r/", "sessions/s/index.html"), absolute("", "sessions/s/index.html")
    ('https://c.example/r/sessions/s/', 'sessions/s/index.html')
    """
    if not site_url:
        return path
    if path == "index.html" or path.endswith("/index.html"):
        path = path[: -len("index.html")]
    return site_url + path


class Legacy:
    """The addresses of the first scheme (before version 0.2), kept only to redirect them."""

    @staticmethod
    def slugify(text: str) -> str:
        ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
        return _NON_SLUG.sub("-", ascii_text.lower()).strip("-") or "x"

    @classmethod
    def player_slug(cls, name: str) -> str:
        key = player_key(name)
        slug = cls.slugify(key)
        if slug.replace("-", " ") != key:
            slug += "-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]
        return slug

    @classmethod
    def board_file(cls, number: int | str, section: str = "") -> str:
        return f"board-{section}{number}.html"

    @classmethod
    def pair_file(cls, ref: PairRef) -> str:
        direction = f"-{ref.direction.value}" if ref.direction else ""
        return f"pair-{cls.slugify(f'{ref.section}{ref.number}{direction}')}.html"


LEGACY = (Legacy,)
"""Every earlier scheme, oldest first: a page is redirected from its address in each."""
