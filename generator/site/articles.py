"""Markdown articles with YAML front matter: the site's explanations of each method.

An article starts with front matter between ``---`` lines::

    ---
    title: Matchpoints
    summary: How a pairs result becomes matchpoints and a percentage.
    rules: [matchpoints, session]      # explanation rule prefixes this article explains
    order: 1
    ---
    Text in Markdown ...

python-markdown turns the text into HTML; that HTML is the only markup the templates
mark safe, since articles are written by the club, never uploaded by players.

Every site has our articles on scoring (``generator/articles/``, shipped with the
package); a club's ``content/articles/`` adds its own, and one with the same slug (file
name) replaces ours.

Translations sit beside them in a folder per language (``articles/fr/``, ``articles/nl/``,
the club's ``content/articles/fr/`` likewise), with the same file names so slugs and links
hold.  A site in another language takes each article's translation where there is one and
otherwise the English text, flagged ``untranslated`` so the page can say so.  A club article
written directly in the site's language says so with ``language: fr`` in its front matter.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import markdown
import yaml

from ..errors import BuildError, shown
from .links import slugify
from .tree import OutsideError, Skipped, walk

_FRONT = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.S)
# A BCP 47 tag as a folder name ('fr', 'nl-BE'): nothing else becomes part of a path.
_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")


@dataclass(frozen=True, slots=True)
class Article:
    slug: str
    title: str
    summary: str
    rules: tuple[str, ...]
    order: int
    text: str
    """The Markdown after the front matter."""
    source: str
    language: str = "en"
    untranslated: bool = False

    @property
    def path(self) -> str:
        return f"articles/{self.slug}.html"

    @property
    def html(self) -> str:
        """The text as HTML, made when a page first asks (an English article a translation
        replaces is read for its slug, never converted)."""
        return article_html(self.text)


@lru_cache(maxsize=256)
def article_html(text: str) -> str:
    """python-markdown's HTML of an article's text, its headings shifted to sit under the
    page's h1 (the highest becomes an h2)."""
    html = markdown.markdown(text, extensions=["tables", "attr_list", "toc"], output_format="html")
    levels = [int(n) for n in re.findall(r"<h([1-6])[ >]", html)]
    shift = 2 - min(levels) if levels else 0
    if shift:
        html = re.sub(
            r"<(/?)h([1-6])([ >])", lambda m: f"<{m.group(1)}h{min(6, int(m.group(2)) + shift)}{m.group(3)}", html
        )
    return html


def read_article(path: Path, language: str = "en") -> Article:
    """One article; ``language`` is the one its folder implies, which front matter may override."""
    text = path.read_text(encoding="utf-8")
    match = _FRONT.match(text)
    meta: dict[str, object] = {}
    if match:
        try:
            loaded = yaml.safe_load(match.group(1)) or {}
        except yaml.YAMLError as exc:
            raise BuildError(f"{shown(path)}: front matter is not valid YAML: {shown(exc)}", file=path) from None
        if not isinstance(loaded, dict):
            raise BuildError(f"{shown(path)}: front matter must be a mapping such as 'title: Matchpoints'", file=path)
        meta = loaded
        text = text[match.end() :]
    if "title" not in meta:
        raise BuildError(f"{shown(path)}: front matter needs a 'title'", file=path)
    rules: Any = meta.get("rules") or []
    if isinstance(rules, str):
        rules = [rules]
    return Article(
        slug=slugify(str(meta.get("slug") or path.stem)),
        title=str(meta["title"]),
        summary=str(meta.get("summary", "")),
        rules=tuple(str(r) for r in rules),
        order=int(str(meta.get("order", 100))),
        text=text,
        source=str(path),
        language=str(meta.get("language") or language),
    )


