package bots

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"
)

// WriteJSON writes the report as indented JSON.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// WriteText writes the report as a table: one row per bot when perBot,
// then the total row, the run's rates and the server's figures.
func (rep *Report) WriteText(w io.Writer, perBot bool) error {
	fmt.Fprintf(w, "%d bot(s), pattern %s at %.1f blocks/s, view %d, %s on %s", rep.Bots, rep.Pattern, rep.Speed, rep.View, seconds(rep.Wall), rep.Server)
	if rep.Interrupted {
		fmt.Fprint(w, " (interrupted)")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\tjoins\tsections\tMB\tfirst view p50\tmax\tdelay p50\tp99\tmax\tprefetched\tmissing>limit\tstill missing\tdrops\tentities\tcorrections\theld\terrors\t")
	row := func(s Summary) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%s\t%s\t%s\t%s\t%s\t%d/%d\t%d\t%d\t%d\t%.1f/%d\t%d\t%s\t%d\t\n",
			s.Name, s.Joins, s.Sections, float64(s.Bytes)/(1<<20),
			msCell(s.FirstViewP50, s.Complete > 0), msCell(s.FirstViewMax, s.Complete > 0),
			msCell(s.DelayP50, s.Arrived > 0), msCell(s.DelayP99, s.Arrived > 0), msCell(s.DelayMax, s.Arrived > 0),
			s.Prefetched, s.Entered, s.MissingAfter, s.StillMissing, s.Drops, s.EntitiesMean, s.EntitiesMax, s.Corrections, seconds(s.HeldSeconds), s.Errors)
	}
	if perBot {
		for _, s := range rep.PerBot {
			row(s)
		}
	}
	row(rep.Total)
	if err := tw.Flush(); err != nil {
		return err
	}
	t := rep.Total
	fmt.Fprintln(w)
	fmt.Fprintf(w, "views complete    %d of %d joins\n", t.Complete, t.Joins)
	fmt.Fprintf(w, "received          %.0f sections/s over the run, %.0f sections/s while moving (sum over bots)\n", rep.SectionsPerSecond, rep.MovingSectionsPerSecond)
	wire := "plain"
	switch {
	case t.DeflateJoins == t.Joins && t.Joins > 0:
		wire = "deflate-chunks"
	case t.DeflateJoins > 0:
		wire = fmt.Sprintf("deflate-chunks on %d of %d joins", t.DeflateJoins, t.Joins)
	}
	fmt.Fprintf(w, "bytes per section %.1f on the wire (%s), %.1f on the chunk stream before compression, %.0f of Chunk payload, %.0f of section data\n",
		rep.WireBytesPerSection, wire, rep.StreamBytesPerSection, rep.BytesPerSection, rep.DataBytesPerSection)
	fmt.Fprintf(w, "entered view      %d while moving: %d prefetched, %d arrived later (delay p50 %s, p99 %s, max %s), %d left first\n",
		t.Entered, t.Prefetched, t.Arrived, msCell(t.DelayP50, t.Arrived > 0), msCell(t.DelayP99, t.Arrived > 0), msCell(t.DelayMax, t.Arrived > 0), t.LeftEarly)
	fmt.Fprintf(w, "missing too long  %d section(s) still missing past the limit after entering, %d past twice the limit; longest missing %s; %d still missing at the end\n",
		t.MissingAfter, t.MissingTwice, msCell(t.MaxMissing, true), t.StillMissing)
	if t.EntityJoins == 0 {
		fmt.Fprintln(w, "entities          not granted by the server (feature entities)")
	} else {
		fmt.Fprintf(w, "entities          mean %.1f held per bot, max %d; %.2f spawns/s, %.2f despawns/s per bot (%.1f, %.1f over the run, all bots)\n",
			t.EntitiesMean, t.EntitiesMax, t.SpawnsPerSecond, t.DespawnsPerSecond, rep.SpawnsPerSecond, rep.DespawnsPerSecond)
		if t.EntityJoins < t.Joins {
			fmt.Fprintf(w, "                  (granted on %d of %d joins)\n", t.EntityJoins, t.Joins)
		}
	}
	if t.LODComplete > 0 {
		fmt.Fprintf(w, "horizon (LOD)     complete on %d join(s): median %.2f s from the dial, %.0f bytes on the wire (%.0f of LOD frames before compression)\n",
			t.LODComplete, t.LODCompleteS, t.LODWireBytes, t.LODFrameBytes)
	}
	if t.MovingSeconds > 0 {
		fmt.Fprintf(w, "movement          %.0f s moving in all, %.0f blocks commanded, net %.0f blocks (%.1f blocks/s net per bot)\n",
			t.MovingSeconds, t.Path, t.Net, t.Net/t.MovingSeconds)
	}
	if len(t.Told) > 0 {
		fmt.Fprintf(w, "told              %s\n", strings.Join(t.Told, "\n                  "))
	}
	if len(t.Messages) > 0 {
		fmt.Fprintf(w, "errors            %s\n", strings.Join(t.Messages, "\n                  "))
	}
	if f := rep.ServerFigures; f != nil {
		fmt.Fprintln(w)
		if f.Error != "" && f.Ticks == 0 {
			fmt.Fprintf(w, "server figures    unavailable: %s\n", f.Error)
			return nil
		}
		fmt.Fprintf(w, "server window     %s, %.1f s, %d ticks\n", f.Kind, f.Window, f.Ticks)
		fmt.Fprintf(w, "server tick       p50 %.2f ms, p99 %.1f ms (histogram, bucket ≤ %s), mean %.2f ms, %g overruns\n", f.TickP50, f.TickP99, bucketCell(f.TickP99Bucket), f.TickMean, f.Overruns)
		if f.LODCachedSections > 0 {
			fmt.Fprintf(w, "server LOD        systems %.3f ms a tick; planner %.1f %% of a core beside it; staleness p99 %.2f s, max %.2f s; cache %.0f sections, %.1f MB\n",
				f.LODSystemsPerTick, 100*f.LODPlannerShare, f.LODStaleP99, f.LODStaleMax, f.LODCachedSections, f.LODCachedBytes/1e6)
		}
		if f.StatusSamples > 0 {
			fmt.Fprintf(w, "server status     %d samples: rolling tick p99 max %.1f ms, median %.1f ms; tick max %.1f ms; deliver p99 max %.2f ms; TPS min %.1f\n",
				f.StatusSamples, f.StatusTickP99, f.StatusTickP99Med, f.StatusTickMax, f.DeliverP99, f.TPSMin)
		}
		fmt.Fprintf(w, "server sent       %.0f sections (%.0f/s), %.0f bytes per section\n", f.SentSections, f.SentSectionsPerSecond, f.SentBytesPerSection)
		if len(f.RejectedInputs) > 0 {
			keys := make([]string, 0, len(f.RejectedInputs))
			for k := range f.RejectedInputs {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			parts := make([]string, len(keys))
			for i, k := range keys {
				parts[i] = fmt.Sprintf("%s %g", k, f.RejectedInputs[k])
			}
			fmt.Fprintf(w, "rejected inputs   %s\n", strings.Join(parts, ", "))
		}
	}
	return nil
}

func msCell(v float64, ok bool) string {
	if !ok {
		return "-"
	}
	if v >= 10000 {
		return fmt.Sprintf("%.1fs", v/1000)
	}
	return fmt.Sprintf("%.0fms", v)
}

func bucketCell(v float64) string {
	if v < 0 {
		return "beyond the largest bucket"
	}
	return fmt.Sprintf("%g ms", v)
}

func seconds(s float64) string { return fmt.Sprintf("%.1fs", s) }
