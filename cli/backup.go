package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/stratavox/strata/admin"
	"github.com/stratavox/strata/backups"
	"github.com/stratavox/strata/resources/storage"
)

func newBackupCmd(g *globalFlags) *cobra.Command {
	var data, out, name, adminAddr, token string
	cmd := &cobra.Command{
		Use:   "backup",
		Short: "Copy a world consistently (a Pebble checkpoint), also while its server runs",
		Long: `Copy a world database consistently into DATA/backups/NAME (--name, or a
timestamped name), or into --out. A copy is a data directory of its own:
strata serve --data DATA/backups/NAME serves it.

When no server holds the database, backup opens it directly. When a server
is running on it, backup asks that server, through its admin listener
(--admin, with --admin-token or STRATA_ADMIN_TOKEN when it needs one), to
take the checkpoint into DATA/backups; the server keeps running. With
--out, the copy is then moved there.`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			log, err := g.newLogger(os.Stderr)
			if err != nil {
				return err
			}
			if out != "" && name != "" {
				return errors.New("--out and --name: give one of them (--name is a folder under DATA/backups)")
			}
			if name != "" {
				if err := backups.CheckName(name); err != nil {
					return fmt.Errorf("--name: %w", err)
				}
			}
			if out != "" {
				if _, err := os.Lstat(out); err == nil {
					return fmt.Errorf("--out %s already exists", out)
				}
			}
			// Open would create an empty world where there is none.
			if _, err := os.Stat(filepath.Join(data, "world")); err != nil {
				return fmt.Errorf("--data %s holds no world: %w", data, err)
			}
			db, err := storage.Open(data, log)
			if err == nil {
				defer db.Close()
				if out != "" {
					if err := db.Checkpoint(out); err != nil {
						return err
					}
					fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s\n", db.Path(), out)
					return nil
				}
				b, err := backups.New(backups.Options{DataDir: data, DB: db, Log: log}).Take(name)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s\n", db.Path(), b.Path)
				return nil
			}
			// A running server holds Pebble's file lock.
			if !errors.Is(err, syscall.EAGAIN) && !strings.Contains(err.Error(), "lock") {
				return err
			}
			log.Info().Str("admin", adminAddr).Msg("database in use; asking the running server")
			b, err := onlineBackup(adminAddr, token, name)
			if err != nil {
				return err
			}
			if out == "" {
				fmt.Fprintf(cmd.OutOrStdout(), "server backed up its world to %s\n", b.Path)
				return nil
			}
			if err := moveDir(b.Path, out); err != nil {
				return fmt.Errorf("server backed up its world to %s, but moving it to --out: %w", b.Path, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "server backed up its world to %s\n", out)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&data, "data", "./strata-data", "data directory of the world to copy")
	f.StringVar(&name, "name", "", "folder name under DATA/backups (default: manual- and the UTC time)")
	f.StringVar(&out, "out", "", "directory to create the copy in instead (must not exist)")
	f.StringVar(&adminAddr, "admin", "127.0.0.1:8080", "admin address of the running server")
	f.StringVar(&token, "admin-token", os.Getenv("STRATA_ADMIN_TOKEN"), "admin token of the running server")
	return cmd
}

// onlineBackup asks a running server to checkpoint its database into its
// backups folder under name ("" for a timestamped name), and returns where.
// The request is JSON and carries admin.AdminHeader, as the listener
// requires of every state-changing request.
func onlineBackup(adminAddr, token, name string) (backups.Backup, error) {
	body, err := json.Marshal(struct {
		Name string `json:"name,omitempty"`
	}{name})
	if err != nil {
		return backups.Backup{}, err
	}
	req, err := http.NewRequest(http.MethodPost, "http://"+adminAddr+"/api/backup", bytes.NewReader(body))
	if err != nil {
		return backups.Backup{}, fmt.Errorf("online backup through %s: %w", adminAddr, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(admin.AdminHeader, "1")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{Timeout: 10 * time.Minute}
	resp, err := client.Do(req)
	if err != nil {
		return backups.Backup{}, fmt.Errorf("online backup through %s: %w", adminAddr, err)
	}
	defer resp.Body.Close()
	msg, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return backups.Backup{}, fmt.Errorf("online backup through %s: read answer: %w", adminAddr, err)
	}
	var answer struct {
		Name  string `json:"name"`
		Path  string `json:"path"`
		Error string `json:"error"`
	}
	jsonErr := json.Unmarshal(msg, &answer)
	if resp.StatusCode != http.StatusOK {
		text := answer.Error
		if jsonErr != nil || text == "" {
			text = strings.TrimSpace(string(msg))
		}
		return backups.Backup{}, fmt.Errorf("online backup through %s: %s: %s", adminAddr, resp.Status, text)
	}
	if jsonErr != nil || answer.Path == "" {
		return backups.Backup{}, fmt.Errorf("online backup through %s: unexpected answer %.200q", adminAddr, msg)
	}
	return backups.Backup{Name: answer.Name, Path: answer.Path}, nil
}

// moveDir moves the directory src to dst, which must not exist. Across
// file systems it fails and src stays where it is, whole.
func moveDir(src, dst string) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	err := os.Rename(src, dst)
	if errors.Is(err, syscall.EXDEV) {
		return fmt.Errorf("%s is on another file system than %s; the backup stays where it is (move or copy it yourself)", dst, src)
	}
	return err
}
