package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/rs/zerolog"
)

// browser starts a headless chromium on the page served by a fresh
// server. The browser tests are opt-in for now (CI does not install a
// browser yet): GROGNARD_BROWSER_TESTS=1 go test ./cmd/grognard/web/ -run
// TestBrowser -v, with Debian's chromium installed.
func browser(t *testing.T) (context.Context, string) {
	t.Helper()
	if testing.Short() || os.Getenv("GROGNARD_BROWSER_TESTS") != "1" {
		t.Skip("set GROGNARD_BROWSER_TESTS=1 to run the browser tests (they need chromium)")
	}
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Fatal("GROGNARD_BROWSER_TESTS=1 but no chromium is installed (apt-get install chromium)")
	}
	s := mustNew(t, Config{Name: "grognard", Version: "test", Ruleset: "twobytwo", Log: zerolog.Nop()})
	ts := httptest.NewServer(s) // loopback only
	t.Cleanup(func() { ts.Close(); s.Close() })
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1400, 1000))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelC := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelC(); cancelB(); cancelA() })
	// A cold start of the browser can take many seconds.
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.ID("start"))); err != nil {
		t.Fatalf("open the page: %v", err)
	}
	return ctx, ts.URL
}

// screenshot saves the page to GROGNARD_SCREENSHOTS/name when that
// directory is given (the README's pictures come from here).
func screenshot(t *testing.T, ctx context.Context, name string) []byte {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if dir := os.Getenv("GROGNARD_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return png
}

// A short game played by clicking: a new game, orders clicked from the
// list, the table redrawn after each; a typed order the rules refuse is
// shown with its reason; a hint is listed and drawn as arrows.
func TestBrowserPlayByClicking(t *testing.T) {
	ctx, _ := browser(t)
	err := chromedp.Do(ctx,
		chromedp.WaitReady(chromedp.CSS(`#ruleset option[value="drums"]`)),
		chromedp.SetValue(chromedp.ID("ruleset"), "drums"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ruleset").dispatchEvent(new Event("change")), undefined`),
		chromedp.WaitReady(chromedp.CSS(`#scenario option[value="first-battle"]`)),
		chromedp.SetValue(chromedp.ID("bot"), "random"),
		chromedp.Click(chromedp.ID("start")),
		chromedp.WaitVisible(chromedp.CSS("#orders li button")),
		chromedp.WaitVisible(chromedp.CSS("#table svg")),
	)
	if err != nil {
		t.Fatalf("start a game: %v", err)
	}
	status, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
	if err != nil || !strings.Contains(status, "Turn") {
		t.Fatalf("status %q (%v)", status, err)
	}
	// Click the first order a dozen times; each click plays it, and the
	// bot and the dice follow before the orders are listed again.
	// The list is rebuilt after every step, so a click that lands while
	// it is replaced is tried again.
	for k := range 12 {
		var err error
		for range 5 {
			if err = chromedp.Do(ctx,
				chromedp.WaitEnabled(chromedp.ID("hint")),
				chromedp.WaitVisible(chromedp.CSS("#orders li button")),
				chromedp.Click(chromedp.CSS("#orders li:first-child button")),
			); err == nil {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		if err != nil {
			t.Fatalf("order %d: %v", k+1, err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.WaitEnabled(chromedp.ID("hint")), chromedp.WaitVisible(chromedp.CSS("#orders li button"))); err != nil {
		t.Fatal(err)
	}
	logLines, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li").length`))
	if err != nil || logLines < 12 {
		t.Fatalf("the log shows %d lines (%v)", logLines, err)
	}
	// A typed order the rules refuse shows the reason.
	err = chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.ID("free-text"), "F1 dance a jig"),
		chromedp.Click(chromedp.CSS("#free-form button")),
		chromedp.WaitVisible(chromedp.ID("error")),
	)
	if err != nil {
		t.Fatalf("a refused order: %v", err)
	}
	if msg, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("error"))); err != nil || msg == "" {
		t.Fatalf("a refused order shows %q (%v)", msg, err)
	}
	screenshot(t, ctx, "web-play.png")
	// A hint: listed with its win/draw/loss bar and drawn on the table.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("hint")),
		chromedp.WaitVisible(chromedp.CSS("#hints li .bar")),
		chromedp.WaitEnabled(chromedp.ID("hint")),
	)
	if err != nil {
		t.Fatalf("hint: %v", err)
	}
	hints, err1 := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#hints li").length`))
	arrows, err2 := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#table svg [class*=arrow]").length`))
	if err1 != nil || err2 != nil || hints == 0 || arrows == 0 {
		t.Fatalf("hint: %d hints, %d arrow elements (%v, %v)", hints, arrows, err1, err2)
	}
	screenshot(t, ctx, "web-hint.png")
}
