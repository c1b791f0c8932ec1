"""Small pieces of the site: doctests of the pure modules, articles, config errors."""

from __future__ import annotations

import doctest

import pytest

from generator.errors import BuildError
from generator.resources import packaged_articles
from generator.site import archive, articles, format, links
from generator.site.articles import article_for_rule, read_article, rule_articles
from generator.site_config import load_config


@pytest.mark.parametrize("module", [format, links], ids=lambda m: m.__name__)
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_article_front_matter_and_headings(tmp_path):
    p = tmp_path / "x.md"
    p.write_text("---\ntitle: X & Y\nrules: [neuberg, weighted.component]\n---\n## Part\ntext <b>\n")
    a = read_article(p)
    assert a.slug == "x" and a.title == "X & Y" and a.rules == ("neuberg", "weighted.component")
    assert "<h2" in a.html  # the highest heading becomes an h2 under the page's h1


def test_rule_prefixes_choose_the_article():
    sample = articles.read_articles(packaged_articles())
    mapping = rule_articles(sample)
    assert article_for_rule("neuberg.formula", mapping) == "neuberg"
    assert article_for_rule("weighted.component", mapping) == "adjusted-scores"
    assert article_for_rule("cross_imps.comparison", mapping) == "cross-imps"
    assert article_for_rule("butler.datum", mapping) == "butler"
    assert article_for_rule("artificial.award", mapping) == "adjusted-scores"
    assert article_for_rule("session.percentage", mapping) == "matchpoints"
    assert article_for_rule("session.factoring", mapping) == "imps"
    assert article_for_rule("vp.scale", mapping) == "teams"


def test_seasons():
    assert archive.season_of("2026-09-07", 9) == "2026-27"
    assert archive.season_of("2026-08-31", 9) == "2025-26"
    assert archive.season_of("2026-08-31", 1) == "2026"


def test_bad_site_yaml_names_the_problem(tmp_path):
    (tmp_path / "site.yaml").write_text("club: X\nscoring: {neuberg_rounding: sometimes}\n")
    with pytest.raises(BuildError, match="neuberg_rounding"):
        load_config(tmp_path)
    (tmp_path / "site.yaml").write_text("clubb: X\n")
    with pytest.raises(BuildError, match="unknown setting 'clubb'"):
        load_config(tmp_path)


def test_a_clubs_articles_add_to_ours_and_replace_ours_by_slug(tmp_path):
    ours = {a.slug: a for a in articles.read_articles(packaged_articles())}
    (tmp_path / "our-movements.md").write_text("---\ntitle: Our movements\n---\nMitchell on Mondays.\n")
    (tmp_path / "neuberg.md").write_text("---\ntitle: Neuberg, our way\nrules: [neuberg]\n---\nOur text.\n")
    merged = {a.slug: a for a in articles.site_articles(tmp_path)}
    assert set(merged) == set(ours) | {"our-movements"}
    assert merged["neuberg"].title == "Neuberg, our way" and "Our text." in merged["neuberg"].html
    assert merged["matchpoints"] == ours["matchpoints"]
    assert {a.slug for a in articles.site_articles(tmp_path / "none")} == set(ours)  # no folder: ours
