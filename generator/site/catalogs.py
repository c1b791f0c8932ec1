"""A site's language as its catalogs make it: our gettext catalogs and the club's, read,
checked and kept compiled — and nothing else, so that the check that nothing changed
(``noop.py``) learns the catalogs' digest without loading Jinja or the engine.

Catalogs are ``.po`` files read with Babel at run time and kept per process — not ``.mo``
compiled in the wheel build: a club's own catalog (``content/locale/<lang>.po`` or
``content/locale/<lang>/LC_MESSAGES/messages.po``) is a ``.po`` anyway, so one reader serves
both and the wheel needs no build step.  Parsing and checking a catalog costs some 30 ms, so a
build keeps each one compiled (``.mo``, sealed) in its cache folder (``catalogs/``) and the
next build reads that; the check that nothing changed needs only the catalogs' digest.  The
club's messages win over ours (``Translations.merge``).  Every message is checked before a
page is rendered: a translation whose ``%(name)s`` placeholders differ from its message (or
with a lone ``%``) is a clear error naming the file and line, never a traceback mid-build.
A translation is template text (it may keep the message's own markup, never add any).
"""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import io
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import sealed
from ..errors import BuildError, shown
from ..files import refused_file, write_atomic
from ..languages import DEFAULT_LANGUAGE, parse_tag

if TYPE_CHECKING:  # Babel is the ``languages`` extra: imported only for a language that needs it
    from babel import Locale
    from babel.support import Translations


PACKAGED = Path(__file__).resolve().parents[1] / "locale"
"""Our catalogs: ``<lang>/LC_MESSAGES/messages.po`` (``make messages`` extracts and updates them)."""

CLUB_FOLDER = "locale"
"""A club's own catalogs, in its content folder."""

MAX_CATALOG_BYTES = 2_000_000
"""A catalog is text of a few hundred messages; a larger file in content/ is refused unread."""


@dataclass(frozen=True)
class Catalog:
    """One ``.po`` file's bytes as read, ours or the club's."""

    data: bytes
    where: str
    """Its path, for errors."""
    locale: str
    """The locale it is read for ('fr', 'fr_BE')."""
    ours: bool
    """One of our packaged catalogs (its language's plural rule is the site's)."""


@dataclass(frozen=True, eq=False)
class Language:
    """One site's language: compared by identity (one object per catalog set, cached).

    Its catalogs are read (parsed and checked) when first asked for (``translations``), or
    by ``read`` from the build's cache of compiled catalogs: the check that nothing changed
    needs only their digest."""

    tag: str
    """BCP 47, as the ``lang`` attribute writes it ('en', 'fr', 'nl-BE')."""
    locale: Locale | None
    """Babel's locale; None for English as our pages always wrote it (no Babel needed)."""
    digest: str = ""
    """Of every catalog read ('' for none): part of the pages' cache key."""
    content: str = ""
    """The content folder its club catalogs came from: a spawned worker loads it again (``resume``)."""
    catalogs: tuple[Catalog, ...] = ()
    """Ours, then the club's (which win)."""

    @cached_property
    def translations(self) -> gettext.NullTranslations:
        """The catalogs' messages merged (raises ``BuildError`` on a bad catalog)."""
        return _merged(self.catalogs, None)

    def read(self, compiled: Path | None) -> None:
        """Read the catalogs now (a bad one is an error before any page is planned), each
        from ``compiled`` when an earlier build compiled it there."""
        if "translations" not in self.__dict__:
            self.__dict__["translations"] = _merged(self.catalogs, compiled)
            if compiled is not None:  # an edited catalog's earlier compilations go
                keep = {_compiled_name(c.data, c.locale)[1] for c in self.catalogs}
                with contextlib.suppress(OSError):
                    for path in compiled.glob("*.mo"):
                        if path.name not in keep:
                            path.unlink(missing_ok=True)


ENGLISH = Language(DEFAULT_LANGUAGE, None)
ENGLISH.__dict__["translations"] = gettext.NullTranslations()


