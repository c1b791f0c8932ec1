"""Fuzzing the read + score path: seeded mutants of one clean upload of each format.

The only outcomes allowed are a scored session (its JSON, and `check`'s audit of the
figures the file printed) or our own error
(``GeneratorError``, which the command line prints as 'Error: ...'); anything else — a
traceback, a RecursionError — is a crash.  The normal suite runs 1,000 mutants of
each format; ``make fuzz`` (marker ``fuzz``) runs many more: FUZZ_MUTANTS of each (default 4,000).

Record (issue 9).  Mutants run while closing it, besides this file's 5,000 in every test run:
750 in the first quick runs, 20,000 (4,000 of each format) and three runs of 100,000 (20,000
of each, ``FUZZ_MUTANTS=20000 make fuzz``; the last two with `check`'s audit, the last with the
"odd value" mutation), 20,000 more with "odd value", and 6,000 of the YAML ones through the
pure-Python loader (PyYAML without libyaml), 20,000 after merging the dialect readers:
366,750 in all.  Crashes found on the way, each
fixed and kept closed by a case in test_hostile_uploads.py:

- teams.xml seeds 4 and 103: an XML declaration naming an unknown encoding ('UTF-1011')
  raised LookupError from the parser (now "the XML declaration names an encoding that
  cannot be read"; a multi-byte encoding such as Shift_JIS raised ValueError the same way);
- pairs.pbn, an "odd number" mutant: a printed figure '1e999999999' hung the reader for
  hours in ``Fraction(Decimal(...))`` (printed figures are now plain decimals only).

No crash in the three 100,000-mutant runs after those fixes.
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path

import pytest

from generator.check import audit
from generator.commands import score_file
from generator.errors import GeneratorError
from generator.export import session_to_json
from tests.helpers.mutants import mutant
from tests.helpers.uploads import UPLOADS

QUICK_MUTANTS = 1000
"""Of each format in the normal suite (5,000 in all, about 5 seconds)."""


def _outcome(path: Path, data: bytes) -> str | None:
    """None when the mutant was scored or refused with our error; else the crash, with its last frames."""
    path.write_bytes(data)
    try:
        for result in score_file(path, {}):
            session_to_json(result)
            audit(result)
    except GeneratorError:
        return None
    except BaseException as exc:
        frames = traceback.extract_tb(exc.__traceback__)[-3:]
        where = "; ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in frames)
        return f"{type(exc).__name__}: {str(exc)[:200]} ({where})"
    return None


def _fuzz(tmp_path: Path, name: str, count: int, offset: int = 0) -> list[str]:
    clean = UPLOADS[name].encode("utf-8")
    path = tmp_path / name
    assert _outcome(path, clean) is None
    crashes = []
    for i in range(offset, offset + count):
        seed = f"{name}-{i}"
        data, done = mutant(clean, seed)
        crash = _outcome(path, data)
        if crash:
            crashes.append(f"seed {seed!r} ({', '.join(done)}): {crash}")
    return crashes


@pytest.mark.parametrize("name", sorted(UPLOADS))
def test_mutants_are_scored_or_refused_with_our_error(name, tmp_path):
    assert _fuzz(tmp_path, name, QUICK_MUTANTS) == []


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(UPLOADS))
def test_many_mutants_are_scored_or_refused_with_our_error(name, tmp_path):
    count = int(os.environ.get("FUZZ_MUTANTS", "4000"))
    assert _fuzz(tmp_path, name, count, offset=QUICK_MUTANTS) == []
