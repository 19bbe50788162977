"""Helpers of the browser tests: read the board's pegs from its SVG (board.js)."""

from __future__ import annotations

from playwright.sync_api import Page

# Each side's pegs: the peg's number, its hole and whether it stands on that hole's centre.
_READ = """(board) => Array.from(document.querySelectorAll(`${board} .track`)).map((track) => {
  const at = (el) => [Number(el.getAttribute("cx")), Number(el.getAttribute("cy"))];
  const peg = (which) => {
    const el = track.querySelector(`[data-peg="${which}"]`);
    const hole = track.querySelector(`circle.hole[data-hole="${el.dataset.hole}"]`);
    const [x, y] = at(el);
    const [hx, hy] = at(hole);
    return { score: Number(el.dataset.score), hole: Number(el.dataset.hole),
      on_hole: Math.abs(x - hx) < 0.01 && Math.abs(y - hy) < 0.01 };
  };
  return { side: Number(track.dataset.side), front: peg("front"), back: peg("back") };
})"""


def pegs(page: Page, board: str = "#board") -> list[dict[str, object]]:
    """[{side, front: {score, hole, on_hole}, back: {...}}] for each track of the board (the
    game tab's, or the practice table's ``#practice-board``)."""
    found: list[dict[str, object]] = page.evaluate(_READ, board)
    return found


def assert_pegs(page: Page, fronts: list[int], backs: list[int], target: int) -> None:
    """Each side's front peg at its score (and the score in words), its back peg at the
    score before its last event, each standing in its hole (the end hole past the target)."""
    page.wait_for_function(
        "(want) => JSON.stringify(Array.from(document.querySelectorAll("
        "'#board [data-peg=\"front\"]')).map((el) => Number(el.dataset.score)))"
        " === JSON.stringify(want)",
        arg=fronts,
    )
    found = pegs(page)
    assert [p["side"] for p in found] == list(range(len(fronts)))
    for side, (front, back) in enumerate(zip(fronts, backs, strict=True)):
        assert found[side]["front"] == {"score": front, "hole": min(front, target), "on_hole": True}
        assert found[side]["back"] == {"score": back, "hole": min(back, target), "on_hole": True}
        assert page.locator(f"#side-score-{side}").inner_text() == str(front)
