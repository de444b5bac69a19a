import Foundation
import YAML

// Until the generator lands: parse each spec and print its tree, or the located errors.
var failed = false
for path in CommandLine.arguments.dropFirst() {
    do {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for document in try YAMLParser.parse(bytes, file: path) {
            print("\(path): \(document.resolved)")
        }
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
