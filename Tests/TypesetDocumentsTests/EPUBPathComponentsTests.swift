import Testing
@testable import TypesetDocuments

/// Paths and media types are split by bytes when they are ASCII (``EPUBPath/pathComponents(_:)``,
/// ``ImageMediaType/isDrawable(_:)``): the same parts as splitting by characters, which a `/` or `;` followed by a
/// combining mark is not a separator of.
@Suite struct EPUBPathComponentsTests {
    /// Every string of up to four pieces from an alphabet of separators, dots, letters, an encoded slash, a
    /// combining mark, a non-ASCII letter, a space and CR LF.
    static func family(_ pieces: [String]) -> [String] {
        var strings = [""]
        var level = [""]
        for _ in 0..<4 {
            level = level.flatMap { prefix in pieces.map { prefix + $0 } }
            strings += level
        }
        return strings
    }

    /// A generated family: the path components of each string are those of a split by characters.
    @Test func componentsAreTheSplitByCharacters() {
        let strings = Self.family(["/", "a", ".", "..", "%2F", "\u{301}", "é", " ", "\r\n", "Z9"])
        var ascii = 0
        for string in strings {
            let expected = string.split(separator: "/", omittingEmptySubsequences: true)
            #expect(EPUBPath.pathComponents(string[...]) == expected, "\(string.unicodeScalars.map { $0.value })")
            if string.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
        }
        // Both ways are exercised: the byte split and the split by characters.
        #expect(ascii > 1000 && strings.count - ascii > 1000)
        // A slash carrying a combining mark separates nothing.
        #expect(EPUBPath.pathComponents("a/\u{301}b/c"[...]) == ["a/\u{301}b", "c"])
    }

    /// A generated family of hrefs against bases: each resolves as it is written by hand here.
    @Test func resolvedPathsFollowTheComponents() {
        for base in ["c.xhtml", "EPUB/c.xhtml", "EPUB/text/c.xhtml", "/EPUB//text/c.xhtml"] {
            let directory = base.split(separator: "/").dropLast().map(String.init)
            for href in ["a.png", "./a.png", "../a.png", "../../../a.png", "img/./b/../a.png", "/img/a.png", "img//a.png#f", "%C3%A9.png"] {
                var parts = href.hasPrefix("/") ? [] : directory
                let path = href.split(separator: "#").first.map(String.init) ?? href
                for part in path.replacing("%C3%A9", with: "é").split(separator: "/") {
                    if part == ".." { if !parts.isEmpty { parts.removeLast() } } else if part != "." { parts.append(String(part)) }
                }
                let fragment = href.contains("#") ? "f" : nil
                #expect(EPUBPath.resolve(href, relativeTo: base) == .inBook(path: parts.joined(separator: "/"), fragment: fragment), "\(href) from \(base)")
            }
        }
    }

    /// A generated family of media types, in any case, with parameters and empty parts, ASCII or not.
    @Test func drawableMediaTypesAsByCharacters() {
        for type in ["image/png", "IMAGE/JPEG", "image/svg+xml", "text/html", "image/png\u{301}", "imagé/png", "", "image/gif2"] {
            for rest in ["", ";", "; charset=utf-8", ";;x", ";\u{301}", " ;q=1"] {
                for lead in ["", ";", " "] {
                    let mediaType = lead + type + rest
                    let first = mediaType.split(separator: ";").first.map { $0.trimmingWhiteSpace().lowercased() } ?? ""
                    #expect(ImageMediaType.isDrawable(mediaType) == ImageMediaType.drawable.contains(first), "\(mediaType)")
                }
            }
        }
        #expect(ImageMediaType.isDrawable(";IMAGE/PNG; x") && !ImageMediaType.isDrawable("image/png\u{301}"))
    }
}
