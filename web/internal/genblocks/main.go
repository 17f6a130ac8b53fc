// Command genblocks writes web/src/blocks.gen.js from the Go block registry.
//
// Run from web/ (npm run gen:blocks) or from the repository root
// (go generate ./web); it writes next to its package directory either way.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/stratavox/strata/web/internal/blockgen"
)

func main() {
	// Resolve web/ from this source file rather than the working directory,
	// so the command works from any directory inside the module.
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		fmt.Fprintln(os.Stderr, "genblocks: cannot locate source directory")
		os.Exit(1)
	}
	out := filepath.Join(filepath.Dir(self), "..", "..", blockgen.Path)
	if err := os.WriteFile(out, blockgen.JS(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "genblocks:", err)
		os.Exit(1)
	}
}
