"""The command line: build, score, check, new, serve.  The only place errors become
'Error: ...' on stderr and an exit status."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import GeneratorError, Problem, shown
from .resources import DEFAULT_CLUB
from .site import lifecycle
from .site.lifecycle import Stopped

if TYPE_CHECKING:
    from .site.catalogs import Language

BUILD_HELP = "Read every session in the content folder, score it and write the static site."
SCORE_HELP = "Score one session file and print the result."
CHECK_HELP = "Compare the figures printed in an export with ours."
CHECK_EPILOG = (
    "Exit status: 0 when every figure agrees, 1 when some differ, 2 when the file cannot be read. "
    "Example: bridge-results check results.xml"
)
UPGRADE_HELP = "Move a club's vendored generator (vendor/) to a newer wheel and rewrite requirements.txt."
NEW_HELP = "Start a club's repository in a new folder: settings, an example session, the GitHub workflow, a README."
SITE_URL_ENV = "BRIDGE_RESULTS_SITE_URL"
"""The site's address from the environment: the GitHub workflow sets it to the address
actions/configure-pages reports (its ``base_url``)."""
SERVE_HELP = "Build, serve the site and rebuild when content/ or templates/ change (the browser reloads)."


def _site_folders(parser: argparse.ArgumentParser) -> None:
    """The folders `build` and `serve` share: what is read, where the site goes, which templates."""
    parser.add_argument("--content", type=Path, default=Path("content"), help="content folder (default: content)")
    parser.add_argument("--output", type=Path, default=Path("site"), help="output folder (default: site)")
    parser.add_argument(
        "--templates",
        type=Path,
        default=None,
        help="templates folder (default: templates/ beside the content folder, else the generator's)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bridge-results", description="Duplicate bridge results publisher.")
    parser.add_argument("--version", action=_Version, help="show the generator's version and exit")
    sub = parser.add_subparsers(dest="command", required=True)

    build = sub.add_parser(
        "build",
        help=BUILD_HELP,
        description=BUILD_HELP,
        epilog="Example: bridge-results build --content content --output site",
    )
    _site_folders(build)
    build.add_argument(
        "--jobs", type=int, default=None, help="worker processes for rendering (default: number of cores)"
    )
    build.add_argument(
        "--site-url",
        default=None,
        metavar="URL",
        help="the site's address, e.g. https://club.github.io/results/, for the feed, the sitemap and "
        "canonical links, unless site.yaml gives site_url (default: $BRIDGE_RESULTS_SITE_URL; none: all relative)",
    )

    score = sub.add_parser(
        "score",
        help=SCORE_HELP,
        description=SCORE_HELP,
        epilog="Example: bridge-results score content/sessions/2026-10-05-monday-pairs.yaml --json",
    )
    score.add_argument("file", type=Path)
    score.add_argument("--json", action="store_true", help="print JSON (exact figures as decimal strings)")
    score.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a scoring option, e.g. --option neuberg_rounding=ebu",
    )

    check = sub.add_parser("check", help=CHECK_HELP, description=CHECK_HELP, epilog=CHECK_EPILOG)
    check.add_argument("file", type=Path)
    check.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override a scoring option, e.g. --option butler_trim=1",
    )
    check.add_argument(
        "--verbose", action="store_true", help="list every figure that differs (default: one line per board and reason)"
    )
    check.add_argument(
        "--language",
        default=None,
        metavar="TAG",
        help="the report's language, e.g. fr or nl (default: the language of the site.yaml above the file, else English)",
    )

    new = sub.add_parser(
        "new",
        help=NEW_HELP,
        description=NEW_HELP,
        epilog='Example: bridge-results new larkfield-results --club "Larkfield Bridge Club"',
    )
    new.add_argument("dir", type=Path, help="the folder to create (new or empty)")
    new.add_argument(
        "--club", default=None, help=f"the club's name (default: {DEFAULT_CLUB!r}; change it in content/site.yaml)"
    )
    new.add_argument(
        "--generator",
        default=None,
        metavar="URL",
        help="install the generator from this Git address (git+https://github.com/OWNER/REPO@TAG) "
        "instead of putting its wheel into vendor/",
    )
    new.add_argument("--wheel", type=Path, default=None, help="the generator's wheel to vendor (default: this one's)")
    new.add_argument(
        "--analysis", action="store_true", help="install the double-dummy analysis too (endplay, about 170 MB)"
    )

    upgrade = sub.add_parser(
        "upgrade",
        help=UPGRADE_HELP,
        description=UPGRADE_HELP,
        epilog="Example: bridge-results upgrade bridge_results_generator-0.2.0-py3-none-any.whl",
    )
    upgrade.add_argument("wheel", type=Path, nargs="?", help="the newer wheel file")
    upgrade.add_argument("--index", action="store_true", help="fetch the newest release from the package index")
    upgrade.add_argument("--repo", type=Path, default=Path("."), help="the club's repository (default: here)")

    serve = sub.add_parser(
        "serve",
        help=SERVE_HELP,
        description=SERVE_HELP,
        epilog="Example: bridge-results serve --port 8000, then open http://127.0.0.1:8000/",
    )
    _site_folders(serve)
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1; 0.0.0.0 for the whole network)"
    )
    serve.add_argument(
        "--jobs", type=int, default=None, help="worker processes for rendering (default: number of cores)"
    )
    return parser


def _options(pairs: list[str]) -> dict[str, object]:
    out: dict[str, object] = {}
    for text in pairs:
        name, sep, value = text.partition("=")
        if not sep:
            raise GeneratorError(f"--option expects NAME=VALUE, got {text!r}")
        lowered = value.strip().lower()
        if name.strip().replace("-", "_") == "club_vp_scales":
            out[name.strip()] = _yaml_value(value)  # a table: YAML flow style on the command line
            continue
        out[name.strip()] = True if lowered == "true" else False if lowered == "false" else value.strip()
    return out


def _yaml_value(text: str) -> object:
    """``--option club_vp_scales='[{boards: 3, vps: {0: 10-10, 1: 11-9, 2+: 20-0}}]'``, read as safe YAML."""
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise GeneratorError(
            f"--option club_vp_scales: not valid YAML ({exc.__class__.__name__}): expected a list of "
            "tables such as [{boards: 3, vps: {0: 10-10, 1: 11-9, 2+: 20-0}}]"
        ) from None


class _Version(argparse.Action):
    """``--version``, read from the installed metadata only when asked (every command's start
    builds the parser; importlib.metadata is not imported for them)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        from importlib import metadata

        try:
            version = metadata.version("bridge-results-generator")
        except metadata.PackageNotFoundError:
            version = "(not installed)"
        print(f"{parser.prog} {version}")
        parser.exit()


