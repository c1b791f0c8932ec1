"""``content/site.yaml``: the club's name, scoring defaults and a few site settings."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import BuildError, shown
from ..scoring.options import OptionError, ScoringOptions, resolve_options
from .tree import refused_file

DEFAULT_CLUB = "Bridge club"


@dataclass(frozen=True, slots=True)
class SiteConfig:
    club: str = DEFAULT_CLUB
    """Shown in every page's header and title."""
    description: str = ""
    """One sentence under the club name on the home page."""
    scoring: dict[str, Any] = field(default_factory=dict)
    """Scoring option defaults (see docs/scoring.md); a session's own options win."""
    season_start_month: int = 1
    """Seasons for the player ranking start on the first of this month (9 for September)."""
    season_min_sessions: int = 1
    """Players need this many percentage-scored sessions in a season to be ranked."""
    sessions_dir: str = "sessions"
    articles_dir: str = "articles"
    provisional_days: int | None = None
    """Results are provisional for this many days from a session's first commit (none when unset)."""

    def options(self, session_options: dict[str, Any] | None = None) -> ScoringOptions:
        """Site defaults, then the upload's own options."""
        return resolve_options(self.scoring, session_options)

    def fingerprint(self) -> str:
        return json.dumps(
            {
                "club": self.club,
                "description": self.description,
                "scoring": _string_keys(self.scoring),
                "season_start_month": self.season_start_month,
                "season_min_sessions": self.season_min_sessions,
                "provisional_days": self.provisional_days,
            },
            sort_keys=True,
            default=str,
        )


def _string_keys(value: Any) -> Any:
    """YAML mappings may mix number and text keys (a VP table's ``0:`` and ``3-4:``): JSON needs text."""
    if isinstance(value, dict):
        return {str(k): _string_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_string_keys(v) for v in value]
    return value


_KEYS = {
    "provisional_days",
    "club",
    "description",
    "scoring",
    "season_start_month",
    "season_min_sessions",
    "sessions_dir",
    "articles_dir",
}


def load_config(content: Path) -> SiteConfig:
    """Read ``content/site.yaml`` (optional: defaults when absent)."""
    path = content / "site.yaml"
    refused = refused_file(path, content)
    if refused:
        raise BuildError(
            f"{shown(path)}: not read, because {shown(refused)}: expected the club's settings "
            "as a file inside the content folder",
            file=path,
        )
    if not path.exists():
        return SiteConfig()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise BuildError(
            f"{shown(path)}: not valid YAML: {shown(exc)}", file=path, line=mark.line + 1 if mark is not None else None
        ) from None
    if not isinstance(data, dict):
        raise BuildError(f"{shown(path)}: expected a mapping of settings, got {type(data).__name__}", file=path)
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise BuildError(
            f"{shown(path)}: unknown setting {unknown[0]!r}; known settings: {', '.join(sorted(_KEYS))}", file=path
        )
    scoring = data.get("scoring") or {}
    if not isinstance(scoring, dict):
        raise BuildError(f"{shown(path)}: 'scoring' must be a mapping of option names to values", file=path)
    month = data.get("season_start_month", 1)
    if not isinstance(month, int) or not 1 <= month <= 12:
        raise BuildError(f"{shown(path)}: 'season_start_month' must be a month number 1-12, got {month!r}", file=path)
    minimum = data.get("season_min_sessions", 1)
    if not isinstance(minimum, int) or minimum < 1:
        raise BuildError(
            f"{shown(path)}: 'season_min_sessions' must be a whole number >= 1, got {minimum!r}", file=path
        )
    days = data.get("provisional_days")
    if days is not None and (not isinstance(days, int) or isinstance(days, bool) or days < 0):
        raise BuildError(
            f"{shown(path)}: 'provisional_days' must be a whole number of days >= 0, got {days!r}", file=path
        )
    config = SiteConfig(
        provisional_days=days or None,
        club=str(data.get("club", DEFAULT_CLUB)),
        description=str(data.get("description", "")),
        scoring=dict(scoring),
        season_start_month=month,
        season_min_sessions=minimum,
        sessions_dir=str(data.get("sessions_dir", "sessions")),
        articles_dir=str(data.get("articles_dir", "articles")),
    )
    try:
        config.options()
    except OptionError as exc:
        raise BuildError(f"{shown(path)}: scoring: {shown(exc)}", file=path) from None
    return config
