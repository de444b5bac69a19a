/// The context the generator would build for a client: plain `Encodable` values.
struct ClientContext: Encodable {
    struct Parameter: Encodable {
        let name: String
        let key: String
        let type: String
        let description: String
        let required: Bool
        let last: Bool
    }

    struct Endpoint: Encodable {
        let name: String
        let summary: String
        let deprecated: Bool
        let method: String
        let path: String
        let response: String
        let parameters: [Parameter]
        let query: [Parameter]
    }

    let specPath: String
    let summary: String
    let clientName: String
    let endpoints: [Endpoint]

    /// A client of `count` endpoints with three parameters each; some lack a summary, some are deprecated.
    static func make(endpoints count: Int) -> ClientContext {
        let endpoints = (0..<count).map { index in
            let id = Parameter(name: "id", key: "id", type: "Int", description: "The item's identifier.", required: true, last: false)
            let limit = Parameter(name: "limit", key: "limit", type: "Int", description: "At most this many results.", required: false, last: false)
            let filter = Parameter(name: "filter", key: "filter[name]", type: "String", description: "Only names containing this.", required: true, last: true)
            return Endpoint(
                name: "listItems\(index)", summary: index % 10 == 0 ? "" : "Lists the items of group \(index).",
                deprecated: index % 7 == 0, method: index % 2 == 0 ? "get" : "post", path: "/groups/\(index)/items/{id}",
                response: "[Item\(index)]", parameters: [id, limit, filter], query: [limit, filter])
        }
        return ClientContext(specPath: "Specs/Items.yaml", summary: "The Items API.", clientName: "ItemsClient", endpoints: endpoints)
    }
}
