"""``content/site.yaml``: the club's name, scoring defaults and a few site settings."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import yaml

from .errors import BuildError, shown
from .files import refused_file
from .languages import DEFAULT_LANGUAGE, check_tag
from .privacy import Privacy, privacy_of
from .scoring.message import Figure, Param, msg
from .scoring.options import MISSING, OptionError, ScoringOptions, resolve_options
from .scoring.said import Said, param_of, said, said_of

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
    site_url: str = ""
    """The site's address ('https://club.github.io/results/', always ending in '/'): the feed,
    the sitemap, canonical and Open Graph addresses are made absolute with it; '' leaves
    every link relative (``--site-url`` and ``BRIDGE_RESULTS_SITE_URL`` give it too)."""
    search_engines: bool = True
    """False: every page asks search engines not to index it, and no sitemap is written."""
    csv_bom: bool = True
    """results.csv starts with a UTF-8 byte order mark, so that Excel reads accented names."""
    logo: str = ""
    """The club's logo: an image in the content folder (copied to the site) or a full https
    address; the image of the pages' Open Graph and Twitter cards."""
    csv_format: str = "auto"
    """results.csv's separators: 'comma' (',' between fields, a decimal point), 'semicolon'
    (';' and a decimal comma, as Excel opens a CSV file in France or the Netherlands), or
    'auto': semicolon when the site's language writes a decimal comma."""
    event_missing: str | None = None
    """``events: {missing: ...}``: the club's rule for a pair that missed a session of an event
    of several sessions (``scoring/event.py``'s ``not_ranked``, ``played`` or ``average``),
    used where an event file states none; None: the engine's default (``not_ranked``)."""
    language: str = DEFAULT_LANGUAGE
    """The pages' language, a BCP 47 tag ('fr', 'nl', 'fr-BE'; docs/site.md): their text
    (gettext catalogs), figures, dates and places (Babel); 'en' needs no Babel."""
    privacy: Privacy | None = None
    """Members who asked not to be named (``hidden_names``, ``hidden_names_as``): ``privacy.py``."""

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
                "site_url": self.site_url,
                "search_engines": self.search_engines,
                "csv_bom": self.csv_bom,
                "logo": self.logo,
                # only when set: caches made before this setting stay valid
                **({"events": {"missing": self.event_missing}} if self.event_missing else {}),
                # only when set: an English site's caches stay valid across this addition
                **({"language": self.language} if self.language != DEFAULT_LANGUAGE else {}),
                **({"csv_format": self.csv_format} if self.csv_format != "auto" else {}),
                **({"hidden": [self.privacy.entries, self.privacy.shown_as]} if self.privacy else {}),
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


CSV_FORMATS = ("auto", "comma", "semicolon")
"""site.yaml's ``csv_format``: see ``SiteConfig.csv_format``."""


_KEYS = {
    "provisional_days",
    "site_url",
    "search_engines",
    "csv_bom",
    "csv_format",
    "logo",
    "language",
    "club",
    "description",
    "scoring",
    "events",
    "season_start_month",
    "season_min_sessions",
    "hidden_names",
    "hidden_names_as",
    "sessions_dir",
    "articles_dir",
}


LOGO_TYPES = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg"}


def site_address(value: Any, where: str, path: Path | None = None) -> str:
    """A site's address as given (site.yaml, ``--site-url``, the workflow's ``base_url``),
    checked and ending in '/': '' when not given.  Only http(s) addresses with a host:
    anything else would make every canonical and feed address wrong."""
    if value is None or value == "":
        return ""
    text = str(value).strip()
    parts = urlsplit(text)
    if (
        parts.scheme not in ("http", "https")
        or not parts.netloc
        or parts.query
        or parts.fragment
        or any(c.isspace() or c in '"<>\\^`{|}' for c in text)
    ):
        raise _settings_error(
            path,
            msg(
                "%(where)s %(value)s is not a web address: expected one such as https://club.github.io/results/",
                where=where,
                value=repr(text),
            ),
        )
    return text if text.endswith("/") else text + "/"


