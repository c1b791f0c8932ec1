"""The site's language (site.yaml's ``language:``): its gettext translations and how it writes
figures, dates and places — all through Babel (CLDR data, gettext catalogs), no locale tables
of our own.

English (``en``, the default) needs no Babel: its pages are written exactly as they always
were (the messages are their own translation, the figures and dates our own English).  Any
other language needs the ``languages`` extra (``pip install "bridge-results-generator[languages]"``),
because Babel's locale data would double the runtime install (README, "Dependencies").

Catalogs are read and checked by ``catalogs.py`` (which the check that nothing changed
imports alone); this module renders with them.

Figures come in exact (``Fraction``) and are rounded once, by ``scoring.rounding`` (a half
away from zero), then written by Babel from the ``Decimal`` of that text: never a float.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from markupsafe import Markup, escape

from .. import figures
from ..dates import MONTHS
from ..history.diff import ENGLISH as ENGLISH_WORDING
from ..history.diff import Wording
from ..memo import remember
from ..scoring.explain import amount
from ..scoring.message import Figure, Param, english, render
from ..scoring.rounding import decimal_places
from ..scoring.said import param_of
from . import format as fmt
from .catalogs import ENGLISH as ENGLISH
from .catalogs import Language as Language
from .catalogs import load_language as load_language

if TYPE_CHECKING:  # Babel is the ``languages`` extra: imported only for a language that needs it
    from babel import Locale
    from jinja2 import Environment

    from ..scoring.explain import Step

_active: Language = ENGLISH


def activate(language: Language) -> Language:
    """The language the pages of this process are rendered in (a build sets it once, before
    its workers fork); returns the one it replaces."""
    global _active
    previous, _active = _active, language
    _texts.clear()
    _amounts.clear()
    _step_texts.clear()
    return previous


def active() -> Language:
    return _active


def source() -> tuple[str, str]:
    """What a worker needs to load the active language again: (tag, content folder)."""
    return _active.tag, _active.content


def resume(language: tuple[str, str]) -> None:
    """A worker's start: the build's language.  A forked worker has it already (nothing is
    read); a spawned one (Windows, macOS without fork) loads the same catalogs."""
    tag, content = language
    if (_active.tag, _active.content) != (tag, content):
        activate(load_language(tag, Path(content)) if content else ENGLISH)


# --- templates ---------------------------------------------------------------------------


def install(env: Environment, language: Language) -> None:
    """Jinja's i18n extension with ``language``'s messages (``_()``, ``ngettext``, ``pgettext``,
    ``{% trans %}``), and ``page_language`` for the ``lang`` attribute.  New-style gettext:
    every message is a format whose variables are escaped; the message itself is template
    text, as trusted as the templates (a club's catalog may add no markup: ``_check_message``)."""
    env.add_extension("jinja2.ext.i18n")
    env.newstyle_gettext = True  # type: ignore[attr-defined]  # {% trans %} compiled new-style too
    # Only the names templates use: every page's context starts as a copy of the globals
    # (six more names cost about 5 % of an English page's render time).
    env.globals.update(_callables(language.translations))
    env.globals["page_language"] = language.tag
    env.add_extension(_Constants)
    words = vocabulary(language)
    env.filters["term"] = (lambda word: words.get(word, word)) if words else _same
    seats = seat_words(language)
    if any(code != word for code, word in seats.items()):  # English: the letters themselves
        env.filters["seat"] = _seat_filter(language)
    else:
        env.filters["seat"] = _same
    suits = _suit_markup(language)
    passed = _pass_word(language)
    no_trump = _no_trump_word(language)
    for name in SUIT_FILTERS:  # a suit's spoken name ('pique'); a contract's 'Passe' and no trump ('3SA')
        contract = name == "contract"
        if suits or (contract and (passed is not None or no_trump is not None)):
            env.filters[name] = _with_words(
                env.filters[name], suits, passed if contract else None, no_trump if contract else None
            )
    sign = decimal_sign(language)
    if sign != ".":  # the figure filters write the locale's decimal sign: the one place it switches
        for name in FIGURE_FILTERS:
            if name != "weight":
                env.filters[name] = _with_decimal_sign(env.filters[name], sign)
    if language.locale is not None:  # a weight is a percentage: the locale's signs ('60 %')
        env.filters["weight"] = _as_percent(env.filters["weight"], language.locale)
        suffix = _figure("0%", True, language.locale)[1:]  # the sign and its space: '\xa0%' in French
        env.filters["percent_sign"] = lambda figure: figure + suffix


SUIT_FILTERS = ("suit", "contract", "card", "steptext")
"""The filters (``site/format.py``) whose markup names a suit for a screen reader."""


def suit_words(language: Language) -> dict[str, str]:
    """The suits' spoken names (``format.SUITS``) in ``language``."""
    t = language.translations
    return {
        "spades": t.pgettext("suit", "spades"),
        "hearts": t.pgettext("suit", "hearts"),
        "diamonds": t.pgettext("suit", "diamonds"),
        "clubs": t.pgettext("suit", "clubs"),
    }


def _suit_markup(language: Language) -> dict[str, str]:
    """Each suit's spoken name in the markup, English to ``language``'s (none in English)."""
    return {f'aria-label="{w}"': f'aria-label="{escape(t)}"' for w, t in suit_words(language).items() if w != t}


def _pass_word(language: Language) -> Markup | None:
    """A passed-out board's contract in ``language`` ('Passe'); None where it is 'Pass'."""
    passed = language.translations.pgettext("contract", "Pass")
    return None if passed == "Pass" else Markup(escape(passed))


def _no_trump_word(language: Language) -> str | None:
    """No trump's abbreviation in ``language`` ('SA'; the double-dummy grid's heading and an
    explanation's contracts, ``message.NO_TRUMP_KEY``); None where it is 'NT'."""
    word = language.translations.pgettext("no trump", "NT")
    return None if word == "NT" else str(escape(word))


_NO_TRUMP = re.compile(r"^(\d)NT(X{0,2})$")
"""A no-trump contract's markup: its level, 'NT' and its doubles (no suit symbol in it)."""


def contract(value: Any) -> Markup:
    """The ``contract`` filter as the active language's pages write it (the suits' spoken
    names, 'Passe', '3SA'): for a contract in markup Python makes (``adjusted_worth``, a teams
    match's line against double dummy)."""
    return _contract_writer(_active)(value)


@lru_cache(maxsize=8)
def _contract_writer(language: Language) -> Callable[..., Markup]:
    suits, passed, no_trump = _suit_markup(language), _pass_word(language), _no_trump_word(language)
    if suits or passed is not None or no_trump is not None:
        return _with_words(fmt.contract, suits, passed, no_trump)
    return fmt.contract


def _with_words(
    write: Callable[..., Markup], words: dict[str, str], passed: Markup | None, no_trump: str | None = None
) -> Callable[..., Markup]:
    """``write`` with the suits' spoken names ``words`` and, for a contract, ``passed`` for
    'Pass' and ``no_trump`` for 'NT' ('3SA', '3SAX'): each markup translated once and kept by
    the value asked for, in C (``lru_cache``, as the English filters are: a few dozen contracts
    and cards make a session)."""

    @lru_cache(maxsize=8192)  # each takes one value (a seat letter, a contract, a card, a sentence)
    def written(*args: Any) -> Markup:
        text = str(write(*args))
        if passed is not None and text == "Pass":
            return passed
        if "aria-label" in text:
            for english, translated in words.items():
                text = text.replace(english, translated)
        elif no_trump is not None and "NT" in text:
            text = _NO_TRUMP.sub(rf"\g<1>{no_trump}\g<2>", text)
        return Markup(text)

    return written


def _same(word: Any) -> Any:
    return word


def _seat_filter(language: Language) -> Callable[[Any], Any]:
    """``|seat`` in a language that abbreviates seats otherwise: a seat or direction (its code,
    or the enum) as the language writes it, kept by the value asked for."""
    seats = seat_words(language)

    @lru_cache(maxsize=256)
    def seat_of(code: Any) -> Any:
        return _seat_in(seats, code)

    return seat_of


@lru_cache(maxsize=8)
def seat_words(language: Language) -> dict[str, str]:
    """The seats' letters and the directions' abbreviations as ``language`` writes them — the
    one place a page takes them from: French N, E, S, O and NS, EO; Dutch N, O, Z, W and NZ, OW
    (docs/translating.md).  Only what a page shows: addresses, anchors and ids keep N S E W."""
    t = language.translations
    # the contexts are message.SEAT_CONTEXT and DIRECTION_CONTEXT (an explanation's seats), written
    # out for extraction
    return {
        "N": t.pgettext("seat, abbreviated", "N"),
        "E": t.pgettext("seat, abbreviated", "E"),
        "S": t.pgettext("seat, abbreviated", "S"),
        "W": t.pgettext("seat, abbreviated", "W"),
        "NS": t.pgettext("direction, abbreviated", "NS"),
        "EW": t.pgettext("direction, abbreviated", "EW"),
    }


def seat(code: Any) -> Any:
    """A seat ('W', ``Seat.W``) or a direction ('EW', ``Direction.EW``) as the active language
    abbreviates it ('O', 'EO' in French); any other value ('', None, '?') as it is.  ``|seat``
    in a template."""
    return _seat_in(seat_words(_active), code)


def _seat_in(seats: dict[str, str], code: Any) -> Any:
    key = getattr(code, "value", code)
    return seats.get(key, code) if isinstance(key, str) else code


def seats_or(seats: Iterable[Any]) -> str:
    """Par's declarers, 'N or S' ('N ou S', 'N of Z')."""
    either = pgettext("seats", "or")
    return f" {either} ".join(str(seat(s)) for s in seats)


FIGURE_FILTERS = (
    "matchpoints",
    "percentage",
    "imps",
    "signed_imps",
    "signed_percentage",
    "points",
    "vp",
    "figure",
    "exact",
    "weight",
)
"""The filters (``site/format.py``) that write a figure with decimals: in a language whose
decimal sign is not a point, each is wrapped to write the locale's (a page's figures are all
written through them; scores and counts are whole numbers)."""


def _with_decimal_sign(write: Callable[..., str], sign: str) -> Callable[..., str]:
    """``write`` with ``sign`` for the decimal point, each text kept by the figure's numerator,
    denominator and the filter's other arguments (as ``figures.matchpoints`` keeps its own):
    one call per figure, as in English.  Matchpoints and percentages, most of a page's
    figures, have writers of their own for a sign (``figures.matchpoint_writer``): not even
    a second call."""
    if write is figures.matchpoints:
        return _sign_writers(sign)[0]
    if write is figures.percentage:
        return _sign_writers(sign)[1]
    done: dict[tuple[Any, ...], str] = {}

    def written(value: Any = None, *rest: Any) -> str:
        kind = type(value)
        if kind is not Fraction and kind is not int:
            return write(value, *rest).replace(".", sign)
        key = (value.numerator, value.denominator, *rest)
        text = done.get(key)
        if text is None:
            text = remember(done, key, write(value, *rest).replace(".", sign), 8192)
        return text

    return written


@lru_cache(maxsize=4)
def _sign_writers(sign: str) -> tuple[figures.FigureWriter, Callable[[Fraction | int | None], str]]:
    """The matchpoints' and percentages' writers for a decimal sign, one pair a process."""
    return figures.matchpoint_writer(sign), figures.percentage_writer(sign)


def _as_percent(write: Callable[..., str], locale: Locale) -> Callable[..., str]:
    """``write`` (a percentage in English, '60%', '33.33%') as ``locale`` writes it ('60 %',
    '33,33 %'): the same digits, each text kept by the figure's value."""
    done: dict[tuple[int, int], str] = {}

    def written(value: Any) -> str:
        exact = Fraction(value)
        key = (exact.numerator, exact.denominator)
        text = done.get(key)
        if text is None:
            text = remember(done, key, _figure(write(value), True, locale), 1024)
        return text

    return written


@lru_cache(maxsize=8)
def decimal_sign(language: Language) -> str:
    """The locale's decimal sign (CLDR): '.' in English, ',' in French and Dutch."""
    if language.locale is None:
        return "."
    return str(language.locale.number_symbols["latn"]["decimal"])


def localised(text: str, language: Language | None = None) -> str:
    """A figure already written with a decimal point (``generator/figures.py``) with the
    language's decimal sign instead: for the figures Python writes into a page's text."""
    sign = decimal_sign(language or _active)
    return text if sign == "." else text.replace(".", sign)


def localising(write: Callable[..., str]) -> Callable[..., str]:
    """A figure writer (``figures.figure_writer``) writing the active language's decimal sign:
    the writer itself in English."""
    sign = decimal_sign(_active)
    return write if sign == "." else _with_decimal_sign(write, sign)


def amount_text(value: Fraction | int, word: str, written: str) -> str:
    """'6.0 matchpoints', '1 IMP', '6,0 points de match': ``written`` (the figure as the page
    writes it, the locale's decimal sign already in it) and the word of its unit (``word``, as
    ``units.UNIT_LABELS`` names it), singular or plural as the language counts ``value`` — the
    engine's messages for a figure and its unit (``explain.amount``)."""
    language = _active
    if language.locale is None:
        singular, plural = _unit_messages(word)
        return (singular if abs(value) == 1 else plural) % {"num": written}
    key = (value.numerator, value.denominator, word, written)
    text = _amounts.get(key)
    if text is None:  # a session's headings repeat a few hundred figures: each counted once
        singular, plural = _unit_messages(word)
        pattern = language.translations.ngettext(singular, plural, _plural_count(value, language.locale))
        text = remember(_amounts, key, pattern % {"num": written}, 4096)
    return text


_amounts: dict[tuple[int, int, str, str], str] = {}
"""``amount_text``'s texts in the active language (emptied when another is activated)."""


@lru_cache(maxsize=16)
def _unit_messages(word: str) -> tuple[str, str]:
    """The engine's singular and plural messages for a unit's figure (``explain.amount``),
    looked up once a unit: a heading is written for every side of every line."""
    counted = amount(1, word)
    return counted.singular, counted.plural


def percent_text(figure: str) -> str:
    """A percentage written by ``figures.percentage`` ('58.33') with the active language's
    percent sign and decimal sign: '58.33%', '58,33 %' (the same digits, never rounded again)."""
    language = _active
    if language.locale is None:
        return figure + "%"
    return _percent_in(figure, language)


@lru_cache(maxsize=4096)
def _percent_in(figure: str, language: Language) -> str:
    """``percent_text`` in a language Babel writes (its percent format is slow: kept by text)."""
    assert language.locale is not None
    return _figure(figure + "%", True, language.locale)


def term(word: str) -> str:
    """A word Python chooses (a unit, who entered) in the active language: ``|term`` for Python."""
    return vocabulary(_active).get(word, word)


def text(message: str, **variables: Any) -> str:
    """A message Python writes into a page, in the active language (``%(name)s`` placeholders
    filled in).  A module imports it as ``_`` (``from .i18n import text as _``), so that
    ``make messages`` extracts its messages like the templates' (the module named in babel.cfg)."""
    text = _texts.get(message)
    if text is None:
        text = _texts[message] = _active.translations.gettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """``text`` for a counted message ('%(diff)s trick' / '%(diff)s tricks'), chosen by ``num``
    as the language counts."""
    text = _active.translations.ngettext(singular, plural, num)
    return text % variables if variables else text


def pgettext(context: str, message: str, **variables: Any) -> str:
    """``text`` for a message that needs a context to be translated ('or' between seats)."""
    key = f"{context}\x04{message}"
    text = _texts.get(key)
    if text is None:
        text = _texts[key] = _active.translations.pgettext(context, message)
    return text % variables if variables else text


_texts: dict[str, str] = {}
"""The active language's translation of each message ``text`` was asked for (a few dozen,
asked thousands of times a build); emptied when another language is activated."""


@lru_cache(maxsize=8)
def vocabulary(language: Language) -> dict[str, str]:
    """The words Python chooses for a page and a template shows through ``|term`` (who entered,
    a unit's name), translated; empty in English (the word is its own translation)."""
    if language.locale is None and not language.digest:
        return {}
    t = language.translations
    return {
        "Pair": t.gettext("Pair"),
        "Player": t.gettext("Player"),
        "Team": t.gettext("Team"),
        "MP": t.pgettext("matchpoints, abbreviated", "MP"),
        "IMPs": t.gettext("IMPs"),
        "Points": t.gettext("Points"),
        "VPs": t.gettext("VPs"),
        "matchpoints": t.gettext("matchpoints"),
        "points": t.gettext("points"),
        "cross-IMPs": t.gettext("cross-IMPs"),
        "board points": t.gettext("board points"),
        "wins": t.gettext("wins"),
    }


class _Constants(Extension):
    """``{{ _("Results") }}`` — a message with no variables, alone in its output — becomes its
    translation when the template is compiled, as if written there (and ``{{ page_language }}``
    its tag): an environment is made per language, so its templates are compiled in it.  Most messages are such (base.html's
    navigation is on every page); the rest are called as they are rendered."""

    _CALLS: ClassVar[dict[str, tuple[str, ...]]] = {
        "_": ("string",),
        "gettext": ("string",),
        "pgettext": ("string", "comma", "string"),
    }

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        held: list[Token] = []
        for token in stream:
            if token.type == "variable_begin" or held:
                held.append(token)
                if token.type == "variable_end":
                    yield from self._folded(held)
                    held = []
            else:
                yield token
        yield from held

    def _folded(self, tokens: list[Token]) -> list[Token]:
        inner = tokens[1:-1]
        if len(inner) == 1 and inner[0].type == "name" and inner[0].value == "page_language":
            return [Token(tokens[0].lineno, "data", str(escape(self.environment.globals["page_language"])))]
        if len(inner) < 3 or inner[0].type != "name" or inner[0].value not in self._CALLS:
            return tokens
        shape = self._CALLS[inner[0].value]
        if inner[1].type != "lparen" or inner[-1].type != "rparen" or tuple(t.type for t in inner[2:-1]) != shape:
            return tokens
        call: Callable[..., Markup] = self.environment.globals[inner[0].value]  # type: ignore[assignment]  # (Jinja types globals as Any-valued: one of _CALLS)
        text = str(call(*(t.value for t in inner[2:-1] if t.type == "string")))
        return [Token(tokens[0].lineno, "data", text)]


def _callables(t: gettext.NullTranslations) -> dict[str, Callable[..., Markup]]:
    """The new-style callables Jinja's extension installs, without its context calls: the
    same text (``Markup(translation) % variables``, escaping each value), and a message
    without variables kept once made.  Jinja's own made an English page's render half as
    slow again (base.html's messages are on every page)."""
    constant: dict[str, Markup] = {}

    def gettext_(message: str, **variables: Any) -> Markup:
        if variables:
            return Markup(t.gettext(message)) % variables
        text = constant.get(message)
        if text is None:
            text = constant[message] = Markup(t.gettext(message)) % {}
        return text

    def ngettext_(singular: str, plural: str, num: int, **variables: Any) -> Markup:
        variables.setdefault("num", num)
        return Markup(t.ngettext(singular, plural, num)) % variables

    def pgettext_(context: str, message: str, **variables: Any) -> Markup:
        return Markup(t.pgettext(context, message)) % variables

    return {"_": gettext_, "gettext": gettext_, "ngettext": ngettext_, "pgettext": pgettext_}


# --- figures, dates, places ----------------------------------------------------------------


def decimal(value: Fraction | int, places: int, language: Language = ENGLISH, grouping: bool = False) -> str:
    """``value`` to ``places`` decimals (a half away from zero, ``scoring.rounding``), with
    the locale's decimal sign (and its grouping when asked).

    >>> decimal(Fraction(2, 3), 2)
    '0.67'
    """
    text = decimal_places(value, places)
    if language.locale is None:
        return text
    return _decimal_text(text, places, language, grouping)


@lru_cache(maxsize=8192)
def _decimal_text(text: str, places: int, language: Language, grouping: bool) -> str:
    """A figure already rounded (``text``) as the locale writes it: Babel's formatting costs
    some 25 µs a call, and a page writes the same figures again and again."""
    from babel.numbers import format_decimal

    assert language.locale is not None
    pattern = ("#,##0" if grouping else "0") + ("." + "0" * places if places else "")
    return format_decimal(Decimal(text), format=pattern, locale=language.locale)


_FRACTION_PART = re.compile(r"0(\.[0#]*)?")


def percent(value: Fraction | int, places: int = 2, language: Language = ENGLISH) -> str:
    """A percentage (56.25 for 56.25 %) to ``places`` decimals, as the locale writes it:
    '56.25%' in English, '56,25 %' in French (a no-break space), '56,25%' in Dutch.

    >>> percent(Fraction(225, 4))
    '56.25%'
    """
    text = decimal_places(value, places)
    if language.locale is None:
        return text + "%"
    return _percent_text(text, places, language)


@lru_cache(maxsize=8192)
def _percent_text(text: str, places: int, language: Language) -> str:
    """A percentage already rounded (``text``) as the locale writes it (memoised: ``_decimal_text``)."""
    from babel.numbers import format_percent

    assert language.locale is not None
    positive = language.locale.percent_formats[None].pattern.split(";")[0]
    pattern = _FRACTION_PART.sub("0" + ("." + "0" * places if places else ""), positive, count=1)
    return format_percent(Decimal(text).scaleb(-2), format=pattern, locale=language.locale)


@lru_cache(maxsize=4096)
def long_date(day: date, language: Language = ENGLISH) -> str:
    """'7 September 2026' (our English), '7 septembre 2026', '7 september 2026'.

    >>> long_date(date(2026, 9, 7))
    '7 September 2026'
    """
    if language.locale is None:
        return f"{day.day} {MONTHS[day.month - 1]} {day.year}"
    from babel.dates import format_date

    return format_date(day, format="long", locale=language.locale)


@lru_cache(maxsize=4096)
def weekday_date(day: date, language: Language = ENGLISH) -> str:
    """'Monday 7 September 2026' (our English), 'lundi 7 septembre 2026', 'maandag 7 september 2026'.

    >>> weekday_date(date(2026, 9, 7))
    'Monday 7 September 2026'
    """
    if language.locale is None:
        return f"{WEEKDAYS[day.weekday()]} {long_date(day)}"
    from babel.dates import format_date

    return format_date(day, format="full", locale=language.locale)


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@lru_cache(maxsize=4096)
def month_year(year: int, month: int, language: Language = ENGLISH) -> str:
    """A month page's title: 'September 2026', 'septembre 2026'.

    >>> month_year(2026, 9)
    'September 2026'
    """
    if language.locale is None:
        return f"{MONTHS[month - 1]} {year}"
    from babel.dates import format_skeleton

    return format_skeleton("yMMMM", date(year, month, 1), locale=language.locale)


def month_name(month: int, language: Language = ENGLISH) -> str:
    """A month on its own (a heading): 'September', 'septembre', 'september'."""
    if language.locale is None:
        return MONTHS[month - 1]
    return str(language.locale.months["stand-alone"]["wide"][month])


def _ordinal_messages(t: gettext.NullTranslations) -> dict[str, str]:
    """The ordinal's message for each CLDR ordinal category (``Locale.ordinal_form``): a
    language translates those its rules use (French 'one' → '%(n)ser', 'other' → '%(n)se')."""
    return {
        "zero": t.pgettext("ordinal:zero", "%(n)sth"),
        "one": t.pgettext("ordinal:one", "%(n)sst"),
        "two": t.pgettext("ordinal:two", "%(n)snd"),
        "few": t.pgettext("ordinal:few", "%(n)srd"),
        "many": t.pgettext("ordinal:many", "%(n)sth"),
        "other": t.pgettext("ordinal:other", "%(n)sth"),
    }


def _english_category(n: int) -> str:
    """Our English suffixes (generator/history/diff.py's ``ordinal``) as categories."""
    if 10 <= n % 100 <= 20:
        return "other"
    return {1: "one", 2: "two", 3: "few"}.get(n % 10, "other")


def ordinal(n: int, language: Language = ENGLISH, tied: bool = False) -> str:
    """A place: '1st', '2nd', '3rd=' in English; '1er', '2e', '3e ex aequo' in French.

    >>> ordinal(1), ordinal(12), ordinal(23, tied=True)
    ('1st', '12th', '23rd=')
    """
    category = _english_category(n) if language.locale is None else language.locale.ordinal_form(n)
    place = _ordinal_messages(language.translations)[category] % {"n": n}
    if not tied:
        return place
    return language.translations.pgettext("place", "%(place)s=") % {"place": place}


def correction_wording(language: Language | None = None) -> Wording:
    """How ``history`` writes a correction and a provisional period's end in ``language`` (the
    active one by default): its sentences through the catalogs, places, dates, figures and
    units as the locale writes them."""
    language = _active if language is None else language
    return ENGLISH_WORDING if language is ENGLISH else _wording(language)


@lru_cache(maxsize=8)
def _wording(language: Language) -> Wording:
    t = language.translations

    def say(message: str, **values: str) -> str:
        text = t.gettext(message)
        return text % values if values else text

    def moment(when: datetime) -> str:
        return t.gettext("%(date)s, %(time)s") % {"date": long_date(when.date(), language), "time": f"{when:%H:%M}"}

    return Wording(
        say=say,
        place=lambda n, tied: ordinal(n, language, tied),
        date=lambda iso: long_date(datetime.fromisoformat(iso).date(), language),
        moment=moment,
        figure=lambda text: localised(text, language),
        unit=lambda word: vocabulary(language).get(word, word),
        seat=lambda code: seat_words(language).get(code, code),
        no_trump=t.pgettext("no trump", "NT"),
    )


# --- explanation steps ---------------------------------------------------------------------


def step_text(step: Step, language: Language | None = None) -> str:
    """An explanation step's sentence in ``language`` (the active one by default): in English
    its ``summary``, exactly as always; in another language its message (``scoring.message``)
    translated by the catalogs, nested messages too, each figure written as the locale writes
    it (the same figure, rounded as the English text rounds it, never again).  A step whose
    message a catalog lacks stays in English, with its figures in the locale's form."""
    language = _active if language is None else language
    if language.locale is None or type(step.message) is str:
        return step.summary
    if language is not _active:
        return render(step.message, *_step_writers(language))
    # A step's English text stands for its message (a site already shares one view among the
    # steps of a session that read the same, ``explain_view.block``): the same sentence on
    # another board or in another session is translated once a process.
    text = _step_texts.get(step.summary)
    if text is None:
        text = remember(_step_texts, step.summary, render(step.message, *_step_writers(language)), 16384)
    return text


_step_texts: dict[str, str] = {}
"""The active language's sentence of each step by its English (emptied when another language is activated)."""


def message_text(message: Param, language: Language | None = None) -> str:
    """A message the engine made (``scoring.message``: a note on a ranking, a rule, a figure
    alone) in ``language`` (the active one by default), as ``step_text`` writes a step's."""
    language = _active if language is None else language
    if language.locale is None:
        return english(message)
    return render(message, *_step_writers(language))


@lru_cache(maxsize=8)
def _step_writers(
    language: Language,
) -> tuple[Callable[[str], str], Callable[[str, str, Fraction | int], str], Callable[[Figure], str]]:
    """The translating, plural-choosing and figure-writing functions ``render`` takes, per language."""
    t = language.translations
    locale = language.locale
    assert locale is not None

    def choose(singular: str, plural: str, n: Fraction | int) -> str:
        return t.ngettext(singular, plural, _plural_count(n, locale))

    @lru_cache(maxsize=1 << 14)
    def figure(f: Figure) -> str:
        return _figure(f.text, f.percent, locale)

    return t.gettext, choose, figure


def _plural_count(n: Fraction | int, locale: Locale) -> int:
    """The whole number whose gettext plural form is ``n``'s: itself when whole; for a part
    (2.5 results) 1 where CLDR says the locale writes it in the singular ('1,5 résultat'), else 2."""
    if type(n) is int or n.denominator == 1:
        return abs(int(n))
    return 1 if locale.plural_form(abs(Decimal(n.numerator) / Decimal(n.denominator))) == "one" else 2


def _figure(text: str, percent_sign: bool, locale: Locale) -> str:
    """A figure's English text ('-2.5', '+420', '56.25%') as the locale writes it ('-2,5',
    '56,25 %'): the same digits (the English is already rounded), the locale's signs."""
    from babel.numbers import format_decimal, format_percent

    number = text[:-1] if percent_sign else text
    sign = "+" if number.startswith("+") else ""
    digits = number.lstrip("+")
    places = len(digits.partition(".")[2])
    if "," in digits:  # grouped in English ('20,971,520' bytes): grouped as the locale groups
        pattern = "#,##0" + ("." + "0" * places if places else "")
        return sign + format_decimal(Decimal(digits.replace(",", "")), format=pattern, locale=locale)
    if percent_sign:
        positive = locale.percent_formats[None].pattern.split(";")[0]
        pattern = _FRACTION_PART.sub("0" + ("." + "0" * places if places else ""), positive, count=1)
        return sign + format_percent(Decimal(digits).scaleb(-2), format=pattern, locale=locale)
    return sign + format_decimal(Decimal(digits), format="0" + ("." + "0" * places if places else ""), locale=locale)


# --- messages made below the site (check's report, a reader's error) ------------------------


def said_text(text: Param, language: Language | None = None) -> str:
    """A message made below the site (``scoring/said.py``: a ``Said``, or any ``Param``) in
    ``language`` (the active one by default): its English exactly as made in English; else
    translated by the catalogs, each figure as the locale writes it (a message a catalog lacks
    stays English, with its figures in the locale's form)."""
    language = _active if language is None else language
    param = param_of(text) if isinstance(text, str) else text
    if language.locale is None:
        return text if isinstance(text, str) else english(param)
    return render(param, *_step_writers(language))
