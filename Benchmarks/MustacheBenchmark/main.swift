import Foundation
import Mustache

// Renders a 1,000-endpoint client from a compiled template library, many times, and compares the time
// with writing the same text by hand in Swift (the baseline, measured in the same run).

let endpointCount = 1_000
let renders = 20
let clock = ContinuousClock()
let options = RenderOptions(escaping: .none, strict: true)

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

func format(_ value: Double) -> String {
    String(format: "%.2f", value)
}

do {
    let structs = ClientContext.make(endpoints: endpointCount)
    var library: MustacheLibrary?
    let compileTime = clock.measure { library = try? MustacheLibrary(templates: ClientTemplates.sources) }
    var context = MustacheValue.null
    let convertTime = clock.measure { context = (try? MustacheValue(structs)) ?? .null }
    guard let library else { fatalError("the benchmark templates do not compile") }

    var output = ""
    var renderTimes: [Double] = []
    for _ in 0..<renders {
        let time = try clock.measure { output = try library.render("Client.swift", context: context, options: options) }
        renderTimes.append(milliseconds(time))
    }
    var baseline = ""
    var baselineTimes: [Double] = []
    for _ in 0..<renders {
        baselineTimes.append(milliseconds(clock.measure { baseline = HandWrittenClient.render(structs) }))
    }
    guard output == baseline else { fatalError("the template and the hand-written baseline disagree") }

    let mean = renderTimes.reduce(0, +) / Double(renders)
    let best = renderTimes.min() ?? 0
    let baselineBest = baselineTimes.min() ?? 0
    print("mustache-benchmark: client of \(endpointCount) endpoints, \(output.utf8.count) bytes, \(output.split(separator: "\n").count) lines")
    print("  compile (3 templates, once):   \(format(milliseconds(compileTime))) ms")
    print("  Encodable -> MustacheValue:    \(format(milliseconds(convertTime))) ms")
    print("  render, mean of \(renders):         \(format(mean)) ms (best \(format(best)) ms, target < 50 ms: \(mean < 50 ? "met" : "NOT met"))")
    print("  render, total of \(renders):        \(format(renderTimes.reduce(0, +))) ms")
    print("  hand-written Swift baseline:   \(format(baselineBest)) ms best; template/baseline = \(format(best / baselineBest))x")
} catch {
    print(error)
}
