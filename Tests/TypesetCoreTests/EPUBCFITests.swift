import Testing
import TypesetCore

/// EPUB CFI 1.1's grammar, on the specification's own examples (its sample package document's chapter 1: the spine's
/// second itemref `chap01ref`, the body `body01`, paragraph `para05`, the image `svgimg`).
@Suite struct EPUBCFITests {
    static func steps(_ cfi: EPUBCFI) -> [[String]] {
        cfi.path.documents.map { $0.map { "\($0.index)" + ($0.assertion.map { "[\($0)]" } ?? "") } }
    }

    @Test(arguments: [
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)", [["6", "4[chap01ref]"], ["4[body01]", "10[para05]", "3"]], 10),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])", [["6", "4[chap01ref]"], ["4[body01]", "16[svgimg]"]], nil),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)", [["6", "4[chap01ref]"], ["4[body01]", "10[para05]", "1"]], 0),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)", [["6", "4[chap01ref]"], ["4[body01]", "10[para05]", "2", "1"]], 0),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)", [["6", "4[chap01ref]"], ["4[body01]", "10[para05]", "2", "1"]], 3),
        ("epubcfi(/6/4!/4/10/3:10)", [["6", "4"], ["4", "10", "3"]], 10),
    ] as [(String, [[String]], Int?)])
    func theSpecificationsLocations(text: String, steps: [[String]], offset: Int?) throws {
        let cfi = try #require(EPUBCFI(text))
        #expect(Self.steps(cfi) == steps)
        #expect(cfi.path.characterOffset == offset)
        #expect(cfi.description == text, "written back canonically")
        #expect(EPUBCFI(String(text.dropFirst("epubcfi(".count).dropLast())) == cfi, "the bare expression parses alike")
    }

    @Test func rangesAssertionsAndBias() throws {
        let range = try #require(EPUBCFI("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)"))
        #expect(Self.steps(range) == [["6", "4[chap01ref]"], ["4[body01]", "10[para05]"]])
        #expect(range.range?.start.documents.first?.map(\.index) == [2, 1] && range.range?.start.characterOffset == 1)
        #expect(range.range?.end.documents.first?.map(\.index) == [3] && range.range?.end.characterOffset == 4)
        #expect(range.description == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)")
        // A text assertion with escaped brackets, a side bias, a temporal offset.
        let asserted = try #require(EPUBCFI("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10[2^[1^]])"))
        #expect(asserted.path.offsetAssertion == "2[1]" && asserted.description.hasSuffix("/3:10[2^[1^]])"))
        #expect(EPUBCFI("epubcfi(/6/4!/4/10/3:10[;s=a])")?.path.offsetAssertion == ";s=a")
        // Text before and after, separated by a comma; an escaped comma stays a character of the text.
        let around = try #require(EPUBCFI("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y;s=b])"))
        #expect(around.path.offsetAssertion == "xx,y;s=b" && around.description.hasSuffix("/1:3[xx,y;s=b])"))
        #expect(EPUBCFI("/6/4!/4/10/1:3[a^,b]")?.description == "epubcfi(/6/4!/4/10/1:3[a^,b])")
        #expect(EPUBCFI("epubcfi(/6/4!/4/2~23.5)")?.path.temporalSpatial == "~23.5")
        // The partial CFI Readium's Locator carries: the content document's part.
        #expect(asserted.partialDescription == "/4[body01]/10[para05]/3:10[2^[1^]]")
        // Assertions are checks, not part of the place.
        #expect(try #require(EPUBCFI("/6/4!/4/10/3:10")).isSamePlace(as: try #require(EPUBCFI("/6/4[chap01ref]!/4[body01]/10[para05]/3:10"))))
        #expect(try #require(EPUBCFI("/6/4!/4/10/3:10")).isSamePlace(as: try #require(EPUBCFI("/6/4!/4/10/3:11"))) == false)
    }

    @Test(arguments: ["", "epubcfi(", "epubcfi()", "epubcfi(/6/4!)", "/6/a", "epubcfi(/6/4[)", "/06/4", "/6/4[a[b]",
                      "/6/4:", "6/4", "/6/4,/2", "/6/4 /2", "epubcfi(/6/4", "/6/4[]"])
    func malformedIdentifiersAreRefused(text: String) {
        #expect(EPUBCFI(text) == nil, "\(text)")
    }

    @Test func aLongIdentifierIsRefusedInLinearTime() {
        #expect(EPUBCFI("/6" + String(repeating: "/2", count: 10_000)) == nil)
        #expect(EPUBCFI("/6" + String(repeating: "/2", count: 1_000)) != nil)
    }
}
