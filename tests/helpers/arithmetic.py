"""Finds every arithmetic statement ``expression = value`` in a page's text and checks it exactly.

A statement is the longest run of arithmetic characters (digits, ``. + - − × / ( ) ½ %`` and
spaces) either side of an ``=`` or ``≈``.  Both sides are parsed into ``Fraction``s:

* ``=`` says the operands are exact as written: the left side, evaluated exactly, must agree
  with the value shown to the decimals shown (``7.75`` allows 7.745 … 7.755).
* ``≈`` says some operand was rounded to the decimals written: every literal written with
  decimals then stands for the interval it could have been rounded from (a whole number — a
  count, a score, a weight such as 60% — stays exact), and the value shown must lie within
  the interval of the left side, widened by the value's own rounding.

``%`` is a postfix /100 (``60% × 8 = 4.8``, ``6 / 8 = 75%``); ``½`` is one half.  A side with
no digit (``E = 5``, ``top = ...``) is not a statement; a side with digits that does not
parse is reported, so that a page cannot hide a sum from the check by writing it oddly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser

ARITHMETIC = set("0123456789.+-−×/()½% \u00a0\u2009\u202f")
RELATIONS = "=≈"
BLOCKS = {
    "p",
    "li",
    "td",
    "th",
    "caption",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "dt",
    "dd",
    "div",
    "section",
    "tr",
    "table",
    "ol",
    "ul",
    "header",
    "footer",
    "nav",
    "main",
    "title",
    "br",
    "article",
    "figure",
}


class _Text(HTMLParser):
    """Page text, one line per block element (a table cell never runs into the next)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.buffer: list[str] = []
        self.skip = 0

    def _flush(self) -> None:
        text = " ".join("".join(self.buffer).split())
        if text:
            self.lines.append(text)
        self.buffer = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        if tag in BLOCKS:
            self._flush()

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1
        if tag in BLOCKS:
            self._flush()

    def handle_data(self, data):
        if not self.skip:
            self.buffer.append(data)


def page_lines(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    parser.close()
    parser._flush()
    return parser.lines


@dataclass(frozen=True)
class Statement:
    line: str
    left: str
    relation: str
    right: str


def statements(line: str) -> list[Statement]:
    """Every ``left = right`` in one line of text (chains give one statement per sign)."""
    found = []
    for i, ch in enumerate(line):
        if ch not in RELATIONS or not (0 < i < len(line) - 1 and line[i - 1] == " " and line[i + 1] == " "):
            continue  # a sign written between spaces: '3=' is a tied place, not a sum
        j = i
        while j > 0 and line[j - 1] in ARITHMETIC:
            j -= 1
        k = i + 1
        while k < len(line) and line[k] in ARITHMETIC:
            k += 1
        left, right = _trim_left(line[j:i]), _trim_right(line[i + 1 : k])
        if any(c.isdigit() for c in left) and any(c.isdigit() for c in right):
            found.append(Statement(line, left, ch, right))
    return found


def _trim_left(text: str) -> str:
    text = text.strip(" \u00a0\u2009.")
    while text.count("(") > text.count(")"):
        text = text[text.index("(") + 1 :].strip()
    depth = 0
    for i, ch in enumerate(text):  # a ')' whose '(' lies beyond the scan (words inside): start after it
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return _trim_left(text[i + 1 :])
    return text


def _trim_right(text: str) -> str:
    text = text.strip(" \u00a0\u2009")
    while text.count(")") > text.count("("):
        text = text[: text.rindex(")")].strip()
    while text.count("(") > text.count(")"):
        text = text[: text.rindex("(")].strip()
    return text.rstrip(" .+-−×/")


# --- exact evaluation with intervals ----------------------------------------------------------

Interval = tuple[Fraction, Fraction]
TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)(\s*%)?|(½)|([-−+×/()]))")


class Unparseable(ValueError):
    pass


def _tokens(text: str) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise Unparseable(f"cannot read {text[pos:]!r} in {text!r}")
        pos = m.end()
        number, pct, half, op = m.groups()
        if number is not None:
            places = len(number.split(".")[1]) if "." in number else 0
            value = Fraction(number)
            scale = Fraction(1, 100) if pct else Fraction(1)
            # a whole number (a count, a score, a weight such as 60%) is exact even under '≈'
            half_unit = Fraction(0) if places == 0 else Fraction(1, 2 * 10**places) * scale
            out.append(("num", (value * scale, half_unit)))
        elif half:
            out.append(("num", (Fraction(1, 2), Fraction(0))))
        else:
            out.append(("op", "-" if op == "−" else op))
    return out


