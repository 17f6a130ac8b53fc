package server

import (
	"testing"
	"time"

	"github.com/stratavox/strata/components"
	"github.com/stratavox/strata/ecs"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/persist"
)

// TestStoredEntitiesReadAhead: on a shard, the entity records of columns
// coming back into a player's view are read ahead of the tick that makes
// them resident, and the critters they hold come back where they were
// saved. Alice leaves the land her critters live on, so that their
// columns are evicted and saved to JetStream, and comes back while her
// shard still holds the region.
func TestStoredEntitiesReadAhead(t *testing.T) {
	a, _ := shardStarter(t)("a")
	var lines systemLines
	alice := dialPlayerOpts(t, a, client.Options{Name: "alice", ViewDistance: 4, Handlers: lines.handlers()})
	teleport(t, alice, &lines, farX, moveGround, farZ)
	far := rcluster.RegionOfBlock(4000, 4000) // farX, farZ
	waitfor.Until(t, 15*time.Second, "shard a did not take the far region", func() bool { return clusterOf(a).Holds(far) })
	waitfor.Until(t, 30*time.Second, "alice sees no critter", func() bool { return len(heldCritters(alice)) > 0 })
	e := heldCritters(alice)[0]
	col := components.Position{X: e.Position.X, Z: e.Position.Z}.Section()

	// 200 blocks away, in the same region: her old columns leave her view
	// and are saved.
	teleport(t, alice, &lines, farX-200, moveGround, farZ)
	dur := ecs.Resource[persist.Durability](a.App())
	var saved []client.Vec3
	waitfor.Until(t, 20*time.Second, "the critter's column was not saved", func() bool {
		rec, ok, err := dur.LoadEntities(col.X, col.Z)
		if err != nil {
			t.Fatal(err)
		}
		saved = saved[:0]
		for _, r := range rec.Entities {
			if r.Kind == critterKind {
				saved = append(saved, client.Vec3{X: r.X, Y: r.Y, Z: r.Z})
			}
		}
		return ok && len(saved) > 0 && clusterOf(a).Store().MayHaveEntities(col.X, col.Z)
	})
	waitfor.Until(t, 10*time.Second, "alice still holds critters after leaving", func() bool { return len(heldCritters(alice)) == 0 })
	hits := dur.PrefetchStats().Hits

	teleport(t, alice, &lines, farX, moveGround, farZ)
	waitfor.Until(t, 20*time.Second, "the saved critters did not come back", func() bool {
		for _, c := range heldCritters(alice) {
			for _, p := range saved {
				if dist(c.Position, p) < 1 {
					return true
				}
			}
		}
		return false
	})
	if st := dur.PrefetchStats(); st.Hits == hits {
		t.Errorf("no record read ahead was used on the way back: %+v", st)
	}
}
