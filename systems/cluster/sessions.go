package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	rcluster "github.com/stratavox/strata/resources/cluster"
	"github.com/stratavox/strata/systems/network"
)

// sessionTimeout bounds the claim of a name at login.
const sessionTimeout = 3 * time.Second

// Sessions returns the network plugin's Sessions over the cluster's
// session keys: a name is connected to one shard at a time.
func Sessions(c *rcluster.Cluster) network.Sessions { return sessions{c} }

type sessions struct{ c *rcluster.Cluster }

func (s sessions) Claim(name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
	defer cancel()
	err := s.c.Sessions.ClaimName(ctx, name)
	if errors.Is(err, rcluster.ErrNameTaken) {
		return fmt.Errorf("%w: %w", network.ErrNameElsewhere, err)
	}
	return err
}

// Release runs on the storage goroutine (after the record of leaving is
// durable), so the round trip goes on its own.
func (s sessions) Release(name string) { go s.c.Sessions.ReleaseName(name) }
