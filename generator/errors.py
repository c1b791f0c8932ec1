"""Errors that reach the user.  Messages name the file, the place, the board, the pair
and what was expected; readers collect every problem in a file before raising.

Everything in a message that came from outside (a file name, a value from an upload)
goes through ``shown``: a control character in a file name must never reach a terminal
or a CI log raw, where an ESC or a CR could fake or hide a line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls, DEL, the Unicode line and paragraph separators and the bidirectional
marks and overrides (which can make a line read backwards)."""
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(value: object, keep_newlines: bool = False) -> str:
    r"""``value`` as text safe to print: control characters written as escapes.

    >>> shown("monday\x1b[2K\rpairs.yaml")
    'monday\\x1b[2K\\rpairs.yaml'
    >>> shown("two\nlines", keep_newlines=True)
    'two\nlines'
    """
    text = str(value)
    if keep_newlines:
        return "\n".join(_CONTROL.sub(_escape, line) for line in text.split("\n"))
    return _CONTROL.sub(_escape, text)


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem as a CI system wants it: the file, the line when known, the message."""

    file: str | None
    line: int | None
    message: str
    """The whole message as printed (already passed through ``shown``)."""


class GeneratorError(Exception):
    """Any error the command line reports as 'Error: ...' with exit status 1."""

    said: str = ""
    """The error in the site's language, when the build made it in another one (the ``serve``
    banner shows it; the command line prints ``str``, English).  '' when it is the English."""

    @property
    def problems(self) -> list[Problem]:
        """The problems one by one (for workflow annotations); one for the whole message by default."""
        return [Problem(None, None, str(self))]


@dataclass(frozen=True)
class InputError:
    """One problem in an uploaded file."""

    file: str
    location: str
    """A line number ('line 12') or an element path ('EVENT/BOARD[3]/TRAVELLER_LINE[2]/SCORE')."""
    message: str
    """Lowercase, says what was expected and quotes what was found."""
    board: int | None = None
    pair: str | None = None
    """As the user knows it, with its role: 'NS pair 7', 'EW pair 3', 'pair 5'."""

    def __str__(self) -> str:
        where = [self.location] if self.location else []
        context = []
        if self.board is not None:
            context.append(f"board {self.board}")
        if self.pair:
            context.append(shown(self.pair))
        head = shown(self.file)
        if context:
            head += ": " + ", ".join(context)
        if where:
            head += f" ({shown(where[0])})"
        return f"{head}: {shown(self.message)}"

    @property
    def line(self) -> int | None:
        """The line number when the location starts with one ('line 12, column 3' -> 12)."""
        head = self.location.split(",")[0].strip()
        digits = head[5:]
        return (
            int(digits)
            if head.startswith("line ") and digits.isascii() and digits.isdigit() and len(digits) < 10
            else None
        )

    @property
    def problem(self) -> Problem:
        return Problem(self.file, self.line, str(self))


class InputErrors(GeneratorError):
    """Every problem found in one or more uploads, reported together."""

    def __init__(self, errors: list[InputError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    def __str__(self) -> str:
        n = len(self.errors)
        return f"{n} problem{'s' if n != 1 else ''} found:\n" + "\n".join(f"  {e}" for e in self.errors)

    @property
    def problems(self) -> list[Problem]:
        return [e.problem for e in self.errors]


class BuildError(GeneratorError):
    """The site could not be built; the previous site is left untouched."""

    def __init__(
        self,
        message: str,
        problems: list[Problem] | None = None,
        file: object = None,
        line: int | None = None,
        said: str = "",
    ):
        """``problems`` one by one, or the ``file`` (and ``line``) the whole message is about;
        ``said``: the message in the site's language (``GeneratorError.said``)."""
        super().__init__(message)
        self.said = said
        self._problems = list(problems or []) or ([Problem(str(file), line, shown(message))] if file else [])

    @property
    def problems(self) -> list[Problem]:
        return self._problems or [Problem(None, None, str(self))]
