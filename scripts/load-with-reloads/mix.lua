-- wrk script for load-with-reloads.sh: cycles through the big endpoints, each with the Accept header kubectl sends,
-- half of them also taking gzip; prints a machine-readable summary line when done.
local aggregated = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json"
local mix = {
  { "/apis", aggregated },
  { "/openapi/v3/apis/apps/v1", "application/json" },
  { "/openapi/v3", "application/json" },
  { "/apis/apps/v1", "application/json" },
}
local next_index = 0

request = function()
  next_index = next_index + 1
  local entry = mix[(next_index % #mix) + 1]
  local headers = { ["Accept"] = entry[2] }
  -- Alternate identity and gzip per full cycle, so each path is asked both ways.
  if math.floor(next_index / #mix) % 2 == 1 then
    headers["Accept-Encoding"] = "gzip"
  end
  return wrk.format("GET", entry[1], headers)
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK requests=%d connect=%d read=%d write=%d timeout=%d status=%d p99_ms=%.2f\n",
    summary.requests, e.connect, e.read, e.write, e.timeout, e.status, latency:percentile(99) / 1000))
end
