package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/rs/zerolog"

	drumspicture "github.com/grognard/grognard/engine/drums/picture"
)

// browser starts a headless chromium on the page served by a fresh
// server with cfg (its Ruleset defaults to twobytwo). The browser tests
// run whenever a chromium is installed (.ci/run installs Debian's); they
// are skipped, saying so, when none is, and with -short.
func browser(t *testing.T, cfg Config) (context.Context, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser tests are skipped with -short")
	}
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no chromium is installed, so the page is not tested in a browser (apt-get install chromium)")
	}
	if cfg.Ruleset == "" {
		cfg.Ruleset = "twobytwo"
	}
	cfg.Name, cfg.Version, cfg.Log = "grognard", "test", zerolog.Nop()
	s := mustNew(t, cfg)
	ts := httptest.NewServer(s) // loopback only
	t.Cleanup(func() { ts.Close(); s.Close() })
	bctx, err := sharedBrowser(path)
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	// A tab of its own: each test serves the page from its own server,
	// so no two tests share an origin, and with it storage or cookies.
	ctx, cancelB := chromedp.NewContext(bctx)
	ctx, cancelC := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelC(); cancelB() })
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.ID("start"))); err != nil {
		t.Fatalf("open the page: %v", err)
	}
	return ctx, ts.URL
}

// shared is the one chromium the browser tests share: starting it is the
// costliest part of a short browser test (seconds of CPU), so a test
// binary starts it once, at the first browser test, and each test opens
// a tab in it. TestMain closes it.
var shared struct {
	sync.Mutex
	ctx   context.Context // the browser's first tab, nil until started
	close func()
}

// sharedBrowser starts the shared chromium at path if it is not running,
// and returns a context whose children are tabs in it.
func sharedBrowser(path string) (context.Context, error) {
	shared.Lock()
	defer shared.Unlock()
	if shared.ctx != nil {
		return shared.ctx, nil
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1400, 1000))
	// Debian's chromium wrapper script now and then fails to start the
	// browser; a second start has always worked.
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelB := chromedp.NewContext(actx)
		// The first action on bctx starts the browser, which lives as
		// long as the context it was started with: bctx itself, not one
		// with a deadline (a cold start can take many seconds; the test
		// binary's -timeout bounds a start that never ends).
		if err = chromedp.Do(bctx); err == nil {
			shared.ctx, shared.close = bctx, func() { cancelB(); cancelA() }
			return bctx, nil
		}
		cancelB()
		cancelA()
		if !strings.Contains(err.Error(), "failed to start") {
			break
		}
	}
	return nil, err
}

// closeBrowser ends the shared chromium, if a test started it.
func closeBrowser() {
	shared.Lock()
	defer shared.Unlock()
	if shared.close != nil {
		shared.close()
		shared.ctx, shared.close = nil, nil
	}
}

