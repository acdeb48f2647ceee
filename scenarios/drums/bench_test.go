package drums

import "testing"

// BenchmarkParse reads the example file, its deployment check included.
func BenchmarkParse(b *testing.B) {
	data := []byte(readTestdata(b, "example.yaml"))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("example.yaml", data); err != nil {
			b.Fatal(err)
		}
	}
}
