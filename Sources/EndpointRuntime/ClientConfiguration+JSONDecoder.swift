import Foundation

extension ClientConfiguration {
    /// A JSON decoder as a client with this configuration decodes bodies: its `dateCoding`, ISO 8601 with or without
    /// fractional seconds by default. For decoding what the API sends outside a call, e.g. a stored response or an example:
    ///
    /// ```swift
    /// let pet = try PetStoreClient.defaultConfiguration.makeJSONDecoder().decode(Pet.self, from: data)
    /// ```
    public func makeJSONDecoder() -> JSONDecoder {
        dateCoding.makeDecoder()
    }
}
