// The TypeScript client smoke test (tests/client/test_typescript_client.py): schema.d.ts is
// generated beside this file from the served spec by openapi-typescript (with
// --default-non-nullable false: an option with a default may be left out of a request);
// openapi-fetch is the client. `tsc` checks every call against the contract (a wrong body is a compile error, see
// the @ts-expect-error lines); run with node and the server's URL, it calls every JSON
// operation once and checks the answers.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Schemas = components["schemas"];
declare const process: { argv: string[] }; // node's, without @types/node

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error("usage: node smoke.js BASE_URL");
const api = createClient<paths>({ baseUrl });

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(`failed: ${what}`);
}

const hand: Schemas["HandScoreRequest"] = {
  hand: ["3-3", "1-5", "4|2", [0, 3]],
  starter: "6-0",
  claimed: 20,
  rules: { target: 121 },
};
const scored = await api.POST("/v1/hands/score", { body: hand });
check(scored.data?.total === 24, "hand total");
check(scored.data.claim?.missed === 4, "claim");
check(scored.data.rules.target === 121, "rules in effect");
check(/^[0-9a-f]{32}$/.test(scored.response.headers.get("X-Request-ID") ?? ""), "request id");

// @ts-expect-error 62 is not a Target (61 | 121)
const wrongTarget: Schemas["Rules"] = { target: 62 };
void wrongTarget;

const batch = await api.POST("/v1/hands/score-batch", {
  body: { hands: [{ hand: ["3-3", "1-5", "2-4", "0-3"], starter: "0-6" }] },
});
check(batch.data?.totals[0] === 24, "batch");

const bad = await api.POST("/v1/hands/score", {
  body: { hand: ["3-3", "1-5", "2-4", "7-7"], starter: "0-6" },
});
check(bad.response.status === 422 && bad.error?.errors?.[0]?.pointer === "/hand/3", "problem");

const plays: Schemas["Play"][] = [
  { player: 0, tile: "3-4" },
  { player: 1, tile: "2-6" },
  { player: 0, tile: "6-6" },
  { player: 1, go: true },
];
// @ts-expect-error a go is always true
const notAGo: Schemas["GoPlay"] = { player: 0, go: false };
void notAGo;
const pegging = await api.POST("/v1/pegging/score", { body: { plays, dealer: 1 } });
check(pegging.data?.scores[1] === 2 && pegging.data.plays[3]?.go === true, "pegging");
const illegal = await api.POST("/v1/pegging/score", {
  body: { plays: [{ player: 1, tile: "3-4" }], dealer: 1 },
});
check(illegal.error?.code === "out_of_turn", "illegal record");

const verdict = await api.POST("/v1/plays/validate", {
  body: { plays: plays.slice(0, 3), play: { player: 1, tile: "5-5" } },
});
check(verdict.data?.legal === false && verdict.data.reason?.code === "count_over_31", "verdict");

// docs/rules.md section 8.5, three players.
const threeHands = [
  ["3-4", "0-4", "1-3", "2-2"],
  ["2-6", "0-5", "4-6", "2-5"],
  ["3-5", "1-5", "1-4", "4-4"],
];
const threePlays = (
  [
    [0, "3-4"], [1, "2-6"], [2, "3-5"], [0, "0-4"], [0, "1-3"], [1, "0-5"],
    [2, "1-5"], [0, "2-2"], [1, "4-6"], [2, "1-4"], [1, "2-5"], [2, "4-4"],
  ] as const
).map(([player, tile]) => ({ player, tile }));
const deal = await api.POST("/v1/deals/score", {
  body: {
    rules: { players: 3 },
    dealer: 2,
    scores: [40, 54, 44],
    starter: "5-5",
    hands: threeHands,
    crib: ["5-6", "0-1", "3-6", "0-6"],
    plays: threePlays,
    claims: { hands: [12, null, null] },
  },
});
check(deal.data?.winner?.side === 0 && deal.data.scores[0] === 61, "deal");

