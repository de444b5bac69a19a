// Times load+validate of generated specs of 100, 1,000 and 10,000 endpoints (with a model each), best of 3,
// and prints peak RSS and time per endpoint, with the ratio to the smallest size to show growth is linear.
import BenchmarkSupport
import EndpointSpec
import Foundation
import YAML

var baselinePerEndpoint: Double?
print("Load+validate (SpecLoader) against YAML parsing alone (the baseline), best of 3 each.")
print("endpoints  spec KiB  YAML parse  load+validate  per endpoint  per-endpoint vs 100  load/parse  peak RSS")
for count in [100, 1_000, 10_000] {
    let text = makeSpec(endpoints: count)
    let parse = bestOfThree {
        guard (try? YAMLParser.parseDocument(text, file: "Bench.yaml")) != nil else { fatalError("the generated spec is not YAML") }
    }
    let load = bestOfThree {
        do {
            let loaded = try SpecLoader.load(text: text, path: "Bench.yaml") { _ in "" }
            precondition(loaded.spec.endpoints.count == count && loaded.warnings.isEmpty)
        } catch {
            fatalError("the generated spec does not load:\n\(error)")
        }
    }
    let perEndpoint = load / Double(count)
    let baseline = baselinePerEndpoint ?? perEndpoint
    baselinePerEndpoint = baseline
    print(String(
        format: "%9d  %8d  %7.1f ms  %10.1f ms  %9.1f µs  %18.2fx  %9.2fx  %4.1f MiB",
        count, text.utf8.count / 1024, parse * 1000, load * 1000, perEndpoint * 1e6, perEndpoint / baseline, load / parse, peakMemoryMiB()
    ))
}
