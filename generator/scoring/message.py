"""An explanation step's sentence as a message and its parameters, so that a site in another
language can show it translated, its figures written as the locale writes them.

The engine names every sentence with ``msg("%(score)s beat %(beaten)s", score=..., beaten=...)``:
the English pattern is the message id (extracted by Babel, ``msg`` and ``plural`` are keywords
in ``babel.cfg``) and the English text of a step is made from it (``english``), so the two can
never drift.  Parameters are figures (``Figure``: the exact value, the places and the English
text of it), whole numbers, plain strings that are not words (a contract '4♠', a score '+420',
a team's name, '=' or '≈'), a seat or a direction (``seat("W")``, ``seat("EW")``: each language
abbreviates them its own way, French 'O' and 'EO'), no trump in a contract (``no_trump()``:
'3NT' is '3SA' in French and Dutch), or nested messages: ``Msg``, ``Plural`` (counted words, chosen
ngettext-style), ``Formula`` (arithmetic with figures: never translated, only its figures
rewritten) and ``Join`` (a list with a separator that is not a word).

This module knows no Babel and no site: ``render`` takes the translating and figure-writing
functions (generator/site/i18n.py gives them for a language); ``english`` is the same walk with
every message its own translation (tests/site/test_explain_languages.py holds the two to the
same English for every step of the fixtures).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Figure:
    """A figure as a step shows it: ``text`` is the English (``explain.fmt`` or ``signed``)."""

    value: Fraction | int
    places: int
    text: str
    percent: bool = False
    """A percentage: ``text`` ends with '%', and a locale writes its own percent sign."""


@dataclass(frozen=True, slots=True)
class Msg:
    """A translatable sentence or phrase: ``id`` is the English pattern, ``%(name)s`` placeholders."""

    id: str
    params: Mapping[str, Param]


@dataclass(frozen=True, slots=True)
class Plural:
    """A counted phrase ('%(num)s result' / '%(num)s results'): ``num`` is the count, as a figure."""

    singular: str
    plural: str
    num: Figure
    params: Mapping[str, Param]


@dataclass(frozen=True, slots=True)
class Formula:
    """Arithmetic in symbols and figures ('%(a)s × %(b)s = %(c)s'): not a message (no word in
    it), only its figures follow the locale."""

    pattern: str
    params: Mapping[str, Param]


@dataclass(frozen=True, slots=True)
class Join:
    """Items written one after another with ``sep`` between them (' + ', '; ', ', ')."""

    sep: str
    items: tuple[Param, ...]


@dataclass(frozen=True, slots=True)
class Cap:
    """Its item with the first letter a capital (a phrase that opens a sentence)."""

    item: Param


@dataclass(frozen=True, slots=True)
class SeatCode:
    """A seat ('N', 'E', 'S', 'W') or a direction ('NS', 'EW') as a sentence shows it: the code
    in English, the language's own letters elsewhere (French 'O', 'EO'; Dutch 'Z', 'NZ', 'OW'),
    from the same catalog messages as the pages' (``SEAT_CONTEXT``, ``DIRECTION_CONTEXT``)."""

    code: str


SEAT_CONTEXT = "seat, abbreviated"
"""The catalogs' context of a seat's letter (generator/site/i18n.py ``seat_words``)."""

DIRECTION_CONTEXT = "direction, abbreviated"
"""The catalogs' context of a direction's letters ('NS', 'EW')."""


@dataclass(frozen=True, slots=True)
class NoTrump:
    """No trump as a contract in a sentence writes it ('3NT'): 'NT' in English, the language's
    own abbreviation elsewhere (French and Dutch 'SA'), from the catalogs' message the double-
    dummy grid's heading uses (``NO_TRUMP_KEY``)."""


NO_TRUMP_KEY = "no trump\x04NT"
"""The catalog key of no trump's abbreviation: 'NT' in the context 'no trump'."""


def seat_key(code: str) -> str:
    """The catalog key of a seat's or direction's letters: gettext's own for a message with a
    context ('seat, abbreviated' EOT 'W'), so the one ``gettext`` ``render`` takes finds it."""
    return f"{SEAT_CONTEXT if len(code) == 1 else DIRECTION_CONTEXT}\x04{code}"


Param = str | int | Figure | Msg | Plural | Formula | Join | Cap | SeatCode | NoTrump


