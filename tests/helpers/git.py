"""git for tests that build from a repository's history (corrections, provisional periods):
no global or system configuration, a fixed author and fixed dates, so commits are deterministic."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def git(repo: Path, *args: str, date: str = "2026-11-17T22:30:00+00:00") -> str:
    """Run ``git -C repo ARGS`` dated ``date`` (author and committer); its output."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(repo),
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Scorer",
        "GIT_AUTHOR_EMAIL": "scorer@example.org",
        "GIT_COMMITTER_NAME": "Scorer",
        "GIT_COMMITTER_EMAIL": "scorer@example.org",
        "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_DATE": date,
    }
    return subprocess.run(["git", "-C", str(repo), *args], env=env, check=True, capture_output=True, text=True).stdout
