package drums

import "github.com/grognard/grognard/engine/geom"

// firstBattle is the default scenario, small enough for a first game: a
// French brigade-sized force of two commands against a British one of two,
// on a 48 x 32 BW table (6 x 4 ft with 40 mm bases) with a wood, a
// farm, a low hill and a hedge. Profiles are the army lists' French
// Imperial (1803-1812) and British Peninsular War (1807-1814) rows, with
// 6-base light battalions (the lists' default is 4).
func firstBattle() *Scenario {
	fr := func(label, name string, t Type, d Doctrine, w Weapon, th Thresholds, bases uint8) UnitSpec {
		return UnitSpec{Label: label, Profile: Profile{Name: name, Type: t, Doctrines: d, Weapon: w, Thresholds: th, Bases: bases}}
	}
	french := ForceSpec{
		Name: "French", List: "french-imperial-1803",
		Commander: GeneralSpec{Label: "F-FC", Name: "General of Division"},
		Commands: []CommandSpec{
			{General: GeneralSpec{Label: "F-G1", Name: "1st Brigade"}, Units: []UnitSpec{
				fr("F1", "Regular French Line", LineFoot, DocColumnOfAttack|DocLightCompany, SmoothBore, Thresholds{0, 1, 0}, 6),
				fr("F2", "Regular French Line", LineFoot, DocColumnOfAttack|DocLightCompany, SmoothBore, Thresholds{0, 1, 0}, 6),
				fr("F3", "Regular French Light", LightFoot, DocColumnOfAttack|DocLightCompany, SmoothBore, Thresholds{0, 1, 0}, 6),
				fr("F4", "Line Artillery (field)", FieldArtillery, 0, FieldGun, Thresholds{0, 1, 0}, 1),
			}},
			{General: GeneralSpec{Label: "F-G2", Name: "Cavalry Brigade"}, Units: []UnitSpec{
				fr("F5", "Line Cuirassiers", HeavyCavalry, DocZealous, NoWeapon, Thresholds{0, 1, 5}, 4),
				fr("F6", "Line Light Cavalry", LightCavalry, DocCarbine, Carbine, Thresholds{1, 3, 0}, 4),
				fr("F7", "Combined Grenadiers", LineFoot, DocColumnOfAttack, SmoothBore, Thresholds{0, 1, 4}, 6),
			}},
		},
	}
	british := ForceSpec{
		Name: "British", List: "british-peninsular",
		Commander: GeneralSpec{Label: "B-FC", Name: "Divisional General"},
		Commands: []CommandSpec{
			{General: GeneralSpec{Label: "B-G1", Name: "1st Brigade"}, Units: []UnitSpec{
				fr("B1", "Veteran Line/KGL/Portuguese", LineFoot, DocLightCompany|DocTwoRank, SmoothBore, Thresholds{0, 1, 4}, 6),
				fr("B2", "Line/KGL/Portuguese", LineFoot, DocLightCompany, SmoothBore, Thresholds{1, 3, 0}, 6),
				fr("B3", "Light/KGL Light/Rifles", LightFoot, DocLightCompany|DocTwoRank, Rifle, Thresholds{0, 1, 0}, 6),
				fr("B4", "Artillery (field)", FieldArtillery, 0, FieldGun, Thresholds{0, 1, 0}, 1),
			}},
			{General: GeneralSpec{Label: "B-G2", Name: "2nd Brigade"}, Units: []UnitSpec{
				fr("B5", "Highlander", LineFoot, DocLightCompany|DocTwoRank|DocZealous, SmoothBore, Thresholds{0, 1, 5}, 6),
				fr("B6", "Line/KGL/Portuguese", LineFoot, DocLightCompany, SmoothBore, Thresholds{1, 3, 0}, 6),
				fr("B7", "Dragoon", HeavyCavalry, 0, NoWeapon, Thresholds{0, 1, 5}, 4),
			}},
		},
	}
	return &Scenario{
		Name:  DefaultScenario,
		Title: "A first battle: two brigades a side",
		Width: 48, Depth: 32,
		Terrain: []Feature{
			{Kind: Wood, Name: "Bois de la Croix", Points: []geom.Vec{{X: 6, Y: 13}, {X: 12, Y: 13}, {X: 12, Y: 18}, {X: 6, Y: 18}}},
			{Kind: BuiltUp, Name: "La Haie farm", Points: []geom.Vec{{X: 22, Y: 14}, {X: 26, Y: 14}, {X: 26, Y: 18}, {X: 22, Y: 18}}},
			{Kind: Hill, Name: "Mont Rouge", Points: []geom.Vec{{X: 33, Y: 12}, {X: 42, Y: 12}, {X: 42, Y: 20}, {X: 33, Y: 20}}},
			{Kind: Obstacle, Name: "hedge", Points: []geom.Vec{{X: 14, Y: 16}, {X: 20, Y: 16}}},
		},
		Forces:    [2]ForceSpec{french, british},
		TurnLimit: 10,
		Objective: Objective{
			BreakShare:   0.5,
			BaggageLoses: true,
			Hold:         []HoldArea{{Name: "La Haie farm", Centre: geom.Vec{X: 24, Y: 16}, Radius: 3}},
		},
	}
}
