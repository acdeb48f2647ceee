package armies

import (
	"strings"
	"testing"

	"github.com/grognard/grognard/engine/drums"
)

// Short names for the profile table.
const (
	lcoy  = drums.DocLightCompany
	twoRk = drums.DocTwoRank
	coa   = drums.DocColumnOfAttack
	zeal  = drums.DocZealous
	carb  = drums.DocCarbine
	h2h   = drums.DocHandToHand
	guard = drums.DocGuard
	lance = drums.DocLancer
	open  = drums.DocOpen
)

// TestRowProfiles pins what rows of every group of lists mean, each
// ruling among them (Army Characteristics; rulings D-ARMY-*).
func TestRowProfiles(t *testing.T) {
	prof := func(name string, t drums.Type, d drums.Doctrine, w drums.Weapon, th drums.Thresholds, bases uint8) drums.Profile {
		return drums.Profile{Name: name, Type: t, Doctrines: d, Weapon: w, Thresholds: th, Bases: bases}
	}
	th := func(l, s, d uint8) drums.Thresholds { return drums.Thresholds{l, s, d} }
	for _, tc := range []struct {
		name, list, row string
		want            drums.Profile
	}{
		// France.
		{"D-ARMY-NOFOOTTYPE: Volunteer Line COA, ZEALOUS is line foot", "french-revolutionary", "Volunteer Line",
			prof("Volunteer Line", drums.LineFoot, coa|zeal, drums.SmoothBore, th(1, 2, 4), 6)},
		{"D-ARMY-NOFOOTTYPE: named Light, keyed LIGHT", "french-revolutionary", "Volunteer Light",
			prof("Volunteer Light", drums.LightFoot, coa|zeal, drums.SmoothBore, th(1, 2, 4), 4)},
		{"D-ARMY-NOFOOTTYPE: Consular Combined Grenadiers", "french-consular", "Combined Grenadiers",
			prof("Combined Grenadiers", drums.LineFoot, coa|zeal, drums.SmoothBore, th(0, 1, 5), 6)},
		{"D-ARMY-ART: ART(F)/ART(P) is field artillery first", "french-revolutionary", "Artillery",
			prof("Artillery (field)", drums.FieldArtillery, 0, drums.FieldGun, th(1, 3, 0), 1)},
		{"D-ARMY-ART: and position artillery as the alternative, 2 models", "french-revolutionary", "Artillery (position)",
			prof("Artillery (position)", drums.PositionArtillery, 0, drums.PositionGun, th(1, 3, 0), 2)},
		{"D-ARMY-ART: ART(F), ART(P), GUARD", "french-imperial-1803", "Guard Artillery (position)",
			prof("Guard Artillery (position)", drums.PositionArtillery, guard, drums.PositionGun, th(0, 0, 1), 2)},
		{"D-ARMY-BLANKS: Old Guard is Determined only", "french-imperial-1803", "Old Imperial Guard",
			prof("Old Imperial Guard", drums.LineFoot, coa|lcoy|guard|zeal, drums.SmoothBore, th(0, 0, 1), 6)},
		{"D-ARMY-LANCER: LCAV, LANCER", "french-imperial-1803", "Line Lancers",
			prof("Line Lancers", drums.LightCavalry, lance, drums.NoWeapon, th(1, 3, 0), 4)},
		{"D-ARMY-WEAPON: CARBINE cavalry shoot with carbines", "french-imperial-1803", "Line Dragoons",
			prof("Line Dragoons", drums.HeavyCavalry, carb, drums.Carbine, th(1, 3, 0), 4)},
		{"D-ARMY-ASWRITTEN: 1813 Young Guard keyed without GUARD", "french-imperial-1813", "Young Imperial Guard",
			prof("Young Imperial Guard", drums.LineFoot, coa|lcoy|zeal, drums.SmoothBore, th(1, 0, 0), 6)},
		// French allies.
		{"D-ARMY-KEYS: (LCOY) is an optional light company, included", "confederation-of-the-rhine", "Fusiliers & Musketeers",
			prof("Fusiliers & Musketeers", drums.LineFoot, coa|lcoy, drums.SmoothBore, th(1, 4, 0), 6)},
		{"D-ARMY-WEAPON: Jager have rifles", "confederation-of-the-rhine", "Jager",
			prof("Jager", drums.LightFoot, 0, drums.Rifle, th(1, 3, 0), 4)},
		{"D-ARMY-NOFOOTTYPE: Warsaw Line COA, LCOY, ZEALOUS", "duchy-of-warsaw", "Line",
			prof("Line", drums.LineFoot, coa|lcoy|zeal, drums.SmoothBore, th(0, 1, 5), 6)},
		{"D-ARMY-IRREGULAR: LCAV, IRREGULAR, CARBINE Tartars", "duchy-of-warsaw", "Tartars or similar",
			prof("Tartars or similar", drums.IrregularCavalry, carb, drums.Carbine, th(1, 5, 0), 4)},
		// Austria.
		{"D-ARMY-IRREGULAR: Grenzer ZEALOUS, IRREGULAR are irregular foot", "austrian-1792", "Grenzer",
			prof("Grenzer", drums.IrregularFoot, zeal, drums.SmoothBore, th(1, 4, 0), 4)},
		{"D-ARMY-BASES: Austrian cavalry take 6 bases", "austrian-1792", "Irregular Light Cavalry",
			prof("Irregular Light Cavalry", drums.IrregularCavalry, zeal, drums.NoWeapon, th(1, 4, 0), 6)},
		{"D-ARMY-BASES: Schwarzenberg's Austrians too", "austrian-schwarzenberg-1812", "Cuirassiers",
			prof("Cuirassiers", drums.HeavyCavalry, 0, drums.NoWeapon, th(0, 1, 0), 6)},
		// Britain.
		{"D-ARMY-CAVLINE: LINE on Household Cavalry is ignored", "british-1792", "Household Cavalry",
			prof("Household Cavalry", drums.HeavyCavalry, zeal|guard, drums.NoWeapon, th(0, 1, 4), 4)},
		{"D-ARMY-CAVLINE: British Light Cavalry keyed HCAV stay heavy", "british-1792", "British Light Cavalry",
			prof("British Light Cavalry", drums.HeavyCavalry, carb, drums.Carbine, th(0, 1, 0), 4)},
		{"D-ARMY-WEAPON: Light/Rifles have rifles", "british-1792", "Light/Rifles",
			prof("Light/Rifles", drums.LightFoot, lcoy|twoRk, drums.Rifle, th(1, 2, 0), 4)},
		{"D-ARMY-WEAPON: Portuguese Cacadore have rifles", "british-peninsular", "Portuguese Cacadore",
			prof("Portuguese Cacadore", drums.LightFoot, 0, drums.Rifle, th(0, 1, 0), 4)},
		{"D-ARMY-KEYS: OPEN is the open doctrine", "british-100-days", "Nassau Light",
			prof("Nassau Light", drums.LightFoot, open, drums.SmoothBore, th(1, 5, 0), 4)},
		// Prussia.
		{"D-ARMY-KEYS: LINE, with a trailing comma", "prussian-1792", "Landwehr",
			prof("Landwehr", drums.LineFoot, 0, drums.SmoothBore, th(1, 0, 0), 6)},
		{"D-ARMY-BLANKS: Grenadier Battalions LINE, COA,  1+ 4+", "prussian-1813", "Grenadier Battalions",
			prof("Grenadier Battalions", drums.LineFoot, coa, drums.SmoothBore, th(0, 1, 4), 6)},
		// Russia.
		{"D-ARMY-LANCER: Cossacks LANCER, IRREGULAR are irregular cavalry with lances", "russian-1792", "Cossacks",
			prof("Cossacks", drums.IrregularCavalry, lance, drums.NoWeapon, th(1, 0, 0), 4)},
		{"D-ARMY-WEAPON: H2H militia have no shooting weapon", "russian-1808", "Militia Line",
			prof("Militia Line", drums.LineFoot, h2h|coa|zeal, drums.NoWeapon, th(1, 5, 0), 6)},
		{"D-ARMY-ASWRITTEN: Guard Cossacks LCAV, LANCER are regular light lancers", "russian-1808", "Guard Cossacks",
			prof("Guard Cossacks", drums.LightCavalry, lance, drums.NoWeapon, th(0, 1, 6), 4)},
		// Spain.
		{"D-ARMY-IRREGULAR: Guerrillas", "spanish-peninsular", "Guerrillas",
			prof("Guerrillas", drums.IrregularFoot, zeal, drums.SmoothBore, th(1, 0, 0), 4)},
		{"D-ARMY-TYPOS: accents kept in the name", "spanish-convention", "Émigré Royalist Light",
			prof("Émigré Royalist Light", drums.LightFoot, 0, drums.SmoothBore, th(0, 1, 5), 4)},
		// Other nations.
		{"D-ARMY-ASWRITTEN: Mounted Riflemen keyed LIGHT are rifle-armed light foot", "texian-1835", "Mounted Riflemen/Gunmen",
			prof("Mounted Riflemen/Gunmen", drums.LightFoot, twoRk, drums.Rifle, th(0, 1, 4), 4)},
		{"D-ARMY-IRREGULAR: IRREGULAR, LANCER Russian Cossacks with the Swedes", "swedish-bernadotte", "Russian Cossacks",
			prof("Russian Cossacks", drums.IrregularCavalry, lance, drums.NoWeapon, th(1, 0, 0), 4)},
		{"D-ARMY-IRREGULAR: IRREGULAR alone is foot, whatever the name", "mamluk-ottoman", "Militia Light Infantry",
			prof("Militia Light Infantry", drums.IrregularFoot, 0, drums.SmoothBore, th(1, 0, 0), 4)},
		{"D-ARMY-LANCER: LANCERS on heavy cavalry", "mamluk-ottoman", "Guard Heavy Cavalry",
			prof("Guard Heavy Cavalry", drums.HeavyCavalry, guard|lance, drums.NoWeapon, th(0, 1, 0), 4)},
		{"D-ARMY-IRREGULAR: a cavalry name makes IRREGULAR cavalry", "mexican-santa-anna", "Active Militia Cavalry",
			prof("Active Militia Cavalry", drums.IrregularCavalry, zeal, drums.NoWeapon, th(1, 0, 0), 4)},
		// South America.
		{"D-ARMY-WEAPON: Cazadore Infantry have rifles", "argentina", "Cazadore Infantry",
			prof("Cazadore Infantry", drums.LightFoot, 0, drums.Rifle, th(1, 4, 0), 4)},
		{"D-ARMY-WEAPON: Cazadores a Caballo are cavalry, no rifles", "chile", "Cazadores a Caballo",
			prof("Cazadores a Caballo", drums.HeavyCavalry, zeal, drums.NoWeapon, th(0, 1, 0), 4)},
		{"D-ARMY-WEAPON: Mapuche H2H warriors", "mapuche", "Elite Warriors",
			prof("Elite Warriors", drums.LightFoot, zeal|h2h, drums.NoWeapon, th(0, 0, 1), 4)},
		{"D-ARMY-WEAPON: Mapuche missile warriors shoot as muskets", "mapuche", "Warriors with missile weapons",
			prof("Warriors with missile weapons", drums.IrregularFoot, 0, drums.SmoothBore, th(0, 1, 0), 4)},
		{"D-ARMY-IRREGULAR: Mapuche Mounted Warriors", "mapuche", "Mounted Warriors",
			prof("Mounted Warriors", drums.IrregularCavalry, lance|zeal, drums.NoWeapon, th(0, 0, 1), 4)},
		// Crimea.
		{"D-ARMY-WEAPON: Crimean British line have the Minié", "crimean-british", "Line",
			prof("Line", drums.LineFoot, twoRk, drums.Minie, th(0, 1, 0), 6)},
		{"D-ARMY-ART: ART(P) alone is position artillery", "crimean-british", "Naval Support",
			prof("Naval Support", drums.PositionArtillery, 0, drums.PositionGun, th(0, 0, 1), 2)},
		{"D-ARMY-WEAPON: the Minié over the rifle for Chasseurs à pied", "crimean-french", "Chasseurs à pied",
			prof("Chasseurs à pied", drums.LightFoot, twoRk, drums.Minie, th(0, 1, 0), 4)},
		{"D-ARMY-KEYS: ZELAOUS is ZEALOUS", "crimean-french", "Tirailleurs Algerien",
			prof("Tirailleurs Algerien", drums.LightFoot, zeal, drums.Minie, th(1, 3, 0), 4)},
		{"D-ARMY-ASWRITTEN: Chasseurs d'Afrique keyed LIGHT are light foot", "crimean-french", "Chasseurs d'Afrique",
			prof("Chasseurs d'Afrique", drums.LightFoot, twoRk, drums.Minie, th(1, 3, 0), 4)},
		{"D-ARMY-ART: Imperial Guard Artillery ART(P), GUARD", "crimean-french", "Imperial Guard Artillery",
			prof("Imperial Guard Artillery", drums.PositionArtillery, guard, drums.PositionGun, th(0, 0, 1), 2)},
		{"D-ARMY-WEAPON: Bersaglieri have rifles", "crimean-sardinian", "Bersaglieri Foot",
			prof("Bersaglieri Foot", drums.LightFoot, 0, drums.Rifle, th(0, 1, 0), 4)},
		{"D-ARMY-TYPOS: the Ottoman Artilery is Artillery", "crimean-ottoman", "Artillery",
			prof("Artillery (field)", drums.FieldArtillery, 0, drums.FieldGun, th(0, 1, 0), 1)},
		{"D-ARMY-WEAPON: Crimean Russian Jager have rifles, not the Minié", "crimean-russian", "Jager",
			prof("Jager", drums.LightFoot, coa|zeal, drums.Rifle, th(1, 4, 0), 4)},
		{"D-ARMY-TYPOS: Ulhans are Uhlans", "crimean-russian", "Uhlans",
			prof("Uhlans", drums.LightCavalry, lance, drums.NoWeapon, th(0, 1, 0), 4)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := ByID(tc.list)
			if err != nil {
				t.Fatal(err)
			}
			got, err := l.Profile(tc.row, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("Profile(%q) =\n  %s\nwant\n  %s", tc.row, describeProfile(&got), describeProfile(&tc.want))
			}
		})
	}
}

