package armies

import (
	"fmt"
	"strings"

	"github.com/grognard/grognard/engine/drums"
)

// keyWords are the keys of Army Characteristics, Key, plus LANCER(S) and
// OPEN, which the lists use without the key naming them.
var keyWords = []string{"2RK", "ART(F)", "ART(P)", "CARBINE", "COA", "GUARD", "H2H", "HCAV", "IRREGULAR", "LCAV", "LCOY", "LIGHT", "LINE", "ZEALOUS", "LANCER", "LANCERS", "OPEN"}

// keySet is what a Doctrine/Type cell says, word by word.
type keySet struct {
	fieldArt, posArt bool
	hcav, lcav       bool
	light, line      bool
	irregular        bool
	doc              drums.Doctrine
}

// parseKeys reads a Doctrine/Type cell: words split at commas, spaces and
// "/" (ART(F)/ART(P)); a trailing comma is no word. "(LCOY)" is an
// optional light company and is kept (ruling D-ARMY-KEYS); "ZELAOUS" is
// the French Crimean list's typo for ZEALOUS.
func parseKeys(keys string) (keySet, error) {
	var ks keySet
	words := strings.FieldsFunc(keys, func(r rune) bool { return r == ',' || r == ' ' || r == '/' || r == '\t' })
	if len(words) == 0 {
		return ks, fmt.Errorf("the Doctrine/Type cell is empty")
	}
	for _, w := range words {
		u := strings.ToUpper(w)
		if strings.HasPrefix(u, "(") && strings.HasSuffix(u, ")") && !strings.HasPrefix(u, "(ART") {
			// Ruling D-ARMY-KEYS (Army Characteristics, Key): "(LCOY)"
			// is an optional light company; the unit has it.
			u = u[1 : len(u)-1]
		}
		switch u {
		case "ART(F)":
			ks.fieldArt = true
		case "ART(P)":
			ks.posArt = true
		case "HCAV":
			ks.hcav = true
		case "LCAV":
			ks.lcav = true
		case "LIGHT":
			ks.light = true
		case "LINE":
			ks.line = true
		case "IRREGULAR":
			ks.irregular = true
		case "2RK":
			ks.doc |= drums.DocTwoRank
		case "COA":
			ks.doc |= drums.DocColumnOfAttack
		case "LCOY":
			ks.doc |= drums.DocLightCompany
		case "ZEALOUS", "ZELAOUS": // Ruling D-ARMY-KEYS (Crimean France): the typo is ZEALOUS.
			ks.doc |= drums.DocZealous
		case "CARBINE":
			ks.doc |= drums.DocCarbine
		case "H2H":
			ks.doc |= drums.DocHandToHand
		case "GUARD":
			ks.doc |= drums.DocGuard
		case "LANCER", "LANCERS":
			// Ruling D-ARMY-LANCER (Unit Types, Lancers): either spelling
			// is the lancer doctrine, and makes the row cavalry.
			ks.doc |= drums.DocLancer
		case "OPEN":
			// Ruling D-ARMY-KEYS (Nassau and Dutch Light; Unit Types, Light
			// foot "can also deploy as Open formation"): not in the Key.
			ks.doc |= drums.DocOpen
		default:
			return ks, fmt.Errorf("unknown key %q: use the keys of Army Characteristics, Key (%s)", w, strings.Join(keyWords, ", "))
		}
	}
	return ks, nil
}

// kind is one fieldable reading of a row.
type kind struct {
	t      drums.Type
	doc    drums.Doctrine
	weapon drums.Weapon
}

// The doctrines only foot or only cavalry may have.
const (
	footOnly = drums.DocTwoRank | drums.DocColumnOfAttack | drums.DocLightCompany | drums.DocHandToHand | drums.DocOpen
	cavOnly  = drums.DocCarbine | drums.DocLancer
)

