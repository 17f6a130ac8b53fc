// Command strata is the stock Strata server binary: serve, and the tools
// around it (bench, replay, bot, pregen, map, admin, check, repair,
// backup, cluster). It is the whole of package cli with the stock
// plugins; a server binary of one's own calls cli.Main with its plugins.
package main

import "github.com/stratavox/strata/cli"

func main() { cli.Main() }
