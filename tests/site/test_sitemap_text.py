"""The sitemap written as text (``meta._sitemap_file``) is byte for byte what ElementTree
writes for the same elements, indented — the reference kept here, as the code was before."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from generator.site.meta import SITEMAP, _sitemap_file, sitemaps


def _by_elementtree(root: str, item: str, locations: list[str]) -> bytes:
    ET.register_namespace("", SITEMAP)
    top = ET.Element(f"{{{SITEMAP}}}{root}")
    for location in locations:
        ET.SubElement(ET.SubElement(top, f"{{{SITEMAP}}}{item}"), f"{{{SITEMAP}}}loc").text = location
    ET.indent(top)
    data: bytes = ET.tostring(top, encoding="utf-8", xml_declaration=True)
    return data + b"\n"


# Addresses with what XML text must escape, quotes it need not, and letters beyond ASCII (a
# site's address may hold them); no control characters, which no address holds.
ADDRESS = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")) | st.sampled_from("&<>\"'"), max_size=40)


@given(st.sampled_from([("urlset", "url"), ("sitemapindex", "sitemap")]), st.lists(ADDRESS, max_size=6))
def test_the_sitemap_text_is_what_elementtree_writes(kind: tuple[str, str], locations: list[str]) -> None:
    assert _sitemap_file(*kind, locations) == _by_elementtree(*kind, locations)


def test_a_club_address_with_markup_characters_is_escaped_in_every_sitemap_file() -> None:
    paths = [f"sessions/s{n:05d}/index.html" for n in range(50_001)]  # over one file's 50,000
    files = sitemaps("https://club.example/a&b<c>/", paths)
    assert sorted(files) == ["sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"]
    assert b"<loc>https://club.example/a&amp;b&lt;c&gt;/sitemap-2.xml</loc>" in files["sitemap.xml"]
    assert files["sitemap-2.xml"].endswith(
        b"  <url>\n    <loc>https://club.example/a&amp;b&lt;c&gt;/sessions/s50000/</loc>\n  </url>\n</urlset>\n"
    )
    for name, data in files.items():
        root = "sitemapindex" if name == "sitemap.xml" else "urlset"
        locations = [loc.text or "" for loc in ET.fromstring(data).iter(f"{{{SITEMAP}}}loc")]
        assert data == _by_elementtree(root, "sitemap" if root == "sitemapindex" else "url", locations)