// classify reads a row's keys, with its name where the keys leave the type
// open, into one kind, or two for a row offering both artillery kinds
// (ruling D-ARMY-ART). minie arms the list's line and light foot with the
// Minié rifle (ruling D-ARMY-WEAPON).
func classify(name, keys string, minie bool) ([]kind, error) {
	ks, err := parseKeys(keys)
	if err != nil {
		return nil, err
	}
	words := nameWords(name)
	art := ks.fieldArt || ks.posArt
	// Ruling D-ARMY-IRREGULAR (Unit Types, Irregular Cavalry and Irregular
	// Foot): IRREGULAR is cavalry with a cavalry key, LANCER(S) or a
	// cavalry name ("Active Militia Cavalry IRREGULAR, ZEALOUS"), else foot.
	// Ruling D-ARMY-ASWRITTEN: otherwise the keys decide, not the name
	// ("Guard Cossacks LCAV, LANCER" are regular light lancers).
	cav := ks.hcav || ks.lcav || ks.doc.Has(drums.DocLancer) ||
		(ks.irregular && hasAny(words, "cossack", "cossacks", "cavalry", "mounted", "horse"))
	switch {
	case art && (cav || ks.light || ks.line || ks.irregular):
		return nil, fmt.Errorf("artillery keys with %s: a row is one arm, give ART(F) or ART(P) alone or with GUARD", strings.TrimSpace(keys))
	case ks.hcav && ks.lcav:
		return nil, fmt.Errorf("both HCAV and LCAV: give one")
	case ks.light && ks.line:
		return nil, fmt.Errorf("both LIGHT and LINE on foot: give one")
	case cav && ks.light:
		return nil, fmt.Errorf("LIGHT (light foot) on cavalry: use LCAV")
	}
	doc := ks.doc
	if doc.Has(drums.DocGuard) && ks.irregular {
		// Ruling D-ARMY-CHECKS (Unit Types, Guard units): any type may be
		// guard "except irregulars".
		return nil, fmt.Errorf("GUARD on irregulars, which cannot be guard (Unit Types, Guard units): drop GUARD or IRREGULAR")
	}
	switch {
	case art:
		if doc&(footOnly|cavOnly|drums.DocZealous) != 0 {
			// Ruling D-ARMY-CHECKS (Resilience, Zealous): "Artillery
			// cannot be Zealous"; foot and cavalry doctrines mean nothing
			// to a battery.
			return nil, fmt.Errorf("artillery takes only GUARD among the doctrines (Resilience, Zealous: \"Artillery cannot be Zealous\"): drop the others")
		}
		// Ruling D-ARMY-ART (Army Characteristics, Key): ART(F) with
		// ART(P) offers both kinds, field first.
		var out []kind
		if ks.fieldArt {
			out = append(out, kind{drums.FieldArtillery, doc, drums.FieldGun})
		}
		if ks.posArt {
			out = append(out, kind{drums.PositionArtillery, doc, drums.PositionGun})
		}
		return out, nil
	case cav:
		if doc&footOnly != 0 {
			return nil, fmt.Errorf("foot doctrines (2RK, COA, LCOY, H2H, OPEN) on cavalry: drop them, or the cavalry keys")
		}
		// Ruling D-ARMY-CAVLINE (British lists): LINE on a cavalry row
		// means nothing; HCAV or LCAV decides, as keyed.
		t := drums.LightCavalry
		switch {
		case ks.irregular:
			t = drums.IrregularCavalry
		case ks.hcav:
			t = drums.HeavyCavalry
		}
		// Ruling D-ARMY-WEAPON (Shooting Table 1; Key, CARBINE: "Can
		// dismount to shoot with carbine"): only CARBINE cavalry shoot.
		w := drums.NoWeapon
		if doc.Has(drums.DocCarbine) {
			w = drums.Carbine
		}
		return []kind{{t, doc, w}}, nil
	}
	if doc&cavOnly != 0 {
		return nil, fmt.Errorf("CARBINE or LANCER on foot: give the row HCAV or LCAV, or drop them")
	}
	// Ruling D-ARMY-NOFOOTTYPE (Revolutionary, Consular, Duchy of Warsaw):
	// foot without LIGHT, LINE or IRREGULAR is line foot, light foot when
	// its name says Light.
	t := drums.LineFoot
	switch {
	case ks.irregular:
		t = drums.IrregularFoot
	case ks.light || (!ks.line && hasAny(words, "light")):
		t = drums.LightFoot
	}
	return []kind{{t, doc, footWeapon(t, doc, words, minie)}}, nil
}

// footWeapon is the weapon of a foot row.
//
// Ruling D-ARMY-WEAPON (Army Characteristics: "armed with muskets or
// rifles"; Shooting Table 1): none for H2H foot, the Minié rifle for line
// and light foot of a list armed with it (the Crimean British and French),
// a rifle for rows named as riflemen, else a smooth-bore musket.
func footWeapon(t drums.Type, doc drums.Doctrine, words []string, minie bool) drums.Weapon {
	switch {
	case doc.Has(drums.DocHandToHand):
		return drums.NoWeapon
	case minie && (t == drums.LineFoot || t == drums.LightFoot):
		return drums.Minie
	case hasAny(words, "rifle", "rifles", "riflemen", "jager", "jagers", "jaeger", "cacadore", "cacadores",
		"cazadore", "cazadores", "bersaglieri"),
		hasSeq(words, "chasseurs", "a", "pied"):
		return drums.Rifle
	}
	return drums.SmoothBore
}

// nameWords are a name's words, folded and split at anything not a letter
// or digit ("Light/Rifles" is light, rifles).
func nameWords(name string) []string {
	return strings.FieldsFunc(fold(name), func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9')
	})
}

// hasAny reports whether some word is one of ws.
func hasAny(words []string, ws ...string) bool {
	for _, w := range words {
		for _, x := range ws {
			if w == x {
				return true
			}
		}
	}
	return false
}

// hasSeq reports whether seq appears as consecutive words.
func hasSeq(words []string, seq ...string) bool {
	for i := 0; i+len(seq) <= len(words); i++ {
		ok := true
		for j, s := range seq {
			if words[i+j] != s {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