// screenshot takes a PNG of the whole page, checks it shows each colour
// of must (a hex colour: both armies' bases, a hint's bars) on at least
// a few hundred pixels, and saves it to GROGNARD_SCREENSHOTS/name when
// that directory is given (the README's pictures come from here).
func screenshot(t *testing.T, ctx context.Context, name string, must ...string) {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG, not JPEG
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("screenshot %s is not a PNG: %v", name, err)
	}
	for _, hex := range must {
		var want [3]int
		if _, err := fmt.Sscanf(hex, "#%02x%02x%02x", &want[0], &want[1], &want[2]); err != nil {
			t.Fatalf("colour %q: %v", hex, err)
		}
		n := 0
		bounds := img.Bounds()
		for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
			for x := bounds.Min.X; x < bounds.Max.X; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if abs(int(r>>8)-want[0]) <= 6 && abs(int(g>>8)-want[1]) <= 6 && abs(int(b>>8)-want[2]) <= 6 {
					n++
				}
			}
		}
		if n < 200 {
			t.Errorf("screenshot %s shows %d pixels of %s, want at least 200", name, n, hex)
		}
	}
	if dir := os.Getenv("GROGNARD_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// The colours a screenshot must show: both armies' bases (Drums and
// Muskets' side colours) and a hint's win and loss bars (app.css).
var (
	armies   = []string{drumspicture.SideColours[0], drumspicture.SideColours[1]}
	hintBars = []string{"#2e86c1", "#c0392b"}
)

// A short game played by clicking: a new game, orders clicked from the
// list, the table redrawn after each; a typed order the rules refuse is
// shown with its reason; a hint is listed and drawn as arrows.
func TestBrowserPlayByClicking(t *testing.T) {
	ctx, _ := browser(t, Config{})
	err := chromedp.Do(ctx,
		chromedp.WaitReady(chromedp.CSS(`#ruleset option[value="drums"]`)),
		chromedp.SetValue(chromedp.ID("ruleset"), "drums"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ruleset").dispatchEvent(new Event("change")), undefined`),
		chromedp.WaitReady(chromedp.CSS(`#scenario option[value="first-battle"]`)),
		chromedp.WaitReady(chromedp.CSS(`#bot option[value="random"]`)),
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
	// A typed order the rules refuse shows the reason. The page waits
	// until it is idle first (settle), and each try is bounded, so a
	// failure says what the page showed rather than waiting for the
	// test's deadline.
	for try := 0; ; try++ {
		settle(ctx)
		actx, cancel := context.WithTimeout(ctx, 15*time.Second)
		err = chromedp.Do(actx,
			chromedp.SetValue(chromedp.ID("free-text"), "F1 dance a jig"),
			chromedp.Click(chromedp.CSS("#free-form button")),
			chromedp.WaitVisible(chromedp.ID("error")),
		)
		cancel()
		if err == nil {
			break
		}
		if try == 2 {
			state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`"busy " + busy + "; " + ["status", "error", "orders-box", "dice-box"].map((id) => id + ": " + (document.getElementById(id).hidden ? "(hidden) " : "") + document.getElementById(id).textContent.slice(0, 200)).join("\n")`))
			t.Fatalf("a refused order: %v; the page shows\n%s", err, state)
		}
	}
	if msg, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("error"))); err != nil || msg == "" {
		t.Fatalf("a refused order shows %q (%v)", msg, err)
	}
	screenshot(t, ctx, "web-play.png", armies...)
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
	screenshot(t, ctx, "web-hint.png", append(armies, hintBars...)...)
	// The plan for the rest of the turn: listed, and drawn with the best
	// order as "1" (and any later orders as "p2", "p3"...).
	actx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	err = chromedp.Do(actx,
		chromedp.Click(chromedp.ID("plan")),
		chromedp.WaitVisible(chromedp.CSS("#plan-steps li")),
		chromedp.WaitEnabled(chromedp.ID("hint")),
	)
	if err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`["error", "hints-box", "plan-steps"].map((id) => id + ": " + (document.getElementById(id).hidden ? "(hidden) " : "") + document.getElementById(id).innerHTML.slice(0, 300)).join("\n")`))
		t.Fatalf("plan: %v; the page shows\n%s", err, state)
	}
	labels, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#table svg text")].map((e) => e.textContent).filter((s) => /^p?\d+$/.test(s))`))
	own, err2 := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#plan-steps li")].filter((li) => li.textContent.startsWith("you:")).length`))
	if err != nil || err2 != nil || !slices.Contains(labels, "1") || (own > 1) != slices.Contains(labels, "p2") {
		t.Fatalf("the plan drawn: %d own orders listed, labels %v (%v, %v)", own, labels, err, err2)
	}
	t.Logf("the plan: %d own orders, labels drawn %v", own, labels)
}

// pieceOnScreen is a point of the screen where a piece is drawn and
// nothing is drawn over it, and how many pixels one table unit is there.
func pieceOnScreen(ctx context.Context, label string) ([]float64, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const svg = document.querySelector("#table svg");
		const g = svg && svg.querySelector('[data-piece="`+label+`"]');
		if (!g) return [];
		const px = Number(svg.dataset.table.split(" ")[2]) * svg.getScreenCTM().a;
		for (const part of [...g.querySelectorAll("polygon, circle, path"), g]) {
			const b = part.getBoundingClientRect();
			const x = b.left + b.width / 2, y = b.top + b.height / 2;
			const hit = document.elementFromPoint(x, y);
			if (hit && hit.closest("[data-piece]") === g) return [x, y, px];
		}
		return [];
	})()`))
}

// drag drags a piece by (dx, dy) table units and waits for the page to
// settle; it reports the error the page shows ("" when none).
func drag(t *testing.T, ctx context.Context, label string, dx, dy float64) string {
	t.Helper()
	settle(ctx)
	p, err := pieceOnScreen(ctx, label)
	if err != nil || len(p) != 3 {
		t.Fatalf("%s is not on the table (%v)", label, err)
	}
	if err := chromedp.Do(ctx,
		chromedp.DragAndDropXY(p[0], p[1], p[0]+dx*p[2], p[1]-dy*p[2], 8),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.WaitEnabled(chromedp.ID("hint")),
	); err != nil {
		t.Fatalf("drag %s: %v", label, err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

// settle waits until the page is not busy and shows what is due: dice
// to type or orders to click.
func settle(ctx context.Context) {
	for range 100 {
		if ok, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!busy && (!document.getElementById("dice-box").hidden || !document.getElementById("orders-box").hidden)`)); ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// clickFirstOrder plays the first order of the list.
