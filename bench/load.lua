-- wrk script for bench/load.sh: every connection rotates over all the API's endpoints, and
-- every answer is counted by status (non-2xx answers are errors for these valid requests).
-- done() prints one "RESULT {json}" line that load.sh parses.

local json_headers = { ["Content-Type"] = "application/json" }
local hand = '{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}'
local hands = {}
for i = 1, 100 do hands[i] = hand end

local bodies = {
  { "POST", "/v1/hands/score", hand },
  { "POST", "/v1/hands/score-batch", '{"hands": [' .. table.concat(hands, ", ") .. ']}' },
  { "POST", "/v1/pegging/score",
    '{"plays": [{"player": 0, "tile": "3-4"}, {"player": 1, "tile": "2-6"},'
    .. ' {"player": 0, "tile": "1-1"}], "dealer": 1}' },
  { "POST", "/v1/plays/validate",
    '{"plays": [{"player": 0, "tile": "6-6"}, {"player": 1, "tile": "5-6"}],'
    .. ' "play": {"player": 0, "tile": "4-5"}}' },
  { "POST", "/v1/discards/advise",
    '{"tiles": ["0-5", "1-4", "2-3", "4-6", "5-5", "0-0"], "dealer": true}' },
  { "POST", "/v1/simulations",
    '{"games": 2, "seed": 42, "players": [{"strategy": "greedy"}, {"strategy": "random"}]}' },
  { "GET", "/v1/rules", nil },
  { "GET", "/v1/tiles", nil },
}

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  requests = {}
  for i, b in ipairs(bodies) do
    requests[i] = wrk.format(b[1], b[2], b[3] and json_headers or {}, b[3])
  end
  turn = id or 0
  ok = 0
  non2xx = 0
end

function request()
  turn = turn + 1
  return requests[(turn % #requests) + 1]
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    ok = ok + 1
  else
    non2xx = non2xx + 1
  end
end

function done(summary, latency, requests)
  local ok_total, bad_total = 0, 0
  for _, thread in ipairs(threads) do
    ok_total = ok_total + thread:get("ok")
    bad_total = bad_total + thread:get("non2xx")
  end
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %d, "seconds": %.3f, "rps": %.1f, "p50_ms": %.2f, "p90_ms": %.2f,'
    .. ' "p99_ms": %.2f, "max_ms": %.2f, "ok_2xx": %d, "non_2xx": %d, "connect_errors": %d,'
    .. ' "read_errors": %d, "write_errors": %d, "timeouts": %d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, ok_total, bad_total,
    e.connect, e.read, e.write, e.timeout))
end