def msg(id: str, **params: Param) -> Msg:
    """A message (the extraction keyword: Babel finds every literal ``msg("…")`` in the engine)."""
    return Msg(id, params)


def plural(singular: str, plural_: str, num: Figure, **params: Param) -> Plural:
    """A counted phrase (extraction keyword ``plural:1,2``)."""
    return Plural(singular, plural_, num, params)


def seat(code: str) -> SeatCode:
    """A seat ('W') or a direction ('EW') in a sentence: translated as a page shows it."""
    return SeatCode(code)


def no_trump() -> NoTrump:
    """'NT' in a contract ('3NT'): written as each language abbreviates it."""
    return NoTrump()


def formula(pattern: str, **params: Param) -> Formula:
    return Formula(pattern, params)


def join(sep: str, items: Iterable[Param]) -> Join:
    return Join(sep, tuple(items))


Translate = Callable[[str], str]
Choose = Callable[[str, str, Fraction | int], str]
Write = Callable[[Figure], str]


def render(param: Param, gettext: Translate, ngettext: Choose, figure: Write) -> str:
    """``param`` as text: messages translated by ``gettext``/``ngettext``, figures by ``figure``."""
    kind = type(param)
    if kind is str:
        return param  # type: ignore[return-value]
    if kind is Figure:
        return figure(param)  # type: ignore[arg-type]
    if kind is Msg or kind is Formula:
        pattern = gettext(param.id) if kind is Msg else param.pattern  # type: ignore[union-attr]
        values = param.params  # type: ignore[union-attr]
        if not values:
            return pattern.replace("%%", "%")
        return pattern % {k: render(v, gettext, ngettext, figure) for k, v in values.items()}
    if kind is Plural:
        p: Plural = param  # type: ignore[assignment]
        pattern = ngettext(p.singular, p.plural, p.num.value)
        values = {k: render(v, gettext, ngettext, figure) for k, v in p.params.items()}
        values["num"] = figure(p.num)
        return pattern % values
    if kind is Cap:
        text = render(param.item, gettext, ngettext, figure)  # type: ignore[union-attr]
        return text[:1].upper() + text[1:]
    if kind is Join:
        j: Join = param  # type: ignore[assignment]
        return j.sep.join(render(item, gettext, ngettext, figure) for item in j.items)
    if kind is SeatCode:
        code: str = param.code  # type: ignore[union-attr]
        text = gettext(seat_key(code))
        return code if "\x04" in text else text  # a catalog without it: the code itself
    if kind is NoTrump:
        text = gettext(NO_TRUMP_KEY)
        return "NT" if "\x04" in text else text
    return str(param)


def english(param: Param) -> str:
    """The English text of a step (its ``summary``): ``render`` with the messages as their own
    translation, written out because every step of a big field is made with it."""
    kind = type(param)
    if kind is str:
        return param  # type: ignore[return-value]
    if kind is Figure:
        return param.text  # type: ignore[union-attr]
    if kind is Msg or kind is Formula:
        pattern: str = param.id if kind is Msg else param.pattern  # type: ignore[union-attr]
        values = param.params  # type: ignore[union-attr]
        if not values:
            return pattern.replace("%%", "%")
        return pattern % {k: english(v) for k, v in values.items()}
    if kind is Plural:
        p: Plural = param  # type: ignore[assignment]
        words = {k: english(v) for k, v in p.params.items()}
        words["num"] = p.num.text
        return (p.singular if abs(p.num.value) == 1 else p.plural) % words
    if kind is Cap:
        text = english(param.item)  # type: ignore[union-attr]
        return text[:1].upper() + text[1:]
    if kind is Join:
        return param.sep.join(english(item) for item in param.items)  # type: ignore[union-attr]
    if kind is SeatCode:
        return param.code  # type: ignore[union-attr]
    if kind is NoTrump:
        return "NT"
    return str(param)


def message_ids(param: Param) -> set[str]:
    """Every message id (and plural pair) ``param`` holds, for tests and catalogs."""
    found: set[str] = set()
    if isinstance(param, Msg):
        found.add(param.id)
    if isinstance(param, Plural):
        found.add(param.singular)
    children: tuple[Param, ...] = ()
    if isinstance(param, (Msg, Formula, Plural)):
        children = tuple(param.params.values())
    elif isinstance(param, Join):
        children = param.items
    elif isinstance(param, Cap):
        children = (param.item,)
    for child in children:
        found |= message_ids(child)
    return found
