"""The requests whose answers are recorded byte for byte (``answers.json.gz``).

Every endpoint, every mode of players, the rule options, transcripts, whole games (records
refereed and reviewed, the chance to win), and every path a
simulation may take (JSON and per-game lines, inline and in shards, shard lines). A case is
``(name, app, method, path, body, headers)``: ``app`` names a configuration of
``create_app`` below (``sharded`` plays every run of more than 10 games in shards, inline).
The same list, recorded once from a build, checks every later build (``test_recorded``).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

from flask import Flask
from live_server import UNLIMITED as SERVER_UNLIMITED
from rulebook import (
    FOUR_HANDS,
    FOUR_LAID,
    THREE_CRIB,
    THREE_HANDS,
    THREE_LAID,
    WHOLE_HANDS,
    WHOLE_PLAY,
)

from scoring_api.app import create_app
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import game_record
from scoring_api.sim.registry import strategy_for

HERE = Path(__file__).resolve().parent
ANSWERS = HERE / "answers.json.gz"
NDJSON = {"Accept": "application/x-ndjson"}
UNLIMITED = {
    **SERVER_UNLIMITED,
    "SCORING_API_SCHEDULER": "off",
    # No time budget: an answer recorded must not depend on how busy the machine is (a game
    # review past its 20 s, pure, on a loaded machine, was a 503 instead of the answer).
    "SCORING_API_JSON_SECONDS": 0,
    "SCORING_API_REVIEW_SECONDS": 0,
}
APPS: dict[str, dict[str, Any]] = {
    "default": {"TESTING": True, **UNLIMITED},
    "sharded": {
        "TESTING": True,
        **UNLIMITED,
        "SCORING_API_INLINE_GAMES": 10,
        "SCORING_API_SHARD_SECONDS": 0.01,
    },
}
STRATEGY_NAMES = ("random", "greedy", "expected", "expert")
TILES = [f"{low}-{high}" for low in range(7) for high in range(low, 7)]

Case = tuple[str, str, str, str, Any, dict[str, str]]


def apps() -> dict[str, Flask]:
    return {name: create_app(config) for name, config in APPS.items()}


def _post(name: str, path: str, body: Any, app: str = "default", **headers: str) -> Case:
    return (name, app, "POST", path, body, dict(headers))


def _lineup(*names: str) -> list[dict[str, str]]:
    return [{"strategy": name} for name in names]


def _reference() -> Iterator[Case]:
    for path in ("/v1/rules", "/v1/tiles", "/v1/strategies"):
        yield (f"get {path}", "default", "GET", path, None, {})


def _hands(rng: Random) -> Iterator[Case]:
    fixed = [
        (["3-3", "1-5", "2-4", "0-3"], "0-6"),
        (["0-4", "0-5", "0-6", "1-3"], "1-4"),
        (["0-0", "0-5", "1-4", "2-3"], "4-6"),
        (["1-6", "2-5", "3-4", "3-5"], "3-6"),
        (["0-1", "0-2", "1-1", "2-5"], "0-0"),
    ]
    for k, (hand, starter) in enumerate(fixed):
        yield _post(f"hand {k}", "/v1/hands/score", {"hand": hand, "starter": starter})
        yield _post(
            f"hand {k} crib claimed dbf",
            "/v1/hands/score",
            {
                "hand": hand,
                "starter": starter,
                "crib": True,
                "claimed": 12,
                "rules": {"double_blank_in_fifteens": False},
            },
        )
    for k in range(20):
        five = rng.sample(TILES, 5)
        yield _post(f"hand random {k}", "/v1/hands/score", {"hand": five[:4], "starter": five[4]})
    batch = []
    for _ in range(300):
        five = rng.sample(TILES, 5)
        batch.append({"hand": five[:4], "starter": five[4]})
    yield _post("batch", "/v1/hands/score-batch", {"hands": batch})
    yield _post(
        "batch dbf",
        "/v1/hands/score-batch",
        {"hands": batch[:50], "rules": {"double_blank_in_fifteens": False}},
    )
    yield _post(
        "hand bad tile", "/v1/hands/score", {"hand": ["3-3", "1-8", "2-4", "0-3"], "starter": "0-6"}
    )
    yield _post(
        "hand repeat", "/v1/hands/score", {"hand": ["3-3", "3-3", "2-4", "0-3"], "starter": "0-6"}
    )
    yield _post(
        "batch bad",
        "/v1/hands/score-batch",
        {"hands": [{"hand": ["3-3", "1-5"], "starter": "0-6"}] * 3},
    )


def _play(player: int, tile: str | None = None) -> dict[str, Any]:
    return {"player": player, "tile": tile} if tile else {"player": player, "go": True}


SECTION_6 = WHOLE_PLAY
SECTION_6_HANDS = WHOLE_HANDS
THREE = THREE_LAID
FOUR = FOUR_LAID


def _pegging() -> Iterator[Case]:
    yield _post("pegging section 6", "/v1/pegging/score", {"plays": SECTION_6, "dealer": 1})
    yield _post(
        "pegging section 6 no goes hands",
        "/v1/pegging/score",
        {
            "plays": [p for p in SECTION_6 if "tile" in p],
            "hands": SECTION_6_HANDS,
            "starter": "5-5",
        },
    )
    for cut in (1, 3, 5, 7):
        yield _post(
            f"pegging section 6 first {cut}", "/v1/pegging/score", {"plays": SECTION_6[:cut]}
        )
    three = [_play(p, t) for p, t in THREE]
    yield _post(
        "pegging three",
        "/v1/pegging/score",
        {"rules": {"players": 3}, "dealer": 2, "starter": "5-5", "plays": three},
    )
    yield _post(
        "pegging three hands",
        "/v1/pegging/score",
        {"rules": {"players": 3}, "dealer": 2, "plays": three, "hands": THREE_HANDS},
    )
    four = [_play(p, t) for p, t in FOUR]
    yield _post(
        "pegging four partners",
        "/v1/pegging/score",
        {"rules": {"players": 4, "partners": True}, "dealer": 3, "plays": four},
    )
    yield _post(
        "pegging four alone",
        "/v1/pegging/score",
        {"rules": {"players": 4}, "dealer": 3, "plays": four, "hands": FOUR_HANDS},
    )
    yield _post(
        "pegging illegal",
        "/v1/pegging/score",
        {"plays": [_play(0, "6-6"), _play(1, "5-6"), _play(0, "4-5")]},
    )
    yield _post("pegging go too early", "/v1/pegging/score", {"plays": [_play(0, "1-1"), _play(1)]})
    yield _post(
        "pegging out of turn",
        "/v1/pegging/score",
        {"plays": [_play(1, "1-1")], "dealer": 1, "hands": SECTION_6_HANDS},
    )


def _validate() -> Iterator[Case]:
    record = SECTION_6
    for k in range(len(record)):
        yield _post(
            f"validate section 6 at {k}",
            "/v1/plays/validate",
            {"plays": record[:k], "play": record[k]},
        )
    yield _post(
        "validate over 31",
        "/v1/plays/validate",
        {"plays": [_play(0, "6-6"), _play(1, "5-6")], "play": _play(0, "4-5")},
    )
    yield _post(
        "validate go with hand",
        "/v1/plays/validate",
        {
            "plays": [_play(0, "6-6"), _play(1, "5-6")],
            "play": _play(0),
            "hand": ["0-1", "4-5", "2-2"],
        },
    )
    yield _post(
        "validate after go",
        "/v1/plays/validate",
        {"plays": [_play(0, "6-6"), _play(1, "5-6"), _play(0)], "play": _play(1, "0-6")},
    )
    three = [_play(p, t) for p, t in THREE]
    for k in (3, 4, 9, 10, 11):
        yield _post(
            f"validate three at {k}",
            "/v1/plays/validate",
            {"rules": {"players": 3}, "dealer": 2, "plays": three[:k], "play": three[k]},
        )
    four = [_play(p, t) for p, t in FOUR]
    for k in (4, 9, 13):
        yield _post(
            f"validate four at {k}",
            "/v1/plays/validate",
            {
                "rules": {"players": 4, "partners": True},
                "dealer": 3,
                "plays": four[:k],
                "play": four[k],
            },
        )


def _section_6_deal(name: str, plays: list[dict[str, Any]], **fields: Any) -> Case:
    """A two-player deal of docs/rules.md section 6's hands, with a crib of low tiles."""
    body = {"hands": SECTION_6_HANDS, "crib": ["0-0", "0-1", "0-2", "1-1"], "plays": plays}
    return _post(name, "/v1/deals/score", {**fields, **body})


