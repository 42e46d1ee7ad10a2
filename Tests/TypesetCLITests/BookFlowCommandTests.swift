import Foundation
import Testing
import TypesetTestSupport

/// An EPUB's `rendition:flow` (W3C tests lay-pkg-flow-*): the CLI lays a book that asks to scroll out in scroll
/// mode, unless `--scroll`, `--no-scroll` or `--paged` chose; `info --json` reports the flow either way.
@Suite struct BookFlowCommandTests {
    static func book(flow: String) throws -> [UInt8] {
        let chapter = { (n: Int) in
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>C</title></head>
            <body><p>\(String(repeating: "Chapter \(n) goes on for a while. ", count: 200))</p></body></html>
            """
        }
        let entries = [
            ("mimetype", "application/epub+zip"),
            ("META-INF/container.xml", """
                <?xml version="1.0"?>
                <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """),
            ("EPUB/package.opf", """
                <?xml version="1.0" encoding="UTF-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
                <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">flow</dc:identifier>
                <dc:title>Flow</dc:title><dc:language>en</dc:language>\(flow.isEmpty ? "" : "<meta property=\"rendition:flow\">\(flow)</meta>")</metadata>
                <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest>
                <spine><itemref idref="a"/><itemref idref="b"/></spine></package>
                """),
            ("EPUB/a.xhtml", chapter(1)), ("EPUB/b.xhtml", chapter(2)),
        ]
        return try ZipWriter.bytes(entries.map { ZipWriter.Entry(name: $0.0, bytes: Array($0.1.utf8), stored: $0.0 == "mimetype") })
    }

    static func mode(_ arguments: [String], flow: String) throws -> (mode: String?, pages: Int?, flow: String?) {
        let directory = try TemporaryDirectory()
        let path = try directory.write(try book(flow: flow), to: "book.epub")
        let render = try CLIRunner.run(["--json", "--fonts", "bundled"] + arguments + [path], in: directory)
        #expect(render.status == 0, "\(render.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: render.stdoutData) as? [String: Any])
        let info = try CLIRunner.run(["info", "--json", "--fonts", "bundled", path], in: directory)
        let facts = try #require(try JSONSerialization.jsonObject(with: info.stdoutData) as? [String: Any])
        return ((layout["settings"] as? [String: Any])?["mode"] as? String, layout["pageCount"] as? Int, facts["flow"] as? String)
    }

    @Test(arguments: [("scrolled-doc", "scroll"), ("scrolled-continuous", "scroll"), ("paginated", "paged"), ("", "paged")])
    func theBookChoosesTheModeWhenNoOptionDoes(flow: String, expected: String) throws {
        let result = try Self.mode([], flow: flow)
        #expect(result.mode == expected)
        #expect(result.flow == (flow.isEmpty ? "auto" : flow))
        // In scroll mode a scrolled-continuous book is one continuous page, a scrolled-doc one a scroll page per
        // document (its two); paged, it takes several.
        if expected == "scroll" { #expect(result.pages == (flow == "scrolled-doc" ? 2 : 1)) } else { #expect((result.pages ?? 0) > 2) }
    }

    /// `typeset query` (a reading session) scrolls one spine item at a time, and the next page is the next item:
    /// `scrolled-doc` as the suite describes it.
    @Test func aReadingSessionScrollsOneSpineItemAtATime() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(try Self.book(flow: "scrolled-doc"), to: "book.epub")
        let result = try CLIRunner.run(["query", "--fonts", "bundled", path], in: directory,
                                       input: "{\"op\": \"currentPage\"}\n{\"op\": \"nextPage\"}\n")
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(answers.map { $0["section"] as? Int } == [0, 1])
        #expect(answers.allSatisfy { $0["scrollOffset"] != nil })
    }

    @Test(arguments: [["--paged"], ["--no-scroll"]])
    func anOptionOverridesTheBook(_ arguments: [String]) throws {
        #expect(try Self.mode(arguments, flow: "scrolled-doc").mode == "paged")
        #expect(try Self.mode(["--scroll"], flow: "paginated").mode == "scroll")
    }
}
