"""``serve``: build, serve the site on 127.0.0.1, rebuild when content or templates change.

Every page served gets a few lines of script that ask ``/__build__`` (the number of builds)
once a second and reload the page when it changes: the browser shows each rebuild by itself.

A rebuild that fails prints its problems in the terminal and keeps the previous site
served (the build never touches the output folder when it fails); while it is failing,
every page carries a banner with the problems, and a page that does not exist yet shows
them instead.  ``watchfiles`` does the watching (native file-system events).
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import escape

from .errors import GeneratorError
from .resources import default_templates


@dataclass
class ServeState:
    """What the last build said; the request handlers read it."""

    error: str | None = None
    """The last build's error, as the banner shows it (in the site's language)."""
    builds: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


class SiteServer:
    """The build, the HTTP server and the watcher, each startable and stoppable (tests drive it)."""

    def __init__(
        self,
        content: Path,
        output: Path,
        templates: Path | None = None,
        port: int = 8000,
        jobs: int | None = None,
        debounce_ms: int = 400,
        host: str = "127.0.0.1",
        out: Callable[[str], None] | None = None,
        err: Callable[[str], None] | None = None,
    ):
        self.content, self.output = Path(content), Path(output)
        self.templates = Path(templates) if templates else default_templates(self.content)
        self.jobs = jobs
        self.debounce_ms = debounce_ms
        self.state = ServeState()
        self._out = out or (lambda text: print(text, flush=True))
        self._err = err or (lambda text: print(text, file=sys.stderr, flush=True))
        self._stop = threading.Event()
        self._watching = threading.Event()
        self._threads: list[threading.Thread] = []
        handler = functools.partial(_Handler, directory=str(self.output))
        try:
            self.httpd = _Server((host, port), handler)
        except OSError as exc:
            raise GeneratorError(
                f"cannot serve on {host}:{port}: {exc.strerror or exc}; choose another port with --port "
                "(or another address with --host)"
            ) from None
        self.host = host
        self.httpd.state = self.state

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("", "0.0.0.0") else self.host
        return f"http://{host}:{self.httpd.server_address[1]}/"

    def build(self) -> bool:
        """One build; True when it succeeded.  Problems go to the terminal and the pages."""
        from . import build as build_site  # the library's build (generator/__init__.py)
        from .site.render import environment

        environment.cache_clear()  # Jinja keeps compiled templates: an edited one must be read again
        try:
            report = build_site(self.content, self.output, templates=self.templates, jobs=self.jobs)
        except GeneratorError as exc:
            with self.state.lock:
                self.state.error = exc.said or str(exc)  # the banner in the site's language
                self.state.builds += 1
            self._err(f"Error: {exc}")  # the terminal in English, as every command line message
            return False
        with self.state.lock:
            self.state.error = None
            self.state.builds += 1
        self._out(report.summary())
        return True

    def start(self) -> None:
        """Serve and watch in background threads (the first build is the caller's); returns
        once the watcher is watching, so that no change made after it is missed."""
        self.output.mkdir(parents=True, exist_ok=True)
        for target in (self.httpd.serve_forever, self._watch):
            thread = threading.Thread(target=target, daemon=True)
            thread.start()
            self._threads.append(thread)
        self._watching.wait(timeout=10)

    def say(self, text: str) -> None:
        self._out(text)

    def wait(self) -> None:
        """Until ``stop`` (or Ctrl+C in the main thread)."""
        self._stop.wait()

    def stop(self) -> None:
        self._stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        for thread in self._threads:
            thread.join(timeout=10)

    def _watch(self) -> None:
        import watchfiles

        folders = [p for p in (self.content, self.templates) if p.is_dir()]
        # yield_on_timeout: an empty set every half second, the first one once watching has begun.
        for changes in watchfiles.watch(
            *folders,
            stop_event=self._stop,
            debounce=self.debounce_ms,
            raise_interrupt=False,
            rust_timeout=500,
            yield_on_timeout=True,
        ):
            self._watching.set()
            if not changes:
                continue
            names = sorted({Path(path).name for _, path in changes})
            self._out(f"Changed: {', '.join(names[:5])}{' …' if len(names) > 5 else ''}; rebuilding")
            self.build()


def serve(
    content: Path, output: Path, templates: Path | None, port: int, jobs: int | None, host: str = "127.0.0.1"
) -> None:
    """The command: runs until Ctrl+C."""
    server = SiteServer(content, output, templates, port, jobs, host=host)
    server.build()
    server.start()
    server.say(f"Serving {server.url} (rebuilds when {server.content}/ or {server.templates}/ change; Ctrl+C stops)")
    try:
        server.wait()
    finally:
        server.stop()


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    state: ServeState


class _Handler(http.server.SimpleHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a reload always shows the newest build
        super().end_headers()

    def do_GET(self) -> None:
        state = self.server.state
        if self.path.split("?")[0] == BUILDS_PATH:
            with state.lock:
                return self._send(200, str(state.builds).encode(), "text/plain")
        error = state.error
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            page = path.read_bytes()
            return self._send(200, _with_reload(_with_banner(page, error) if error is not None else page))
        if error is not None and path.suffix in ("", ".html"):
            return self._send(500, _with_reload(_error_page(error)))
        return super().do_GET()

    def _send(self, status: int, body: bytes, kind: str = "text/html") -> None:
        self.send_response(status)
        self.send_header("Content-Type", f"{kind}; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


BUILDS_PATH = "/__build__"
_RELOAD = (
    "<script>(function(){var seen=null;setInterval(function(){"
    f'fetch("{BUILDS_PATH}",{{cache:"no-store"}}).then(function(r){{return r.text()}}).then(function(n){{'
    "if(seen!==null&&n!==seen)location.reload();seen=n}).catch(function(){})},1000)})();</script>"
)
"""The reload script `serve` adds to every page (never written into the site)."""


def _with_reload(page: bytes) -> bytes:
    html = page.decode("utf-8", "replace")
    at = html.rfind("</body>")
    at = at if at >= 0 else len(html)
    return (html[:at] + _RELOAD + html[at:]).encode("utf-8")


_BANNER_STYLE = (
    "margin:0;padding:1em;background:#fde8e8;color:#600;border-bottom:3px solid #b00;"
    "font:14px/1.4 monospace;white-space:pre-wrap;overflow-wrap:anywhere"
)


def _banner(error: str, note: str | None = None) -> str:
    from .site.i18n import text as _  # the language of the site the last build read

    note = _("The last build failed; this is the previous site.") if note is None else note
    return (
        f'<div role="alert" id="build-error"><pre style="{_BANNER_STYLE}">{escape(note)}\n\n{escape(error)}</pre></div>'
    )


def _with_banner(page: bytes, error: str) -> bytes:
    html = page.decode("utf-8", "replace")
    start = html.find("<body")
    at = html.find(">", start) + 1 if start >= 0 else 0
    return (html[:at] + _banner(error) + html[at:]).encode("utf-8")


def _error_page(error: str) -> bytes:
    from .site.i18n import active
    from .site.i18n import text as _

    title = _("Build failed")
    note = _("The build failed; this page is not built yet.")
    return (
        f'<!DOCTYPE html><html lang="{escape(active().tag)}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title></head><body>{_banner(error, note)}</body></html>"
    ).encode()
