package protocol

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/grognard/grognard/agents/protocol/wire"
)

// TestServe: one reply per request in order, comments and blank lines
// skipped, a last line without its newline served, an over-long line
// refused without ending the session, and quit ending it.
func TestServe(t *testing.T) {
	long := strings.Repeat("x", wire.MaxRequest+10)
	in := "# a comment\n\n1 name\n" + long + "\n2 protocol_version\n3 mode json\n{\"id\":4,\"cmd\":\"quit\"}\n5 name\n"
	var out bytes.Buffer
	if err := Serve(context.Background(), NewSession(Config{}), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := "=1 grognard\n\n? the request line is longer than 1048576 bytes [too-long]\n\n=2 1\n\n=3 json\n\n{\"id\":4,\"ok\":true,\"text\":\"bye\",\"result\":\"bye\"}\n"
	if out.String() != want {
		t.Errorf("served %q, want %q", out.String(), want)
	}
	out.Reset()
	if err := Serve(context.Background(), NewSession(Config{}), strings.NewReader("7 name"), &out); err != nil || out.String() != "=7 grognard\n\n" {
		t.Errorf("last line without newline: %q, %v", out.String(), err)
	}
}

// TestServeCancel: a session waiting for input ends as soon as its
// context does.
func TestServeCancel(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, NewSession(Config{}), r, io.Discard) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve kept waiting for input after its context ended")
	}
}
