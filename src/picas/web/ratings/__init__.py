"""Ratings, results and leaderboards of «Jugar ya» (docs/ratings.md): each rated table's end is
written once, rated with OpenSkill (its Bradley–Terry «full» model), and shown as one familiar
number on a profile and on the per game boards, all time and this week."""
