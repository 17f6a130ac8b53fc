package admin

import (
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Metrics holds the server's Prometheus collectors in a registry of its
// own (never the global default one, so tests and several servers in one
// process do not collide). Every field is safe to update from any
// goroutine; updates are atomic operations, cheap enough for every tick.
//
// Counters whose source already keeps a running total (the pacer's
// overruns, the generation pool's completions, the network's bytes) are
// *Total, which the tick stores with Set; counters the tick counts itself
// are prometheus counters it increments.
type Metrics struct {
	reg *prometheus.Registry

	// TickDuration observes every tick's duration.
	TickDuration prometheus.Histogram
	// SystemDuration observes every system run's duration, by system and
	// stage labels.
	SystemDuration *prometheus.HistogramVec
	// Ticks is the tick counter.
	Ticks *Total
	// TPS is the measured tick rate.
	TPS prometheus.Gauge
	// Overruns counts ticks that took longer than their period.
	Overruns *Total
	// DroppedTicks counts ticks skipped because the backlog was too long.
	DroppedTicks *Total
	// Ready is 1 once the start-up gate is done, else 0.
	Ready prometheus.Gauge

	// ResidentDense and ResidentUniform count resident sections, as the
	// kind="dense" and kind="uniform" series of strata_resident_sections.
	ResidentDense   prometheus.Gauge
	ResidentUniform prometheus.Gauge
	// ResidentBytes is the memory resident sections hold.
	ResidentBytes prometheus.Gauge
	// DirtySections counts resident sections edited but not yet durable.
	DirtySections prometheus.Gauge

	// GenQueued is the generation queue's depth (jobs waiting for a worker).
	GenQueued prometheus.Gauge
	// GenInFlight counts jobs dispatched and not yet drained.
	GenInFlight prometheus.Gauge
	// GenCompleted counts generated sections.
	GenCompleted *Total
	// GenFailed counts failed generation jobs.
	GenFailed *Total
	// GenRate is the recent generation rate in sections per second.
	GenRate prometheus.Gauge

	// ClientsConnected counts connected clients.
	ClientsConnected prometheus.Gauge
	// SentBytes counts bytes sent to clients.
	SentBytes *Total
	// SentSections counts sections sent to clients; SentAirSections
	// those of them sent as positions of AirSections (air-sections).
	SentSections, SentAirSections *Total
	// ChunkStreamBytes counts the frames written to chunk streams, before
	// compression; ChunkWireBytes what those streams carried (less, for
	// clients granted deflate-chunks).
	ChunkStreamBytes, ChunkWireBytes *Total
	// DeliveryQueuedBytes is the bytes queued to clients' chunk streams,
	// over all clients, at the last tick.
	DeliveryQueuedBytes prometheus.Gauge
	// RejectedInputs counts inputs rejected, by reason label.
	RejectedInputs *prometheus.CounterVec
	// Actions counts break and place requests by result label ("ok",
	// "vetoed", "out_of_reach", ...).
	Actions *prometheus.CounterVec
	// Chat counts chat lines by outcome label ("broadcast", "refused",
	// "vetoed").
	Chat *prometheus.CounterVec
	// UnknownChannel counts plugin messages on channels nobody serves.
	UnknownChannel *Total

	// StorageBatches counts committed storage batches.
	StorageBatches *Total
	// StorageCorrupt counts the sections whose stored record is known
	// corrupt: not served, never regenerated over, retried with back-off.
	StorageCorrupt prometheus.Gauge
	// StorageCorruptions counts corruption events the database met: damaged
	// blocks read, compactions failed over damage, bad records, a stop.
	StorageCorruptions *Total
	// StorageFsync observes each batch commit's fsync latency.
	StorageFsync prometheus.Histogram
}

// NewMetrics creates every collector and registers it, with the Go
// runtime and process collectors, in a new registry.
func NewMetrics() *Metrics {
	// Ticks are budgeted at 50 ms (20 TPS), so the tick buckets resolve
	// well below and a little above it; systems run in microseconds; fsync
	// on real disks takes from a fraction of a millisecond to seconds.
	tickBuckets := []float64{.0005, .001, .002, .005, .01, .02, .03, .04, .05, .075, .1, .2, .5, 1}
	systemBuckets := prometheus.ExponentialBuckets(10e-6, 2.5, 12) // 10 µs .. ~0.6 s
	fsyncBuckets := prometheus.ExponentialBuckets(100e-6, 2, 15)   // 100 µs .. ~1.6 s

	reg := prometheus.NewRegistry()
	m := &Metrics{reg: reg}
	gauge := func(name, help string) prometheus.Gauge {
		g := prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: help})
		reg.MustRegister(g)
		return g
	}
	total := func(name, help string) *Total {
		t := &Total{}
		reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, t.value))
		return t
	}

	m.TickDuration = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "strata_tick_duration_seconds", Help: "Duration of each tick.", Buckets: tickBuckets,
	})
	m.SystemDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "strata_system_duration_seconds", Help: "Duration of each system run, by system and stage.", Buckets: systemBuckets,
	}, []string{"system", "stage"})
	m.StorageFsync = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "strata_storage_fsync_duration_seconds", Help: "Latency of each storage batch's synced commit.", Buckets: fsyncBuckets,
	})
	m.RejectedInputs = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "strata_rejected_inputs_total", Help: "Client inputs rejected, by reason.",
	}, []string{"reason"})
	m.Actions = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "strata_actions_total", Help: "Break and place requests, by result.",
	}, []string{"result"})
	m.Chat = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "strata_chat_lines_total", Help: "Chat lines, by outcome (broadcast, refused, vetoed).",
	}, []string{"outcome"})
	resident := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "strata_resident_sections", Help: "Resident sections, by kind (dense or uniform).",
	}, []string{"kind"})
	m.ResidentDense = resident.WithLabelValues("dense")
	m.ResidentUniform = resident.WithLabelValues("uniform")
	reg.MustRegister(m.TickDuration, m.SystemDuration, m.StorageFsync, m.RejectedInputs, m.Actions, m.Chat, resident,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	m.Ticks = total("strata_ticks_total", "Ticks run.")
	m.UnknownChannel = total("strata_plugin_messages_unknown_channel_total", "Plugin messages on channels no plugin serves.")
	m.TPS = gauge("strata_ticks_per_second", "Measured tick rate.")
	m.Overruns = total("strata_tick_overruns_total", "Ticks that took longer than their period.")
	m.DroppedTicks = total("strata_ticks_dropped_total", "Ticks skipped because the backlog exceeded the catch-up limit.")
	m.Ready = gauge("strata_ready", "1 once the start-up loading gate is done, else 0.")
	m.ResidentBytes = gauge("strata_resident_bytes", "Memory held by resident sections.")
	m.DirtySections = gauge("strata_dirty_sections", "Resident sections edited but not yet durable.")
	m.GenQueued = gauge("strata_generation_queue_depth", "Generation jobs waiting for a worker.")
	m.GenInFlight = gauge("strata_generation_in_flight", "Generation jobs dispatched and not yet drained.")
	m.GenCompleted = total("strata_generation_completed_total", "Sections generated.")
	m.GenFailed = total("strata_generation_failed_total", "Generation jobs that failed.")
	m.GenRate = gauge("strata_generation_sections_per_second", "Recent generation rate.")
	m.ClientsConnected = gauge("strata_clients_connected", "Connected clients.")
	m.SentBytes = total("strata_sent_bytes_total", "Bytes sent to clients.")
	m.SentSections = total("strata_sent_sections_total", "Sections sent to clients.")
	m.SentAirSections = total("strata_sent_air_sections_total", "Sections sent as positions of AirSections (feature air-sections), among strata_sent_sections_total.")
	m.ChunkStreamBytes = total("strata_chunk_stream_bytes_total", "Bytes of frames written to chunk streams, before compression.")
	m.ChunkWireBytes = total("strata_chunk_wire_bytes_total", "Bytes chunk streams carried on the wire (compressed for clients granted deflate-chunks).")
	m.DeliveryQueuedBytes = gauge("strata_delivery_queued_bytes", "Bytes queued to clients' chunk streams, over all clients.")
	m.StorageBatches = total("strata_storage_batches_total", "Storage batches committed.")
	m.StorageCorruptions = total("strata_storage_corruptions_total", "Corruption events the world database met (damaged blocks read, failed compactions, bad records).")
	m.StorageCorrupt = gauge("strata_storage_corrupt_sections", "Sections whose stored record is corrupt: not served, never regenerated over, retried with back-off.")
	return m
}

