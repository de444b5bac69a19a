import FuzzSupport
import Mustache

/// A context with every kind of value, so sections, inversions and lists all have something to walk.
private let context: MustacheValue = [
    "name": "a<b>&\"c\"", "count": 3, "ratio": 0.5, "flag": true, "off": false, "none": nil, "empty": [],
    "items": [["name": "one", "flag": true], ["name": "two", "items": ["x", "y"]]],
    "nested": ["deep": ["value": "v"]],
]

/// Mustache compile and render of an arbitrary template, which is also its own partial and parent `self`.
@_cdecl("LLVMFuzzerTestOneInput")
public func mustacheTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzCheck.bytes(data, size), as: UTF8.self)
    do {
        let library = try MustacheLibrary(templates: ["main": text, "self": text, "partial": "[{{name}}]"])
        for options in [RenderOptions(), RenderOptions(escaping: .none, strict: true)] {
            do {
                _ = try library.render("main", context: context, options: options)
            } catch {
                FuzzCheck.expectLocated(error)
            }
        }
    } catch {
        FuzzCheck.expectLocated(error)
    }
    return 0
}

@main
enum MustacheFuzz {
    static func main() { FuzzDriver.run(mustacheTestOneInput) }
}