# --- catalogs ------------------------------------------------------------------------------


def load_language(tag: str, content: Path, lazy: bool = False) -> Language:
    """``tag`` (already checked by ``check_tag``) with our catalog and the club's over it,
    read now (a bad one raises ``BuildError``) unless ``lazy`` (see ``Language.read``)."""
    settings = content / "site.yaml"
    names = [tag] if tag == DEFAULT_LANGUAGE else _names(parse_tag(tag, settings))
    club = _club_files(content, names)
    if tag == DEFAULT_LANGUAGE and not club:
        return ENGLISH
    for path in club:
        refused = refused_file(path, content)
        if refused:
            raise BuildError(f"{shown(path)}: not read, because {shown(refused)}", file=path)
        if path.stat().st_size > MAX_CATALOG_BYTES:
            raise BuildError(
                f"{shown(path)}: a catalog of more than {MAX_CATALOG_BYTES:,} bytes is not read", file=path
            )
    stats = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in club)
    language = _language(tag, str(content), stats)
    if not lazy:
        language.read(None)
    return language


def _names(locale: Locale) -> list[str]:
    """The catalogs' folder names, most general first: ['fr', 'fr_BE']."""
    specific = str(locale)
    return [locale.language] if specific == locale.language else [locale.language, specific]


def _club_files(content: Path, names: list[str]) -> list[Path]:
    folder = content / CLUB_FOLDER
    if not folder.is_dir():
        return []
    found = []
    for name in names:
        for candidate in {name, name.replace("_", "-")}:
            for path in (folder / f"{candidate}.po", folder / candidate / "LC_MESSAGES" / "messages.po"):
                if path.is_file() and path not in found:
                    found.append(path)
    return found


@lru_cache(maxsize=8)
def _language(tag: str, content: str, club: tuple[tuple[str, int, int], ...]) -> Language:
    """One Language per tag and set of club catalogs (their paths, times and sizes)."""
    settings = Path(content) / "site.yaml"
    locale = parse_tag(tag, settings)
    catalogs = []
    digest = hashlib.sha256(tag.encode())
    for name in _names(locale):
        packaged = PACKAGED / name / "LC_MESSAGES" / "messages.po"
        if packaged.is_file():
            catalogs.append(Catalog(packaged.read_bytes(), str(packaged), name, True))
            digest.update(catalogs[-1].data)
    for path_text, _, _ in club:
        catalogs.append(Catalog(Path(path_text).read_bytes(), path_text, str(locale), False))
        digest.update(b"\0" + catalogs[-1].data)
    if not catalogs and locale.language != DEFAULT_LANGUAGE:  # English ('en-GB'): the messages themselves
        raise BuildError(
            f"{shown(settings)}: 'language' {tag!r} has no translation: expected "
            f"content/{CLUB_FOLDER}/{locale.language}.po (docs/translating.md), or one of the languages "
            f"we translate: {', '.join(packaged_languages())}",
            file=settings,
        )
    return Language(tag, locale, digest.hexdigest(), content, tuple(catalogs))


def _merged(catalogs: tuple[Catalog, ...], compiled: Path | None) -> gettext.NullTranslations:
    """The catalogs' messages, the club's over ours."""
    from babel.support import Translations

    translations = Translations()
    for catalog in catalogs:
        read_in = _translations(catalog.data, catalog.where, catalog.locale, compiled)
        translations.merge(read_in)
        if catalog.ours:
            # ``merge`` keeps the empty catalog's English rule (n != 1): the language's own
            # (its header's Plural-Forms: French counts 0 as singular, and has three forms)
            translations.plural = read_in.plural
    return translations


def packaged_languages() -> list[str]:
    """The languages our own catalogs translate, besides English."""
    return sorted(p.parent.parent.name for p in PACKAGED.glob("*/LC_MESSAGES/messages.po"))


COMPILED_KIND = "catalog-mo-1"
"""A compiled catalog's sealed kind (``sealed``): a new layout is a new number."""


