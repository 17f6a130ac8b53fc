package status

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/systems/entities"
)

// TestEntityMetrics checks that the entities plugin's figures reach
// strata_entities and strata_entity_messages_total, counters adding what
// the totals gained, and that registering twice on one registry reuses
// the collectors.
func TestEntityMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	app := ecs.NewApp()
	st := &entities.Stats{Entities: 7, Frozen: 2, Asleep: 3, Spawns: 5, Despawns: 1, States: 40}
	ecs.AddResource(app, st)
	var m, again entityMetrics
	m.register(reg)
	again.register(reg)
	m.update(app)
	st.Spawns, st.States, st.Entities = 9, 45, 6
	m.update(app)
	want := map[string]float64{
		"strata_entities/resident": 6, "strata_entities/frozen": 2, "strata_entities/asleep": 3,
		"strata_entity_messages_total/spawn": 9, "strata_entity_messages_total/despawn": 1, "strata_entity_messages_total/state": 45,
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, f := range families {
		for _, mt := range f.GetMetric() {
			got[f.GetName()+"/"+label(mt)] = value(mt)
		}
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	// Without the plugin: nothing breaks, nothing is set.
	var none entityMetrics
	none.register(prometheus.NewRegistry())
	none.update(ecs.NewApp())
}

func label(m *dto.Metric) string {
	for _, l := range m.GetLabel() {
		return l.GetValue()
	}
	return ""
}

func value(m *dto.Metric) float64 {
	if g := m.GetGauge(); g != nil {
		return g.GetValue()
	}
	return m.GetCounter().GetValue()
}
