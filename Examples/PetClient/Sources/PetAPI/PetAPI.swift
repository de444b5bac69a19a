import EndpointRuntime

/// The example's own code next to the generated client: a shared client for the app.
public enum PetAPI {
    /// The client the app uses; tests make their own over a stub transport.
    public static let client = PetsClient.shared
}