@lru_cache(maxsize=16)
def _translations(data: bytes, where: str, locale: str, compiled: Path | None = None) -> Translations:
    """A .po file's messages as gettext translations, each checked (kept per process: our
    catalogs are read once however many builds it runs).  With ``compiled`` (the build's
    cache folder), the ``.mo`` an earlier build made of the same bytes is read instead —
    sealed, bound to the catalog's digest and locale: a damaged one is made again with the
    build's warning (``sealed``) — and a new one is kept there."""
    from babel.support import Translations

    made_from, name = _compiled_name(data, locale)
    path = compiled / name if compiled is not None else None
    if path is not None:
        mo = sealed.read(path, COMPILED_KIND, made_from)
        if mo is not None:
            try:
                return Translations(io.BytesIO(mo))
            except (OSError, ValueError, UnicodeDecodeError) as exc:  # sealed, so only another Python's
                sealed.damaged(path, f"it cannot be read ({exc})")
    mo = _compiled(data, where, locale)
    if path is not None:
        with contextlib.suppress(OSError):  # a full disk, a read-only cache: compiled again next time
            write_atomic(path, sealed.seal(COMPILED_KIND, made_from, mo))
    return Translations(io.BytesIO(mo))


def _compiled_name(data: bytes, locale: str) -> tuple[str, str]:
    """What a compiled catalog is made from (its .po's bytes and locale) and its file's name."""
    made_from = hashlib.sha256(data + b"\0" + locale.encode()).hexdigest()
    return made_from, f"{made_from[:32]}.mo"


def _compiled(data: bytes, where: str, locale: str) -> bytes:
    """A .po file's messages checked (``_check_message``) and compiled to a ``.mo``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import PoFileError, read_po

    try:
        catalog = read_po(io.BytesIO(data), locale=locale, abort_invalid=True)
    except (PoFileError, ValueError, UnicodeDecodeError) as exc:
        raise BuildError(f"{shown(where)}: not a gettext catalog: {shown(exc)}", file=where) from None
    for message in catalog:
        if message.id and message.string:
            _check_message(message, where)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


_TAG = re.compile(r"</?[A-Za-z][^>]*>")
"""An HTML tag as written in a message ('<strong>'): a translation may use only its message's."""

_PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%|%")


def _placeholders(text: str, where: str, lineno: int, msgid: str) -> set[str]:
    names = set()
    for match in _PLACEHOLDER.finditer(text):
        if match.group(0) == "%":
            raise BuildError(
                f"{shown(where)}: line {lineno}: the translation of {msgid!r} has a lone '%': "
                "write '%%' for a percent sign, '%(name)s' for a figure",
                file=where,
                line=lineno,
            )
        if match.group(1):
            names.add(match.group(1))
    return names


def _check_message(message: Any, where: str) -> None:
    """Every message is a format (Jinja's new-style gettext): the translation must name the
    message's own ``%(name)s`` placeholders and no others."""
    ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    wanted = set().union(*(_placeholders(i, where, message.lineno, ids[0]) for i in ids))
    tags = set().union(*(_TAG.findall(i) for i in ids))
    for text in strings:
        if not text:
            continue
        added = set(_TAG.findall(text)) - tags
        if added or ("<" in text and not tags):
            raise BuildError(
                f"{shown(where)}: line {message.lineno}: the translation of {ids[0]!r} adds markup "
                f"{shown(sorted(added)[0] if added else '<')}: expected text, with at most the message's own tags",
                file=where,
                line=message.lineno,
            )
        got = _placeholders(text, where, message.lineno, ids[0])
        unknown = got - wanted
        if unknown:
            raise BuildError(
                f"{shown(where)}: line {message.lineno}: the translation of {ids[0]!r} names "
                f"%({sorted(unknown)[0]})s, which the message does not give: expected only "
                f"{', '.join(f'%({n})s' for n in sorted(wanted)) or 'no placeholder'}",
                file=where,
                line=message.lineno,
            )