func clickFirstOrder(t *testing.T, ctx context.Context) {
	t.Helper()
	var err error
	for range 5 {
		settle(ctx)
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = chromedp.Do(actx,
			chromedp.WaitEnabled(chromedp.ID("hint")),
			chromedp.WaitVisible(chromedp.CSS("#orders li button")),
			chromedp.Click(chromedp.CSS("#orders li:first-child button")),
		)
		cancel()
		if err == nil {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`["status", "error", "pending", "dice-box", "orders-box"].map((id) => id + ": " + (document.getElementById(id).hidden ? "(hidden) " : "") + document.getElementById(id).textContent.slice(0, 300)).join("\n")`))
	t.Fatalf("click the first order: %v; the page shows\n%s", err, state)
}

// startDrums starts a game of drums against the random bot, on a real
// table or not.
func startDrums(t *testing.T, ctx context.Context, realTable bool) {
	t.Helper()
	acts := []chromedp.Action[chromedp.Void]{
		chromedp.WaitReady(chromedp.CSS(`#ruleset option[value="drums"]`)),
		chromedp.SetValue(chromedp.ID("ruleset"), "drums"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ruleset").dispatchEvent(new Event("change")), undefined`),
		chromedp.WaitReady(chromedp.CSS(`#scenario option[value="first-battle"]`)),
		chromedp.WaitReady(chromedp.CSS(`#bot option[value="random"]`)),
		chromedp.SetValue(chromedp.ID("bot"), "random"),
	}
	if realTable {
		acts = append(acts, chromedp.Click(chromedp.ID("real-table")))
	}
	acts = append(acts, chromedp.Click(chromedp.ID("start")), chromedp.WaitVisible(chromedp.CSS("#table svg")))
	if err := chromedp.Do(ctx, acts...); err != nil {
		t.Fatalf("start a game: %v", err)
	}
}

// A drag the rules refuse shows why and leaves the piece; one they take
// is played. The game is then saved (a real download) and loaded again
// (a real upload) into a fresh game, which comes back as it was.
func TestBrowserDragSaveAndLoad(t *testing.T) {
	ctx, _ := browser(t, Config{})
	startDrums(t, ctx, false)
	for range 30 {
		p, _ := pieceOnScreen(ctx, "F1")
		q, _ := pieceOnScreen(ctx, "B1")
		if len(p) == 3 && len(q) == 3 {
			break
		}
		clickFirstOrder(t, ctx)
	}
	// The other side's unit is not the player's to move.
	if msg := drag(t, ctx, "B1", 0, -1); msg == "" {
		t.Fatal("a drag of the enemy's B1 was taken")
	}
	accepted := false
	for range 20 {
		before, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li").length`))
		if msg := drag(t, ctx, "F1", 0, 1); msg == "" {
			after, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li").length`))
			if after <= before {
				t.Fatal("an accepted drag logged nothing")
			}
			accepted = true
			break
		}
		clickFirstOrder(t, ctx)
	}
	if !accepted {
		t.Fatal("no drag of F1 one BW forward was taken in 20 positions")
	}
	// Save downloads the game.
	dir := t.TempDir()
	if err := chromedp.Do(ctx,
		chromedp.WaitEnabled(chromedp.ID("save")),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
				Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
			return err
		}),
		chromedp.Click(chromedp.ID("save")),
	); err != nil {
		t.Fatalf("save: %v", err)
	}
	file := filepath.Join(dir, "grognard-game.json")
	var saved []byte
	for range 100 {
		if b, err := os.ReadFile(file); err == nil && len(b) > 0 && json.Valid(b) {
			saved = b
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if saved == nil {
		t.Fatal("Save downloaded no saved game")
	}
	want, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
	// A fresh game, then the upload brings the saved one back.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("start")), chromedp.WaitEnabled(chromedp.ID("hint"))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("load"), []string{file})); err != nil {
		t.Fatalf("load: %v", err)
	}
	// The page shows the loaded game once the server has answered: wait
	// for it (a fixed pause read the fresh game on a busy machine).
	var got string
	for range 150 {
		if got, _ = chromedp.Run(ctx, chromedp.Text(chromedp.ID("status"))); got == want {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got != want {
		t.Fatalf("the loaded game shows\n%s\nthe saved one showed\n%s", got, want)
	}
}

// On a real table the bot's orders come as ruler instructions, every die
// is typed in, and a drag corrects where a unit stands.
func TestBrowserRealTable(t *testing.T) {
	ctx, url := browser(t, Config{})
	startDrums(t, ctx, true)
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`sessionStorage.getItem("grognard-session")`))
	if err != nil || id == "" {
		t.Fatalf("no session id (%v)", err)
	}
	typed := 0
	// rollOrClick types the pending roll's dice (varied, so ties end) or
	// plays the first order.
	rollOrClick := func(k int) {
		settle(ctx)
		visible, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById("dice-box").hidden`))
		if !visible {
			clickFirstOrder(t, ctx)
			return
		}
		var pend struct{ Dice, Sides int }
		if _, rep := cmd(t, &httptest.Server{URL: url}, id, "pending"); rep.OK {
			_ = json.Unmarshal(rep.Result, &pend)
		}
		if pend.Dice == 0 || pend.Sides == 0 {
			t.Fatal("the dice box is shown but no roll is pending")
		}
		var vals []string
		for d := range pend.Dice {
			vals = append(vals, strconv.Itoa(1+(k*7+d*3)%pend.Sides))
		}
		if err := chromedp.Do(ctx,
			chromedp.SendKeys(chromedp.ID("dice-values"), strings.Join(vals, " ")),
			chromedp.Click(chromedp.CSS("#dice-form button[type=submit]")),
			chromedp.Sleep(200*time.Millisecond),
		); err != nil {
			t.Fatalf("type dice: %v", err)
		}
		settle(ctx)
		if msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").hidden ? "" : document.getElementById("error").textContent`)); msg != "" {
			t.Fatalf("typed dice %q refused: %s", vals, msg)
		}
		typed++
	}
	for k := 0; k < 80 && (typed < 3 || !instructed(ctx)); k++ {
		rollOrClick(k)
	}
	if typed < 3 || !instructed(ctx) {
		t.Fatalf("%d rolls typed, instructions shown: %v", typed, instructed(ctx))
	}
	diceLines, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li.dice").length`))
	if diceLines == 0 {
		t.Fatal("no roll is in the log")
	}
	// A drag on a real table corrects the position instead of moving.
	for k := range 40 {
		settle(ctx)
		if p, _ := pieceOnScreen(ctx, "F1"); len(p) == 3 {
			break
		}
		rollOrClick(k)
	}
	if msg := drag(t, ctx, "F1", 0.5, 0); msg != "" {
		t.Fatalf("a correction by drag was refused: %s", msg)
	}
	last, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#log li:first-child")))
	if !strings.Contains(strings.ToLower(last), "f1") {
		t.Fatalf("the correction logged %q", last)
	}
	screenshot(t, ctx, "web-real-table.png", armies...)
}

