/// The name-worthy head of an API's title: up to the first separator (` - `, `:`, `(`, `|`, `,`) or lowercase linking
/// word (`with`, `for`, `from`, `by`, `via`, `using`), cut after the last whole word that keeps it within 32 letters.
///
/// `Spotify Web API with fixes and improvements from sonallux` is `Spotify Web API`, `Swagger Petstore - OpenAPI 3.0` is
/// `Swagger Petstore`, `Stripe API` stays as it is. A title whose head has no letter is kept whole.
func shortTitle(_ title: String) -> String {
    var head = Substring(title)
    for separator in [" - ", " – ", " — ", ":", "(", "[", "|", ","] {
        if let range = head.range(of: separator) { head = head[..<range.lowerBound] }
    }
    let linking: Set<String> = ["with", "for", "from", "by", "via", "using"]
    var words: [Substring] = []
    for word in head.split(whereSeparator: \.isWhitespace) {
        if linking.contains(String(word)), !words.isEmpty { break }
        if !words.isEmpty, (words + [word]).map(\.count).reduce(0, +) > 32 { break }
        words.append(word)
    }
    let short = words.joined(separator: " ")
    return short.contains(where: \.isLetter) ? short : title
}
