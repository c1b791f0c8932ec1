"""YAML sessions shared by the reader tests and the page tests of one feature, with their variants
(invented names).  A feature's reader test and page test read the same session, so a change to
the format shows up in both."""

from __future__ import annotations

# --- handicap pairs ------------------------------------------------------------------------
# Board 1 NS 420/400/170: NS 4, 2, 0.  Board 2 NS −100/140/140: NS 0, 3, 3.
# Scratch NS1 4/8 = 50 %, NS2 5/8 = 62.5 %, NS3 3/8 = 37.5 %.
# Whole handicaps +5, −10, +15: NS1 55 %, NS2 52.5 %, NS3 52.5 %.
HANDICAP_PAIRS = """method: matchpoints
event: Handicap pairs
date: 2026-10-12
movement: mitchell
pairs:
  - {number: 1, direction: NS, players: [Alma Abbott, Basil Birch], handicap: 5}
  - {number: 2, direction: NS, players: [Clara Croft, Desmond Dale], handicap: -10}
  - {number: 3, direction: NS, players: [Elsie Embry, Fergus Flint], handicap: "+15"}
  - {number: 1, direction: EW, players: [Gwen Garner, Hector Hale], handicap: 0}
  - {number: 2, direction: EW, players: [Ida Irwin, Jasper Joyce], handicap: 2.5}
  - {number: 3, direction: EW, players: [Kitty Keane, Lionel Lamb], handicap: -2.5}
boards:
  - number: 1
    results:
      - {ns: 1, ew: 1, score: 420}
      - {ns: 2, ew: 2, score: 400}
      - {ns: 3, ew: 3, score: 170}
  - number: 2
    results:
      - {ns: 1, ew: 1, score: -100}
      - {ns: 2, ew: 2, score: 140}
      - {ns: 3, ew: 3, score: 140}
"""

HANDICAP_PAIRS_WITH_MASTERPOINTS = HANDICAP_PAIRS.replace(
    "handicap: -10}", "handicap: -10, masterpoints: {awarded: 60, type: green}}"
).replace('handicap: "+15"}', "handicap: 15}")
"""The page test's variant: NS 2 awarded masterpoints, NS 3's handicap written without its sign."""

# --- a short teams match, for club VP scales --------------------------------------------------
# +250 → 6 IMPs, +30 → 1, −210 → −5: Kestrels 7, Plovers 5, a margin of 2 IMPs.
SHORT_MATCH = """method: teams
event: Short matches
date: 2026-11-05
teams:
  - {number: 1, name: Kestrels}
  - {number: 2, name: Plovers}
matches:
  - home: 1
    away: 2
    boards:
      - {number: 1, home_ns: {score: 420}, home_ew: {score: 170}}
      - {number: 2, home_ns: {score: 140}, home_ew: {score: 110}}
      - {number: 3, home_ns: {score: -100}, home_ew: {score: 110}}
"""

CLUB_VP_SCALE_OPTIONS = """options:
  vp_scale: club
  club_vp_scales:
    - boards: 3
      vps: {0: 10-10, 1: 11-9, 2: 12-8, 3-4: 13-7, 5-6: 14-6, 7-8: 15-5, 9-10: 16-4,
            11-13: 17-3, 14-16: 18-2, 17-19: 19-1, 20+: 20-0}
"""

SHORT_MATCH_ON_A_CLUB_SCALE = SHORT_MATCH.replace(
    "event: Short matches\n", "event: Short matches\n" + CLUB_VP_SCALE_OPTIONS, 1
)
"""The match with the club's own 3-board VP table in the session file (a margin of 2: 12–8)."""
