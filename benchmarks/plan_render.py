"""Planning and rendering one session's pages: CPU per synthetic session (14 tables, 24 boards).

Times ``plan_session`` and the rendering of its pages apart, in this process, with the cycle
collector off as in the build's workers.  Each board's explanation text (built by the engine
when a page first reads it) is built and timed before planning, as its own figure.  Prints
medians over the sessions (the first, which compiles the templates, left out).

    python benchmarks/plan_render.py [--sessions 12] [--rounds 2] [--language fr]

Compare two checkouts by running it in each, alternately (docs/performance.md).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.synthetic import write_archive
from generator.analysis.double_dummy import analyse_session
from generator.readers import read_sessions
from generator.scoring.options import resolve_options
from generator.scoring.session import score_session
from generator.site import i18n
from generator.site.page import SiteInfo
from generator.site.plan import plan_session
from generator.site.render import DEFAULT_TEMPLATES, render_page


def _build_text(result) -> None:
    """Read every explanation's steps once (the engine builds them lazily)."""
    explanations = [board.explanation for board in result.boards]
    explanations += [side.explanation for board in result.boards for line in board.lines for side in (line.ns, line.ew)]
    explanations += [standing.explanation for standing in result.standings]
    for explanation in explanations:
        _ = explanation.steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--language", default="en", help="the pages' language (site.yaml's language:), e.g. fr")
    args = parser.parse_args()
    gc.disable()
    folder = Path(tempfile.mkdtemp())
    paths = write_archive(folder, args.sessions)
    i18n.activate(i18n.load_language(args.language, folder))
    site = SiteInfo("Club", {}, {})
    text, plan, render = [], [], []
    first = True
    for _ in range(args.rounds):
        for path in paths:
            session = read_sessions(path)[0]
            result = score_session(session, resolve_options({}, session.options))
            analysis = analyse_session(result.session, None)
            t0 = time.process_time()
            _build_text(result)
            t1 = time.process_time()
            pages, _ = plan_session(result, "s", site, analysis=analysis)
            t2 = time.process_time()
            for page in pages:
                render_page(page, DEFAULT_TEMPLATES)
            t3 = time.process_time()
            if not first:
                text.append(t1 - t0)
                plan.append(t2 - t1)
                render.append(t3 - t2)
            first = False

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.1f} ms"

    both = [p + r for p, r in zip(plan, render)]
    print(
        f"explanation text {ms(text)}  plan {ms(plan)}  render {ms(render)}  plan + render {ms(both)}"
        f"  (median of {len(plan)} sessions, {len(pages)} pages each)"
    )


if __name__ == "__main__":
    main()
