"""The explanation fixture site: the fixture pairs session once per pairs method, the teams
event and a site.yaml with the options under test (tests/fixtures/explanations/)."""

from __future__ import annotations

from pathlib import Path

import yaml

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "explanations"
PAIRS_METHODS = ("matchpoints", "butler", "cross_imps", "aggregate")


def write_content(root: Path, options: dict) -> Path:
    """A content folder: the fixture pairs session once per pairs method, the teams event,
    the Swiss pairs event, and a site.yaml carrying ``options``."""
    content = root / "content"
    sessions = content / "sessions"
    sessions.mkdir(parents=True)
    template = (FIXTURES / "pairs.yaml.in").read_text(encoding="utf-8")
    for i, method in enumerate(PAIRS_METHODS):
        penalty = "  - {pair: 3, direction: NS, amount: 25%, reason: slow play}" if method == "matchpoints" else ""
        text = template.replace("@METHOD@", method).replace("@PENALTY@", penalty)
        text = text.replace("2026-03-02", f"2026-03-0{i + 2}")
        text = text.replace("Every Kind Pairs", f"Every Kind Pairs ({method})")
        (sessions / f"pairs-{method}.yaml").write_text(text, encoding="utf-8")
    (sessions / "teams.yaml").write_text((FIXTURES / "teams.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    swiss = (FIXTURES / "swiss.yaml").read_text(encoding="utf-8")
    if options.get("vp_scale") == "none":  # a Swiss match always becomes VPs: this site's teams keep IMPs only
        swiss = swiss.replace("options:\n", "options:\n  vp_scale: wbf\n")
    if options.get("vp_pool") == 10:  # a bye's VPs are out of the pool
        swiss = swiss.replace("swiss_bye_vps: 12", "swiss_bye_vps: 6")
    (sessions / "swiss.yaml").write_text(swiss, encoding="utf-8")
    articles = content / "articles"
    articles.mkdir()
    for article in (FIXTURES / "articles").glob("*.md"):
        (articles / article.name).write_text(article.read_text(encoding="utf-8"), encoding="utf-8")
    (content / "site.yaml").write_text(
        yaml.safe_dump({"club": "Fernhill Test Club", "scoring": options}), encoding="utf-8"
    )
    return content
