package bots

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// TestEntityFigures: the per-bot figures are each bot's own; the total's
// mean is over every bot's samples, its max the largest, its rates per bot
// (the summed counts over the summed time connected), and the report's
// rates all bots over the wall time. Text and JSON both carry them.
func TestEntityFigures(t *testing.T) {
	a := &botResult{name: "a", joins: 1, entityJoins: 1, entitySum: 30, entitySamples: 10, entityMax: 5,
		entitySpawns: 8, entityDespawns: 4, connected: 4 * time.Second}
	b := &botResult{name: "b", joins: 2, entityJoins: 2, entitySum: 10, entitySamples: 10, entityMax: 2,
		entitySpawns: 2, entityDespawns: 2, connected: 6 * time.Second}
	rep := buildReport(&Config{Bots: 2}, []*botResult{a, b}, 5*time.Second)

	for _, tt := range []struct {
		s                    Summary
		mean                 float64
		most                 int
		spawns, despawns     uint64
		spawnsPS, despawnsPS float64
	}{
		{rep.PerBot[0], 3, 5, 8, 4, 2, 1},
		{rep.PerBot[1], 1, 2, 2, 2, 2.0 / 6, 2.0 / 6},
		{rep.Total, 2, 5, 10, 6, 1, 0.6},
	} {
		s := tt.s
		if s.EntitiesMean != tt.mean || s.EntitiesMax != tt.most || s.EntitySpawns != tt.spawns || s.EntityDespawns != tt.despawns ||
			!near(s.SpawnsPerSecond, tt.spawnsPS) || !near(s.DespawnsPerSecond, tt.despawnsPS) {
			t.Errorf("%s: mean %v max %d, %d spawns %d despawns, %v/s %v/s; want %v %d, %d %d, %v/s %v/s", s.Name,
				s.EntitiesMean, s.EntitiesMax, s.EntitySpawns, s.EntityDespawns, s.SpawnsPerSecond, s.DespawnsPerSecond,
				tt.mean, tt.most, tt.spawns, tt.despawns, tt.spawnsPS, tt.despawnsPS)
		}
	}
	if rep.Total.EntityJoins != 3 || !near(rep.SpawnsPerSecond, 2) || !near(rep.DespawnsPerSecond, 1.2) {
		t.Errorf("report: %d joins with entities, %v spawns/s, %v despawns/s over the run", rep.Total.EntityJoins, rep.SpawnsPerSecond, rep.DespawnsPerSecond)
	}

	var text strings.Builder
	if err := rep.WriteText(&text, true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "entities          mean 2.0 held per bot, max 5; 1.00 spawns/s, 0.60 despawns/s per bot (2.0, 1.2 over the run, all bots)") ||
		!strings.Contains(text.String(), "3.0/5") {
		t.Errorf("text report lacks the entity figures:\n%s", text.String())
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		SpawnsPerSecond float64 `json:"spawns_per_s"`
		Total           struct {
			EntitiesMean float64 `json:"entities_mean"`
			EntitiesMax  int     `json:"entities_max"`
			Despawns     float64 `json:"despawns_per_s"`
		} `json:"total"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil || doc.Total.EntitiesMean != 2 || doc.Total.EntitiesMax != 5 ||
		!near(doc.SpawnsPerSecond, 2) || !near(doc.Total.Despawns, 0.6) {
		t.Errorf("JSON %+v, %v:\n%s", doc, err, js.String())
	}

	// A server that does not grant the feature says so.
	text.Reset()
	if err := buildReport(&Config{Bots: 1}, []*botResult{{name: "c", joins: 1}}, time.Second).WriteText(&text, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "entities          not granted") {
		t.Errorf("no entities granted, text says:\n%s", text.String())
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// TestBotsSeeEachOther runs two bots that stand at spawn against an
// in-process server: each is told of the other as an entity (entity
// replication, systems/entities), so both report entities held and
// spawns; the run's end despawns nothing they could count.
func TestBotsSeeEachOther(t *testing.T) {
	t.Parallel()
	srv, addr, _ := startServer(t)
	rep, err := Run(context.Background(), Config{
		Server: addr, Bots: 2, Pattern: Teleport, Hop: time.Hour, Duration: 4 * time.Second, View: 2,
		PinSHA256: srv.CertSHA256(), Log: zerolog.New(zerolog.NewTestWriter(t)).Level(zerolog.WarnLevel),
	})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := rep.WriteText(&sb, true); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", sb.String())
	for _, b := range rep.PerBot {
		if b.Errors != 0 || b.EntityJoins != b.Joins || b.Joins == 0 {
			t.Errorf("%s: %d errors %v, entities granted on %d of %d joins", b.Name, b.Errors, b.Messages, b.EntityJoins, b.Joins)
		}
		if b.EntitiesMax < 1 || b.EntitiesMean <= 0 || b.EntitySpawns < 1 || b.SpawnsPerSecond <= 0 {
			t.Errorf("%s: entities mean %.2f max %d, %d spawns (%.2f/s): the other bot was never seen",
				b.Name, b.EntitiesMean, b.EntitiesMax, b.EntitySpawns, b.SpawnsPerSecond)
		}
	}
}
