import Foundation

extension RequestBuilder {
    /// The bytes of a `.encoded` body, by the configured coder that handles `mediaType`, or by JSON for a JSON type.
    func encodeWithCoder(_ value: any Encodable & Sendable, mediaType: String) throws(EndpointError) -> (Data, String) {
        let type = ResponseDecoder.mediaType(of: mediaType)
        let coder: any BodyCoder
        if let configured = configuration.bodyCoders.coder(for: mediaType) {
            coder = configured
        } else if JSONBodyCoder.isJSON(type) {
            do {
                return (try encoder.encode(value), mediaType)
            } catch {
                throw .invalidRequest("the \(type) body did not encode: \(error)")
            }
        } else {
            throw .invalidRequest("no body coder handles the media type '\(type)'; add one to ClientConfiguration.bodyCoders")
        }
        do {
            return (try coder.encode(value), mediaType)
        } catch {
            throw .invalidRequest("the \(type) body did not encode: \(error)")
        }
    }
}