def _deals() -> Iterator[Case]:
    tiles_only = [p for p in SECTION_6 if "tile" in p]
    yield _section_6_deal(
        "deal section 6",
        SECTION_6,
        scores=[10, 20],
        starter="5-6",
        claims={"hands": [5, None], "crib": 4},
    )
    yield _section_6_deal(
        "deal section 6 won in the play", tiles_only[:2], scores=[50, 59], starter="5-6"
    )
    yield _section_6_deal(
        "deal section 6 double starter",
        tiles_only,
        scores=[40, 59],
        starter="5-5",
        rules={"starter_double_points": 2},
    )
    yield _post(
        "deal three won in the show",
        "/v1/deals/score",
        {
            "rules": {"players": 3},
            "dealer": 2,
            "scores": [40, 54, 44],
            "starter": "5-5",
            "hands": THREE_HANDS,
            "crib": THREE_CRIB,
            "plays": [_play(p, t) for p, t in THREE],
        },
    )
    partners = {
        "rules": {"players": 4, "partners": True},
        "dealer": 3,
        "scores": [100, 3],
        "starter": "3-3",
        "hands": FOUR_HANDS,
        "crib": ["0-0", "0-2", "1-1", "1-3"],
        "plays": [_play(p, t) for p, t in FOUR],
    }
    yield _post("deal four partners", "/v1/deals/score",
                {**partners, "claims": {"hands": [1, 2, 3, 4]}})  # fmt: skip
    yield _section_6_deal("deal cut short", tiles_only[:3], scores=[0, 0], starter="5-6")
    muggins = {"hands": [1, 0, 3, 4], "muggins": {"hands": [[3, 1], [2]]}}
    yield _post(
        "deal partners muggins",
        "/v1/deals/score",
        {**partners, "rules": {"players": 4, "partners": True, "muggins": True}, "claims": muggins},
    )


