// Times load+validate of generated specs of 100, 1,000 and 10,000 endpoints (with a model each), best of 3,
// and prints peak RSS and time per endpoint, with the ratio to the smallest size to show growth is linear.
import EndpointSpec
import Foundation
import YAML

/// A spec with `count` endpoints (a GET and a POST per model) and `count / 2` models, plus one enum.
func makeSpec(endpoints count: Int) -> String {
    var text = """
        name: Bench
        server: { host: api.example.com, basePath: /v1 }
        version: "1.0"
        variables: [deviceType]
        defaults:
          query: { version: "{version}", device_type: "{deviceType}" }
          headers: { Accept: application/json }
        auth: { header: Authorization, scheme: Bearer }
        policy: { timeout: 10s, rateLimit: 5/s, retry: { attempts: 2, on: [502, 503] } }
        endpoints:

        """
    for index in 0..<count / 2 {
        text += """
              get\(index):
                GET: /items\(index)/{id}
                params: { id: Int, filter: "[String]?", page: { type: Int, default: 1 } }
                response: Item\(index)
                description: Fetches item \(index).
              create\(index):
                POST: /items\(index)
                params: { name: String, password: { type: String, secret: true }, tags: "[String: Int]" }
                response: Item\(index)

            """
    }
    text += "models:\n  Kind:\n    enum: [small, large]\n"
    for index in 0..<count / 2 {
        text += "  Item\(index):\n    id: Int\n    name: { type: String, key: item_name }\n    kind: { type: Kind, default: small }\n    note: String?\n"
    }
    return text
}

/// Peak resident set size so far, in MiB.
///
/// On Linux this is `VmHWM` from `/proc/self/status`: `getrusage`'s `ru_maxrss` survives `exec`, so under
/// `swift run` it reports the peak of the `swift run` driver (about 120 MiB) rather than ours.
func peakMemoryMiB() -> Double {
    #if os(Linux)
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? .nan
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1024 / 1024  // bytes on Darwin
    #endif
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The best of three runs of `work`, in seconds.
func bestOfThree(_ work: () -> Void) -> Double {
    let clock = ContinuousClock()
    return (0..<3).map { _ in seconds(clock.measure(work)) }.min()!
}

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
