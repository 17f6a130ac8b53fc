// Command myserver is a Strata server with one plugin of its own, quota:
// the whole strata command line (serve, bench, replay, check, ...) with
// the plugin in every server it builds.
package main

import (
	"example.com/myserver/quota"

	"github.com/stratavox/strata/cli"
)

func main() {
	cli.Main(quota.New())
}