def _reviews() -> Iterator[Case]:
    """The deal review: play-outs under the expert's table and greedy, with goes, for two,
    three and four players (a recorded answer checks every build's floats and seeds)."""
    drawn = [[*SECTION_6_HANDS[0], "1-2", "5-6"], [*SECTION_6_HANDS[1], "0-0", "5-5"]]
    two = {"scores": [0, 0], "starter": "1-5", "hands": SECTION_6_HANDS, "drawn": drawn,
           "plays": SECTION_6, "playouts": 100}  # fmt: skip
    yield _post("review section 6", "/v1/deals/review", two)
    yield _post("review section 6 expected", "/v1/deals/review", {**two, "model": "expected"})
    three = [[*hand, away] for hand, away in zip(THREE_HANDS, ["0-1", "3-6", "0-6"], strict=True)]
    yield _post(
        "review three players",
        "/v1/deals/review",
        {"rules": {"players": 3}, "scores": [0, 0, 0], "starter": "5-5", "hands": THREE_HANDS,
         "drawn": three, "crib": THREE_CRIB,
         "plays": [_play(seat, tile) for seat, tile in THREE], "playouts": 60},
    )  # fmt: skip
    four = [[*hand, away] for hand, away in zip(FOUR_HANDS, ["0-0", "0-2", "1-1", "1-3"],
            strict=True)]  # fmt: skip
    yield _post(
        "review partners",
        "/v1/deals/review",
        {"rules": {"players": 4, "partners": True}, "scores": [0, 0], "starter": "3-3",
         "hands": FOUR_HANDS, "drawn": four, "plays": [_play(seat, tile) for seat, tile in FOUR],
         "seats": [0, 3], "playouts": 40},
    )  # fmt: skip


def _game_record(rules: RuleOptions, seed: int, strategy: str) -> dict[str, Any]:
    players = [strategy_for(strategy)] * rules.players
    game = play_game(players, rules, seeded(seed), seed % rules.players, transcript=True)
    names = [f"Seat {seat}" for seat in range(rules.players)]
    return game_record(game, rules, names, [strategy] * rules.players)


