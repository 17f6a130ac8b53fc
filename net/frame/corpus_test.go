package frame

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"google.golang.org/protobuf/proto"
)

var updateCorpus = flag.Bool("update-corpus", false, "rewrite testdata/fuzz seed files from the seed messages")

// seedCorpus is the committed seed corpus: go test runs every file under
// testdata/fuzz/<FuzzName>/ as a regression case, with or without -fuzz.
func seedCorpus() map[string]map[string][]byte {
	c := map[string]map[string][]byte{
		"FuzzReadFrame":      {},
		"FuzzDecodeControl":  {},
		"FuzzDecodeChunkMsg": {},
	}
	for i, m := range seedClientMessages() {
		b, _ := proto.Marshal(m)
		c["FuzzDecodeControl"][fmt.Sprintf("client-%02d", i)] = b
		fr, _ := Marshal(m, ControlCap)
		c["FuzzReadFrame"][fmt.Sprintf("client-frame-%02d", i)] = fr
	}
	for i, m := range seedServerMessages() {
		b, _ := proto.Marshal(m)
		c["FuzzDecodeControl"][fmt.Sprintf("server-%02d", i)] = b
	}
	for i, m := range seedChunkMessages() {
		b, _ := proto.Marshal(m)
		c["FuzzDecodeChunkMsg"][fmt.Sprintf("chunk-%02d", i)] = b
		fr, _ := Marshal(m, ChunkCap)
		c["FuzzReadFrame"][fmt.Sprintf("chunk-frame-%02d", i)] = fr
	}
	c["FuzzReadFrame"]["oversize-prefix"] = []byte{0x81, 0x80, 0x04}
	c["FuzzReadFrame"]["overflow-prefix"] = bytes.Repeat([]byte{0xff}, 10)
	c["FuzzReadFrame"]["truncated"] = []byte{0x05, 1, 2}
	c["FuzzDecodeControl"]["garbage"] = []byte{0xff, 0xff, 0xff, 0x0f}
	c["FuzzDecodeChunkMsg"]["bad-utf8-wire-type"] = []byte{0x0a, 0x05, 0x0a, 0x03, 0x08, 0x01}
	return c
}

// TestSeedCorpus keeps the committed corpus in step with the seed messages:
// run with -update-corpus after changing the schema or the seeds.
func TestSeedCorpus(t *testing.T) {
	for fuzzer, files := range seedCorpus() {
		for name, data := range files {
			path := filepath.Join("testdata", "fuzz", fuzzer, name)
			want := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
			if *updateCorpus {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("missing seed %s (run go test ./net/frame -run TestSeedCorpus -update-corpus): %v", path, err)
				continue
			}
			if string(got) != want {
				t.Errorf("seed %s is stale (run with -update-corpus)", path)
			}
		}
	}
}