// The same deal reviewed from the start (scores of 0), seat 1 only: his lay-away first.
const reviewed = await api.POST("/v1/deals/review", {
  body: {
    rules: { players: 3 },
    dealer: 2,
    scores: [0, 0, 0],
    starter: "5-5",
    drawn: [
      [...(threeHands[0] ?? []), "0-1"],
      [...(threeHands[1] ?? []), "3-6"],
      [...(threeHands[2] ?? []), "0-6"],
    ],
    hands: threeHands,
    crib: ["5-6", "0-1", "3-6", "0-6"],
    plays: threePlays,
    seats: [1],
    playouts: 50,
  },
});
const firstDecision: Schemas["ReviewDecision"] | undefined = reviewed.data?.decisions[0];
check(
  firstDecision?.kind === "lay_away" && firstDecision.chosen[0] === "3-6" &&
    reviewed.data?.model === "expected" && reviewed.data.seats[0]?.seat === 1,
  "review",
);

const rules = await api.GET("/v1/rules");
check(rules.data?.defaults.target === 61, "rules");
const tiles = await api.GET("/v1/tiles");
check(tiles.data?.tiles.length === 28, "tiles");
const strategies = await api.GET("/v1/strategies");
check(strategies.data?.strategies.some((s) => s.name === "expected") === true, "strategies");

const firstDealer: Schemas["FirstDealer"] = "alternate";
const simulation = await api.POST("/v1/simulations", {
  body: {
    games: 2,
    seed: 42,
    players: [{ strategy: "expected" }, { strategy: "random" }],
    first_dealer: firstDealer,
  },
});
// The answer is JSON, or NDJSON text when asked for with Accept: application/x-ndjson.
check(typeof simulation.data === "object" && simulation.data.players[0]?.wins === 2, "simulation");

const advice = await api.POST("/v1/discards/advise", {
  body: { tiles: ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], dealer: true },
});
check(advice.data?.options.length === 15, "advice");
// Two players: the expert model by default, which counts the play (null under expected).
const playValue: number | null | undefined = advice.data?.options[0]?.expected_pegging;
check(advice.data?.model === "expert" && typeof playValue === "number", "advice model");

// A computer seat (docs/computer.md): the expert's lay-away, then its tile at 15.
const layAway = await api.POST("/v1/discards/advise", {
  body: { tiles: ["1-2", "3-4", "2-5", "0-6", "5-6", "1-1"], dealer: false, strategy: "expert" },
});
const laidAway: string[] = layAway.data?.choice?.discard ?? [];
check(layAway.data?.strategy === "expert" && laidAway.length === 2, "a strategy's lay-away");
const move = await api.POST("/v1/plays/advise", {
  body: {
    dealer: 1,
    starter: "1-5",
    hand: ["4-4", "0-6", "2-2"],
    laid_away: laidAway,
    plays: [{ player: 0, tile: "3-4" }, { player: 1, tile: "2-6" }],
    strategy: "search",
    budget: 50,
    playouts: 50,
  },
});
const choice: Schemas["Play"] | undefined = move.data?.choice;
check(
  move.data?.seat === 0 && move.data.count === 15 && choice !== undefined && "tile" in choice &&
    move.data.options.some((option) => option.tile === choice.tile),
  "the computer's move",
);

const health = await api.GET("/healthz");
check(health.data?.status === "ok", "health");
const ready = await api.GET("/readyz");
check(ready.data?.checks["scoring"] === true, "readiness");
const document = await api.GET("/openapi.json");
check(document.data?.openapi.startsWith("3.1") === true, "openapi.json");
const metrics = await api.GET("/metrics", { parseAs: "text" });
check(metrics.data?.includes("http_requests_total") === true, "metrics");
const yaml = await api.GET("/openapi.yaml", { parseAs: "text" });
check(yaml.data?.startsWith("openapi: 3.1") === true, "openapi.yaml");

console.log("typescript client: 18 operations answered as the contract says");