// Registry returns the registry /metrics serves, for collectors other
// packages add (for example a QUIC transport's).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// ObserveTick records one tick's duration and counts it.
func (m *Metrics) ObserveTick(d time.Duration) {
	m.TickDuration.Observe(d.Seconds())
	m.Ticks.Add(1)
}

// ObserveSystem records one run of a system.
func (m *Metrics) ObserveSystem(system, stage string, d time.Duration) {
	m.SystemDuration.WithLabelValues(system, stage).Observe(d.Seconds())
}

// ObserveFsync records one storage batch commit and its fsync latency.
func (m *Metrics) ObserveFsync(d time.Duration) {
	m.StorageFsync.Observe(d.Seconds())
	m.StorageBatches.Add(1)
}

// Reject counts one rejected input with its reason. Keep reasons to a
// small fixed set ("oversized_frame", "bad_radius", ...): each distinct
// reason is a time series.
func (m *Metrics) Reject(reason string) { m.RejectedInputs.WithLabelValues(reason).Inc() }

// SetResident sets the chunk store's figures.
func (m *Metrics) SetResident(r Resident) {
	m.ResidentDense.Set(float64(r.Dense))
	m.ResidentUniform.Set(float64(r.Uniform))
	m.ResidentBytes.Set(float64(r.Bytes))
	m.DirtySections.Set(float64(r.Dirty))
}

// SetGeneration sets the generation pool's figures.
func (m *Metrics) SetGeneration(g Generation) {
	m.GenQueued.Set(float64(g.Queued))
	m.GenInFlight.Set(float64(g.InFlight))
	m.GenCompleted.Set(g.Completed)
	m.GenFailed.Set(g.Failed)
	m.GenRate.Set(g.PerSecond)
}

// Total is a counter fed from a running total that another component
// already keeps: Set stores it, with no delta bookkeeping by the caller.
// It is exported as a Prometheus counter, so the value must never go down
// (except across a restart). The zero value is usable but unregistered;
// Metrics' Totals are registered.
type Total struct{ v atomic.Uint64 }

// Set stores the running total n.
func (t *Total) Set(n uint64) { t.v.Store(n) }

// Add adds n to the total.
func (t *Total) Add(n uint64) { t.v.Add(n) }

// Value returns the current total.
func (t *Total) Value() uint64 { return t.v.Load() }

func (t *Total) value() float64 { return float64(t.v.Load()) }
