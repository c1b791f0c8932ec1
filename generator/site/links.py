"""Slugs and relative URLs: every link on the site is relative, so it works under a
GitHub Pages sub-path and when opened from disk.

>>> slugify("Monday Pairs, 5 Oct"), player_slug("Ann  Archer"), player_slug("Séan O'Neill")[:12]
('monday-pairs-5-oct', 'ann-archer', 'sean-o-neill')
>>> score_anchor("ns", -50), score_anchor("ew", 420)
('ns-m50', 'ew-420')
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _NON_SLUG.sub("-", ascii_text.lower()).strip("-") or "x"


def file_slug(name: str, raw: bytes) -> str:
    """The slug of an upload's name (its path under the sessions folder, no suffix), the same
    on every machine and locale: ``name`` is the name as text (bytes that are not UTF-8 shown
    as U+FFFD), ``raw`` its bytes.  A name whose letters the slug cannot keep (another
    script, bytes that are not UTF-8) gets a short hash of its bytes, so two such names never
    share an address; every other name keeps the slug it always had.

    >>> file_slug("2026-10-05 Monday Pairs", b""), file_slug("Séance", b"")
    ('2026-10-05-monday-pairs', 'seance')
    >>> file_slug("Пары", "Пары".encode()), file_slug("Пара", "Пара".encode())
    ('057b3965', '695ef2de')
    """
    slug = slugify(name)
    decomposed = unicodedata.normalize("NFKD", name)
    if "\ufffd" in name or any(c.isalnum() and not c.isascii() for c in decomposed):
        slug = ("" if slug == "x" else slug + "-") + hashlib.sha1(raw).hexdigest()[:8]
    return slug


def player_key(name: str) -> str:
    """Players are identified across sessions by their name, spacing and case ignored."""
    return " ".join(name.split()).casefold()


def player_slug(name: str) -> str:
    """A readable slug; a short hash keeps names that slugify alike apart (O'Neill, Oneill)."""
    key = player_key(name)
    slug = slugify(key)
    if slug.replace("-", " ") != key:
        slug += "-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:6]
    return slug


def score_anchor(side: str, ns_score: int) -> str:
    return f"{side}-{ns_score}" if ns_score >= 0 else f"{side}-m{-ns_score}"


def session_dir(slug: str) -> str:
    return f"sessions/{slug}"


def board_file(board_slug: str) -> str:
    return f"board-{board_slug}.html"


def pair_slug(section: str, number: int, direction: str = "") -> str:
    """'1', '1-ns', 'a3-ew': short, lower case, unique within a session."""
    return slugify(f"{section}{number}" + (f"-{direction}" if direction else ""))


def pair_file(ref) -> str:
    """The pair page of a PairRef."""
    return f"pair-{pair_slug(ref.section, ref.number, ref.direction.value if ref.direction else '')}.html"


def player_path(slug: str) -> str:
    return f"players/{slug}.html"
