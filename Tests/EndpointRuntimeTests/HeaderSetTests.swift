@testable import EndpointRuntime
import Testing

/// Header names compare without case, in the one place that compares them (`HeaderSet`), whichever caller uses it:
/// the builder's set, the auth middleware's replacement, `addingDefaults` and `Response.header`.
@Suite(.timeLimit(.minutes(2))) struct HeaderSetTests {
    @Test func aSetKeepsOneFieldPerNameUnderTheLatestSpelling() {
        var set = HeaderSet()
        set["x-trace"] = "1"
        set["X-Trace"] = "2"
        #expect(set.fields == ["X-Trace": "2"])
        #expect(set["X-TRACE"] == "2")
        set["x-TRACE"] = nil
        #expect(set.fields.isEmpty)
    }

    @Test func replacingRemovesTheFieldUnderEveryOtherSpelling() {
        var fields = ["authorization": "old", "AUTHORIZATION": "older", "Accept": "application/json"]
        HeaderSet.replace("Authorization", with: "Bearer t", in: &fields)
        #expect(fields == ["Authorization": "Bearer t", "Accept": "application/json"])
    }

    @Test func defaultsAreAddedOnlyWhereNoSpellingOfTheirNameIsThere() {
        let merged = HeaderSet.adding(["X-Api-Version": "2", "User-Agent": "app"], to: ["X-API-version": "1"])
        #expect(merged == ["X-API-version": "1", "User-Agent": "app"])
    }

    @Test func aValueIsFoundInAnyCaseTheExactSpellingFirst() {
        #expect(HeaderSet.value("etag", in: ["ETag": "v1"]) == "v1")
        // Many other spellings: a scan alone would find one of them first nearly every time (in random hash order).
        let spellings = [
            "ETag": "exact", "etag": "other", "ETAG": "other", "eTag": "other", "Etag": "other", "ETAg": "other",
            "EtAg": "other", "etAG": "other", "eTAG": "other", "ETaG": "other", "eTaG": "other", "EtaG": "other",
            "etaG": "other", "eTAg": "other", "EtAG": "other",
        ]
        #expect(HeaderSet.value("ETag", in: spellings) == "exact")
        #expect(HeaderSet.value("ETag", in: ["Etag-Other": "x"]) == nil)
        #expect(Response(body: 0, headers: ["Content-Type": "text/plain"]).header("content-type") == "text/plain")
    }
}