class _Parser:
    """expression := term (('+'|'-') term)*; term := unary (('×'|'/') unary)*;
    unary := ('+'|'-') unary | number | '(' expression ')'."""

    def __init__(self, tokens, approximate: bool):
        self.tokens = tokens
        self.i = 0
        self.approximate = approximate
        self.literals: list[tuple[Fraction, Fraction]] = []

    def parse(self) -> Interval:
        value = self.expression()
        if self.i != len(self.tokens):
            raise Unparseable(f"unexpected {self.tokens[self.i]}")
        return value

    def _peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else (None, None)

    def expression(self) -> Interval:
        value = self.term()
        while self._peek() in (("op", "+"), ("op", "-")):
            op = self.tokens[self.i][1]
            self.i += 1
            other = self.term()
            value = (
                (value[0] + other[0], value[1] + other[1]) if op == "+" else (value[0] - other[1], value[1] - other[0])
            )
        return value

    def term(self) -> Interval:
        value = self.unary()
        while self._peek() in (("op", "×"), ("op", "/")):
            op = self.tokens[self.i][1]
            self.i += 1
            other = self.unary()
            if op == "/":
                if other[0] <= 0 <= other[1]:
                    raise Unparseable("division by an interval holding zero")
                other = (1 / other[1], 1 / other[0])
            products = [a * b for a in value for b in other]
            value = (min(products), max(products))
        return value

    def unary(self) -> Interval:
        kind, tok = self._peek()
        if kind == "op" and tok in "+-":
            self.i += 1
            inner = self.unary()
            return inner if tok == "+" else (-inner[1], -inner[0])
        if kind == "op" and tok == "(":
            self.i += 1
            inner = self.expression()
            if self._peek() != ("op", ")"):
                raise Unparseable("missing )")
            self.i += 1
            return inner
        if kind == "num":
            self.i += 1
            value, half_unit = tok  # type: ignore[misc]
            self.literals.append((value, half_unit))
            # Under '≈' a literal written with decimals may have been rounded to them; a whole
            # number (a count, a weight such as 60%, a score) is exact.
            spread = half_unit if self.approximate else Fraction(0)
            return (value - spread, value + spread)
        raise Unparseable(f"unexpected {tok!r}")


def evaluate(text: str, approximate: bool = False) -> Interval:
    return _Parser(_tokens(text), approximate).parse()


def check(statement: Statement) -> str | None:
    """None when the statement is true; else why not."""
    approximate = statement.relation == "≈"
    try:
        low, high = evaluate(statement.left, approximate)
        right_tokens = _tokens(statement.right)
        single = len(right_tokens) == 1 or (len(right_tokens) == 2 and right_tokens[0] in (("op", "+"), ("op", "-")))
        if single:
            value, half_unit = right_tokens[-1][1]  # type: ignore[misc]
            # Pages write figures to at most their decimals with trailing zeros dropped ('7.5'
            # for 7.50, '8' for 8.00): a value shown agrees to two decimals at least.
            scale = Fraction(1, 100) if "%" in statement.right else Fraction(1)
            half_unit = min(half_unit, Fraction(1, 200) * scale) if half_unit else Fraction(1, 200) * scale
            if right_tokens[0] == ("op", "-"):
                value = -value
            # The value shown agrees to the decimals shown with some value of the left side.
            if low - half_unit <= value <= high + half_unit:
                return None
            return f"{statement.left} is {_show(low, high)}, not {statement.right}"
        r_low, r_high = evaluate(statement.right, approximate)
        if r_low <= high and low <= r_high:
            return None
        return f"{statement.left} is {_show(low, high)}, {statement.right} is {_show(r_low, r_high)}"
    except Unparseable as error:
        return f"unreadable statement {statement.left} {statement.relation} {statement.right}: {error}"


def _show(low: Fraction, high: Fraction) -> str:
    if low == high:
        return f"{float(low):.6g}"
    return f"between {float(low):.6g} and {float(high):.6g}"


_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")


def _lines(html: str, decimal: str) -> list[str]:
    """The page's lines, a decimal comma (a French or Dutch page: '12,5') read as a point;
    a comma between words (', ') is left as it is."""
    lines = page_lines(html)
    if decimal == ",":
        lines = [_DECIMAL_COMMA.sub(".", line) for line in lines]
    return lines


def false_statements(html: str, decimal: str = ".") -> list[tuple[Statement, str]]:
    """Every statement on the page that is not true, with the reason (``decimal`` the page's
    decimal sign)."""
    bad = []
    for line in _lines(html, decimal):
        for st in statements(line):
            reason = check(st)
            if reason:
                bad.append((st, reason))
    return bad


def count_statements(html: str, decimal: str = ".") -> int:
    return sum(len(statements(line)) for line in _lines(html, decimal))