// TestMapucheFlags pins ruling D-ARMY-MAPUCHE: the note and the two flags.
func TestMapucheFlags(t *testing.T) {
	for _, l := range Lists() {
		want := l.ID == "mapuche"
		if l.NoSquare != want || l.AlwaysDefender != want {
			t.Errorf("%s: NoSquare %v, AlwaysDefender %v", l.ID, l.NoSquare, l.AlwaysDefender)
		}
	}
	l, _ := ByID("mapuche")
	if len(l.Notes) != 1 || !strings.Contains(l.Notes[0], "Cannot use foot square and automatically the defender") {
		t.Errorf("notes %q", l.Notes)
	}
}

// TestBasesOverride pins ruling D-ARMY-BASES' bounds: foot 3-8, cavalry
// 2-6, artillery 1-2.
func TestBasesOverride(t *testing.T) {
	l, err := ByID("french-imperial-1803")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, row string
		bases     int
		ok        bool
	}{
		{"foot 3", "Regular French Line", 3, true},
		{"foot 8", "Regular French Line", 8, true},
		{"foot 2 too few", "Regular French Line", 2, false},
		{"foot 9 too many", "Regular French Line", 9, false},
		{"cavalry 2", "Line Cuirassiers", 2, true},
		{"cavalry 6", "Line Cuirassiers", 6, true},
		{"cavalry 7 too many", "Line Cuirassiers", 7, false},
		{"field artillery 2", "Line Artillery", 2, true},
		{"position artillery 1", "Line Artillery (position)", 1, true},
		{"artillery 3 too many", "Line Artillery", 3, false},
		{"negative", "Line Artillery", -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := l.Profile(tc.row, tc.bases)
			if (err == nil) != tc.ok {
				t.Fatalf("Profile(%q, %d) error %v, want ok %v", tc.row, tc.bases, err, tc.ok)
			}
			if tc.ok && int(p.Bases) != tc.bases {
				t.Fatalf("bases %d", p.Bases)
			}
			if !tc.ok && !strings.Contains(err.Error(), "give bases between") {
				t.Fatalf("error %v does not say how to fix it", err)
			}
		})
	}
}

// TestEveryRowHasSaneProfile checks every built-in row against the rules
// the loader enforces (ruling D-ARMY-CHECKS) and the weapon ruling.
func TestEveryRowHasSaneProfile(t *testing.T) {
	for _, l := range Lists() {
		for _, r := range l.Rows {
			switch {
			case r.Type.IsArtillery():
				if r.Doctrines.Has(zeal) || (r.Weapon != drums.FieldGun && r.Weapon != drums.PositionGun) {
					t.Errorf("%s %q: artillery %+v", l.ID, r.Name, r)
				}
			case r.Type.IsCavalry():
				want := drums.NoWeapon
				if r.Doctrines.Has(carb) {
					want = drums.Carbine
				}
				if r.Weapon != want {
					t.Errorf("%s %q: cavalry weapon %d", l.ID, r.Name, r.Weapon)
				}
			case r.Type.IsFoot():
				if r.Doctrines.Has(h2h) != (r.Weapon == drums.NoWeapon) {
					t.Errorf("%s %q: foot weapon %d", l.ID, r.Name, r.Weapon)
				}
			}
			if r.Type.IsIrregular() && r.Doctrines.Has(guard) {
				t.Errorf("%s %q: guard irregulars", l.ID, r.Name)
			}
		}
	}
}
