import Diagnostics

/// Properties every input must keep, whatever it holds; a broken one stops the fuzzer with the input.
public enum FuzzCheck {
    /// The bytes libFuzzer hands over, copied into an array.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// A refusal must say why, and say where: every error is located (`file:line:column: error: ...`).
    public static func expectLocated(_ error: DiagnosticError) {
        precondition(!error.errors.isEmpty, "refused without an error: \(error)")
        for diagnostic in error.diagnostics where diagnostic.location == nil {
            preconditionFailure("unlocated diagnostic: \(diagnostic)")
        }
    }
}
