"""What a build reports: ``BuildReport`` (the command line prints its ``summary``).

Apart from ``build.py`` so that the no-op build (``noop.py``) answers with one without
loading the engine (``generator.site.build`` still offers both names)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import shown
from .stamps import FileStamp
from .tree import Skipped


@dataclass(kw_only=True)
class BuildReport:
    """What a build did: ``summary()`` is the line the command prints."""

    output: Path
    sessions: int
    uploads: int
    rendered: int
    """Uploads read, scored and rendered this time (the rest came from the cache)."""
    pages: int
    written: int
    unchanged: int
    removed: int
    seconds: float
    manifest: dict[str, FileStamp] = field(default_factory=dict, repr=False)
    """What the output folder holds now, by site path."""
    warnings: list[str] = field(default_factory=list)
    """Results taken on trust from a program's export (each flagged on its board page)."""
    skipped: list[Skipped] = field(default_factory=list)
    """Files in the content folder the build passed over, with the reason."""

    def summary(self) -> str:
        """What was built, the warnings, then one line per file skipped (a refused upload fails the build)."""
        warned = [f"warning: {shown(w)}" for w in self.warnings]
        return "\n".join([self._built(), *warned, *skipped_lines(self.skipped)])

    def _built(self) -> str:
        return (
            f"Built {shown(self.output)}: {self.sessions} session{'s' if self.sessions != 1 else ''} from "
            f"{self.uploads} upload{'s' if self.uploads != 1 else ''} ({self.rendered} scored, "
            f"{self.uploads - self.rendered} from cache), {self.pages} files: {self.written} written, "
            f"{self.unchanged} unchanged, {self.removed} removed, in {self.seconds:.2f} s"
        )


def skipped_lines(skipped: list[Skipped]) -> list[str]:
    """A heading, then 'skipped: sessions/.draft.yaml, because its name starts with '.' (a hidden file)'."""
    if not skipped:
        return []
    n = len(skipped)
    return [f"{n} file{'s' if n != 1 else ''} skipped:"] + [
        f"  skipped: {shown(s.path)}, because {shown(s.reason)}" for s in skipped
    ]