// instructed is whether the page shows a ruler instruction.
func instructed(ctx context.Context) bool {
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#instructions li").length`))
	return n > 0
}

// A replay opened from the server's directory, stepped with the arrow
// keys and the slider, and its graph's swing clicked.
func TestBrowserReplay(t *testing.T) {
	dir := t.TempDir()
	ts0 := newTestServer(t, 0)
	id := openSession(t, ts0)
	cmd(t, ts0, id, "new_game", "ruleset=drums", "side0=random", "side1=random", "seed=7", "turn_limit=3")
	cmd(t, ts0, id, "advance")
	_, saved := cmd(t, ts0, id, "save")
	var sg struct {
		Record json.RawMessage `json:"record"`
	}
	if err := json.Unmarshal(saved.Result, &sg); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.jsonl"), append(sg.Record, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, url := browser(t, Config{Dir: dir})
	stepText := func() string {
		s, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("replay-step")))
		return s
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/replay.html"),
		chromedp.WaitReady(chromedp.CSS(`#replay-file option[value="game.jsonl"]`)),
		chromedp.SetValue(chromedp.ID("replay-file"), "game.jsonl"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("replay-file").dispatchEvent(new Event("change")), undefined`),
		chromedp.WaitVisible(chromedp.CSS("#replay-table svg")),
		chromedp.WaitVisible(chromedp.CSS("#eval-graph svg polyline")),
	); err != nil {
		t.Fatalf("open the replay: %v", err)
	}
	if s := stepText(); !strings.HasPrefix(s, "step 0 of ") {
		t.Fatalf("opened at %q", s)
	}
	for range 3 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.Sleep(100*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	if s := stepText(); !strings.HasPrefix(s, "step 3 of ") {
		t.Fatalf("three right arrows reach %q", s)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.Sleep(100*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if s := stepText(); !strings.HasPrefix(s, "step 2 of ") {
		t.Fatalf("a left arrow reaches %q", s)
	}
	// The last swing drawn: dots of swings a step apart overlap, and a
	// click lands on the one drawn last, which is on top of the others.
	swing, err := chromedp.Run(ctx, chromedp.Evaluate[string](`([...document.querySelectorAll("#eval-graph .swing")].pop() || {dataset: {}}).dataset.step || ""`))
	if err != nil || swing == "" {
		t.Fatalf("the graph marks no swing (%v)", err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#eval-graph .swing[data-step="`+swing+`"]`)), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if s := stepText(); !strings.HasPrefix(s, "step "+swing+" of ") {
		t.Fatalf("clicking the swing at step %s shows %q", swing, s)
	}
	if txt, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("replay-text"))); txt == "" || !strings.Contains(txt, "Turn") {
		t.Fatalf("the step says %q", txt)
	}
	screenshot(t, ctx, "web-replay.png", armies...)
}

