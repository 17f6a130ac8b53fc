package bots

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// adminClient reads a server's admin listener (docs: admin package).
type adminClient struct {
	base  string
	token string
	hc    *http.Client
}

// newAdminClient checks that addr is loopback, like the QUIC target.
func newAdminClient(ctx context.Context, addr, token string) (*adminClient, error) {
	a, err := LoopbackAddr(ctx, addr)
	if err != nil {
		return nil, fmt.Errorf("admin: %w", err)
	}
	return &adminClient{base: "http://" + a, token: token, hc: &http.Client{Timeout: 10 * time.Second}}, nil
}

func (a *adminClient) get(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.base+path, nil)
	if err != nil {
		return nil, err
	}
	if a.token != "" {
		req.Header.Set("Authorization", "Bearer "+a.token)
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("admin %s: %w", path, err)
	}
	defer resp.Body.Close()
	// The status document lists every resident column; 64 MiB is far
	// beyond it and only guards against a runaway response.
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return nil, fmt.Errorf("admin %s: %w", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("admin %s: %s: %s", path, resp.Status, strings.TrimSpace(string(body)))
	}
	return body, nil
}

// FetchPin reads the server certificate's SHA-256 (hex) from the admin
// listener at addr (loopback only), GET /api/cert.
func FetchPin(ctx context.Context, addr, token string) (string, error) {
	a, err := newAdminClient(ctx, addr, token)
	if err != nil {
		return "", err
	}
	body, err := a.get(ctx, "/api/cert")
	if err != nil {
		return "", err
	}
	var doc struct {
		Hex string `json:"sha256_hex"`
	}
	if err := json.Unmarshal(body, &doc); err != nil || doc.Hex == "" {
		return "", fmt.Errorf("admin /api/cert: no sha256_hex in %q", truncate(string(body), 200))
	}
	return doc.Hex, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// statusDoc is the part of /api/status the bots read.
type statusDoc struct {
	TPS        float64 `json:"tps"`
	Clients    int     `json:"clients"`
	TickTiming struct {
		P50 float64 `json:"p50_us"`
		P99 float64 `json:"p99_us"`
		Max float64 `json:"max_us"`
	} `json:"tick_timing"`
	Systems []struct {
		Name string  `json:"name"`
		P99  float64 `json:"p99_us"`
	} `json:"systems"`
}

func (a *adminClient) status(ctx context.Context) (statusDoc, error) {
	var doc statusDoc
	body, err := a.get(ctx, "/api/status")
	if err != nil {
		return doc, err
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return doc, fmt.Errorf("admin /api/status: %w", err)
	}
	return doc, nil
}

// metricsDoc is the part of /metrics the bots read: counters and the tick
// histogram, to difference over a window.
type metricsDoc struct {
	at                     time.Time
	tickCount              uint64
	tickSum                float64
	tickBuckets            []bucket
	sentSections, sentByte float64
	overruns               float64
	rejected               map[string]float64
	// LOD (zero without the plugin): the lod_* systems' summed time on
	// the tick, the planner's time beside it, the staleness histogram,
	// and gauges.
	lodSystems, lodPlanner float64
	staleCount             uint64
	staleBuckets           []bucket
	staleMax, lodCached    float64
	lodCachedSections      float64
}

// bucket is one cumulative histogram bucket.
type bucket struct {
	upper float64 // seconds
	count uint64
}

func (a *adminClient) metrics(ctx context.Context) (metricsDoc, error) {
	doc := metricsDoc{at: time.Now(), rejected: map[string]float64{}}
	body, err := a.get(ctx, "/metrics")
	if err != nil {
		return doc, err
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		return doc, fmt.Errorf("admin /metrics: %w", err)
	}
	value := func(name string) float64 {
		f, ok := fams[name]
		if !ok || len(f.GetMetric()) == 0 {
			return 0
		}
		return metricValue(f.GetMetric()[0])
	}
	doc.sentSections = value("strata_sent_sections_total")
	doc.sentByte = value("strata_sent_bytes_total")
	doc.overruns = value("strata_tick_overruns_total")
	if f, ok := fams["strata_tick_duration_seconds"]; ok && len(f.GetMetric()) > 0 {
		h := f.GetMetric()[0].GetHistogram()
		doc.tickCount, doc.tickSum = h.GetSampleCount(), h.GetSampleSum()
		for _, b := range h.GetBucket() {
			doc.tickBuckets = append(doc.tickBuckets, bucket{b.GetUpperBound(), b.GetCumulativeCount()})
		}
	}
	if f, ok := fams["strata_system_duration_seconds"]; ok {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "system" && strings.HasPrefix(l.GetValue(), "lod_") {
					doc.lodSystems += m.GetHistogram().GetSampleSum()
				}
			}
		}
	}
	doc.lodPlanner = value("strata_lod_planner_seconds_total")
	doc.staleMax = value("strata_lod_staleness_max_seconds")
	doc.lodCached = value("strata_lod_cached_bytes")
	doc.lodCachedSections = value("strata_lod_cached_sections")
	if f, ok := fams["strata_lod_staleness_seconds"]; ok && len(f.GetMetric()) > 0 {
		h := f.GetMetric()[0].GetHistogram()
		doc.staleCount = h.GetSampleCount()
		for _, b := range h.GetBucket() {
			doc.staleBuckets = append(doc.staleBuckets, bucket{b.GetUpperBound(), b.GetCumulativeCount()})
		}
	}
	if f, ok := fams["strata_rejected_inputs_total"]; ok {
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "reason" {
					doc.rejected[l.GetValue()] = metricValue(m)
				}
			}
		}
	}
	return doc, nil
}

