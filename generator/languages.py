"""A site's language tag (site.yaml's ``language:``, BCP 47): checked, made canonical, and
whether it needs Babel.  Below the settings' loader (``site_config``) and the site's
``site/i18n.py`` (catalogs, figures and dates in the language), which both use it.

English (``en``, the default) needs no Babel; any other tag does, and Babel is the
``languages`` extra (its locale data would double the runtime install)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import BuildError, shown

if TYPE_CHECKING:
    from babel import Locale

DEFAULT_LANGUAGE = "en"
EXTRA = 'pip install "bridge-results-generator[languages]"'
"""What installs Babel (the ``languages`` extra)."""


def check_tag(value: object, settings: Path) -> str:
    """site.yaml's ``language`` as a canonical BCP 47 tag ('fr', 'nl-BE'), or a clear error
    naming site.yaml.  'en' needs no Babel; any other tag does."""
    if value is None or value == "":
        return DEFAULT_LANGUAGE
    if not isinstance(value, str) or not value.strip():
        raise BuildError(
            f"{shown(settings)}: 'language' must be a language tag such as 'fr', 'nl' or 'en', got {value!r}",
            file=settings,
        )
    tag = value.strip()
    if tag == DEFAULT_LANGUAGE:
        return tag
    return _tag_of(parse_tag(tag, settings))


def _babel(settings: Path, tag: str) -> Any:
    try:
        import babel
    except ImportError:
        raise BuildError(
            f"{shown(settings)}: 'language' {tag!r} needs Babel, which is not installed: {EXTRA} "
            "(or leave the language out for English)",
            file=settings,
        ) from None
    return babel


def parse_tag(tag: str, settings: Path) -> Locale:
    """Babel's locale for ``tag`` ('fr', 'nl_BE' or 'nl-BE'), or a clear error naming site.yaml."""
    babel = _babel(settings, tag)
    try:
        locale: Locale = babel.Locale.parse(tag.replace("_", "-"), sep="-")
        return locale
    except (ValueError, TypeError, babel.UnknownLocaleError):
        raise BuildError(
            f"{shown(settings)}: 'language' {tag!r} is not a language tag Babel knows: "
            "expected a BCP 47 tag such as 'fr', 'nl' or 'fr-BE'",
            file=settings,
        ) from None


def _tag_of(locale: Locale) -> str:
    return "-".join(filter(None, (locale.language, locale.script, locale.territory, locale.variant)))


def needs_babel(content: Path | str) -> bool:
    """Whether the site needs the ``languages`` extra (a language other than English, or a
    club catalog): the workflow asks before it builds (a site.yaml it cannot read answers no
    here; the build then names the problem)."""
    import yaml

    try:
        data = yaml.safe_load((Path(content) / "site.yaml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False
    value = data.get("language") if isinstance(data, dict) else None
    if value and str(value).strip() != DEFAULT_LANGUAGE:
        return True
    return any((Path(content) / "locale").glob("**/*.po"))  # an English site's own words (en.po)
