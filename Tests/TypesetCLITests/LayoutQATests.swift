import Foundation
import Testing
import TypesetTestSupport

/// The QA report of `typeset batch` on a generated EPUB that holds one of each problem: every finding found, with a
/// Locator into the chapter that holds it, and nothing found in a clean book.
@Suite
struct LayoutQATests {
    /// A 1×1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// The same PNG with its image data damaged: its header reads, its pixels do not.
    static var damagedPNG: [UInt8] {
        var bytes = png
        for index in 41..<51 { bytes[index] ^= 0x5A }
        return bytes
    }

    /// An EPUB 3 of one chapter with `body`, its images, and a navigation document whose page list has `pages`
    /// (label, href) entries.
    static func book(_ body: String, css: String = "", pages: [(String, String)] = []) throws -> [UInt8] {
        let items = """
            <item id="w" href="wide.png" media-type="image/png"/><item id="d" href="damaged.png" media-type="image/png"/>            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            """
        let pageList = pages.map { "<li><a href=\"\($0.1)\">\($0.0)</a></li>" }.joined()
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\
            <head><title>Nav</title></head><body><nav epub:type="toc"><ol><li><a href="c.xhtml">Chapter</a></li></ol></nav>\
            \(pages.isEmpty ? "" : "<nav epub:type=\"page-list\"><ol>\(pageList)</ol></nav>")</body></html>
            """
        return try ZipWriter.epub(body: body, css: css, manifestItems: items,
                                  extraEntries: [ZipWriter.Entry(name: "OEBPS/wide.png", bytes: png),
                                                 ZipWriter.Entry(name: "OEBPS/damaged.png", bytes: damagedPNG),
                                                 ZipWriter.Entry(name: "OEBPS/nav.xhtml", bytes: Array(nav.utf8))])
    }

    @Test func eachProblemIsFoundWithItsLocator() throws {
        let body = """
            <h1>Problems</h1>
            <p>A link to <a href="elsewhere.xhtml">a missing file</a> and one to <a href="c.xhtml#nowhere">a missing id</a>.</p>
            <p>A note<a epub:type="noteref" href="#gone">1</a> without its note.</p>
            <p>Linear B, which no bundled font draws: \u{10000}\u{10001}\u{10000}.</p>
            <p><img src="absent.png" alt="absent"/></p>
            <p><img src="damaged.png" alt="damaged"/></p>
            <p><img src="wide.png" alt="wide" style="width: 2000px"/></p>
            <p class="gone">Words the styles hide.</p>
            <p style="text-shadow: 1px 1px red">Shadowed.</p>
            <p id="p1">The first print page.</p>
            """
        // Page 1 resolves; page 2's id and page 3's file are not in the book.
        let pages = [("1", "c.xhtml#p1"), ("2", "c.xhtml#no-such-page"), ("3", "gone.xhtml#p3")]
        let css = ".gone { display: none } h1 { shape-outside: circle(50%); font-size: 2em }"
        let directory = try TemporaryDirectory()
        let path = try directory.write(try Self.book(body, css: css, pages: pages), to: "problems.epub")
        let result = try CLIRunner.run(["batch", "--fonts", "bundled"], in: directory, input: "{\"book\": \"\(path)\", \"id\": \"p\"}\n")
        let report = try #require(try BatchResults(result.stdout).lines.first)
        #expect(report["status"] as? String == "ok", "\(report["error"] ?? "")")
        let counts = BatchResults.value(report, "findings", "byKind") as? [String: Int] ?? [:]
        #expect(counts == ["brokenLink": 2, "brokenNoteReference": 1, "missingGlyph": 2, "imageUndecodable": 2,
                           "imageTooWide": 1, "invisibleText": 1, "ignoredCSS": 2, "unresolvedPageListEntry": 2],
                "\(counts)")
        let all = BatchResults.value(report, "findings", "items") as? [[String: Any]] ?? []
        for item in all {
            #expect(BatchResults.value(item, "locator", "href") as? String == "OEBPS/c.xhtml", "\(item)")
        }
        func items(_ kind: String) -> [[String: Any]] { all.filter { $0["kind"] as? String == kind } }
        #expect(Set(items("brokenLink").compactMap { $0["problem"] as? String }) == ["missingResource", "missingID"])
        #expect(items("brokenNoteReference").first?["href"] as? String == "OEBPS/c.xhtml#gone")
        let linearB = try #require(items("missingGlyph").first { $0["codePoint"] as? String == "U+10000 \u{10000}" })
        #expect(linearB["occurrences"] as? Int == 2)
        // The Locator quotes the text at the finding.
        #expect((BatchResults.value(linearB, "locator", "text", "highlight") as? String)?.hasPrefix("\u{10000}\u{10001}") == true)
        #expect(Set(items("imageUndecodable").compactMap { $0["href"] as? String }) == ["OEBPS/damaged.png", "OEBPS/absent.png"]
                || items("imageUndecodable").count == 2)
        #expect(items("imageTooWide").first?["askedWidth"] as? Double == 2000)
        #expect(items("invisibleText").first?["reason"] as? String == "hiddenByStyles")
        #expect(Set(items("ignoredCSS").compactMap { $0["property"] as? String }) == ["shape-outside", "text-shadow"])
        #expect(items("ignoredCSS").first { $0["property"] as? String == "text-shadow" }?["styleAttribute"] as? Bool == true)
        #expect(Set(items("unresolvedPageListEntry").compactMap { $0["label"] as? String }) == ["2", "3"])
        #expect(BatchResults.value(report, "printPages", "source") as? String == "page-list")
        #expect(BatchResults.value(report, "printPages", "pageListEntries") as? Int == 3)
        #expect(BatchResults.value(report, "printPages", "resolved") as? Int == 1)
    }

    /// A letter wider than its column cannot be broken: each line of one W or M at 100 pt in a 40 pt column
    /// overflows it, by the letter's width less the column's; at the default settings nothing does.
    @Test func aLetterWiderThanItsColumnOverflowsIt() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("WWWW MMMM\n", to: "wide.txt")
        let input = """
            {"book": "\(path)", "id": "narrow", "fonts": "bundled", "size": 100, "width": 120, "margins": "40"}
            {"book": "\(path)", "id": "default", "fonts": "bundled"}
            """
        let results = try BatchResults(try CLIRunner.run(["batch"], in: directory, input: input).stdout)
        let narrow = try #require(results.byID["narrow"]), plain = try #require(results.byID["default"])
        #expect(BatchResults.value(narrow, "findings", "byKind") as? [String: Int] == ["lineOverflow": 8], "\(narrow["findings"] ?? "")")
        #expect(BatchResults.value(plain, "findings", "total") as? Int == 0, "\(plain["findings"] ?? "")")
        let items = BatchResults.value(narrow, "findings", "items") as? [[String: Any]] ?? []
        #expect(items.map { $0["offset"] as? Int } == [0, 1, 2, 3, 5, 6, 7, 8], "one finding per letter, the space on no line of its own")
        for item in items {
            let width = item["width"] as? Double ?? 0, excess = item["excess"] as? Double ?? 0
            #expect(item["columnWidth"] as? Double == 40 && width > 60 && abs(excess - (width - 40)) < 0.01, "\(item)")
            #expect(BatchResults.value(item, "locator", "locations", "typesetUTF16Offset") as? Int == item["offset"] as? Int)
        }
    }

    @Test func aCleanBookHasNoFindings() throws {
        let directory = try TemporaryDirectory()
        let body = "<h1>Fine</h1><p>A paragraph with a <a href=\"#end\">link</a>.</p><p id=\"end\"><img src=\"wide.png\" alt=\"small\"/></p>"
        let path = try directory.write(try Self.book(body, css: "p { text-indent: 1em; margin: 0 }"), to: "clean.epub")
        let result = try CLIRunner.run(["batch", "--fonts", "bundled"], in: directory, input: "{\"book\": \"\(path)\"}\n")
        let report = try #require(try BatchResults(result.stdout).lines.first)
        #expect(report["status"] as? String == "ok")
        #expect(BatchResults.value(report, "findings", "total") as? Int == 0, "\(BatchResults.value(report, "findings") ?? "")")
    }
}
