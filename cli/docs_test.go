package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPluginGuideQuotesTheExample keeps docs/plugins.md's "Your own
// server" true: every code block marked `<!-- file: PATH -->` is the
// file at PATH (the example module CI builds and tests), byte for byte.
func TestPluginGuideQuotesTheExample(t *testing.T) {
	root := filepath.Join("..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "plugins.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)<!-- file: ([^ ]+) -->\n```[a-z]*\n(.*?)```\n").FindAllSubmatch(doc, -1)
	if len(blocks) < 3 {
		t.Fatalf("docs/plugins.md quotes %d files of the example, want its plugin, test and main.go", len(blocks))
	}
	for _, b := range blocks {
		path := string(b[1])
		want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		if err != nil {
			t.Errorf("docs/plugins.md quotes %s: %v", path, err)
			continue
		}
		if got := string(b[2]); got != string(want) {
			t.Errorf("docs/plugins.md's copy of %s differs from the file: copy the file into the guide again", path)
		}
		if !strings.HasPrefix(path, "examples/") {
			t.Errorf("docs/plugins.md quotes %s, which is not in the example module", path)
		}
	}
}
