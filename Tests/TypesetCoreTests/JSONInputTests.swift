import Foundation
import Testing
import TypesetCore

/// The library's JSON input (issue 22: JSON syntax errors never said where, and valid JSON such as `1e300` was
/// called malformed): errors give the line and column, or the key path and what is wrong with the value there.
@Suite struct JSONInputTests {
    static func error(_ json: String) -> String? {
        do {
            _ = try JSONInput.decode(Locator.self, from: Array(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    /// Syntax errors come from ``JSONValue/init(parsing:)``, with the line and column.
    @Test func syntaxErrorsSayWhere() {
        for (json, place) in [("{\n  \"href\": \"a\",\n  \"type\" \"t\"\n}", "line 3, column 10: "),
                              (#"{"href": "a", "type": "t",}"#, "line 1, column 27: "), (#"{"href": "a"#, "line 1, column "),
                              ("", "line 1, column 1: "), (#"{"href": "a", "type": "t"} x"#, "line 1, column 28: ")] {
            let message = Self.error(json)
            #expect(message?.hasPrefix(place) == true, "\(json): \(message ?? "read")")
        }
        // Nesting deeper than any Locator is refused, not recursed into without end.
        #expect(Self.error(String(repeating: "[", count: 100_000))?.hasPrefix("line 1, column ") == true)
    }

    @Test func validNumbersThatDoNotFitAreOutOfRangeNotMalformed() {
        let base = #"{"href": "a", "type": "t", "locations": {"#
        #expect(Self.error(base + #""position": 1e300}}"#) == #""locations.position": 1e+300 is out of range (a whole number from -9223372036854775808 to 9223372036854775807)"#)
        #expect(Self.error(base + #""position": 9223372036854775808}}"#)?.contains("is out of range") == true)
        #expect(Self.error(base + #""typesetUTF16Offset": 1.5}}"#) == #""locations.typesetUTF16Offset": 1.5 is not a whole number"#)
        #expect(Self.error(base + #""progression": "half"}}"#) == #""locations.progression" must be a number, not a string"#)
        #expect(Self.error(#"{"type": "t"}"#) == #"missing "href""#)
        #expect(Self.error(#"{"href": "a", "type": "t", "locations": {"fragments": ["x", 3]}}"#) == #""locations.fragments[1]" must be a string, not a number"#)
        // 1e400 does not fit a Double at all: the parser says so, where.
        let tooLarge = Self.error(base + #""progression": 1e400}}"#)
        #expect(tooLarge?.hasPrefix("line 1, column ") == true && tooLarge?.contains("1e400") == true, "\(tooLarge ?? "read")")
    }

    /// What Foundation writes, the library reads back the same, unknown keys and escapes included.
    @Test func locatorsRoundTrip() throws {
        let locator = Locator(href: "OEBPS/ch 1.xhtml", type: "application/xhtml+xml", title: "Chapter \"One\"",
                              locations: Locator.Locations(fragments: ["p3"], progression: 0.25, totalProgression: 0.125,
                                                           position: 12, utf16Offset: 400, utf16Length: 18,
                                                           otherLocations: ["cssSelector": .string("#p3"), "n": .number(-2.5),
                                                                            "list": .array([.bool(true), .null])]),
                              text: Locator.Text(before: "tab\there, newline\n", highlight: "😀 émoji \u{1}", after: "\\slash/"))
        let data = try JSONEncoder().encode(locator)
        #expect(try JSONInput.decode(Locator.self, from: Array(data)) == locator)
        #expect(try JSONInput.parse(Array(#""\ud83d\ude00 \u00e9""#.utf8)) == .string("😀 é"))
    }
}
