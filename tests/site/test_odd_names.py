"""Any file name builds, on any locale (issue 25, item 6): a name that is not UTF-8, quotes,
'#', '%', '?', a tab, Cyrillic and CJK, built by real processes under ``LC_ALL=C
PYTHONUTF8=0`` (names decoded as ASCII) and under a UTF-8 locale, give the same site —
the same addresses, the same bytes — and every link of it resolves."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.site.links import file_slug

from .test_corrections import V1

NAMES = [
    b'quote\'s "x".yaml',
    b"hash#1.yaml",
    b"pct%20.yaml",
    b"what?.yaml",
    b"tab\there.yaml",
    "\u041f\u0430\u0440\u044b-2026.yaml".encode(),  # Cyrillic
    "\u041f\u0430\u0440\u0430-2026.yaml".encode(),  # Cyrillic, one letter apart: never the same address
    "\u706b\u66dc\u65e5.yaml".encode(),  # CJK
    b"latin1-\xe9t\xe9.yaml",  # not UTF-8
]
LOCALES = {
    "C, not UTF-8 mode": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"},
    "UTF-8": {"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "PYTHONUTF8": "1"},
}


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[subprocess.CompletedProcess[str], Path]]:
    out = {}
    for name, env in LOCALES.items():
        work = tmp_path_factory.mktemp("odd") / "club"
        sessions = os.path.join(os.fsencode(work), b"content", b"sessions")
        os.makedirs(sessions)
        (work / "content" / "site.yaml").write_text("club: Odd Names Club\n", encoding="utf-8")
        for n, raw in enumerate(NAMES):
            with open(os.path.join(sessions, raw), "wb") as f:
                f.write(V1.replace("Tuesday", f"Tuesday {n}").encode())
        done = subprocess.run(
            [sys.executable, "-m", "generator", "build", "--content", "content", "--output", "site", "--jobs", "2"],
            cwd=work,
            capture_output=True,
            text=True,
            errors="replace",
            env={**os.environ, **env},
            timeout=600,
        )
        out[name] = (done, work / "site")
    return out


def test_every_name_builds_under_every_locale(sites) -> None:
    for done, _ in sites.values():
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr and f"{len(NAMES)} sessions from {len(NAMES)} uploads" in done.stdout


def test_the_addresses_and_pages_do_not_depend_on_the_locale(sites) -> None:
    (_, a), (_, b) = sites.values()
    assert _files(a) == _files(b)
    # One address each, none shared (the other folders are the redirects from earlier addresses).
    made = sorted(p.name for p in (a / "sessions").iterdir() if (p / "results.json").is_file())
    assert len(made) == len(NAMES)
    # Every script transliterated (links.py); only bytes that are not UTF-8 get their hash.
    assert {"quotes-x", "hash-1", "pct-20", "what", "tab-here", "pary-2026", "para-2026", "huoyaori"} <= set(made)
    latin1 = "latin1-\ufffdt\ufffd"
    assert file_slug(latin1, b"latin1-\xe9t\xe9") in made and file_slug(latin1, b"latin1-\xe9t\xe9") != "latin1-t"


def test_every_link_resolves(sites, broken_links) -> None:
    for _, site in sites.values():
        assert broken_links(site) == []


def test_a_page_names_the_upload_as_its_bytes_read_as_utf8(sites) -> None:
    _, site = next(iter(sites.values()))
    texts = [p.read_text(encoding="utf-8") for p in (site / "sessions").glob("*/results.json")]
    assert any("content/sessions/\u706b\u66dc\u65e5.yaml" in t for t in texts)
    assert any("content/sessions/latin1-\ufffdt\ufffd.yaml" in t for t in texts)  # not UTF-8: U+FFFD, never a crash