def _settings_error(path: Path | None, message: Param) -> BuildError:
    """An error about the settings file ``path``, said as ``message`` (translated on the banner
    when the file names a language it can be read in: ``error_text.say_in_language``)."""
    return BuildError(said(message), file=path)


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
        raise _settings_error(
            path,
            msg(
                "%(file)s: unknown setting %(key)s; known settings: %(known)s",
                file=shown(path),
                key=repr(unknown[0]),
                known=", ".join(sorted(_KEYS)),
            ),
        )
    scoring = data.get("scoring") or {}
    if not isinstance(scoring, dict):
        raise _settings_error(
            path,
            msg("%(file)s: %(key)s must be a mapping of option names to values", file=shown(path), key="'scoring'"),
        )
    month = data.get("season_start_month", 1)
    if not isinstance(month, int) or not 1 <= month <= 12:
        raise _settings_error(
            path,
            msg(
                "%(file)s: %(key)s must be a month number 1-12, got %(value)s",
                file=shown(path),
                key="'season_start_month'",
                value=repr(month),
            ),
        )
    minimum = data.get("season_min_sessions", 1)
    if not isinstance(minimum, int) or minimum < 1:
        raise _settings_error(
            path,
            msg(
                "%(file)s: %(key)s must be a whole number >= 1, got %(value)s",
                file=shown(path),
                key="'season_min_sessions'",
                value=repr(minimum),
            ),
        )
    days = data.get("provisional_days")
    if days is not None and (not isinstance(days, int) or isinstance(days, bool) or days < 0):
        raise _settings_error(
            path,
            msg(
                "%(file)s: %(key)s must be a whole number of days >= 0, got %(value)s",
                file=shown(path),
                key="'provisional_days'",
                value=repr(days),
            ),
        )
    flags = {}
    for key in ("search_engines", "csv_bom"):
        flag = data.get(key, True)
        if not isinstance(flag, bool):
            raise _settings_error(
                path,
                msg(
                    "%(file)s: %(key)s must be true or false, got %(value)s",
                    file=shown(path),
                    key=f"'{key}'",
                    value=repr(flag),
                ),
            )
        flags[key] = flag
    csv_format = data.get("csv_format", "auto")
    if csv_format not in CSV_FORMATS:
        raise _settings_error(
            path,
            msg(
                "%(file)s: %(key)s must be one of %(allowed)s, got %(value)s",
                file=shown(path),
                key="'csv_format'",
                allowed=", ".join(CSV_FORMATS),
                value=repr(csv_format),
            ),
        )
    logo = data.get("logo") or ""
    if not isinstance(logo, str):
        raise _settings_error(
            path,
            msg("%(file)s: %(key)s must be an image file's name or an https address", file=shown(path), key="'logo'"),
        )
    if logo and not logo.startswith("https://") and PurePosixPath(logo).suffix.lower() not in LOGO_TYPES:
        raise _settings_error(
            path,
            msg(
                "%(file)s: %(key)s %(value)s is not an image: expected a file ending in %(types)s or an https address",
                file=shown(path),
                key="'logo'",
                value=repr(logo),
                types=", ".join(sorted(LOGO_TYPES)),
            ),
        )
    try:
        privacy = privacy_of(data, shown(path))
    except ValueError as exc:
        raise BuildError(said_of(exc), file=path) from None
    config = SiteConfig(
        event_missing=_event_missing(data.get("events"), path),
        privacy=privacy,
        site_url=site_address(data.get("site_url"), f"{shown(path)}: 'site_url'", path),
        logo=logo,
        **flags,
        provisional_days=days or None,
        club=str(data.get("club", DEFAULT_CLUB)),
        description=str(data.get("description", "")),
        scoring=dict(scoring),
        season_start_month=month,
        season_min_sessions=minimum,
        sessions_dir=str(data.get("sessions_dir", "sessions")),
        articles_dir=str(data.get("articles_dir", "articles")),
        language=check_tag(data.get("language"), path),
        csv_format=csv_format,
    )
    try:
        config.options()
    except OptionError as exc:
        problem = said_of(exc)
        raise _settings_error(
            path,
            msg(
                "%(file)s: scoring: %(problem)s",
                file=shown(path),
                problem=param_of(problem) if isinstance(problem, Said) else shown(problem),
            ),
        ) from None
    return config


def readable_language(content: Path) -> str | None:
    """site.yaml's language when site.yaml can be read and names a good one ('en' when it names
    none), else None: the language an error about site.yaml's other settings is said in (a
    site.yaml that cannot be read or parsed has no known language: its error stays English)."""
    path = content / "site.yaml"
    if refused_file(path, content) or not path.is_file():
        return None
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        return check_tag(data.get("language"), path) if isinstance(data, dict) else None
    except (OSError, ValueError, yaml.YAMLError, BuildError):
        return None


def _event_missing(events: Any, path: Path) -> str | None:
    """site.yaml's ``events: {missing: not_ranked | played | average}``, checked."""
    if events is None:
        return None
    if not isinstance(events, dict) or set(events) - {"missing"}:
        raise _settings_error(
            path,
            msg(
                "%(file)s: %(key)s must be a mapping with the key missing: expected, e.g., %(example)s",
                file=shown(path),
                key="'events'",
                example="events: {missing: average}",
            ),
        )
    missing = events.get("missing")
    if missing is None:
        return None
    if missing not in MISSING:
        raise _settings_error(
            path,
            msg(
                "%(file)s: events: unknown missing %(value)s: expected one of %(allowed)s",
                file=shown(path),
                value=repr(missing),
                allowed=", ".join(MISSING),
            ),
        )
    return str(missing)


MAX_LOGO_BYTES = 1_000_000
"""A logo is a small image; anything larger is refused before it is read."""


def logo_file(content: Path, logo: str) -> tuple[str, bytes, str] | None:
    """The club's logo named in site.yaml: (its site path, its bytes, their SHA-256), or None
    when there is none or it is a web address.  Read only from inside the content folder."""
    if not logo or logo.startswith("https://"):
        return None
    settings = content / "site.yaml"
    path = content / logo
    refused = refused_file(path, content)
    if refused is None and PurePosixPath(logo).is_absolute():
        refused = "it is not a path inside the content folder"
    if refused:
        raise _settings_error(
            settings,
            msg(
                "%(file)s: %(key)s %(value)s is not read, because %(reason)s",
                file=shown(settings),
                key="'logo'",
                value=repr(logo),
                reason=shown(refused),
            ),
        )
    if not path.is_file():
        raise _settings_error(
            settings,
            msg(
                "%(file)s: %(key)s %(value)s not found: expected an image file in the content folder",
                file=shown(settings),
                key="'logo'",
                value=repr(logo),
            ),
        )
    if path.stat().st_size > MAX_LOGO_BYTES:
        raise _settings_error(
            settings,
            msg(
                "%(file)s: %(key)s %(value)s is %(size)s bytes: expected at most %(limit)s",
                file=shown(settings),
                key="'logo'",
                value=repr(logo),
                size=Figure(path.stat().st_size, 0, f"{path.stat().st_size:,}"),
                limit=Figure(MAX_LOGO_BYTES, 0, f"{MAX_LOGO_BYTES:,}"),
            ),
        )
    data = path.read_bytes()
    return f"static/club-logo{PurePosixPath(logo).suffix.lower()}", data, hashlib.sha256(data).hexdigest()
