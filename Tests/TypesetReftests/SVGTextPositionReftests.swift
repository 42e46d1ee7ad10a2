import Foundation
import Testing
import TypesetTestSupport

/// SVG text placed a character at a time (`x`, `y`, `dx`, `dy` lists: SVG 1.1 §10.4, SVG 2 §11.8) is drawn where
/// the lists say: each test drawing must match a reference that gives every positioned character a `<tspan>` of
/// its own with single values, and must differ from the same text without the lists (so the lists are not
/// ignored, as librsvg alone ignores all but their first values). The text is in the bundled Charis SIL, embedded
/// in the book.
@Suite struct SVGTextPositionReftests {
    static func book(_ text: String) throws -> Reftest.Book {
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/CharisSIL-Regular.ttf")))
        let css = "@font-face { font-family: \"Book Face\"; src: url(face.ttf) }"
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='300' height='80'>"
            + "<g font-family='Book Face' font-size='24' fill='#000'>\(text)</g></svg>"
        return Reftest.Book(body: "<div>\(svg)</div>", css: css, files: [("face.ttf", font)])
    }

    /// The test drawing, its reference, and the same text with its lists taken off.
    struct Case: CustomStringConvertible {
        let name: String
        let test: String
        let reference: String
        let unplaced: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a converter's justified line (x list and letter-spacing)",
             test: "<text y='40' letter-spacing='4'><tspan x='10,40,75,110,150'>HOUSE</tspan></text>",
             reference: "<text y='40' letter-spacing='4'><tspan x='10'>H</tspan><tspan x='40'>O</tspan><tspan x='75'>U</tspan><tspan x='110'>S</tspan><tspan x='150'>E</tspan></text>",
             unplaced: "<text y='40' letter-spacing='4'><tspan x='10'>HOUSE</tspan></text>"),
        Case(name: "a list on the text element, a longer one on a tspan inside (clamped to its characters)",
             test: "<text x='10 40 70 180 220' y='40'>a<tspan x='100 130 160 210'>bc</tspan>de</text>",
             reference: "<text y='40'><tspan x='10'>a</tspan><tspan x='100'>b</tspan><tspan x='130'>c</tspan><tspan x='180'>d</tspan><tspan x='220'>e</tspan></text>",
             unplaced: "<text x='10' y='40'>abcde</text>"),
        Case(name: "a list shorter than its characters (glyphs counted, a ligature) places only the first",
             test: "<text y='40'>ab<tspan x='60 90 140 170'>There</tspan></text>",
             reference: "<text y='40'>ab<tspan x='60'>There</tspan></text>",
             unplaced: "<text y='40'>ab<tspan>There</tspan></text>"),
        Case(name: "a list short by more than its ligatures is followed as written, the rest at their advances",
             test: "<text x='10 30 50 70' y='30 40 50 60'>Multiple</text>",
             reference: "<text><tspan x='10' y='30'>M</tspan><tspan x='30' y='40'>u</tspan><tspan x='50' y='50'>l</tspan><tspan x='70' y='60'>tiple</tspan></text>",
             unplaced: "<text x='10' y='30'>Multiple</text>"),
        Case(name: "two ligatures' places allow a list two short (ffi)",
             test: "<text y='40'>ab<tspan x='60 100 130 160 190'>officer</tspan></text>",
             reference: "<text y='40'>ab<tspan x='60'>officer</tspan></text>",
             unplaced: "<text y='40'>ab<tspan>officer</tspan></text>"),
        Case(name: "white space: newlines removed, leading and repeated spaces dropped before counting",
             test: "<text x='10 60 110 160' y='40'>\n   a  b\nc</text>",
             reference: "<text y='40'><tspan x='10'>a</tspan><tspan x='60'> </tspan><tspan x='110'>b</tspan><tspan x='160'>c</tspan></text>",
             unplaced: "<text x='10' y='40'>a bc</text>"),
        Case(name: "y, dx and dy lists",
             test: "<text x='10' y='30 50 40 40' dx='0 12 12 0' dy='0 0 0 -10'>ABCD</text>",
             reference: "<text><tspan x='10' y='30' dx='0' dy='0'>A</tspan><tspan y='50' dx='12' dy='0'>B</tspan><tspan y='40' dx='12' dy='0'>C</tspan><tspan y='40' dx='0' dy='-10'>D</tspan></text>",
             unplaced: "<text x='10' y='30'>ABCD</text>"),
        Case(name: "a letter and its combining mark stay one cluster at the first value",
             test: "<text y='40' x='10 30 90'>e\u{301}a</text>",
             reference: "<text y='40'><tspan x='10'>e\u{301}</tspan><tspan x='90'>a</tspan></text>",
             unplaced: "<text y='40' x='10'>e\u{301}a</text>"),
        Case(name: "xml:space='preserve' keeps every space and counts a newline as one",
             test: "<text xml:space='preserve' y='40' x='10 40 70 100 130'>a \nbc</text>",
             reference: "<text y='40'><tspan x='10'>a</tspan><tspan x='100'>b</tspan><tspan x='130'>c</tspan></text>",
             unplaced: "<text xml:space='preserve' y='40' x='10'>a \nbc</text>"),
    ]

    @Test(arguments: cases) func listsPlaceEachCharacter(_ c: Case) throws {
        let test = try Reftest.render(try Self.book(c.test))
        let reference = try Reftest.render(try Self.book(c.reference))
        let unplaced = try Reftest.render(try Self.book(c.unplaced))
        #expect(test.imageProblems.isEmpty, "\(test.imageProblems)")
        #expect(Reftest.inkPixels(test, page: 0) > 100, "the text is drawn")
        #expect(Reftest.mismatch(test, reference) == nil, "\(Reftest.mismatch(test, reference) ?? "")")
        #expect(Reftest.mismatch(test, unplaced) != nil, "the lists move the characters")
    }

    /// A generated family: words with every letter placed by a list on their tspan (what print converters write),
    /// several tspans to a text element and nested ones, against one tspan per letter.
    @Test func generatedLinesMatchOneTspanPerLetter() throws {
        var random = SplitMix64(seed: 0x5E6)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ")
        for round in 0..<6 {
            var test = "<text y='40'>", reference = "<text y='40'>"
            var x = 4.0
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let word = (0..<Int.random(in: 2...5, using: &random)).map { _ in letters.randomElement(using: &random) ?? "a" }
                var xs: [String] = []
                for letter in word {
                    xs.append(String(format: "%.2f", x))
                    reference += "<tspan x='\(xs[xs.count - 1])'>\(letter)</tspan>"
                    x += Double.random(in: 11...19, using: &random)
                }
                test += "<tspan x='\(xs.joined(separator: round.isMultiple(of: 2) ? "," : " "))'>\(String(word))</tspan>"
                x += 8
            }
            test += "</text>"
            reference += "</text>"
            let a = try Reftest.render(try Self.book(test)), b = try Reftest.render(try Self.book(reference))
            #expect(Reftest.mismatch(a, b) == nil, "round \(round): \(test)")
        }
    }
}
