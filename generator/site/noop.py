"""The no-op build's front door: "nothing changed" answered before the engine is loaded.

A build whose inputs and output are what the last one left (``quick.py``) has nothing to
read, plan or write; on a big archive most of its time was spent importing what it then did
not use (the build's modules, the engine, the readers, the page kinds: about two thirds of
its CPU time).  ``unchanged`` takes the build's lock, reads the settings and asks ``quick``
with only the light modules loaded; any other answer (something changed, a build to recover,
a settings file to refuse, the lock held) is None, and the full build
(``build.build_site``) runs, finding and reporting the same things itself.
``read_settings`` and ``last_report`` are the build's own steps, shared with it."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from .. import sealed
from ..errors import BuildError, GeneratorError
from ..resources import default_templates
from ..site_config import SiteConfig, load_config, logo_file, site_address
from . import catalogs, quick
from .lock import build_lock
from .publish import FINISHED, PUBLISHING
from .report import BuildReport
from .tree import Skipped


@dataclass(frozen=True, slots=True)
class Settings:
    """``site.yaml`` read, with what of it (and of ``--site-url``) the no-op fingerprint adds."""

    text: str | None
    """``site.yaml``'s text before it was loaded (``quick.settings_text``)."""
    config: SiteConfig
    logo: tuple[str, bytes, str] | None
    language: catalogs.Language
    extra: str
    """Inputs from outside the folders, for ``quick.check`` and ``quick.remember``."""


def read_settings(content: Path, site_url: str | None) -> Settings:
    """The site's settings, its logo and its language (raises ``BuildError`` on a bad one)."""
    text = quick.settings_text(content)
    address = site_address(site_url, "the site's address (--site-url or BRIDGE_RESULTS_SITE_URL)")
    try:
        config = load_config(content)
        if address and not config.site_url:  # site.yaml's own address (a custom domain) wins
            config = replace(config, site_url=address)
        logo = logo_file(content, config.logo)
    except BuildError as exc:  # said on serve's banner in site.yaml's language, when it has one
        from .error_text import say_in_language  # only on a failure: a no-op build loads no renderer

        say_in_language(exc, content)
        raise
    language = catalogs.load_language(config.language, content, lazy=True)  # read by the build, if it runs
    extra = f"\0{config.site_url}\0{logo[2] if logo else ''}" if config.site_url or logo else ""
    extra += f"\0{language.digest}" if language.digest else ""  # the catalogs read (none for English)
    return Settings(text, config, logo, language, extra)


def last_report(
    cache_root: Path,
    content: Path,
    output: Path,
    templates: Path,
    now: datetime,
    settings: Settings,
    started: float,
    jobs: int | None = 1,
) -> BuildReport | None:
    """The last build's report again when nothing changed since (``quick.check``), else None."""
    when = now.astimezone(UTC).isoformat()
    last = quick.check(cache_root, content, output, templates, when, settings.extra, jobs)
    if last is None:
        return None
    return BuildReport(
        output=output,
        sessions=last["sessions"],
        uploads=last["uploads"],
        rendered=0,
        pages=last["pages"],
        written=0,
        unchanged=last["pages"],
        removed=0,
        seconds=time.perf_counter() - started,
        warnings=list(last.get("warnings", ())),
        skipped=[Skipped(p, r) for p, r in last.get("skipped", [])],
    )


def unchanged(
    content: Path,
    output: Path,
    templates: Path | None = None,
    cache_dir: Path | None = None,
    site_url: str | None = None,
    jobs: int | None = None,
) -> BuildReport | None:
    """``build_site``'s report when nothing changed since the last build, else None (then
    ``build_site`` runs: it reports any error this passed over).  ``jobs``: as ``--jobs``."""
    started = time.perf_counter()
    # an earlier build's, in this process; this one's (a damaged no-op record) stay for the
    # full build to report (``build_site(checked=True)`` does not clear them)
    sealed.take_warnings()
    content, output = Path(content), Path(output)
    templates = Path(templates) if templates else default_templates(content)
    cache_root = Path(cache_dir) if cache_dir else output.parent / ".cache" / "site"
    if not content.is_dir() or not output.is_dir() or not (templates / "base.html").is_file():
        return None
    c, o = content.resolve(), output.resolve()
    if o == c or c.is_relative_to(o) or o.is_relative_to(c):
        return None
    try:
        with build_lock(cache_root, output):
            if os.path.lexists(output / PUBLISHING) or os.path.lexists(output / FINISHED):
                return None  # what a stopped build left: the build recovers it and says so
            settings = read_settings(content, site_url)
            return last_report(cache_root, content, output, templates, datetime.now(UTC), settings, started, jobs)
    except (GeneratorError, OSError):
        return None
