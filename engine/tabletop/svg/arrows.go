package svg

import (
	"fmt"

	"github.com/grognard/grognard/engine/geom"
)

// Arrows are actions drawn over the table (a hint's orders): one group of
// Class and ID, with an arrowhead per kind and one ItemClass group per
// arrow, the first arrow on top.
type Arrows struct {
	Class, ID, ItemClass string
	Kinds                []ArrowKind
	Items                []Arrow
	// HeadPens is the arrowheads' size in stroke widths (0: 4).
	HeadPens float64
}

// ArrowKind is the look of a kind of arrow. Widths and dashes are pens.
type ArrowKind struct {
	Name, Colour string
	Width        float64 // the line's width (0: 3)
	Dash         string
}

// Arrow is one action: a line through Points from where it starts to
// where it ends, outlines of where it leaves bases (Ghosts: a piece's
// planned position), a ring of Radius round its end, a Word beside the
// end (reload, stand), a Label there ("1") and a Title in words.
type Arrow struct {
	Kind   string
	Points []geom.Vec
	Ghosts []geom.Rect
	Radius float64
	Word   string
	Label  string
	Title  string
}

// kind is the look of kind name, or false for one not declared.
func (as *Arrows) kind(name string) (ArrowKind, bool) {
	for _, k := range as.Kinds {
		if k.Name == name {
			if k.Width == 0 {
				k.Width = 3
			}
			return k, true
		}
	}
	return ArrowKind{}, false
}

// arrows draws the arrows, the first on top; an arrow of no declared
// kind or without points is left out rather than drawn wrong.
func (p *Picture) arrows(c *Canvas) {
	as := &p.Arrows
	if len(as.Items) == 0 {
		return
	}
	head := as.HeadPens
	if head == 0 {
		head = 4
	}
	c.Group(as.Class, as.ID, "")
	c.Raw("<defs>")
	for _, k := range as.Kinds {
		c.Printf(`<marker id="head-%s" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="%s" markerHeight="%s" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker>`,
			Escape(k.Name), c.Num(head), c.Num(head), k.Colour)
	}
	c.Raw("</defs>\n")
	for n := len(as.Items) - 1; n >= 0; n-- {
		a := &as.Items[n]
		k, ok := as.kind(a.Kind)
		if !ok || len(a.Points) == 0 {
			continue
		}
		c.Group(as.ItemClass+" "+a.Kind, "", "")
		c.Title(a.Title)
		for _, g := range a.Ghosts {
			cs := g.Corners()
			c.Polygon(cs[:], fmt.Sprintf(`class="ghost" fill="%s" fill-opacity="0.12" stroke="%s" stroke-width="%s" stroke-dasharray="%s"`, k.Colour, k.Colour, c.PenNum(1.5), c.Dash("5 3")))
			c.Line(cs[0], cs[1], fmt.Sprintf(`class="ghost-front" stroke="%s" stroke-width="%s"`, k.Colour, c.PenNum(3)))
		}
		end := a.Points[len(a.Points)-1]
		switch {
		case a.Radius > 0:
			c.Circle(end, a.Radius, fmt.Sprintf(`class="ring" fill="none" stroke="%s" stroke-width="%s"`, k.Colour, c.PenNum(3)))
			end = end.Add(geom.V(a.Radius*0.7, a.Radius*0.7))
		case len(a.Points) > 1:
			dash := ""
			if k.Dash != "" {
				dash = fmt.Sprintf(` stroke-dasharray="%s"`, c.Dash(k.Dash))
			}
			c.Printf(`<polyline class="path" points="%s" fill="none" stroke="%s" stroke-width="%s"%s marker-end="url(#head-%s)" opacity="0.9"/>`,
				c.Pts(a.Points), k.Colour, c.PenNum(k.Width), dash, Escape(k.Name))
		}
		if a.Word != "" {
			c.TextAt(end, c.Pen(6), c.Pen(12), p.attrs(fmt.Sprintf(`class="word" font-size="%s" font-style="italic" fill="%s"`, c.PenNum(8), k.Colour)), a.Word)
		}
		if a.Label != "" {
			c.TextAt(end, c.Pen(6), -c.Pen(6), p.attrs(fmt.Sprintf(`class="number" font-weight="bold" font-size="%s" fill="%s"`, c.PenNum(13), k.Colour)), a.Label)
		}
		c.Close()
	}
	c.Close()
}
