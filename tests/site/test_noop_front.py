"""The no-op build's front door (``site/noop.py``): "nothing changed" answered with the last
build's report before the engine is loaded; anything else left to the full build."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from generator.site.build import build_site
from generator.site.noop import unchanged
from generator.site.publish import PUBLISHING
from tests.site.test_build import make_content

ROOT = Path(__file__).resolve().parents[2]


def test_nothing_changed_gives_the_last_report_and_anything_else_none(tmp_path: Path):
    content = make_content(tmp_path)
    site, cache = tmp_path / "site", tmp_path / "cache"
    assert unchanged(content, site, cache_dir=cache) is None  # never built
    built = build_site(content, site, cache_dir=cache)
    time.sleep(2.1)  # past the two seconds in which a just-written upload is not trusted by its times
    again = build_site(content, site, cache_dir=cache)  # records the no-op fingerprint
    same = unchanged(content, site, cache_dir=cache)
    assert same is not None and same.written == 0 and same.pages == built.pages == again.pages
    assert same.summary().split(" in ")[0] == again.summary().split(" in ")[0]
    (site / "stray.html").write_text("x")  # the output is not what the build left
    assert unchanged(content, site, cache_dir=cache) is None
    (site / "stray.html").unlink()
    assert unchanged(content, site, cache_dir=cache) is not None
    (site / PUBLISHING).mkdir()  # a stopped build's: the full build recovers it and says so
    assert unchanged(content, site, cache_dir=cache) is None
    (site / PUBLISHING).rmdir()
    (content / "site.yaml").write_text("club: [unclosed\n")  # refused by the full build, with its message
    assert unchanged(content, site, cache_dir=cache) is None


def test_a_no_op_build_loads_neither_the_build_nor_the_renderer(tmp_path: Path):
    content = make_content(tmp_path)
    site = tmp_path / "site"
    build_site(content, site)
    time.sleep(2.1)
    build_site(content, site)
    probe = (
        "import sys; from generator import build; "
        f"r = build({str(content)!r}, {str(site)!r}); "
        "print(r.written, 'generator.site.build' in sys.modules, 'generator.site.render' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout
    assert out.split() == ["0", "False", "False"]
