package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/sourcegraph/conc"

	"github.com/grognard/grognard/engine"
	"github.com/grognard/grognard/engine/twobytwo"
	"github.com/grognard/grognard/tournaments"
)

// The upload benchmarks measure the heap an upload holds and the peak it
// reaches while read, on a records file of real tournament games copied
// to about 60 MB (a little under MaxFileBytes) and gzipped, as an
// attacker would send it:
//
//	go test ./cmd/grognard/web/ -run '^$' -bench 'Upload' -benchtime 1x
//
// held-MB is what stays on the heap per upload once it is read (after a
// GC), peak-MB the highest heap in use seen while the uploads ran.

var (
	bigRecordsOnce sync.Once
	bigRecordsGz   []byte
	bigRecordsRaw  int
)

// bigRecords is a tournament's records file copied line by line to about
// 60 MB, gzipped.
func bigRecords(b *testing.B) []byte {
	b.Helper()
	bigRecordsOnce.Do(func() {
		path := filepath.Join(b.TempDir(), "games.jsonl")
		tr, err := tournaments.New(tournaments.Config{
			Ruleset: twobytwo.Rules{}, Agents: []string{"random", "greedy"},
			GamesPerPairing: 8, TurnLimit: 12, Seed: 3, Workers: 2, Records: path,
		})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tr.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
		one, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		var raw bytes.Buffer
		for raw.Len()+len(one) < 60<<20 {
			raw.Write(one)
		}
		bigRecordsRaw = raw.Len()
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		_, _ = zw.Write(raw.Bytes())
		_ = zw.Close()
		bigRecordsGz = gz.Bytes()
	})
	return bigRecordsGz
}

// heapInUse is the heap in use after a collection, in MB.
func heapInUse() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse) / (1 << 20)
}

// peakWatch samples the heap in use until stopped and returns the
// highest, in MB.
func peakWatch() (stop func() float64) {
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg conc.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return func() float64 {
		close(done)
		wg.Wait()
		return float64(peak.Load()) / (1 << 20)
	}
}

// uploadServer is a fresh server on loopback for an upload benchmark.
func uploadServer(b *testing.B) *benchClient {
	b.Helper()
	s := mustNew(b, Config{Name: "grognard", Version: "bench", Ruleset: "twobytwo", Log: zerolog.Nop()})
	ts := httptest.NewServer(s)
	bc := newBenchClient(ts.URL)
	b.Cleanup(func() { bc.c.CloseIdleConnections(); ts.Close(); s.Close() })
	return bc
}

// postUpload posts body to path as an upload and returns the status.
func (bc *benchClient) postUpload(path string, body []byte) (int, error) {
	req, err := http.NewRequest("POST", bc.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/octet-stream")
	r, err := bc.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer r.Body.Close()
	_, _ = io.Copy(io.Discard, r.Body)
	return r.StatusCode, nil
}

// BenchmarkReplayUploadMemory: four uploads of the big records file for
// replay, one after another, each kept by the server.
func BenchmarkReplayUploadMemory(b *testing.B) {
	gz := bigRecords(b)
	b.Logf("the upload: %.1f MB gzipped, %.1f MB of records", float64(len(gz))/(1<<20), float64(bigRecordsRaw)/(1<<20))
	const uploads = 4
	for b.Loop() {
		bc := uploadServer(b)
		debug.FreeOSMemory()
		base := heapInUse()
		stop := peakWatch()
		ok := 0
		for range uploads {
			code, err := bc.postUpload("/api/replays", gz)
			if err != nil {
				b.Fatal(err)
			}
			if code == http.StatusOK {
				ok++
			}
		}
		peak := stop()
		held := heapInUse() - base
		b.ReportMetric(held/float64(max(ok, 1)), "held-MB/upload")
		b.ReportMetric(peak-base, "peak-MB")
		b.ReportMetric(float64(ok), "kept")
	}
}

// BenchmarkResultsUploadMemory: twelve uploads of the big records file
// for a tournament's results at once. The server reads DefaultMaxUploads
// at a time; one that waits past DefaultQueueWait is answered 503.
func BenchmarkResultsUploadMemory(b *testing.B) {
	gz := bigRecords(b)
	const uploads = 12
	for b.Loop() {
		bc := uploadServer(b)
		debug.FreeOSMemory()
		base := heapInUse()
		stop := peakWatch()
		start := time.Now()
		var wg conc.WaitGroup
		var codes [uploads]int
		for k := range uploads {
			wg.Go(func() {
				codes[k], _ = bc.postUpload("/api/results", gz)
			})
		}
		wg.Wait()
		elapsed := time.Since(start)
		peak := stop()
		ok, busy := 0, 0
		for _, c := range codes {
			switch c {
			case http.StatusOK:
				ok++
			case http.StatusServiceUnavailable:
				busy++
			}
		}
		b.ReportMetric(peak-base, "peak-MB")
		b.ReportMetric(elapsed.Seconds(), "s/12-uploads")
		b.ReportMetric(float64(ok), "answered")
		b.ReportMetric(float64(busy), "503s")
	}
}

// BenchmarkRecordPerStep: what a game record costs in memory a step,
// decoded (engine.Record, as replays kept them) and as its JSON line (as
// they keep them now).
func BenchmarkRecordPerStep(b *testing.B) {
	gz := bigRecords(b)
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		b.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		b.Fatal(err)
	}
	// A tenth of the file is enough for the figure.
	raw = raw[:bytes.LastIndexByte(raw[:len(raw)/10], '\n')+1]
	for b.Loop() {
		base := heapInUse()
		recs, err := engine.ReadRecords(bytes.NewReader(raw))
		if err != nil {
			b.Fatal(err)
		}
		decoded := heapInUse() - base
		steps := 0
		for _, r := range recs {
			steps += len(r.Steps)
		}
		b.ReportMetric(decoded*(1<<20)/float64(steps), "decoded-B/step")
		b.ReportMetric(float64(len(raw))/float64(steps), "line-B/step")
		runtime.KeepAlive(recs)
	}
}

// BenchmarkGzipBombMemory: a gzip of some 200 KB that decompresses to
// 200 MB of one line, uploaded for a replay and for results: refused at
// the line bound, having held little more than it.
func BenchmarkGzipBombMemory(b *testing.B) {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zero := make([]byte, 1<<20)
	for range 200 {
		_, _ = zw.Write(zero)
	}
	_ = zw.Close()
	b.Logf("the bomb: %d KB gzipped", gz.Len()>>10)
	for b.Loop() {
		bc := uploadServer(b)
		debug.FreeOSMemory()
		base := heapInUse()
		stop := peakWatch()
		for _, path := range []string{"/api/replays", "/api/results"} {
			code, err := bc.postUpload(path, gz.Bytes())
			if err != nil || code != http.StatusRequestEntityTooLarge {
				b.Fatalf("%s: %d %v", path, code, err)
			}
		}
		b.ReportMetric(stop()-base, "peak-MB")
	}
}