def _report_language(file: Path, given: str | None) -> Language | None:
    """``check``'s language: ``--language``, else the site's (the site.yaml above the file);
    None for English as the report has always been written."""
    from .languages import DEFAULT_LANGUAGE, check_tag
    from .site_settings import site_language_for

    tag, folder = site_language_for(file)
    if given is not None:
        try:
            tag = check_tag(given, Path("--language"))
        except GeneratorError as exc:
            raise GeneratorError(str(exc).replace("--language: 'language'", "--language", 1)) from None
    if tag == DEFAULT_LANGUAGE:
        return None
    from .site.catalogs import load_language

    return load_language(tag, folder if folder is not None else Path(file).parent)  # with the club's catalogs


def _failed(command: str) -> int:
    """The exit status of a command that stopped on an error: ``check`` keeps 1 for "some
    figures differ" and says 2 for a file it could not read (as diff and cmp do); 1 elsewhere."""
    return 2 if command == "check" else 1


def _in_github_actions() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def _escape_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub's runner reads it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """A workflow command's property value (file, title): also ':' and ','."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _repository_path(file: str) -> str:
    """The path as the repository knows it (annotations link to the file on the commit)."""
    path = Path(file)
    if path.is_absolute():
        try:
            return path.relative_to(Path.cwd()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


def annotation(problem: Problem, kind: str = "error", title: str | None = None) -> str:
    """'::error file=content/sessions/x.yaml,line=14,title=Site not built::message' for GitHub Actions."""
    props = []
    if problem.file:
        props.append("file=" + _escape_property(shown(_repository_path(problem.file))))
        if problem.line is not None:
            props.append(f"line={problem.line}")
    props.append("title=" + _escape_property(title or "Site not built"))
    return f"::{kind} {','.join(props)}::{_escape_data(shown(problem.message, keep_newlines=True))}"


def _leave(status: int) -> None:
    """Ends the program's process once its output is flushed, without tearing its objects down:
    after ``score`` of a big field, a cycle collection over every object the command made and
    then freeing them one by one cost about 0.06 s (docs/performance.md, "Branch scorepath"),
    for memory the system takes back at once.  Only for the program's own process (``main()``
    without arguments): a caller in the same process gets its status back as usual."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def _stopped(args: argparse.Namespace, why: str, status: int) -> int:
    """One line on stderr for a build stopped by a signal; the exit status 128 + its number.
    (Ctrl-C is how ``serve`` is meant to stop: it says nothing more.)"""
    if args.command == "serve":
        return status
    if args.command == "build":
        where = f"; the site in {shown(args.output)} is whole (the previous one, or the new one if it was already published)"
    else:
        where = ""
    with contextlib.suppress(OSError, ValueError):
        print(f"Error: {why}{where}", file=sys.stderr, flush=True)
    return status


def _never_fail_on_a_name() -> None:
    """A name the terminal's encoding cannot show (Cyrillic under ``LC_ALL=C``, a file name's
    bytes that are not UTF-8) is printed as escapes, never an error after the build is done."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def main(argv: list[str] | None = None) -> int:
    """Runs a command; ``argv`` None means the program's own command line (``python -m
    generator``, ``bridge-results``), where ``score`` leaves the process as soon as it is done."""
    _never_fail_on_a_name()
    args = _parser().parse_args(argv)
    if args.command in ("build", "serve"):
        lifecycle.install()  # SIGTERM too stops the build through its finally blocks (exit 143)
    try:
        if args.command == "build":
            from . import build
            from .site.progress import Progress

            report = build(
                args.content,
                args.output,
                templates=args.templates,
                jobs=args.jobs,
                progress=Progress.for_stream(sys.stderr),
                site_url=args.site_url if args.site_url is not None else os.environ.get(SITE_URL_ENV),
            )
            print(shown(report.summary(), keep_newlines=True))
            if _in_github_actions():
                for s in report.skipped:
                    if not s.path.rsplit("/", 1)[-1].startswith("."):
                        print(
                            annotation(
                                Problem(str(args.content / s.path), None, f"{s.path} was skipped, because {s.reason}"),
                                "warning",
                                "File skipped",
                            )
                        )
            return 0
        if args.command == "new":
            from .new import new_site

            written = new_site(
                args.dir, args.club or DEFAULT_CLUB, generator=args.generator, wheel=args.wheel, analysis=args.analysis
            )
            print(f"Created {args.dir} for {args.club or DEFAULT_CLUB}:")
            for path in written:
                print(f"  {path.relative_to(args.dir).as_posix()}")
            print(f"Next: cd {args.dir} && bridge-results serve   (then read {args.dir}/README.md to publish it)")
            return 0
        if args.command == "upgrade":
            from .upgrade import upgrade

            for line in upgrade(args.repo, args.wheel, args.index):
                print(line)
            return 0
        if args.command == "serve":
            from .serve import serve

            serve(args.content, args.output, args.templates, args.port, args.jobs, host=args.host)
            return 0
        if args.command == "score":
            from .commands import score_command, score_command_parts, score_notes
            from .cycles import paused_gc

            kept: list[object] = []  # the scored sessions, alive until the process leaves (_leave)
            with paused_gc():
                if args.json:  # JSON escapes control characters itself (and a \x escape would not be JSON)
                    parts = score_command_parts(args.file, as_json=True, overrides=_options(args.option), keep=kept)
                    for part in parts:
                        sys.stdout.write(part)
                    sys.stdout.write("\n")
                else:
                    text = score_command(args.file, as_json=False, overrides=_options(args.option), keep=kept)
                    print(shown(text, keep_newlines=True))
                for note in score_notes(kept[0] if kept else []):  # type: ignore[arg-type]  # kept[0]: the results (score_command_parts)
                    print(shown(note), file=sys.stderr)
                if argv is None:
                    _leave(0)
            return 0
        if args.command == "check":
            from .check import check_upload  # generator.check's own (an option may be named "verbose")

            language = _report_language(args.file, args.language)
            checked = check_upload(args.file, _options(args.option), args.verbose)
            if language is None:
                print(shown(checked.text, keep_newlines=True))
            else:
                from .site.i18n import said_text

                print(shown("\n".join(said_text(line, language) for line in checked.lines), keep_newlines=True))
            return 0 if checked.ok else 1
    except GeneratorError as exc:
        print(f"Error: {shown(exc, keep_newlines=True)}", file=sys.stderr)
        if _in_github_actions():
            sys.stderr.flush()
            title = "Site not built" if args.command == "build" else "File not read"
            for problem in exc.problems:
                print(annotation(problem, title=title))
        return _failed(args.command)
    except KeyboardInterrupt:
        return _stopped(args, "interrupted (Ctrl-C)", 130)
    except Stopped as exc:
        return _stopped(
            args,
            f"stopped by signal {exc.signum} (SIGTERM)" if exc.signum == 15 else f"stopped by signal {exc.signum}",
            exc.status,
        )
    except BrokenPipeError:
        # The reader of our output went away (`score FILE | head`): not an error of ours.
        # Point stdout at /dev/null so that Python's final flush does not fail again.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # the system refused a file (a full disk, a read-only folder): said, not a traceback
        where = f"{shown(exc.filename)}: " if exc.filename else ""
        print(f"Error: {where}{shown(exc.strerror or exc)}", file=sys.stderr)
        return _failed(args.command)
    return 2
