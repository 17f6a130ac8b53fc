package bench

import (
	"bufio"
	"fmt"
	"io"
	"runtime/metrics"
	"time"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/network"
)

// tracer writes Config.Trace: one line per measured tick, between ticks
// (nothing it does is timed).
type tracer struct {
	w       *bufio.Writer
	app     *ecs.App
	deliver *network.DeliverySystem
	gc      []metrics.Sample
	sent    uint64
	waited  time.Duration
}

func newTracer(w io.Writer, app *ecs.App) *tracer {
	if w == nil {
		return nil
	}
	t := &tracer{w: bufio.NewWriter(w), app: app, deliver: ecs.Resource[network.DeliverySystem](app), gc: []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}}
	t.sent, t.waited = t.deliver.Sent, app.Parallel().Waited()
	fmt.Fprint(t.w, "tick,gc_cycles,sections,tick_us,helper_wait_us")
	app.Timings().EachLast(func(name string, _ ecs.Stage, _ uint64, _ time.Duration) { fmt.Fprintf(t.w, ",%s", name) })
	fmt.Fprintln(t.w)
	return t
}

// tick writes measured tick i's line.
func (t *tracer) tick(i int) {
	if t == nil {
		return
	}
	metrics.Read(t.gc)
	sent := t.deliver.Sent
	_, last := t.app.Timings().LastTick()
	waited := t.app.Parallel().Waited()
	fmt.Fprintf(t.w, "%d,%d,%d,%.1f,%.1f", i, t.gc[0].Value.Uint64(), sent-t.sent, micros(last), micros(waited-t.waited))
	t.sent, t.waited = sent, waited
	t.app.Timings().EachLast(func(_ string, _ ecs.Stage, _ uint64, d time.Duration) { fmt.Fprintf(t.w, ",%.1f", micros(d)) })
	fmt.Fprintln(t.w)
}

// flush writes what is buffered, reporting the first error.
func (t *tracer) flush() error {
	if t == nil {
		return nil
	}
	return t.w.Flush()
}

func micros(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
