extension String {
    /// Whether `needle` occurs in the string, byte for byte in UTF-8.
    ///
    /// With Foundation imported, `contains(_:)` on two strings is `NSString`'s search, which converts both to UTF-16
    /// on every call; the importer searches a whole document and every warning this way, so it compares bytes instead.
    /// For the ASCII needles it is given, the answer is the same.
    func containsUTF8(_ needle: String) -> Bool {
        var text = self
        return text.withUTF8 { $0.contains(bytes: Array(needle.utf8)) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `needle` occurs in these bytes.
    func contains(bytes needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= count else { return false }
        for start in 0...(count - needle.count) where self[start] == first {
            if UnsafeBufferPointer(rebasing: self[start..<(start + needle.count)]).elementsEqual(needle) { return true }
        }
        return false
    }
}
