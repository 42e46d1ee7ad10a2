import Testing
import TypesetCore
import TypesetTestSupport

/// Generated trees of table parts by `display` (rows, cells, row groups and tables inside and around one another,
/// among blocks, inline text and hidden elements, in any order books and crafted files write them): each is read
/// and laid out whole, and every word of it is in the text once, in document order. Anonymous tables open and close
/// around runs of parts (CSS 2.1 §17.2.1); nothing is lost, reordered or left open past its parent.
@Suite struct CSSTableFamilyTests {
    static let displays = ["table", "table-row", "table-cell", "table-row-group", "block", "inline", "inline-block",
                           "table-caption", "none", "list-item"]
    static let names = ["div", "p", "span", "section", "td", "tr", "table", "li"]

    /// A random tree of `budget` elements at most, its words numbered from `next`; hidden words are not counted.
    static func tree(_ random: inout SplitMix64, depth: Int, budget: inout Int, next: inout Int, hidden: Bool,
                     words: inout [String]) -> String {
        var out = ""
        let children = Int(random.next() % 4) + 1
        for _ in 0..<children where budget > 0 {
            if random.next() % 3 == 0 || depth > 5 {
                let word = "w\(next)"
                next += 1
                if !hidden { words.append(word) }
                out += random.next() % 4 == 0 ? " \n " : " \(word) "
                if out.hasSuffix(" \n ") { out += "\(word) " }
                continue
            }
            budget -= 1
            let display = displays[Int(random.next() % UInt64(displays.count))]
            let name = names[Int(random.next() % UInt64(names.count))]
            let inner = tree(&random, depth: depth + 1, budget: &budget, next: &next, hidden: hidden || display == "none", words: &words)
            out += "<\(name) style='display: \(display)'>\(inner)</\(name)>"
        }
        return out
    }

    @Test(arguments: 0..<6)
    func everyWordStaysInOrder(_ batch: Int) throws {
        for index in 0..<25 {
            var random = SplitMix64(seed: UInt64(batch * 1000 + index))
            var budget = 24, next = 0
            var words: [String] = []
            let body = Self.tree(&random, depth: 0, budget: &budget, next: &next, hidden: false, words: &words)
            let layout = try Reftest.layout(Reftest.Book(body: "<div>\(body)</div>", css: ""))
            let text = layout.text.string(in: 0..<layout.text.length)
            let found = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).filter { $0.hasPrefix("w") }.map(String.init)
            // Hidden words may be kept (for read-aloud) but shown ones never lost, repeated or moved.
            let shown = found.filter { words.contains($0) }
            #expect(shown == words, "seed \(batch * 1000 + index): \(body)")
            #expect(!layout.pages.isEmpty)
        }
    }
}
