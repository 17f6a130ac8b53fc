// Package layers holds no code: its test checks the import rules that
// docs/architecture.md states — which packages may import which — against
// the module's real imports, and the arrows between the plugin packages
// (systems/* and plugins/*) that the document draws, and fails naming the
// import that breaks a rule.
package layers
