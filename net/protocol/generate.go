package protocol

// The generated strata.pb.go is committed, so building and testing never need
// protoc. Regenerate after editing strata.proto (see docs/protocol.md):
//
//	go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.8
//	go generate ./net/protocol

//go:generate protoc --go_out=. --go_opt=paths=source_relative strata.proto