// A tournament's records file in the server's directory, chosen on the
// results page: the cross table, pairings, ratings and the chart with
// its error bars are shown.
func TestBrowserResults(t *testing.T) {
	_, records := smallTournament(t, 3)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tournament.jsonl"), records, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, url := browser(t, Config{Dir: dir})
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/results.html"),
		chromedp.WaitReady(chromedp.CSS(`#results-file option[value="tournament.jsonl"]`)),
		chromedp.SetValue(chromedp.ID("results-file"), "tournament.jsonl"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("results-file").dispatchEvent(new Event("change")), undefined`),
		chromedp.WaitVisible(chromedp.CSS("#rating-chart svg")),
	); err != nil {
		t.Fatalf("open the results: %v", err)
	}
	for _, sel := range []string{"#cross-table tr", "#pairings tr", "#ratings tr"} {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("`+sel+`").length`))
		if err != nil || n < 2 {
			t.Errorf("%s: %d rows (%v)", sel, n, err)
		}
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("results-error").hidden`)); !hidden {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("results-error")))
		t.Fatalf("the page shows an error: %s", msg)
	}
}

// A whole short game (one turn of Drums and Muskets) played to its end
// by clicking the first order each time.
func TestBrowserWholeGame(t *testing.T) {
	ctx, _ := browser(t, Config{})
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("turns"), "1")); err != nil {
		t.Fatal(err)
	}
	startDrums(t, ctx, false)
	over := func() bool {
		settle(ctx)
		s, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
		// The summary's phase is "over" once the battle ends.
		return strings.Contains(s, ", over:") || strings.Contains(s, "game over")
	}
	clicks := 0
	for ; clicks < 400 && !over(); clicks++ {
		clickFirstOrder(t, ctx)
	}
	if !over() {
		t.Fatalf("the game is not over after %d clicks", clicks)
	}
	if vis, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.getElementById("orders-box").hidden`)); vis {
		t.Fatal("orders are offered after the game is over")
	}
	t.Logf("a one-turn game took %d clicks", clicks)
}

// A ruleset without a picture (the grand battles) is played in the page
// all the same: the position in words where the table would be, the
// postures listed and clicked, each round's dice in the log.
func TestBrowserGrandBattle(t *testing.T) {
	ctx, _ := browser(t, Config{})
	err := chromedp.Do(ctx,
		chromedp.WaitReady(chromedp.CSS(`#ruleset option[value="grand"]`)),
		chromedp.SetValue(chromedp.ID("ruleset"), "grand"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("ruleset").dispatchEvent(new Event("change")), undefined`),
		chromedp.WaitReady(chromedp.CSS(`#scenario option[value="open-field"]`)),
		chromedp.WaitReady(chromedp.CSS(`#bot option[value="equilibrium"]`)),
		chromedp.SetValue(chromedp.ID("bot"), "equilibrium"),
		chromedp.Click(chromedp.ID("start")),
		chromedp.WaitVisible(chromedp.CSS("#table pre.sketch")),
	)
	if err != nil {
		t.Fatalf("start a grand battle: %v", err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#table pre.sketch")))
	if err != nil || !strings.Contains(text, "Round 1") {
		t.Fatalf("the position in words: %q (%v)", text, err)
	}
	clickFirstOrder(t, ctx)
	settle(ctx)
	dice, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li.dice").length`))
	if err != nil || dice == 0 {
		t.Fatalf("no round's dice in the log (%v)", err)
	}
	text, _ = chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#table pre.sketch")))
	if !strings.Contains(text, "Round 2") && !strings.Contains(text, "Battle over") {
		t.Fatalf("after a round the page shows %q", text)
	}
}
