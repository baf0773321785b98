-- wrk: authenticated POSTs with a JSON body, configured from the environment by scripts/bench.py.
--   BENCH_TOKEN        the bearer token
--   BENCH_BODY         the body of every request, or
--   BENCH_BODIES       a file with one body per line, each sent once (sealed taps are single-use),
--                      shared out between wrk's BENCH_THREADS threads
--   BENCH_IDEMPOTENCY  when set, a prefix: each request carries an Idempotency-Key of its own
--   BENCH_DEVICE       when set, the X-Device-Installation-Id of every request
-- A thread that runs out of bodies sends its last again; the gateway refuses the replay (4xx),
-- which wrk counts as non-2xx, and bench.py fails the run instead of reporting it.
local token = os.getenv("BENCH_TOKEN")
local body = os.getenv("BENCH_BODY")
local bodies_file = os.getenv("BENCH_BODIES")
local prefix = os.getenv("BENCH_IDEMPOTENCY")
local device = os.getenv("BENCH_DEVICE")
local thread_count = tonumber(os.getenv("BENCH_THREADS") or "1")
local started = 0

function setup(thread)
    thread:set("number", started)
    started = started + 1
end

function init(args)
    counter = 0
    headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" }
    if device then headers["X-Device-Installation-Id"] = device end
    if bodies_file then
        bodies = {}
        local line_number = 0
        for line in io.lines(bodies_file) do
            if line_number % thread_count == number then bodies[#bodies + 1] = line end
            line_number = line_number + 1
        end
    end
end

function request()
    counter = counter + 1
    local this_body = body
    if bodies then this_body = bodies[math.min(counter, #bodies)] end
    if prefix then headers["Idempotency-Key"] = prefix .. "-" .. number .. "-" .. counter end
    return wrk.format("POST", nil, headers, this_body)
end
