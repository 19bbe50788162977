"""Muggins (docs/rules.md section 4.1): a show claimed short, and who takes the points missed.

Under the ``muggins`` option a hand or crib whose claim is short scores the claim, and the
first opponent in turn from the claimant's left among those who called muggins on it takes
the points missed, as an event of his own right after that show. Without the option a claim
is only checked: the show scores what it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from .errors import MalformedInputError
from .options import RuleOptions
from .seats import seats_after

ShowKind = Literal["hand", "crib"]


@dataclass(frozen=True, slots=True)
class Calls:
    """Who called muggins on each show."""

    hands: tuple[tuple[int, ...], ...] = ()
    """Per seat, the seats that called it on his hand (empty: no calls on hands)."""
    crib: tuple[int, ...] = ()
    """The seats that called it on the crib (the dealer's claim)."""

    def on_hand(self, seat: int) -> tuple[int, ...]:
        """The seats that called muggins on ``seat``'s hand."""
        return self.hands[seat] if seat < len(self.hands) else ()


NO_CALLS: Final = Calls()
"""Nobody called muggins."""


@dataclass(frozen=True, slots=True)
class Mugged:
    """The show a muggins event took its points from."""

    seat: int
    """Whose show it was (the dealer for the crib)."""
    show: ShowKind
    """His hand, or the crib."""


def show_points(rules: RuleOptions, claimed: int | None, total: int) -> int:
    """What a show scores for its player: its total, but under muggins a short claim scores
    the claim (an overclaim is corrected to the total)."""
    if rules.muggins and claimed is not None and claimed < total:
        return claimed
    return total


def taker(rules: RuleOptions, claimant: int, callers: Sequence[int]) -> int:
    """The caller who takes the points missed: the first of ``callers`` in turn from the
    claimant's left (the callers are his opponents, checked by ``check_calls``)."""
    return next(seat for seat in seats_after(claimant, rules.players) if seat in callers)


def check_calls(
    rules: RuleOptions,
    callers: Sequence[int],
    claimant: int,
    claimed: int | None,
    total: int,
    pointer: str,
) -> None:
    """Raise ``MalformedInputError`` (at ``pointer``, the show's list of callers, or at one
    caller) unless every caller on this show is an opponent of ``claimant``, named once, and
    the show was claimed short in a game played with muggins."""
    if not callers:
        return
    if not rules.muggins:
        raise MalformedInputError(
            "muggins is called only in a game played with it: set rules.muggins to true",
            pointer,
        )
    for i, caller in enumerate(callers):
        at = f"{pointer}/{i}"
        if not 0 <= caller < rules.players:
            raise MalformedInputError(f"a caller is a seat from 0 to {rules.players - 1}", at)
        if rules.side_of(caller) == rules.side_of(claimant):
            raise MalformedInputError(
                f"seat {caller} is on seat {claimant}'s side: only an opponent calls muggins", at
            )
        if caller in callers[:i]:
            raise MalformedInputError(f"seat {caller} is named twice", at)
    if claimed is None:
        raise MalformedInputError(
            f"nothing was claimed for this show of seat {claimant}: muggins is called on a "
            "claim that is short",
            pointer,
        )
    if claimed >= total:
        raise MalformedInputError(
            f"seat {claimant} claimed {claimed} of {total}: nothing was missed, so there is "
            "no muggins to call",
            pointer,
        )
