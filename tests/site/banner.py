"""A build by ``serve`` that fails, read on its banner and its terminal (the error banner tests
of issue 29 item 5: each reader's errors in the site's language, the terminal in English)."""

from __future__ import annotations

from pathlib import Path

from generator.serve import SiteServer


def serve_failure(content: Path, output: Path) -> tuple[str, str]:
    """The banner's text and the terminal's last message after ``serve``'s build of ``content``
    that fails."""
    err: list[str] = []
    server = SiteServer(content, output, port=0, jobs=1, out=lambda _: None, err=err.append)
    try:
        assert not server.build()
    finally:
        server.httpd.server_close()  # never started: nothing to shut down
    assert server.state.error is not None
    return server.state.error, err[-1]


def failed_uploads(tmp_path: Path, language: str | None, files: dict[str, str]) -> tuple[list[str], list[str]]:
    """The banner's problem lines and the terminal's, after a build of ``files`` (in sessions/)
    that fails; each line from the file's name on."""
    content = tmp_path / "content"
    (content / "sessions").mkdir(parents=True)
    (content / "site.yaml").write_text(
        "club: Orchard Bridge Club\n" + (f"language: {language}\n" if language else ""), encoding="utf-8"
    )
    for name, text in files.items():
        (content / "sessions" / name).write_text(text, encoding="utf-8")
    banner, terminal = serve_failure(content, tmp_path / "site")

    def problems(text: str) -> list[str]:
        return [line.split("/sessions/", 1)[1] for line in text.splitlines() if "/sessions/" in line]

    return problems(banner), problems(terminal)


def assert_english_kept(tmp_path: Path, files: dict[str, str], english: list[str]) -> None:
    """A French site's terminal, and an English site's banner and terminal, say the errors of
    ``files`` as ``english``, word for word (each line from the file's name on)."""
    assert failed_uploads(tmp_path / "fr", "fr", files)[1] == english
    assert failed_uploads(tmp_path / "en", None, files) == (english, english)
