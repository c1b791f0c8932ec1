"""Read session uploads — USEBIO XML, PBN score tables, our YAML — into the model.

``read_sessions`` is the one entry point: it checks the size before parsing, picks the
reader from the registry (``registry.py``: by suffix, then by sniffing), applies the checks
every format gets, and raises ``InputErrors`` with every problem found in the file (a
reader never stops at the first).  Nothing is written anywhere while reading.  The formats
are registered at the end of this module; a reader's module is imported on its first use.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError, InputErrors
from ..model import Session
from ..scoring.message import Figure, msg, plural
from ..scoring.said import said
from .registry import Reader, Reading, checked, is_event_file, reader_for, register, suffixes, unregister

MAX_BYTES = 20 * 1024 * 1024
"""Uploads larger than this are refused before parsing (the largest real export seen is ~300 KB)."""

MAX_PROBLEMS = 200
"""Problems listed per file; past this the rest are counted (a file with thousands of problems
is the wrong file, and its list would flood the CI log)."""


def read_sessions(path: Path, max_bytes: int = MAX_BYTES) -> list[Session]:
    """Every session in one upload; raises InputErrors naming the file, place, board and pair."""
    path = Path(path)
    file = str(path)
    if reader_for(file) is None:
        raise InputErrors([_unknown(file)])
    return read_sessions_data(file, read_upload(path, max_bytes))


def read_upload(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """An upload's bytes, read once (the build hashes and parses these same bytes), the size
    checked before and while reading; InputErrors naming the file when it cannot be read."""
    file = str(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise InputErrors(
                [
                    InputError(
                        file,
                        "",
                        said(
                            msg(
                                "the file is %(size)s bytes: expected at most %(limit)s bytes",
                                size=_bytes(size),
                                limit=_bytes(max_bytes),
                            )
                        ),
                    )
                ]
            )
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InputErrors(
            [
                InputError(
                    file,
                    "",
                    said(msg("cannot read the file (%(why)s): expected a readable file", why=str(exc.strerror or exc))),
                )
            ]
        ) from None
    if len(data) > max_bytes:
        raise InputErrors(
            [
                InputError(
                    file,
                    "",
                    said(
                        msg(
                            "the file is over %(limit)s bytes: expected at most %(limit)s bytes",
                            limit=_bytes(max_bytes),
                        )
                    ),
                )
            ]
        )
    return data


def read_sessions_data(file: str, data: bytes) -> list[Session]:
    """Every session in an upload's bytes (an earlier version read from git); ``file`` names
    it in messages and its suffix says the format."""
    reader = reader_for(file, data)
    if reader is None:
        raise InputErrors([_unknown(file)])
    sessions, errors = checked(file, reader.read(file, data))
    if errors:
        errors = sorted(errors, key=_line_order)
        if len(errors) > MAX_PROBLEMS:
            more = len(errors) - MAX_PROBLEMS
            errors = errors[:MAX_PROBLEMS] + [
                InputError(
                    file,
                    "",
                    said(
                        plural(
                            "and %(num)s more problem after these %(shown)s: expected a file with a few mistakes "
                            "at most (is it the right file?)",
                            "and %(num)s more problems after these %(shown)s: expected a file with a few mistakes "
                            "at most (is it the right file?)",
                            _bytes(more),
                            shown=str(MAX_PROBLEMS),
                        )
                    ),
                )
            ]
        raise InputErrors(errors)
    if not sessions:
        raise InputErrors(
            [InputError(file, "", said(msg("no session found: expected at least one session with results")))]
        )
    return sessions


def _bytes(n: int) -> Figure:
    """A count of bytes (or problems) as a figure: English groups it '20,971,520', a site in
    another language as its locale does ('20 971 520')."""
    return Figure(n, 0, f"{n:,}")


def _unknown(file: str) -> InputError:
    suffix = Path(file).suffix
    kind = repr(suffix) if suffix else "'(none)'"
    return InputError(
        file, "", said(msg("unknown file type %(suffix)s: expected .xml (USEBIO), .pbn or .yaml", suffix=kind))
    )


def _line_order(error: InputError) -> int:
    """Errors located by line are listed in file order; others keep the reader's order."""
    head = error.location.split(",")[0]
    return int(head[5:]) if head.startswith("line ") and head[5:].isdigit() else 0


def _usebio(file: str, data: bytes) -> Reading:
    from .usebio import reading

    return reading(file, data)


def _pbn(file: str, data: bytes) -> Reading:
    from .pbn import reading

    return reading(file, data)


def _yaml(file: str, data: bytes) -> Reading:
    from .yaml_session import reading

    return reading(file, data)


def _looks_like_xml(head: bytes) -> bool:
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def _looks_like_pbn(head: bytes) -> bool:
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith((b"%", b"["))


def _any_text(head: bytes) -> bool:
    return True


register(Reader("usebio", (".xml",), _looks_like_xml, _usebio))
register(Reader("pbn", (".pbn",), _looks_like_pbn, _pbn))
register(Reader("yaml", (".yaml", ".yml"), _any_text, _yaml))

__all__ = [
    "MAX_BYTES",
    "MAX_PROBLEMS",
    "Reader",
    "Reading",
    "is_event_file",
    "read_sessions",
    "read_sessions_data",
    "read_upload",
    "register",
    "suffixes",
    "unregister",
]
