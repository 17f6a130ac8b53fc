# Convenience targets; the README's two commands need none of them.
.PHONY: test test-long serve bench race

# The functional suite, about 1½ minutes on two cores (README, Tests).
test:
	go test ./...

# test and the long integration runs (real browsers, NATS clusters,
# killed subprocesses), about five minutes on two cores.
test-long:
	STRATA_TEST_LONG=1 go test ./...

race:
	go test -race ./ecs/... ./resources/... ./net/... ./server/...

serve:
	go run ./cmd/strata serve

bench:
	go test -run '^$$' -bench . ./...