def _games() -> Iterator[Case]:
    """Whole games: the chance to win between deals, a game's record refereed (every event's
    chance with it) and reviewed, for two, three and four players and partners."""
    chances = "/v1/games/win-probability"
    yield _post("chances two near the end", chances, {"scores": [55, 58], "dealer": 0})
    yield _post("chances three", chances,
                {"rules": {"players": 3}, "scores": [40, 52, 30], "dealer": 2})  # fmt: skip
    partners = {"players": 4, "partners": True}
    yield _post("chances partners to 121", chances,
                {"rules": partners, "scores": [100, 95], "dealer": 0})  # fmt: skip
    modes = {"two": RuleOptions(), "three": RuleOptions(players=3),
             "four": RuleOptions(players=4), "partners": RuleOptions(**partners)}  # fmt: skip
    for seed, (mode, rules) in enumerate(modes.items()):
        record = _game_record(rules, seed, "expected")
        yield _post(f"game {mode} scored", "/v1/games/score", record)
        unfinished = {key: value for key, value in record.items() if key != "result"}
        unfinished["deals"] = record["deals"][:2]
        yield _post(f"game {mode} in progress scored", "/v1/games/score", unfinished)
    yield _post("game two reviewed", "/v1/games/review",
                {**_game_record(modes["two"], 7, "greedy"), "playouts": 40})  # fmt: skip
    yield _post("game four reviewed", "/v1/games/review",
                {**_game_record(modes["four"], 8, "greedy"), "playouts": 20})  # fmt: skip


def _advice(rng: Random) -> Iterator[Case]:
    for k in range(12):
        six = rng.sample(TILES, 6)
        yield _post(f"advise {k}", "/v1/discards/advise", {"tiles": six, "dealer": k % 2 == 0})
        yield _post(
            f"advise {k} expected",
            "/v1/discards/advise",
            {"tiles": six, "dealer": k % 2 == 1, "model": "expected"},
        )
    for k in range(3):
        six = rng.sample(TILES, 6)
        yield _post(
            f"advise dbf {k}",
            "/v1/discards/advise",
            {"tiles": six, "dealer": True, "rules": {"double_blank_in_fifteens": False}},
        )
    for players in (3, 4):
        for k in range(3):
            five = rng.sample(TILES, 5)
            yield _post(
                f"advise {players} players {k}",
                "/v1/discards/advise",
                {"tiles": five, "dealer": k == 0, "rules": {"players": players}},
            )
    five = rng.sample(TILES, 5)
    yield _post(
        "advise partners",
        "/v1/discards/advise",
        {
            "tiles": five,
            "dealer": False,
            "partner_deals": True,
            "rules": {"players": 4, "partners": True},
        },
    )
    yield _post(
        "advise expert three",
        "/v1/discards/advise",
        {"tiles": five, "dealer": False, "model": "expert", "rules": {"players": 3}},
    )


