// Command myserver is a Strata server with plugins of its own: the
// whole strata command line (serve, bench, replay, check, ...) with
// quota (this module's) and homes (one of Strata's optional plugins) in
// every server it builds.
package main

import (
	"example.com/myserver/quota"

	"github.com/stratavox/strata/cli"
	"github.com/stratavox/strata/plugins/homes"
)

func main() {
	cli.Main(quota.New(), homes.New())
}
