# Convenience targets; the README's two commands need none of them.
.PHONY: test serve bench race

test:
	go test ./...

race:
	go test -race ./ecs/... ./resources/... ./net/... ./server/...

serve:
	go run ./cmd/strata serve

bench:
	go test -run '^$$' -bench . ./...
