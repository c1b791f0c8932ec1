"""English text that knows the message it was made from (``scoring.message``).

A ``Said`` *is* the English ``str`` — what the command line prints, what a test compares,
what a key is made of — and carries the message (``param``) a page or a report in another
language renders instead (``site/i18n.py::said_text``).  So a reader's error, a pair's label
or one of ``check``'s lines is made once, as a message, and its English is that message's
``english``: the two never drift, and every place that takes a ``str`` still takes it.
"""

from __future__ import annotations

from .message import Param, english


class Said(str):
    """A ``str`` (the English) with the message it says (``param``)."""

    param: Param

    def __reduce__(self) -> tuple[object, ...]:
        return (said, (self.param,))  # pickled (a worker's error) as its message: the English made again


def said(param: Param) -> Said:
    """``param``'s English, carrying ``param``."""
    text = Said(english(param))
    text.param = param
    return text


def param_of(text: str) -> Param:
    """The message ``text`` says: its own when it is a ``Said``, else the text itself (a name,
    a value from an upload: never translated)."""
    return text.param if type(text) is Said else text


def said_of(exc: BaseException) -> str:
    """An exception's message, keeping the ``Said`` it was raised with (``str(exc)`` makes a
    plain copy of it)."""
    if len(exc.args) == 1 and type(exc.args[0]) is Said:
        return exc.args[0]
    return str(exc)


def N_(message: str) -> str:  # gettext's own name for a message marked, not translated, here
    """``message`` itself: marked so that ``make messages`` extracts it (babel.cfg), where the
    English is also a key (a reason ``check`` counts by, a convention's words) and is translated
    later, with ``msg(message)``."""
    return message


__all__ = ["N_", "Said", "param_of", "said", "said_of"]
