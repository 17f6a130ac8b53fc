package admin

import (
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil/promlint"
	dto "github.com/prometheus/client_model/go"
)

// gather returns the registry's families by name.
func gather(t *testing.T, m *Metrics) map[string]*dto.MetricFamily {
	t.Helper()
	mfs, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*dto.MetricFamily{}
	for _, mf := range mfs {
		out[mf.GetName()] = mf
	}
	return out
}

func TestMetricsExposeEverySeries(t *testing.T) {
	m := NewMetrics()
	m.ObserveTick(12 * time.Millisecond)
	m.ObserveSystem("reconcile", "stream", 900*time.Microsecond)
	m.ObserveFsync(4 * time.Millisecond)
	m.Reject("oversized_frame")
	m.Reject("oversized_frame")
	m.Reject("bad_radius")
	m.SetResident(Resident{Dense: 120, Uniform: 3400, Bytes: 1 << 20, Dirty: 4})
	m.SetGeneration(Generation{Queued: 7, InFlight: 3, Completed: 900, Failed: 1, PerSecond: 42.5})
	m.TPS.Set(19.8)
	m.Overruns.Set(5)
	m.DroppedTicks.Set(2)
	m.Ready.Set(1)
	m.ClientsConnected.Set(2)
	m.SentBytes.Set(123456)
	m.SentSections.Add(30)
	m.DeliveryQueuedBytes.Set(17)
	m.ChunkStreamBytes.Set(2300)
	m.ChunkWireBytes.Set(850)

	fams := gather(t, m)
	// value is the gauge or counter value, or the histogram's count; the
	// label selects one series of a vector.
	tests := []struct {
		name  string
		label string
		want  float64
	}{
		{"strata_tick_duration_seconds", "", 1},
		{"strata_system_duration_seconds", "system=reconcile", 1},
		{"strata_ticks_total", "", 1},
		{"strata_ticks_per_second", "", 19.8},
		{"strata_tick_overruns_total", "", 5},
		{"strata_ticks_dropped_total", "", 2},
		{"strata_ready", "", 1},
		{"strata_resident_sections", "kind=dense", 120},
		{"strata_resident_sections", "kind=uniform", 3400},
		{"strata_resident_bytes", "", 1 << 20},
		{"strata_dirty_sections", "", 4},
		{"strata_generation_queue_depth", "", 7},
		{"strata_generation_in_flight", "", 3},
		{"strata_generation_completed_total", "", 900},
		{"strata_generation_failed_total", "", 1},
		{"strata_generation_sections_per_second", "", 42.5},
		{"strata_clients_connected", "", 2},
		{"strata_sent_bytes_total", "", 123456},
		{"strata_sent_sections_total", "", 30},
		{"strata_delivery_queued_bytes", "", 17},
		{"strata_chunk_stream_bytes_total", "", 2300},
		{"strata_chunk_wire_bytes_total", "", 850},
		{"strata_rejected_inputs_total", "reason=oversized_frame", 2},
		{"strata_rejected_inputs_total", "reason=bad_radius", 1},
		{"strata_storage_batches_total", "", 1},
		{"strata_storage_fsync_duration_seconds", "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name+"{"+tt.label+"}", func(t *testing.T) {
			mf, ok := fams[tt.name]
			if !ok {
				t.Fatalf("%s not exposed", tt.name)
			}
			got, found := seriesValue(mf, tt.label)
			if !found {
				t.Fatalf("%s has no series %q", tt.name, tt.label)
			}
			if got != tt.want {
				t.Errorf("%s{%s} = %v, want %v", tt.name, tt.label, got, tt.want)
			}
		})
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_resident_memory_bytes"} {
		if _, ok := fams[name]; !ok {
			t.Errorf("runtime collector metric %s missing", name)
		}
	}
}

func seriesValue(mf *dto.MetricFamily, label string) (float64, bool) {
	k, v, _ := strings.Cut(label, "=")
	for _, m := range mf.GetMetric() {
		match := label == ""
		for _, lp := range m.GetLabel() {
			if lp.GetName() == k && lp.GetValue() == v {
				match = true
			}
		}
		if !match {
			continue
		}
		switch {
		case m.Gauge != nil:
			return m.GetGauge().GetValue(), true
		case m.Counter != nil:
			return m.GetCounter().GetValue(), true
		case m.Histogram != nil:
			return float64(m.GetHistogram().GetSampleCount()), true
		}
	}
	return 0, false
}

// TestMetricNamesLint holds every strata_ metric to Prometheus' naming
// conventions (units in names, _total on counters, help text).
func TestMetricNamesLint(t *testing.T) {
	m := NewMetrics()
	m.ObserveSystem("x", "y", time.Microsecond)
	m.Reject("r")
	mfs, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	var ours []*dto.MetricFamily
	for _, mf := range mfs {
		if strings.HasPrefix(mf.GetName(), "strata_") {
			ours = append(ours, mf)
		}
	}
	problems, err := promlint.NewWithMetricFamilies(ours).Lint()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s: %s", p.Metric, p.Text)
	}
}

func TestMetricsRegistriesAreIndependent(t *testing.T) {
	a, b := NewMetrics(), NewMetrics()
	a.Ticks.Add(3)
	if b.Ticks.Value() != 0 || a.Registry() == b.Registry() {
		t.Error("two Metrics share state; each must have its own registry")
	}
}

// BenchmarkPerTickUpdate is what a metrics system costs per tick with a
// dozen systems.
func BenchmarkPerTickUpdate(b *testing.B) {
	m := NewMetrics()
	names := []string{"ingest", "physics", "daynight", "follow", "stream_chunks", "reconcile", "deliver", "broadcast", "persist", "a", "b", "c"}
	b.ReportAllocs()
	for b.Loop() {
		m.ObserveTick(3 * time.Millisecond)
		for _, n := range names {
			m.ObserveSystem(n, "stage", 100*time.Microsecond)
		}
		m.TPS.Set(20)
		m.SetResident(Resident{Dense: 1, Uniform: 2, Bytes: 3})
		m.SetGeneration(Generation{Queued: 1, Completed: 2})
		m.ClientsConnected.Set(2)
		m.SentBytes.Set(1000)
	}
}
