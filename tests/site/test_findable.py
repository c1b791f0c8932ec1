"""Linked and found (issue 26, items 5 and 7): the site's address in the feed, the sitemap,
canonical and Open Graph tags, the 404 page, ``search_engines: false``, readable addresses
with redirects from the old ones, and a results.csv that Excel reads."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
from pathlib import Path

import defusedxml.ElementTree as DET
import pytest

from generator.errors import BuildError
from generator.site.build import build_site
from generator.site.links import Legacy, board_file, pair_file, player_addresses, player_slug, slugify
from generator.site.redirects import MARK

from .test_pages import _all_pages, check_links

URL = "https://larkfield.example/results/"
SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"

# Invented names in the scripts and spellings a club's members have: the addresses must keep
# every letter (Łukasz, Jørgen Ærø, Cyrillic, Greek) and keep two players apart whose names
# give one slug (Séan Kelly and Sean Kelly).
MITCHELL = """method: matchpoints
event: Lundi Pairs
date: 2026-10-05
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Łukasz Ząbek, Jørgen Ærø]}
  - {number: 2, direction: NS, players: [Иван Петров, Γιώργος Νικολάου]}
  - {number: 1, direction: EW, players: [Séan Kelly, Orla O'Neill]}
  - {number: 2, direction: EW, players: [Sean Kelly, Bea Bloom]}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, score: 420}
      - {ns: 2, ew: 2, score: 400}
  - number: 2
    results:
      - {ns: 1, ew: 2, score: 110}
      - {ns: 2, ew: 1, score: 140}
"""

SECTIONS = """method: matchpoints
event: Two sections
date: 2026-10-12
movement: mitchell
sections:
  - name: Sect1
    pairs:
      - {number: 10, direction: NS, players: [Ann Archer, Bill Baker]}
      - {number: 11, direction: NS, players: [Cora Cole, Dan Drake]}
      - {number: 10, direction: EW, players: [Edna Ellis, Frank Fenwick]}
      - {number: 11, direction: EW, players: [Gina Gale, Hal Hooper]}
    boards:
      - number: 1
        results:
          - {ns: 10, ew: 10, score: 420}
          - {ns: 11, ew: 11, score: 400}
  - name: B
    pairs:
      - {number: 1, direction: NS, players: [Ivy Cross, Jo Cross]}
      - {number: 2, direction: NS, players: [Kay Kettle, Leo Lark]}
      - {number: 1, direction: EW, players: [Mona Marsh, Ned Nettle]}
      - {number: 2, direction: EW, players: [Olive Oakes, Pete Pollard]}
    boards:
      - number: 1
        results:
          - {ns: 1, ew: 1, score: 420}
          - {ns: 2, ew: 2, score: 400}
"""


def _content(root: Path, settings: str = "") -> Path:
    content = root / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(
        "club: Larkfield Bridge Club\ndescription: Results of our Monday and Thursday sessions.\n" + settings,
        encoding="utf-8",
    )
    (content / "sessions" / "2026-10-05-понедельник.yaml").write_text(MITCHELL, encoding="utf-8")
    (content / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 16)
    return content


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    """A small site built with its address and a logo, as the GitHub workflow builds it."""
    root = tmp_path_factory.mktemp("findable")
    content = _content(root, "logo: logo.png\n")
    build_site(content, root / "site", jobs=1, site_url=URL)
    return root / "site"


@pytest.fixture(scope="module")
def local(tmp_path_factory) -> Path:
    """The same site without an address: everything relative, as before."""
    root = tmp_path_factory.mktemp("local")
    build_site(_content(root), root / "site", jobs=1)
    return root / "site"


def _head(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8").split("</head>")[0]


def _meta(head: str, key: str) -> str | None:
    found = re.search(rf'<meta (?:name|property)="{re.escape(key)}" content="([^"]*)">', head)
    return found.group(1) if found else None


# --- addresses ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Łukasz", "lukasz"),
        ("Jørgen Ærø", "jorgen-aero"),
        ("Иван Петров", "ivan-petrov"),
        ("Γιώργος Νικολάου", "giorgos-nikolaoy"),
        ("Séan O'Neill", "sean-oneill"),
        ("Straße", "strasse"),
        ("  ANN   archer ", "ann-archer"),
        ("Se\u0301an", "sean"),  # a decomposed accent (NFD) gives the same address as the composed one
    ],
)
def test_names_are_transliterated_not_dropped(name, slug):
    assert player_slug(name) == slug


def test_addresses_are_the_same_in_any_locale():
    """A fresh interpreter under a Turkish locale (where 'I'.lower() is 'ı' in C's tolower)
    gives the same addresses: nothing here depends on the locale."""
    code = "from generator.site.links import player_slug; print(player_slug('İlker IŞIK'), player_slug('Ирина'))"
    env = {"LC_ALL": "tr_TR.UTF-8", "LANG": "tr_TR.UTF-8", "PYTHONIOENCODING": "utf-8"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["ilker-isik", "irina"]


def test_the_old_scheme_dropped_letters_the_new_keeps():
    assert Legacy.slugify("Łukasz Ærø") == "ukasz-r"  # what the first scheme made of it
    assert slugify("Łukasz Ærø") == "lukasz-aero"
    assert Legacy.player_slug("Orla O'Neill").startswith("orla-o-neill-")  # a hash was added
    assert player_slug("Orla O'Neill") == "orla-oneill"


def test_two_players_whose_names_meet_get_numbered_addresses_in_the_order_they_first_played():
    own = player_addresses(
        [
            ("sean kelly", "sean-kelly", "2026-10-05"),
            ("séan kelly", "sean-kelly", "2026-10-05"),  # the same day: by name ('sean' < 'séan')
            ("seán kelly", "sean-kelly", "2026-09-01"),  # played first
            ("sean-kelly 2", "sean-kelly-2", "2026-01-01"),  # someone's own slug is never taken
            ("ann archer", "ann-archer", "2026-01-01"),
        ]
    )
    assert own == {
        "seán kelly": "sean-kelly-3",
        "sean kelly": "sean-kelly-4",
        "séan kelly": "sean-kelly-5",
        "sean-kelly 2": "sean-kelly-2",
        "ann archer": "ann-archer",
    }
    assert len(set(own.values())) == len(own)


def test_pair_and_board_addresses_keep_section_direction_and_number_apart():
    from generator.model import Direction, PairRef

    assert pair_file(PairRef("", 1, Direction.NS)) == "pair-ns-1.html"
    assert pair_file(PairRef("", 3)) == "pair-3.html"
    assert pair_file(PairRef("Sect1", 10, Direction.NS)) != pair_file(PairRef("Sect11", 0, Direction.NS))
    assert pair_file(PairRef("Sect1", 10, Direction.NS)) == "pair-sect1-ns-10.html"
    assert board_file(10, "Sect1") == "board-sect1-10.html" != board_file(0, "Sect11")
    assert Legacy.pair_file(PairRef("Sect1", 10, Direction.NS)) == "pair-sect110-ns.html"


def test_player_pages_are_readable_and_never_shared(published):
    players = {p.name for p in (published / "players").glob("*.html") if MARK not in p.read_bytes()[:40]}
    for slug in ("lukasz-zabek", "jorgen-aero", "ivan-petrov", "giorgos-nikolaoy", "orla-oneill"):
        assert f"{slug}.html" in players
    # Séan Kelly and Sean Kelly: a page each, and the address both names give lists both
    assert {"sean-kelly-2.html", "sean-kelly-3.html"} <= players
    texts = [(published / "players" / f"sean-kelly-{n}.html").read_text(encoding="utf-8") for n in (2, 3)]
    assert "<h1>Séan Kelly</h1>" in texts[0] or "<h1>Séan Kelly</h1>" in texts[1]
    assert "<h1>Sean Kelly</h1>" in texts[0] or "<h1>Sean Kelly</h1>" in texts[1]
    choice = (published / "players" / "sean-kelly.html").read_text(encoding="utf-8")
    assert 'href="sean-kelly-2.html"' in choice and 'href="sean-kelly-3.html"' in choice


def test_every_old_address_leads_to_its_new_page(published):
    """Each page the first scheme named otherwise has a redirect at its old address: the
    session folder (its name had Cyrillic letters the old scheme dropped), the pair pages
    and the players whose old address carried a hash or lost letters."""
    ONEILL_BEFORE = Legacy.player_slug("Orla O'Neill")
    old_dir = "sessions/" + Legacy.slugify("2026-10-05-понедельник")
    new_dir = "sessions/" + slugify("2026-10-05-понедельник")
    assert (old_dir, new_dir) == ("sessions/2026-10-05", "sessions/2026-10-05-ponedelnik")
    expected = {
        f"{old_dir}/index.html": f"{new_dir}/index.html",
        f"{old_dir}/board-1.html": f"{new_dir}/board-1.html",
        f"{old_dir}/pair-1-ns.html": f"{new_dir}/pair-ns-1.html",
        f"{new_dir}/pair-1-ns.html": f"{new_dir}/pair-ns-1.html",
        f"{new_dir}/pair-2-ew.html": f"{new_dir}/pair-ew-2.html",
        f"players/{Legacy.player_slug('Łukasz Ząbek')}.html": "players/lukasz-zabek.html",
        f"players/{ONEILL_BEFORE}.html": "players/orla-oneill.html",
        f"players/{Legacy.player_slug('Иван Петров')}.html": "players/ivan-petrov.html",
    }
    for old, new in expected.items():
        html = (published / old).read_text(encoding="utf-8")
        assert html.startswith("<!DOCTYPE html>\n<!-- moved -->"), old
        target = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', html).group(1)
        assert (published / Path(old).parent / target).resolve() == (published / new).resolve(), old
        assert f'<link rel="canonical" href="{URL}{new.removesuffix("index.html")}">' in html
        assert f'<a href="{target}">' in html and 'name="robots" content="noindex"' in html
    # and every redirect of the site leads to a page that is not itself a redirect
    for page in published.rglob("*.html"):
        html = page.read_bytes()
        if MARK in html[:40]:
            target = re.search(rb'url=([^"]+)"', html).group(1).decode()
            final = (page.parent / target).resolve()
            assert final.is_file() and MARK not in final.read_bytes()[:40], page


def test_a_section_named_like_a_number_gets_apart_addresses_and_the_old_ones_redirect(tmp_path):
    content = _content(tmp_path)
    (content / "sessions" / "2026-10-12-sections.yaml").write_text(SECTIONS, encoding="utf-8")
    build_site(content, tmp_path / "site", jobs=1)
    folder = tmp_path / "site" / "sessions" / "2026-10-12-sections"
    assert (folder / "pair-sect1-ns-10.html").is_file() and (folder / "board-sect1-1.html").is_file()
    assert b'url=pair-sect1-ns-10.html"' in (folder / "pair-sect110-ns.html").read_bytes()
    assert b'url=board-sect1-1.html"' in (folder / "board-Sect11.html").read_bytes()


def test_an_event_whose_name_had_letters_the_old_scheme_dropped_is_redirected(tmp_path):
    content = _content(tmp_path)
    (content / "sessions" / "2026-10-12-lundi.yaml").write_text(
        MITCHELL.replace("2026-10-05", "2026-10-12"), encoding="utf-8"
    )
    (content / "sessions" / "2026-зима.event.yaml").write_text(
        "event:\n  title: Зимний турнир\n  method: total_matchpoints\n  sessions:\n"
        "    - {file: 2026-10-05-понедельник.yaml, label: First}\n"
        "    - {file: 2026-10-12-lundi.yaml, label: Second}\n",
        encoding="utf-8",
    )
    build_site(content, tmp_path / "site", jobs=1, site_url=URL)
    site = tmp_path / "site"
    assert (site / "events" / "2026-zima" / "index.html").is_file()
    old = (site / "events" / "2026" / "index.html").read_bytes()
    assert MARK in old[:40] and b'url=../2026-zima/index.html"' in old
    listed = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert f"{URL}events/2026-zima/" in listed and f"{URL}events/2026/" not in listed


def test_old_folders_that_would_meet_a_page_of_today_are_not_redirected(tmp_path):
    """'2026-10-05.yaml' has the folder the first scheme gave '2026-10-05-понедельник.yaml':
    the session of today keeps it; nothing fails."""
    content = _content(tmp_path)
    (content / "sessions" / "2026-10-05.yaml").write_text(
        MITCHELL.replace("Lundi Pairs", "Other Pairs").replace("2026-10-05", "2026-10-06"), encoding="utf-8"
    )
    build_site(content, tmp_path / "site", jobs=1)
    index = (tmp_path / "site" / "sessions" / "2026-10-05" / "index.html").read_bytes()
    assert MARK not in index[:40] and b"Other Pairs" in index


# --- site_url: feed, sitemap, canonical, Open Graph, 404 ------------------------------------


def test_the_feed_links_are_absolute_with_the_sites_address(published):
    import feedparser

    parsed = feedparser.parse((published / "feed.xml").read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert [ln.href for ln in parsed.feed.links if ln.rel == "self"] == [URL + "feed.xml"]
    assert parsed.entries
    for entry in parsed.entries:
        assert entry.link.startswith(URL), entry.link
        path = entry.link[len(URL) :].partition("#")[0]
        assert (published / path / "index.html").is_file(), entry.link


def test_without_an_address_the_feed_stays_relative(local):
    import feedparser

    parsed = feedparser.parse((local / "feed.xml").read_bytes())
    assert not parsed.bozo
    assert all(not e.link.startswith("http") for e in parsed.entries)
    assert (local / parsed.entries[0].link.partition("#")[0]).is_file()


def test_the_sitemap_lists_every_page_and_no_redirect(published):
    tree = DET.fromstring((published / "sitemap.xml").read_bytes())  # valid XML
    assert tree.tag == f"{SITEMAP_NS}urlset"
    listed = [loc.text for loc in tree.iter(f"{SITEMAP_NS}loc")]
    assert len(listed) == len(set(listed))
    pages = [p for p in _all_pages(published) if p != "404.html"]
    expected = {URL + (p.removesuffix("index.html")) for p in pages}
    assert set(listed) == expected
    assert not any("pair-1-ns" in x or "404" in x for x in listed)
    # robots.txt only at a host's root: this site is under /results/
    assert not (published / "robots.txt").exists()


def test_robots_txt_names_the_sitemap_at_a_hosts_root(tmp_path):
    build_site(_content(tmp_path), tmp_path / "site", jobs=1, site_url="https://results.larkfield.example")
    robots = (tmp_path / "site" / "robots.txt").read_text()
    assert "Sitemap: https://results.larkfield.example/sitemap.xml" in robots


def test_without_an_address_there_is_no_sitemap_and_no_canonical(local):
    assert not (local / "sitemap.xml").exists() and not (local / "robots.txt").exists()
    for path in _all_pages(local):
        head = _head(local, path)
        assert 'rel="canonical"' not in head and "og:url" not in head, path


def test_each_page_has_a_canonical_address_a_description_and_a_card(published):
    folder = "sessions/2026-10-05-ponedelnik/"
    head = _head(published, folder + "board-2.html")
    assert f'<link rel="canonical" href="{URL}{folder}board-2.html">' in head
    description = _meta(head, "description")
    assert description == "Board 2, Lundi Pairs, 5 October 2026. Results of our Monday and Thursday sessions."
    assert _meta(head, "og:description") == description == _meta(head, "twitter:description")
    assert _meta(head, "og:title") == "Board 2 · Lundi Pairs · Larkfield Bridge Club" == _meta(head, "twitter:title")
    assert _meta(head, "og:url") == f"{URL}{folder}board-2.html"
    assert _meta(head, "og:image") == URL + "static/club-logo.png" == _meta(head, "twitter:image")
    assert (published / "static" / "club-logo.png").read_bytes().startswith(b"\x89PNG")
    session = _head(published, folder + "index.html")
    assert _meta(session, "description") == "Lundi Pairs, 5 October 2026. Results of our Monday and Thursday sessions."
    assert _meta(session, "og:title") == "Lundi Pairs · Larkfield Bridge Club"
    home = _head(published, "index.html")
    assert f'<link rel="canonical" href="{URL}">' in home
    assert _meta(home, "description") == "Results. Results of our Monday and Thursday sessions."
    assert _meta(home, "robots") is None
    for path in _all_pages(published):
        assert _meta(_head(published, path), "description"), path


def test_every_link_resolves_with_the_sites_address(published, parse_page):
    check_links(published, lambda path: parse_page(published, path), URL)


def test_the_404_page_works_at_any_depth(published, local):
    """GitHub Pages serves 404.html for a missing address at any depth: with the site's
    address every link is absolute; without it a script sets the root, and the links are
    written from the root."""
    html = (published / "404.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:href|src)="([^"]+)"', html)
    links = [x for x in links if not x.startswith("#")]
    assert links and all(x.startswith(URL) for x in links), links
    for href in links:
        assert (published / href[len(URL) :]).is_file(), href
    assert "<script" not in html and _meta(_head(published, "404.html"), "robots") == "noindex"
    html = (local / "404.html").read_text(encoding="utf-8")
    assert "<script>" in html.split("<title>")[0]  # before any relative link of the head
    assert "base.href = root" in html and "\\.github\\.io" in html
    for href in re.findall(r'(?:href|src)="([^"#][^"]*)"', html):
        assert (local / href).is_file(), href


def test_search_engines_false_asks_every_page_not_to_be_indexed(tmp_path):
    build_site(_content(tmp_path, "search_engines: false\n"), tmp_path / "site", jobs=1, site_url=URL)
    site = tmp_path / "site"
    pages = list(site.rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        assert '<meta name="robots" content="noindex">' in page.read_text(encoding="utf-8"), page
    assert not (site / "sitemap.xml").exists() and not (site / "robots.txt").exists()


def test_site_yaml_settings_are_checked(tmp_path):
    for setting, said in [
        ("site_url: club.example\n", "'site_url' 'club.example' is not a web address"),
        ("site_url: 'https://club.example/\"><b>'\n", "is not a web address"),
        ("search_engines: no thanks\n", "'search_engines' must be true or false"),
        ("csv_bom: 1\n", "'csv_bom' must be true or false"),
        ("logo: notes.txt\n", "'logo' 'notes.txt' is not an image"),
        ("logo: missing.png\n", "'logo' 'missing.png' not found"),
        ("logo: ../outside.png\n", "'logo' '../outside.png' is not read"),
    ]:
        root = tmp_path / str(abs(hash(setting)))
        (root / "outside.png").parent.mkdir(parents=True)
        (root / "outside.png").write_bytes(b"x")
        with pytest.raises(BuildError, match=re.escape(said)):
            build_site(_content(root, setting), root / "site", jobs=1)


def test_site_yaml_address_wins_over_the_command_line_and_a_site_moves_cleanly(tmp_path):
    content = _content(tmp_path, "site_url: https://results.larkfield.example\n")
    build_site(content, tmp_path / "site", jobs=1, site_url=URL)
    assert 'href="https://results.larkfield.example/"' in _head(tmp_path / "site", "index.html")
    # the address given on the command line changes the pages, though no file did
    (content / "site.yaml").write_text("club: Larkfield Bridge Club\n", encoding="utf-8")
    build_site(content, tmp_path / "site", jobs=1, site_url=URL)
    build_site(content, tmp_path / "site", jobs=1, site_url="https://elsewhere.example/")
    assert 'href="https://elsewhere.example/"' in _head(tmp_path / "site", "index.html")


def test_the_command_line_takes_the_address_from_the_option_or_the_environment(tmp_path, monkeypatch):
    from generator.cli import main

    content = _content(tmp_path)
    monkeypatch.setenv("BRIDGE_RESULTS_SITE_URL", "https://env.example/r")
    assert main(["build", "--content", str(content), "--output", str(tmp_path / "a"), "--jobs", "1"]) in (0, None)
    assert '<link rel="canonical" href="https://env.example/r/">' in _head(tmp_path / "a", "index.html")
    argv = ["build", "--content", str(content), "--output", str(tmp_path / "b"), "--jobs", "1"]
    assert main([*argv, "--site-url", "https://option.example/"]) in (0, None)
    assert '<link rel="canonical" href="https://option.example/">' in _head(tmp_path / "b", "index.html")


# --- results.csv -----------------------------------------------------------------------------


def test_results_csv_starts_with_a_byte_order_mark_for_excel(published, tmp_path):
    data = (published / "sessions" / "2026-10-05-ponedelnik" / "results.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0][0] != "" and not rows[0][0].startswith("\ufeff")
    assert any("Łukasz Ząbek" in cell for row in rows for cell in row)
    build_site(_content(tmp_path, "csv_bom: false\n"), tmp_path / "site", jobs=1)
    plain = (tmp_path / "site" / "sessions" / "2026-10-05-ponedelnik" / "results.csv").read_bytes()
    assert plain == data[3:]
