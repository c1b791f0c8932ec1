"""Errors that reach the user.  Messages name the file, the place, the board, the pair
and what was expected; readers collect every problem in a file before raising."""

from __future__ import annotations

from dataclasses import dataclass


class GeneratorError(Exception):
    """Any error the command line reports as 'Error: ...' with exit status 1."""


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
            context.append(self.pair)
        head = self.file
        if context:
            head += ": " + ", ".join(context)
        if where:
            head += f" ({where[0]})"
        return f"{head}: {self.message}"


class InputErrors(GeneratorError):
    """Every problem found in one or more uploads, reported together."""

    def __init__(self, errors: list[InputError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    def __str__(self) -> str:
        n = len(self.errors)
        return f"{n} problem{'s' if n != 1 else ''} found:\n" + "\n".join(f"  {e}" for e in self.errors)


class BuildError(GeneratorError):
    """The site could not be built; the previous site is left untouched."""
