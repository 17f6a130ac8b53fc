package transport

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/quic-go/quic-go"

	"github.com/stratavox/strata/net/protocol"
	"github.com/stratavox/strata/net/wire"
)

func TestInboxOrderAndLimit(t *testing.T) {
	q := NewInbox(2)
	q.push(Event{Kind: wire.Connected, ID: 1})
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := q.pushMessage(ctx, Event{Kind: wire.Message, ID: 1}); err != nil {
			t.Fatal(err)
		}
	}
	// The third message must wait for a drain; lifecycle events never wait.
	pushed := make(chan struct{})
	go func() {
		_ = q.pushMessage(ctx, Event{Kind: wire.Message, ID: 2})
		close(pushed)
	}()
	q.push(Event{Kind: wire.Disconnected, ID: 1})
	select {
	case <-pushed:
		t.Fatal("message pushed past the limit")
	case <-time.After(50 * time.Millisecond):
	}
	got := q.Drain(nil)
	want := []wire.EventKind{wire.Connected, wire.Message, wire.Message, wire.Disconnected}
	if len(got) != len(want) {
		t.Fatalf("drained %d events, want %d", len(got), len(want))
	}
	for i, k := range want {
		if got[i].Kind != k {
			t.Errorf("event %d is %v, want %v", i, got[i].Kind, k)
		}
	}
	<-pushed
	if got := q.Drain(got[:0]); len(got) != 1 || got[0].ID != 2 {
		t.Fatalf("after drain: %v", got)
	}

	// A waiting pusher gives up when its context ends.
	for i := 0; i < 2; i++ {
		_ = q.pushMessage(ctx, Event{Kind: wire.Message})
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := q.pushMessage(cctx, Event{Kind: wire.Message}); err == nil {
		t.Fatal("pushMessage ignored a cancelled context")
	}
}

func TestBucket(t *testing.T) {
	t0 := time.Unix(0, 0)
	b := newBucket(10, 3, t0)
	for i := 0; i < 3; i++ {
		if !b.take(t0) {
			t.Fatalf("burst token %d refused", i)
		}
	}
	if b.take(t0) {
		t.Fatal("took beyond the burst")
	}
	if w := b.wait(t0); w < 99*time.Millisecond || w > 101*time.Millisecond {
		t.Fatalf("wait = %v, want 100ms", w)
	}
	if !b.take(t0.Add(100 * time.Millisecond)) {
		t.Fatal("token not refilled after 1/rate")
	}
	if b.take(t0.Add(100 * time.Millisecond)) {
		t.Fatal("refilled too much")
	}
	b.take(t0.Add(time.Hour)) // a long pause refills only up to the burst
	if b.tokens > b.burst {
		t.Fatalf("tokens %v above burst %v", b.tokens, b.burst)
	}
}

func TestOutQueueBounds(t *testing.T) {
	tests := []struct {
		name             string
		maxMsgs, maxByte int
		frames           []int
		accepted         int
	}{
		{"by count", 2, 1 << 20, []int{1, 1, 1}, 2},
		{"by bytes", 100, 10, []int{6, 6}, 1},
		{"oversize frame into empty queue", 100, 10, []int{50, 1}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := newOutQueue(tt.maxMsgs, tt.maxByte)
			n := 0
			for _, size := range tt.frames {
				if q.push(wire.ChunkFrame(make([]byte, size))) {
					n++
				}
			}
			if n != tt.accepted {
				t.Fatalf("accepted %d, want %d", n, tt.accepted)
			}
			batch := q.take(nil)
			msgs, bytes, dropped := q.stats()
			if msgs != len(batch) || dropped != uint64(len(tt.frames)-n) {
				t.Fatalf("stats during write: %d msgs %d bytes %d dropped", msgs, bytes, dropped)
			}
			total := 0
			for _, f := range batch {
				total += f.Len()
			}
			q.done(len(batch), total)
			if msgs, bytes, _ := q.stats(); msgs != 0 || bytes != 0 {
				t.Fatalf("after done: %d msgs %d bytes", msgs, bytes)
			}
		})
	}
}

func TestSubThrottleCoalesces(t *testing.T) {
	got := make(chan uint32, 16)
	th := newSubThrottle(20, 2, func(m *protocol.ClientMessage) { got <- m.GetSubscribe().GetViewDistance() })
	defer th.stop()
	sub := func(v uint32) *protocol.ClientMessage {
		return &protocol.ClientMessage{Kind: &protocol.ClientMessage_Subscribe{Subscribe: &protocol.Subscribe{ViewDistance: v}}}
	}
	now := time.Now()
	passed := 0
	for v := uint32(1); v <= 100; v++ {
		if th.offer(sub(v), now) {
			passed++
		}
	}
	if passed != 2 {
		t.Fatalf("%d passed at once, want the burst of 2", passed)
	}
	select {
	case v := <-got:
		if v != 100 {
			t.Fatalf("coalesced delivery carried %d, want the latest (100)", v)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("coalesced Subscribe never delivered")
	}
	select {
	case v := <-got:
		t.Fatalf("extra delivery %d", v)
	case <-time.After(100 * time.Millisecond):
	}
	// After stop nothing more is emitted.
	th.offer(sub(1), now)
	th.stop()
	select {
	case v := <-got:
		t.Fatalf("delivery %d after stop", v)
	case <-time.After(100 * time.Millisecond):
	}
}

func TestGrantAndClamp(t *testing.T) {
	cfg, err := Config{TLS: nil}.withDefaults()
	if err == nil {
		t.Fatal("missing TLS accepted")
	}
	cfg = Config{MaxViewDistance: 12, Features: []string{"a", "b"}}
	if got := protocol.ClampView(10000, cfg.MaxViewDistance); got != 12 {
		t.Errorf("clamp 10000 = %d", got)
	}
	if got := protocol.ClampView(0, cfg.MaxViewDistance); got != protocol.DefaultViewDistance {
		t.Errorf("clamp 0 = %d, want the default", got)
	}
	if got := cfg.grantFeatures([]string{"b", "x", "b", "a"}); len(got) != 2 || got[0] != "b" || got[1] != "a" {
		t.Errorf("granted %v", got)
	}
}

// TestCloseInfoCloseError: a non-native session's CloseError wins over the
// error it wraps, whose code may belong to another code space.
func TestCloseInfoCloseError(t *testing.T) {
	inner := &quic.ApplicationError{Remote: true, ErrorCode: 0x100} // HTTP/3's H3_NO_ERROR
	err := fmt.Errorf("read: %w", &CloseError{Code: protocol.ErrorCode_ERROR_CODE_KICKED, Remote: false, Err: inner})
	code, remote, ok := closeInfo(err)
	if !ok || code != protocol.ErrorCode_ERROR_CODE_KICKED || remote {
		t.Fatalf("closeInfo = %v %v %v", code, remote, ok)
	}
	if !errors.Is(err, inner) {
		t.Error("CloseError does not unwrap")
	}
}
