package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/grognard/grognard/engine/fileio"
)

// MaxFileBytes bounds a file the page opens from the chosen directory or
// uploads, after decompression, so a gzip bomb stops at the bound.
const MaxFileBytes = 64 << 20

// maxListed bounds the files the page is offered from the directory.
const maxListed = 1000

// fileInfo is one file of the chosen directory as the page lists it.
type fileInfo struct {
	Name     string    `json:"name"`
	Size     int64     `json:"size"`
	Modified time.Time `json:"modified"`
}

// errNoDir is the answer to a request for a file when serve was started
// without a directory.
var errNoDir = errors.New("the server was started without --dir, so the page can open no file of the server's: upload one instead, or restart with 'grognard serve --dir DIR'")

// openDir opens the directory the page may read, confined by os.Root: no
// name a request carries ("../x", an absolute path, a symbolic link out)
// reaches a file outside it.
func openDir(dir string) (*os.Root, error) {
	if dir == "" {
		return nil, nil
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("--dir %s: %w (name a directory of records and saved games)", dir, err)
	}
	return root, nil
}

// recordLike is whether a file's name says it may hold records or a
// saved game, the only files the page is offered.
func recordLike(name string) bool {
	n := strings.TrimSuffix(strings.ToLower(name), ".gz")
	return strings.HasSuffix(n, ".jsonl") || strings.HasSuffix(n, ".json")
}

// listFiles lists the record-like files of the chosen directory and its
// subdirectories, by name.
func (s *Server) listFiles(w http.ResponseWriter, _ *http.Request) {
	if s.root == nil {
		writeError(w, http.StatusNotFound, "no-dir", errNoDir.Error())
		return
	}
	var out []fileInfo
	err := fs.WalkDir(s.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable entry is left out, the rest listed
		}
		if d.IsDir() {
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !recordLike(p) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		out = append(out, fileInfo{Name: p, Size: info.Size(), Modified: info.ModTime().UTC().Truncate(time.Second)})
		if len(out) >= maxListed {
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", "cannot list the directory: "+err.Error())
		return
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	writeJSON(w, map[string]any{"ok": true, "files": out})
}

// readChosen reads the file name of the chosen directory, gunzipped when
// it is gzip, at most MaxFileBytes. A name that leaves the directory, is
// not a regular file or is not record-like is refused with the reason.
func (s *Server) readChosen(ctx context.Context, name string) ([]byte, error) {
	if s.root == nil {
		return nil, errNoDir
	}
	clean := path.Clean(strings.ReplaceAll(name, `\`, "/"))
	if name == "" || strings.HasPrefix(clean, "/") || clean == ".." || strings.HasPrefix(clean, "../") {
		return nil, fmt.Errorf("%q is outside the server's directory: name a file the list offers", name)
	}
	if !recordLike(clean) {
		return nil, fmt.Errorf("%q is not a records or saved-game file (.jsonl, .json, or either gzipped)", name)
	}
	f, err := s.root.Open(clean)
	if err != nil {
		if strings.Contains(err.Error(), "escapes") {
			return nil, fmt.Errorf("%q is outside the server's directory: name a file the list offers", name)
		}
		return nil, fmt.Errorf("cannot open %q: %w", name, errors.Unwrap(err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%q is not a regular file", name)
	}
	return readBounded(ctx, f)
}

// readBounded reads r whole, gunzipping it when it starts with gzip's
// magic, and refuses more than MaxFileBytes either way (an error wrapping
// fileio.ErrTooLarge), stopping when ctx ends.
func readBounded(ctx context.Context, r io.Reader) ([]byte, error) {
	b, err := fileio.ReadAll(ctx, r, MaxFileBytes)
	switch {
	case errors.Is(err, fileio.ErrTooLarge):
		return nil, fmt.Errorf("the file is over %d MiB: %w", MaxFileBytes>>20, err)
	case err != nil:
		return nil, err
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		return b, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("the file is not valid gzip: %w", err)
	}
	out, err := fileio.ReadAll(ctx, zr, MaxFileBytes)
	switch {
	case errors.Is(err, fileio.ErrTooLarge):
		return nil, fmt.Errorf("the file is over %d MiB once decompressed: %w", MaxFileBytes>>20, err)
	case err != nil:
		return nil, fmt.Errorf("the file is not valid gzip: %w", err)
	}
	return out, nil
}

// requestFile is the file a request names (?file=NAME, from the chosen
// directory) or uploads (the body), bounded either way.
func (s *Server) requestFile(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	if name := r.URL.Query().Get("file"); name != "" {
		b, err := s.readChosen(r.Context(), name)
		if err != nil {
			status := http.StatusBadRequest
			if errors.Is(err, errNoDir) {
				status = http.StatusNotFound
			}
			writeError(w, status, "bad-file", err.Error())
			return nil, false
		}
		return b, true
	}
	b, err := readBounded(r.Context(), http.MaxBytesReader(w, r.Body, MaxUpload))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) || errors.Is(err, fileio.ErrTooLarge) {
			writeError(w, http.StatusRequestEntityTooLarge, "too-large", fmt.Sprintf("the upload is over its bound (%d MiB, %d MiB decompressed): %v", MaxUpload>>20, MaxFileBytes>>20, err))
		} else {
			writeError(w, http.StatusBadRequest, "bad-file", "cannot read the upload: "+err.Error())
		}
		return nil, false
	}
	if len(b) == 0 {
		writeError(w, http.StatusBadRequest, "bad-file", "the upload is empty: choose a records file or a saved game")
		return nil, false
	}
	return b, true
}

// writeJSON writes v as a JSON reply.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