def _simulations() -> Iterator[Case]:
    path = "/v1/simulations"
    for first in STRATEGY_NAMES:
        for second in STRATEGY_NAMES:
            body = {"games": 12, "seed": 7, "players": _lineup(first, second)}
            yield _post(f"sim {first} v {second}", path, body)
    lineups = {
        "three": (["expected", "random", "greedy"], {"players": 3}),
        "four": (["random", "expert", "expected", "greedy"], {"players": 4}),
        "partners": (["expected", "random", "expert", "greedy"], {"players": 4, "partners": True}),
    }
    for name, (names, rules) in lineups.items():
        yield _post(
            f"sim {name}",
            path,
            {"games": 15, "seed": 3, "rules": rules, "players": _lineup(*names)},
        )
        yield _post(
            f"sim {name} draw",
            path,
            {
                "games": 9,
                "seed": 4,
                "rules": rules,
                "first_dealer": "draw",
                "first_game": 77,
                "players": _lineup(*names),
            },
        )
        yield _post(
            f"sim {name} transcripts",
            path,
            {
                "games": 2,
                "seed": 5,
                "rules": rules,
                "transcripts": True,
                "players": _lineup(*names),
            },
        )
        yield _post(
            f"sim {name} lines",
            path,
            {"games": 6, "seed": 6, "rules": rules, "players": _lineup(*names)},
            **NDJSON,
        )
        yield _post(
            f"sim {name} sharded json",
            path,
            {"games": 40, "seed": 8, "rules": rules, "players": _lineup(*names)},
            "sharded",
        )
        yield _post(
            f"sim {name} sharded lines",
            path,
            {"games": 40, "seed": 8, "rules": rules, "players": _lineup(*names)},
            "sharded",
            **NDJSON,
        )
        yield _post(
            f"sim {name} shard lines",
            path,
            {"games": 40, "seed": 8, "rules": rules, "lines": "shards", "players": _lineup(*names)},
            "sharded",
            **NDJSON,
        )
    two = _lineup("expected", "greedy")
    for rules in (
        {"target": 121},
        {"starter_double_points": 0},
        {"starter_double_points": 2, "double_blank_in_fifteens": False},
    ):
        yield _post(
            f"sim rules {rules}",
            path,
            {"games": 10, "seed": 11, "rules": rules, "players": _lineup("expert", "expected")},
        )
    for dealer in ("alternate", "draw", 0, 1):
        yield _post(
            f"sim first dealer {dealer}",
            path,
            {"games": 10, "seed": 12, "first_dealer": dealer, "first_game": 5, "players": two},
        )
    search = [{"strategy": "search", "budget": 3}]
    yield _post(
        "sim search v expert",
        path,
        {"games": 3, "seed": 16, "players": [*search, {"strategy": "expert"}]},
    )
    yield _post(
        "sim search partners transcripts",
        path,
        {
            "games": 1,
            "seed": 17,
            "transcripts": True,
            "rules": {"players": 4, "partners": True},
            "players": [*search, *_lineup("greedy"), *search, *_lineup("random")],
        },
    )
    yield _post(
        "sim transcripts two",
        path,
        {"games": 3, "seed": 13, "transcripts": True, "players": _lineup("expert", "random")},
    )
    yield _post(
        "sim transcripts two lines",
        path,
        {"games": 3, "seed": 13, "transcripts": True, "players": _lineup("greedy", "expected")},
        **NDJSON,
    )
    yield _post("sim two lines", path, {"games": 25, "seed": 14, "players": two}, **NDJSON)
    yield _post(
        "sim two sharded json",
        path,
        {"games": 300, "seed": 15, "first_game": 3, "players": two},
        "sharded",
    )
    yield _post(
        "sim two sharded lines",
        path,
        {"games": 120, "seed": 15, "players": two},
        "sharded",
        **NDJSON,
    )
    yield _post(
        "sim two shard lines",
        path,
        {"games": 300, "seed": 15, "lines": "shards", "players": two},
        "sharded",
        **NDJSON,
    )
    yield _post(
        "sim too many transcripts",
        path,
        {"games": 101, "transcripts": True, "seed": 1, "players": two},
    )
    yield _post(
        "sim wrong lineup", path, {"games": 1, "seed": 1, "rules": {"players": 3}, "players": two}
    )
    yield _post(
        "sim unknown strategy",
        path,
        {"games": 1, "seed": 1, "players": _lineup("expert", "nobody")},
    )
    yield _post(
        "sim transcripts shard lines",
        path,
        {"games": 2, "seed": 1, "transcripts": True, "lines": "shards", "players": two},
        **NDJSON,
    )


def _moves(
    name: str,
    rules: dict[str, Any],
    dealer: int,
    starter: str,
    hands: list[list[str]],
    away: list[list[str]],
    plays: list[dict[str, Any]],
    strategies: tuple[str, ...],
    budget: int | None = None,
    **extra: Any,
) -> Iterator[Case]:
    """The computer's move at every entry of a worked play, each seat asked with what it knew,
    the strategies in turn (``budget`` for search)."""
    for i, entry in enumerate(plays):
        seat, strategy = entry["player"], strategies[i % len(strategies)]
        laid = {p["tile"] for p in plays[:i] if p["player"] == seat and "tile" in p}
        body = {"rules": rules, "dealer": dealer, "starter": starter, "plays": plays[:i],
                "hand": [t for t in hands[seat] if t not in laid], "laid_away": away[seat],
                "seat": seat, "strategy": strategy, "playouts": 60, **extra}  # fmt: skip
        if strategy == "search" and budget is not None:
            body["budget"] = budget
        yield _post(f"move {name} {i}", "/v1/plays/advise", body)