def read_articles(
    folder: Path,
    confine: Path | None = None,
    skipped: list[Skipped] | None = None,
    language: str = "en",
    label: str | None = None,
) -> list[Article]:
    """The ``*.md`` files directly in ``folder``, sorted by their order.  Walked as uploads
    are (``tree.walk``): no link out of the folder or into a loop; what is passed over
    (hidden names, other files, subfolders' files) is added to ``skipped``, named from
    ``label`` (the folder's name and a slash by default)."""
    if not os.path.lexists(folder):
        return []
    label = label or (folder.name or "articles") + "/"
    try:
        found, passed = walk(folder, label, confine)
    except OutsideError as real:
        raise BuildError(
            f"{shown(folder)}: not read, because it is a symbolic link to {shown(real)}, outside the "
            "content folder: expected the articles folder inside it"
        ) from None
    paths = []
    for f in found:
        if "/" not in f.rel and f.rel.lower().endswith(".md"):
            paths.append(Path(f.path))
        else:
            translation = (
                f.rel.count("/") == 1 and _TAG.fullmatch(f.rel.split("/")[0]) and f.rel.lower().endswith(".md")
            )
            reason = "it is a translation, read on a site in that language" if translation else None
            passed.append(
                Skipped(label + f.rel, reason or "it is not an article: expected a .md file directly in the folder")
            )
    if skipped is not None:
        skipped.extend(passed)
    articles = [read_article(p, language) for p in paths]
    seen: dict[str, str] = {}
    for a in articles:
        if a.slug in seen:
            raise BuildError(
                f"{shown(a.source)}: article slug {a.slug!r} is already used by {shown(seen[a.slug])}", file=a.source
            )
        seen[a.slug] = a.source
    return sorted(articles, key=lambda a: (a.order, a.slug))


def site_articles(
    folder: Path, confine: Path | None = None, skipped: list[Skipped] | None = None, language: str = "en"
) -> list[Article]:
    """Our packaged articles, then the club's own from ``folder`` (walked as uploads are,
    see ``read_articles``): the same slug replaces ours.  In another ``language`` (a BCP 47
    tag: 'fr', 'nl-BE'), each article's translation replaces it where there is one, ours
    and the club's alike (see ``translated``)."""
    from ..resources import packaged_articles

    by_slug = {a.slug: a for a in translated(packaged_articles(), language)}
    by_slug.update((a.slug, a) for a in translated(folder, language, confine, skipped))
    return sorted(by_slug.values(), key=lambda a: (a.order, a.slug))


def translated(
    folder: Path, language: str = "en", confine: Path | None = None, skipped: list[Skipped] | None = None
) -> list[Article]:
    """The articles of ``folder`` as a site in ``language`` shows them: ``folder/<lang>/NAME.md``
    (the full tag's folder over its primary language's: 'nl-BE', then 'nl') replaces
    ``folder/NAME.md``; an article left in another language is flagged ``untranslated``.
    The language folder's files are read, so not reported as skipped."""
    if not _TAG.fullmatch(language):
        raise BuildError(f"language {language!r} is not a language tag: expected one such as 'fr' or 'nl-BE'")
    passed: list[Skipped] = []
    by_slug = {a.slug: a for a in read_articles(folder, confine, passed)}
    primary = language.split("-")[0].lower()
    if primary != "en":
        label = (folder.name or "articles") + "/"
        for tag in reversed([t for t in dict.fromkeys((language, primary)) if t != "en"]):
            sub = folder / tag  # the primary language's first, then the full tag's over it
            if os.path.isdir(sub):
                passed = [s for s in passed if not s.path.startswith(f"{label}{tag}/")]
                by_slug.update((a.slug, a) for a in read_articles(sub, confine, passed, tag, f"{label}{tag}/"))
        by_slug = {
            slug: replace(a, untranslated=a.language.split("-")[0].lower() != primary) for slug, a in by_slug.items()
        }
    if skipped is not None:
        skipped.extend(passed)
    return sorted(by_slug.values(), key=lambda a: (a.order, a.slug))


def rule_articles(articles: list[Article]) -> dict[str, str]:
    """Explanation rule prefix ('neuberg', 'cross_imps') -> article slug."""
    out: dict[str, str] = {}
    for a in articles:
        for rule in a.rules:
            out.setdefault(rule, a.slug)
    return out


def article_for_rule(rule: str, mapping: dict[str, str]) -> str | None:
    """The longest matching prefix: 'neuberg.formula' -> mapping['neuberg.formula'] or mapping['neuberg']."""
    parts = rule.split(".")
    for n in range(len(parts), 0, -1):
        slug = mapping.get(".".join(parts[:n]))
        if slug:
            return slug
    return None
