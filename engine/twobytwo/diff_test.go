package twobytwo

import (
	"fmt"
	"reflect"
)

func stateDiff(a, b *State) string {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	out := ""
	for i := 0; i < va.NumField(); i++ {
		fa, fb := va.Field(i), vb.Field(i)
		if fmt.Sprint(fa) != fmt.Sprint(fb) {
			out += fmt.Sprintf("%s: %v != %v\n", va.Type().Field(i).Name, fa, fb)
		}
	}
	return out
}