func metricValue(m *dto.Metric) float64 {
	switch {
	case m.GetCounter() != nil:
		return m.GetCounter().GetValue()
	case m.GetGauge() != nil:
		return m.GetGauge().GetValue()
	case m.GetUntyped() != nil:
		return m.GetUntyped().GetValue()
	}
	return 0
}

// ServerFigures are the server's own figures over the window in which
// every bot was moving, read from its admin listener. Times in ms.
type ServerFigures struct {
	// Kind says which window: every bot moving, or the whole run.
	Kind string `json:"window"`
	// Window is the length of the window, seconds; Ticks the ticks run in
	// it.
	Window float64 `json:"window_s"`
	Ticks  uint64  `json:"ticks"`
	// TickP99 is the 99th percentile of tick durations in the window,
	// from the strata_tick_duration_seconds histogram (interpolated in
	// its bucket, as Prometheus' histogram_quantile does), TickP50 the
	// median the same way (coarse: the buckets are 0.5, 1, 2, 5 ms...);
	// TickP99Bucket is the upper bound of that bucket (−1: beyond the
	// largest). TickMean is the mean.
	TickP50       float64 `json:"tick_p50_ms"`
	TickP99       float64 `json:"tick_p99_ms"`
	TickP99Bucket float64 `json:"tick_p99_bucket_ms"`
	TickMean      float64 `json:"tick_mean_ms"`
	// From /api/status, sampled every StatusEvery: the largest and the
	// median of its rolling tick p99, the largest tick max, the lowest TPS
	// and the largest p99 of the deliver system.
	StatusSamples    int     `json:"status_samples"`
	StatusTickP99    float64 `json:"status_tick_p99_max_ms"`
	StatusTickP99Med float64 `json:"status_tick_p99_median_ms"`
	StatusTickMax    float64 `json:"status_tick_max_ms"`
	TPSMin           float64 `json:"tps_min"`
	DeliverP99       float64 `json:"deliver_p99_max_ms"`
	// Overruns are ticks longer than their period, in the window.
	Overruns float64 `json:"overruns"`
	// Sent sections and bytes as the server counts them (encoded section
	// data handed to connections), per second of the window.
	SentSections          float64 `json:"sent_sections"`
	SentSectionsPerSecond float64 `json:"sent_sections_per_s"`
	SentBytesPerSection   float64 `json:"sent_bytes_per_section"`
	// LOD, with the plugin: LODSystemsPerTick is the lod_* systems' time
	// on the tick, ms a tick; LODPlannerShare the planner's wall-clock
	// time beside the tick as a share of the window; LODStaleP99 the 99th
	// percentile (histogram, interpolated) of the time from a client's
	// ring moving to each section it added being queued, over the
	// window, and LODStaleMax the longest such wait since the server
	// started, seconds; LODCachedBytes and LODCachedSections the LOD
	// cache at the window's end.
	LODSystemsPerTick float64 `json:"lod_systems_ms_per_tick,omitempty"`
	LODPlannerShare   float64 `json:"lod_planner_share,omitempty"`
	LODStaleP99       float64 `json:"lod_staleness_p99_s,omitempty"`
	LODStaleMax       float64 `json:"lod_staleness_max_s,omitempty"`
	LODCachedBytes    float64 `json:"lod_cached_bytes,omitempty"`
	LODCachedSections float64 `json:"lod_cached_sections,omitempty"`
	// RejectedInputs counts inputs the server rejected, by reason.
	RejectedInputs map[string]float64 `json:"rejected_inputs,omitempty"`
	// Error is set when the admin listener could not be read.
	Error string `json:"error,omitempty"`
}

