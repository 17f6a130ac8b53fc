package server

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stratavox/strata/internal/natstest"
	"github.com/stratavox/strata/internal/waitfor"
	"github.com/stratavox/strata/net/client"
	"github.com/stratavox/strata/resources/chunk"
	rcluster "github.com/stratavox/strata/resources/cluster"
	pyramid "github.com/stratavox/strata/resources/lod"
	"github.com/stratavox/strata/resources/storage"
)

// TestLODOnAShardShowsOtherShardsEdits: a shard's horizon covers regions
// it holds nothing of; a section another shard stores there (far from
// every player of this one, so never resident here) reaches the LOD
// sections holding it, rebuilt and sent again to the client holding them.
func TestLODOnAShardShowsOtherShardsEdits(t *testing.T) {
	url, bucket := natstest.Start(t), fmt.Sprintf("lod%d", time.Now().UnixNano()%1e9)
	cfg := shardConfig(t, url, bucket, "a")
	a, _ := startServer(t, cfg)
	ann := dialPlayerOpts(t, a, client.Options{Name: "ann", ViewDistance: 2, LOD: true, LODLevels: 4})
	sp := ann.Welcome().GetSpawn()
	sx, sz := int(math.Floor(sp.GetX())), int(math.Floor(sp.GetZ()))

	// 300 blocks along x, in a region other than the spawn's: within the
	// 4 levels' 512 blocks, out of the level-0 view's 32.
	tx := sx - 300
	if rcluster.RegionOfBlock(tx, sz) == rcluster.RegionOfBlock(sx, sz) {
		tx = sx + 300
	}
	target := chunk.PosOfBlock(tx, int(sp.GetY())+64, sz)
	var held pyramid.Pos
	waitfor.Until(t, 30*time.Second, fmt.Sprintf("no LOD section holding %v reached the client", target), func() bool {
		for l := 1; l <= 4; l++ {
			if _, ok := ann.LODSection(l, pyramid.At(target, l).Pos); ok {
				held = pyramid.At(target, l)
				return true
			}
		}
		return false
	})
	before, _ := ann.LODSection(int(held.Level), held.Pos)
	cell := func(s *chunk.Section) chunk.Block {
		// The cell holding the target section's centre.
		l := uint(held.Level)
		c := func(sec int32) int { return int((sec*16+8)>>l) & 15 }
		return s.Get(c(target.X), c(target.Y), c(target.Z))
	}
	if before.Decoded == nil || cell(before.Decoded) == chunk.Stone {
		t.Fatalf("%v: undecoded or stone already at the target's cell", held)
	}

	// Another shard stores a section of stone there.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	probe, err := rcluster.Connect(ctx, rcluster.Options{URLs: url, Shard: "probe", Bucket: bucket, LeaseTTL: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	if ok, owner, err := probe.Claim(ctx, rcluster.RegionOf(target)); !ok || err != nil {
		t.Fatalf("claim %v: held %v by %q, %v", rcluster.RegionOf(target), ok, owner, err)
	}
	if err := probe.Store().Commit(&storage.Batch{Sections: []storage.SectionWrite{{Pos: target, Revision: 1, Section: chunk.Uniform(chunk.Stone)}}}); err != nil {
		t.Fatal(err)
	}
	waitfor.Until(t, 20*time.Second, fmt.Sprintf("%v not sent again with the other shard's section", held), func() bool {
		s, ok := ann.LODSection(int(held.Level), held.Pos)
		return ok && s.Revision > before.Revision && s.Decoded != nil && cell(s.Decoded) == chunk.Stone
	})
}
