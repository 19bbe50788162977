# Copyright 2026 The domino-cribbage scoring API authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# Lint as python3
"""Tests for Python Domino Cribbage."""

from absl.testing import absltest
from absl.testing import parameterized
from open_spiel.python.algorithms import cfr
from open_spiel.python.algorithms import exploitability
from open_spiel.python.games import domino_cribbage  # pylint: disable=unused-import
import pyspiel


class DominoCribbageTest(parameterized.TestCase):

  @parameterized.parameters(
      "python_domino_cribbage",
      "python_domino_cribbage(players=3)",
      "python_domino_cribbage(players=4,partners=True,utility=margin)",
  )
  def test_game_from_cc(self, game_string):
    """Runs our standard game tests, checking API consistency."""
    game = pyspiel.load_game(game_string)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)

  def test_single_deterministic_deal(self):
    """Deals chosen tiles; the first count and the go point as the rules say."""
    game = pyspiel.load_game("python_domino_cribbage(first_dealer=1)")
    state = game.new_initial_state()
    # Seat 0 draws 0-0 .. 0-5 (tiles 0..5), seat 1 draws 0-6 1-1 .. 1-5 (tiles 6..11).
    for tile in range(12):
      state.apply_action(tile)
    for action in (29 + 0, 29 + 1, 29 + 6, 29 + 7):  # each lays his two lowest away
      self.assertIn(action, state.legal_actions())
      state.apply_action(action)
    state.apply_action(27)  # the starter, 6-6: the dealer pegs 1 for the double
    self.assertEqual(state.current_player(), 0)
    self.assertEqual(sorted(state.legal_actions()), [2, 3, 4, 5])
    self.assertIn("scores 0 1", state.observation_string(0))

  def test_small_member_is_solved_by_cfr(self):
    """CFR's NashConv falls on the small member (the play of one deal)."""
    game = pyspiel.load_game("python_domino_cribbage_play(max_pips=2)")
    solver = cfr.CFRPlusSolver(game)
    figures = []
    for _ in range(8):
      solver.evaluate_and_update_policy()
      figures.append(exploitability.nash_conv(game, solver.average_policy()))
    self.assertLess(figures[-1], figures[0])
    self.assertLess(figures[-1], 0.2)


if __name__ == "__main__":
  absltest.main()