// StatusEvery is how often /api/status is sampled during the window.
const StatusEvery = 2 * time.Second

// figures derives the window's figures from the scrapes at its ends and
// the status samples in between.
func figures(m0, m1 metricsDoc, samples []statusDoc) *ServerFigures {
	f := &ServerFigures{Window: m1.at.Sub(m0.at).Seconds(), StatusSamples: len(samples), RejectedInputs: map[string]float64{}}
	f.Ticks = m1.tickCount - m0.tickCount
	if f.Ticks > 0 {
		f.TickMean = (m1.tickSum - m0.tickSum) / float64(f.Ticks) * 1000
		f.TickP99, f.TickP99Bucket = histQuantile(0.99, f.Ticks, m0.tickBuckets, m1.tickBuckets)
		f.TickP50, _ = histQuantile(0.5, f.Ticks, m0.tickBuckets, m1.tickBuckets)
	}
	if f.Ticks > 0 {
		f.LODSystemsPerTick = (m1.lodSystems - m0.lodSystems) / float64(f.Ticks) * 1000
	}
	if f.Window > 0 {
		f.LODPlannerShare = (m1.lodPlanner - m0.lodPlanner) / f.Window
	}
	if n := m1.staleCount - m0.staleCount; n > 0 {
		f.LODStaleP99, _ = histQuantile(0.99, n, m0.staleBuckets, m1.staleBuckets)
		f.LODStaleP99 /= 1000 // histQuantile gives ms
	}
	f.LODStaleMax, f.LODCachedBytes, f.LODCachedSections = m1.staleMax, m1.lodCached, m1.lodCachedSections
	f.Overruns = m1.overruns - m0.overruns
	f.SentSections = m1.sentSections - m0.sentSections
	if f.Window > 0 {
		f.SentSectionsPerSecond = f.SentSections / f.Window
	}
	if f.SentSections > 0 {
		f.SentBytesPerSection = (m1.sentByte - m0.sentByte) / f.SentSections
	}
	for k, v := range m1.rejected {
		if d := v - m0.rejected[k]; d > 0 {
			f.RejectedInputs[k] = d
		}
	}
	var p99s []float64
	f.TPSMin = math.Inf(1)
	for _, s := range samples {
		p99s = append(p99s, s.TickTiming.P99/1000)
		f.StatusTickMax = max(f.StatusTickMax, s.TickTiming.Max/1000)
		f.TPSMin = min(f.TPSMin, s.TPS)
		for _, sys := range s.Systems {
			if sys.Name == "deliver" {
				f.DeliverP99 = max(f.DeliverP99, sys.P99/1000)
			}
		}
	}
	if len(samples) == 0 {
		f.TPSMin = 0
	}
	if len(p99s) > 0 {
		slices.Sort(p99s)
		f.StatusTickP99 = p99s[len(p99s)-1]
		f.StatusTickP99Med = p99s[len(p99s)/2]
	}
	return f
}

// histQuantile is the q-quantile (ms) of the total observations made
// between two scrapes of a cumulative histogram, interpolated linearly
// within its bucket, with that bucket's upper bound (ms; −1 when the
// quantile lies beyond the last finite bound).
func histQuantile(q float64, total uint64, b0, b1 []bucket) (float64, float64) {
	if total == 0 || len(b1) == 0 || len(b0) != len(b1) {
		return 0, 0
	}
	rank := q * float64(total)
	var prevCount uint64
	prevUpper := 0.0
	for i := range b1 {
		if math.IsInf(b1[i].upper, 1) {
			break // the text format lists +Inf as a bucket: nothing to interpolate to
		}
		c := b1[i].count - b0[i].count
		if float64(c) >= rank && c > prevCount {
			within := (rank - float64(prevCount)) / float64(c-prevCount)
			return (prevUpper + (b1[i].upper-prevUpper)*within) * 1000, b1[i].upper * 1000
		}
		prevCount, prevUpper = c, b1[i].upper
	}
	// Beyond the last finite bucket: all that is known is its bound.
	return prevUpper * 1000, -1
}
