"""An error as the site's error banner shows it (``serve``): in the site's language.

The command line prints every error in English (the scorers' logs); a member or a scorer
looking at the site while ``serve`` runs reads the banner in the site's language: the
sentence around the errors, and each reader's error — the file, the board, the pair, the
place and what was expected — from the messages the readers made (``scoring/said.py``).
A message no catalog has, or a text made as plain English (the errors listed as still English
in docs/translating-catalogs.md), stays English.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import BuildError, GeneratorError, InputError, InputErrors, shown
from ..languages import DEFAULT_LANGUAGE
from ..readers.labels import place
from ..scoring.message import Figure, Param, Plural, join, msg, plural
from ..scoring.said import param_of, said_of
from ..site_config import readable_language
from .catalogs import load_language
from .i18n import Language, active, said_text


def error_text(exc: GeneratorError, language: Language | None = None) -> str:
    """``exc`` as the banner says it in ``language`` (the active one by default); '' in
    English, where the banner shows ``str(exc)`` itself."""
    language = active() if language is None else language
    if language.locale is None:
        return ""
    if isinstance(exc, InputErrors):
        n = len(exc.errors)
        head = plural("%(num)s problem found:", "%(num)s problems found:", Figure(n, 0, str(n)))
        lines = [said_text(head, language), *(f"  {input_error_text(e, language)}" for e in exc.errors)]
        return "\n".join(lines)
    return exc.said or str(exc)


def input_error_text(error: InputError, language: Language) -> str:
    """One reader's error: 'monday.yaml : donne 3, paire NS 7 (ligne 12) : …'."""
    context: list[Param] = []
    if error.board is not None:
        context.append(msg("board %(board)s", board=error.board))
    if error.pair:
        context.append(param_of(error.pair))
    words: dict[str, Param] = {"file": error.file, "message": param_of(error.message)}
    where = place(error.location)
    if context and where:
        said = msg("%(file)s: %(context)s (%(where)s): %(message)s", **words, context=join(", ", context), where=where)
    elif context:
        said = msg("%(file)s: %(context)s: %(message)s", **words, context=join(", ", context))
    elif where:
        said = msg("%(file)s (%(where)s): %(message)s", **words, where=where)
    else:
        said = msg("%(file)s: %(message)s", **words)
    return shown(said_text(said, language))


def failed_uploads_text(count: int, errors: list[str], language: Language | None = None) -> str:
    """The build's error when uploads failed, in ``language`` ('' in English: the English is the
    build's own message): the sentence, then each upload's error as ``error_text`` said it."""
    head = plural(
        "the site was not built; the previous site is unchanged. %(num)s upload failed:",
        "the site was not built; the previous site is unchanged. %(num)s uploads failed:",
        Figure(count, 0, str(count)),
    )
    return _failed_text(head, errors, language)


def failed_events_text(count: int, errors: list[str], language: Language | None = None) -> str:
    """The build's error when event files could not be ranked, as ``failed_uploads_text``."""
    head = plural(
        "the site was not built; the previous site is unchanged. %(num)s event file failed:",
        "the site was not built; the previous site is unchanged. %(num)s event files failed:",
        Figure(count, 0, str(count)),
    )
    return _failed_text(head, errors, language)


def _failed_text(head: Plural, errors: list[str], language: Language | None) -> str:
    language = active() if language is None else language
    if language.locale is None:
        return ""
    return "\n".join([said_text(head, language), *errors])


def say_in_language(exc: BuildError, content: Path) -> None:
    """Give ``exc``, an error about site.yaml or the logo it names, its text in the site's
    language (``GeneratorError.said``, the banner) when site.yaml names one that can be read;
    leave it English otherwise (a site.yaml that cannot be parsed has no known language)."""
    tag = readable_language(content)
    if tag is None or tag == DEFAULT_LANGUAGE:
        return
    try:
        language = load_language(tag, content)
    except BuildError:  # a club catalog that cannot be read: English, as without a language
        return
    exc.said = said_text(param_of(said_of(exc)), language)


__all__ = ["error_text", "failed_events_text", "failed_uploads_text", "input_error_text", "say_in_language"]
