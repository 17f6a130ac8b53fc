package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/resources/storage"
)

func newBackupCmd(g *globalFlags) *cobra.Command {
	var data, out, admin, token string
	cmd := &cobra.Command{
		Use:   "backup",
		Short: "Copy a world consistently (a Pebble checkpoint), also while its server runs",
		Long: `Copy a world database consistently into --out, which then serves as a
data directory: strata serve --data OUT.

When no server holds the database, backup opens it directly. When a server
is running on it, backup asks that server, through its admin listener
(--admin, with --admin-token or STRATA_ADMIN_TOKEN when it needs one), to
take the checkpoint; the server keeps running.`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			log, err := g.newLogger(os.Stderr)
			if err != nil {
				return err
			}
			if _, err := os.Stat(out); err == nil {
				return fmt.Errorf("--out %s already exists", out)
			}
			db, err := storage.Open(data, log)
			if err == nil {
				defer db.Close()
				if err := db.Checkpoint(out); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s\n", db.Path(), out)
				return nil
			}
			// A running server holds Pebble's file lock.
			if !errors.Is(err, syscall.EAGAIN) && !strings.Contains(err.Error(), "lock") {
				return err
			}
			log.Info().Str("admin", admin).Msg("database in use; asking the running server")
			return onlineBackup(cmd.OutOrStdout(), admin, token, out)
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", "./strata-data", "data directory of the world to copy")
	f.StringVar(&out, "out", "", "directory to create the copy in (must not exist)")
	f.StringVar(&admin, "admin", "127.0.0.1:8080", "admin address of the running server")
	f.StringVar(&token, "admin-token", os.Getenv("STRATA_ADMIN_TOKEN"), "admin token of the running server")
	_ = cmd.MarkFlagRequired("out")
	return cmd
}

// onlineBackup asks a running server to checkpoint its database into out.
func onlineBackup(w io.Writer, admin, token, out string) error {
	body, _ := json.Marshal(map[string]string{"out": out})
	req, err := http.NewRequest(http.MethodPost, "http://"+admin+"/api/backup", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{Timeout: 10 * time.Minute}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("online backup through %s: %w", admin, err)
	}
	defer resp.Body.Close()
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("online backup through %s: %s: %s", admin, resp.Status, strings.TrimSpace(string(msg)))
	}
	fmt.Fprintf(w, "server backed up its world to %s\n", out)
	return nil
}
