package cluster

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/stratavox/strata/resources/chunk"
)

var bucketSeq atomic.Int64

// newBucket returns a bucket prefix unique to the test, so tests sharing
// a server do not see each other's keys.
func newBucket(t testing.TB) string {
	name := regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(t.Name(), "")
	if len(name) > 40 {
		name = name[:40]
	}
	return fmt.Sprintf("%s%d", name, bucketSeq.Add(1))
}

// connect joins shard to the cluster at urls; the test's cleanup closes it.
func connect(t testing.TB, urls, bucket, shard string, mod ...func(*Options)) *Cluster {
	t.Helper()
	o := Options{URLs: urls, Shard: shard, Bucket: bucket, LeaseTTL: time.Second, Log: testLog(t)}
	for _, m := range mod {
		m(&o)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := Connect(ctx, o)
	if err != nil {
		t.Fatalf("connect %s: %v", shard, err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("close %s: %v", shard, err)
		}
	})
	return c
}

// testLog logs warnings and worse to the test's output.
func testLog(t testing.TB) zerolog.Logger {
	return zerolog.New(zerolog.ConsoleWriter{Out: testWriter{t}, NoColor: true}).Level(zerolog.WarnLevel).With().Timestamp().Logger()
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// crash ends c as a killed process would: no keys deleted, the
// connection just gone. A later Close does nothing.
func crash(c *Cluster) {
	c.closeOnce.Do(func() {
		c.stopGoroutines()
		c.nc.Close()
	})
}

// section returns a dense section marked at a few cells with a block
// derived from b (kept within the registered blocks, so it encodes).
func section(b chunk.Block) chunk.Section {
	b = 2 + b%18
	s := chunk.Uniform(1)
	s.Set(0, 0, 0, b)
	s.Set(15, 15, 15, b)
	s.Set(3, 7, 11, b+1)
	return s
}

func sameSection(a, b chunk.Section) bool {
	for i := 0; i < chunk.Size*chunk.Size*chunk.Size; i++ {
		if a.At(i) != b.At(i) {
			return false
		}
	}
	return true
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}
