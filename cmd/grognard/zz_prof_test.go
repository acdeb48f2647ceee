package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

func TestProfPlay(t *testing.T) {
	if os.Getenv("PROF") == "" {
		t.Skip()
	}
	var out, errb bytes.Buffer
	args := strings.Fields(os.Getenv("PROF"))
	code := runWithInput(context.Background(), append([]string{"grognard"}, args...), strings.NewReader("quit\n"), &out, &errb)
	t.Log(code, errb.String())
}