def _computer() -> Iterator[Case]:
    """What each strategy lays away and lays: the lay-away's choice beside the
    ranking, and the move at every entry of the rule book's plays."""
    six, five = ["1-2", "3-4", "2-5", "0-6", "5-6", "1-1"], ["3-4", "0-4", "1-3", "2-2", "0-1"]
    for name in (*STRATEGY_NAMES, "search"):
        yield _post(f"lay away {name}", "/v1/discards/advise",
                    {"tiles": six, "dealer": False, "strategy": name})  # fmt: skip
        yield _post(f"lay away {name} three", "/v1/discards/advise",
                    {"tiles": five, "dealer": True, "strategy": name,
                     "rules": {"players": 3}})  # fmt: skip
    yield _post("lay away search budget partners", "/v1/discards/advise",
                {"tiles": five, "dealer": False, "partner_deals": True, "strategy": "search",
                 "budget": 10, "rules": {"players": 4, "partners": True}})  # fmt: skip
    yield from _moves("two", {}, 1, "1-5", WHOLE_HANDS, [["1-2", "5-6"], ["0-0", "5-5"]],
                      WHOLE_PLAY, ("expert", "search", "expected", "greedy", "random"))  # fmt: skip
    three = [_play(seat, tile) for seat, tile in THREE_LAID]
    yield from _moves("three", {"players": 3}, 2, "5-5", THREE_HANDS,
                      [["0-1"], ["3-6"], ["0-6"]], three[:6], ("search", "expert"), 30,
                      scores=[40, 54, 44])  # fmt: skip
    four = [_play(seat, tile) for seat, tile in FOUR_LAID]
    yield from _moves("partners", {"players": 4, "partners": True}, 3, "3-3", FOUR_HANDS,
                      [["0-0"], ["1-1"], ["2-2"], ["1-3"]], four[:5], ("expert", "search"),
                      20)  # fmt: skip


def cases() -> list[Case]:
    """Every recorded case, in a fixed order (random tiles from a fixed seed)."""
    rng = Random("recorded-answers")
    found = [
        *_reference(),
        *_hands(rng),
        *_pegging(),
        *_validate(),
        *_deals(),
        *_reviews(),
        *_games(),
        *_advice(rng),
        *_simulations(),
        *_computer(),
    ]
    names = [case[0] for case in found]
    assert len(set(names)) == len(names), "case names are unique"
    return found


def is_shard_lines(case: Case) -> bool:
    body = case[4]
    return isinstance(body, dict) and body.get("lines") == "shards" and "Accept" in case[5]


def answer(apps_by_name: dict[str, Flask], case: Case) -> dict[str, Any]:
    """A case's answer as recorded: status, media type and body text.

    Shard lines are cut by time, so their boundaries differ from run to run: only the last
    line (the summary, or the error) is kept of them; ``test_recorded`` checks the shard
    lines add up to it.
    """
    name, app, method, path, body, headers = case
    client = apps_by_name[app].test_client()
    response = client.open(path, method=method, json=body, headers=headers)
    text = response.get_data(as_text=True)
    if is_shard_lines(case) and response.status_code == 200:
        text = text.splitlines(keepends=True)[-1]
    return {"name": name, "status": response.status_code, "type": response.mimetype, "body": text}


def read_answers() -> dict[str, dict[str, Any]]:
    with gzip.open(ANSWERS, "rt", encoding="utf-8") as data:
        return {entry["name"]: entry for entry in json.load(data)}


def write_answers(entries: list[dict[str, Any]]) -> None:
    text = json.dumps(entries, indent=0, sort_keys=True, ensure_ascii=False).encode()
    with open(ANSWERS, "wb") as out, gzip.GzipFile("", "wb", 9, out, mtime=0) as gz:
        gz.write(text)
