"""A club VP table given in a session file or in site.yaml: read, checked, and refused with its place."""

from __future__ import annotations

import pytest

from generator.commands import score_file
from generator.errors import BuildError
from generator.site_config import load_config
from tests.helpers.reader_builders import messages, write
from tests.helpers.sessions import SHORT_MATCH_ON_A_CLUB_SCALE


def test_a_session_file_gives_the_table(tmp_path):
    # +250 → 6 IMPs, +30 → 1, −210 → −5: 7–5, a margin of 2: 12–8.
    [result] = score_file(write(tmp_path, "s.yaml", SHORT_MATCH_ON_A_CLUB_SCALE), {})
    m = result.matches[0]
    assert (m.home_vp, m.away_vp) == (12, 8)


def test_a_table_that_is_not_monotone_is_refused_with_the_line(tmp_path):
    path = write(tmp_path, "s.yaml", SHORT_MATCH_ON_A_CLUB_SCALE.replace("5-6: 14-6", "5-6: 12-8"))
    assert messages(path) == [
        f"{path} (line 4): option 'club_vp_scales': table 1, margin 5-6: 12 VPs is fewer than the "
        "13 for 3-4: expected the VPs never to fall as the margin grows (monotone)"
    ]


def test_site_yaml_gives_the_table_and_a_bad_one_is_refused(tmp_path):
    good = (
        "club: Test\nscoring:\n  vp_scale: club\n  club_vp_scales:\n    - boards: [3, 4]\n"
        "      vps: {0: 10-10, 1-2: 12-8, 3+: 20-0}\n"
    )
    write(tmp_path, "site.yaml", good)
    config = load_config(tmp_path)
    assert config.options().club_vp_scales[0].boards == (3, 4)
    path = write(tmp_path, "site.yaml", good.replace("1-2: 12-8", "1-2: 12-9"))
    with pytest.raises(BuildError) as info:
        load_config(tmp_path)
    assert str(info.value) == (
        f"{path}: scoring: option 'club_vp_scales': table 1, margin 1-2: 12 + 9 = 21 VPs: "
        "expected each row to add up to the pool of 20"
    )
