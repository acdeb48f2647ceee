package web

import (
	"bufio"
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

// openChosen opens the file name of the chosen directory for reading. A
// name that leaves the directory, is not a regular file (a FIFO is
// refused without waiting for a writer) or is not record-like is refused
// with the reason.
func (s *Server) openChosen(name string) (*os.File, error) {
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
	f, err := fileio.OpenIn(s.root, clean)
	switch {
	case errors.Is(err, fileio.ErrNotRegular):
		return nil, fmt.Errorf("%q is not a regular file", name)
	case err != nil && strings.Contains(err.Error(), "escapes"):
		return nil, fmt.Errorf("%q is outside the server's directory: name a file the list offers", name)
	case err != nil:
		return nil, fmt.Errorf("cannot open %q: %w", name, errors.Unwrap(err))
	}
	return f, nil
}

// decompressed reads r, gunzipped when it starts with gzip's magic, and
// fails with an error wrapping fileio.ErrTooLarge past limit bytes (after
// decompression, so a gzip bomb stops there) or once ctx ends. It reads
// as its caller does, a little at a time: nothing is held whole.
func decompressed(ctx context.Context, r io.Reader, limit int64) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, err := br.Peek(2)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return fileio.Limit(ctx, br, limit), nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("the file is not valid gzip: %w", err)
	}
	return fileio.Limit(ctx, zr, limit), nil
}

// readBounded reads r whole as decompressed gives it, at most limit bytes
// (an error wrapping fileio.ErrTooLarge beyond).
func readBounded(ctx context.Context, r io.Reader, limit int64) ([]byte, error) {
	d, err := decompressed(ctx, r, limit)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(d)
	switch {
	case errors.Is(err, fileio.ErrTooLarge):
		return nil, fmt.Errorf("the file is over %s once decompressed: %w", fileio.Size(limit), err)
	case err != nil:
		return nil, fmt.Errorf("cannot read the file: %w", err)
	}
	return b, nil
}

// requestSource is the file a request names (?file=NAME, from the chosen
// directory) or uploads (the body, at most MaxUpload bytes as sent), to
// be read through decompressed and closed by the caller; or false, with
// the refusal written.
func (s *Server) requestSource(w http.ResponseWriter, r *http.Request) (io.ReadCloser, bool) {
	if name := r.URL.Query().Get("file"); name != "" {
		f, err := s.openChosen(name)
		if err != nil {
			status := http.StatusBadRequest
			if errors.Is(err, errNoDir) {
				status = http.StatusNotFound
			}
			writeError(w, status, "bad-file", err.Error())
			return nil, false
		}
		return f, true
	}
	return http.MaxBytesReader(w, r.Body, MaxUpload), true
}

// tooLarge reports whether err refuses an input over a bound: the upload
// as sent (http.MaxBytesError) or decompressed (fileio.ErrTooLarge).
func tooLarge(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.As(err, &tooBig) || errors.Is(err, fileio.ErrTooLarge)
}

// writeReadError writes why a file or an upload could not be read: too
// large (413), or anything else (400), what saying what was being read.
func writeReadError(w http.ResponseWriter, what string, err error) {
	if tooLarge(err) {
		writeError(w, http.StatusRequestEntityTooLarge, "too-large", fmt.Sprintf("%s is over its bound (%s as sent, %s decompressed): %v", what, fileio.Size(MaxUpload), fileio.Size(MaxFileBytes), err))
		return
	}
	writeError(w, http.StatusBadRequest, "bad-file", err.Error())
}

// openUpload waits for a turn to read an upload or a file of the chosen
// directory (enterUpload) and opens it (requestSource); done closes it
// and gives the turn back. False when either was refused, the refusal
// written.
func (s *Server) openUpload(w http.ResponseWriter, r *http.Request) (src io.ReadCloser, done func(), ok bool) {
	leave, ok := s.enterUpload(w, r)
	if !ok {
		return nil, nil, false
	}
	src, ok = s.requestSource(w, r)
	if !ok {
		leave()
		return nil, nil, false
	}
	return src, func() { src.Close(); leave() }, true
}

// enterUpload waits for a turn to read an upload or a file (the server
// reads a few at once: each may hold tens of megabytes while it is read),
// or writes the refusal and returns false.
func (s *Server) enterUpload(w http.ResponseWriter, r *http.Request) (func(), bool) {
	leave, err := s.uploads.enter(r.Context())
	if err != nil {
		w.Header().Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, "server-busy", err.Error())
		return nil, false
	}
	return leave, true
}

// writeJSON writes v as a JSON reply.
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
