package admin

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"
	"time"
)

func TestPublishAndLatest(t *testing.T) {
	s := NewStatus()
	if s.Latest() != nil || s.Ready() {
		t.Fatal("new Status: want nothing published, not ready")
	}
	s.Publish(nil)
	if s.Latest() != nil {
		t.Fatal("Publish(nil) published something")
	}
	fixed := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	s.now = func() time.Time { return fixed }
	snap := &Snapshot{Tick: 7, Ready: true}
	s.Publish(snap)
	if got := s.Latest(); got != snap || !s.Ready() {
		t.Fatalf("Latest() = %p, Ready() = %v; want %p, true", got, s.Ready(), snap)
	}
	if !snap.Time.Equal(fixed) {
		t.Errorf("Publish did not stamp a zero Time: %v", snap.Time)
	}
}

func TestUptime(t *testing.T) {
	start := time.Unix(1000, 0)
	tests := []struct {
		name string
		snap Snapshot
		want time.Duration
	}{
		{"running", Snapshot{Started: start, Time: start.Add(90 * time.Second)}, 90 * time.Second},
		{"no start time", Snapshot{Time: start}, 0},
		{"clock behind start", Snapshot{Started: start, Time: start.Add(-time.Second)}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.snap.Uptime(); got != tt.want {
				t.Errorf("Uptime() = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestHistorySampling(t *testing.T) {
	start := time.Unix(1_700_000_000, 0)
	tests := []struct {
		name    string
		publish int           // snapshots published
		step    time.Duration // between snapshots
		want    int           // samples kept
	}{
		{"one per tick keeps one per second", 100, 50 * time.Millisecond, 5},
		{"one per second", 30, time.Second, 30},
		{"capped", 500, time.Second, historyLen},
		{"sparse", 10, 3 * time.Second, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewStatus()
			for i := range tt.publish {
				s.Publish(&Snapshot{Tick: uint64(i), Time: start.Add(time.Duration(i) * tt.step)})
			}
			h := s.history()
			if len(h) != tt.want {
				t.Fatalf("%d samples, want %d", len(h), tt.want)
			}
			for i := 1; i < len(h); i++ {
				if h[i].Time.Sub(h[i-1].Time) < historyInterval {
					t.Fatalf("samples %d and %d closer than %v", i-1, i, historyInterval)
				}
			}
			if last := h[len(h)-1].Tick; tt.step >= time.Second && last != uint64(tt.publish-1) {
				t.Errorf("newest sample is tick %d, want %d", last, tt.publish-1)
			}
		})
	}
}

// TestConcurrentPublishAndRead is for the race detector: the tick
// publishes while handlers encode.
func TestConcurrentPublishAndRead(t *testing.T) {
	s := NewStatus()
	base := fakeSnapshot(time.Unix(1_700_000_000, 0), 0)
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 300 {
			// A shallow copy shares the immutable slices, as a real
			// publisher may share whatever it never changes.
			snap := *base
			snap.Tick += uint64(i)
			snap.Time = base.Time.Add(time.Duration(i) * 500 * time.Millisecond)
			s.Publish(&snap)
		}
	})
	for range 3 {
		wg.Go(func() {
			for i := range 40 {
				if p := s.cur.Load(); p != nil {
					if _, err := p.json(); err != nil {
						t.Error(err)
						return
					}
				}
				// The page reads the history once on load; reading it
				// less often keeps the test fast under -race.
				if i%8 != 0 {
					continue
				}
				if _, err := json.Marshal(s.history()); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestSnapshotEncodedOnce(t *testing.T) {
	s := NewStatus()
	s.Publish(fakeSnapshot(time.Unix(1_700_000_000, 0), 0))
	p := s.cur.Load()
	a, err := p.json()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := p.json()
	if &a[0] != &b[0] {
		t.Error("snapshot encoded twice; want one cached encoding")
	}
}

func TestColumnJSON(t *testing.T) {
	tests := []struct {
		col  Column
		want string
	}{
		{Column{}, `[0,0,0,0,0]`},
		{Column{X: -3, Z: 12, Sections: 24, Dense: 5, Color: 0x5c9e3c}, `[-3,12,24,5,6069820]`},
		{Column{X: -2147483648, Z: 2147483647, Sections: 255, Dense: 255, Color: 0xffffff}, `[-2147483648,2147483647,255,255,16777215]`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(tt.col)
		if err != nil || string(b) != tt.want {
			t.Errorf("Marshal(%+v) = %s, %v; want %s", tt.col, b, err, tt.want)
		}
		var back Column
		if err := json.Unmarshal(b, &back); err != nil || back != tt.col {
			t.Errorf("Unmarshal(%s) = %+v, %v; want %+v", b, back, err, tt.col)
		}
	}
	var c Column
	if err := json.Unmarshal([]byte(`{"x":1}`), &c); err == nil {
		t.Error("Unmarshal of an object: want error")
	}
}

func TestTimingJSON(t *testing.T) {
	tm := Timing{Name: "reconcile", Stage: "stream", Runs: 9, Last: 1500 * time.Nanosecond, P50: 950 * time.Microsecond, P99: 3 * time.Millisecond, Max: 61 * time.Millisecond}
	b, err := json.Marshal(tm)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"name":"reconcile"`, `"stage":"stream"`, `"last_us":1.5`, `"p50_us":950`, `"p99_us":3000`, `"max_us":61000`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
	var back Timing
	if err := json.Unmarshal(b, &back); err != nil || back != tm {
		t.Errorf("round trip: %+v, %v; want %+v", back, err, tm)
	}
}

// BenchmarkStatusJSON is the cost of encoding a busy world's snapshot
// (15,000 columns), paid once per published snapshot by the first request.
func BenchmarkStatusJSON(b *testing.B) {
	snap := fakeSnapshot(time.Unix(1_700_000_000, 0), 0)
	for len(snap.Columns) < 15000 {
		snap.Columns = append(snap.Columns, snap.Columns...)
	}
	snap.Columns = snap.Columns[:15000]
	b.ReportAllocs()
	for b.Loop() {
		p := &published{snap: snap}
		if _, err := p.json(); err != nil {
			b.Fatal(err)
		}
	}
}
