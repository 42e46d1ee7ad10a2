import Testing
@testable import TypesetDocuments
import TypesetTestSupport

/// The walks over a whole document that push each element's children onto a stack
/// (``XMLElement/pushChildElementsReversed(onto:)``): over random trees of named elements with text, comments and
/// other nodes between them, ``XMLElement/descendants(named:)`` finds the elements of a name in document order, as a
/// recursive walk of ``XMLElement/elements`` (the definition) does.
@Suite struct XMLElementWalkTests {
    @Test func descendantsComeInDocumentOrder() throws {
        var rng = SplitMix64(seed: 3313)
        let names = ["a", "b", "c"]
        var serial = 0
        func element(_ depth: Int) -> String {
            let name = names[Int(rng.next() % 3)]
            serial += 1
            let id = serial  // before the children take theirs: ids unique, in document order
            var inner = rng.next() % 2 == 0 ? "t" : "<!-- c -->"
            if depth < 5 { for _ in 0..<(rng.next() % 4) { inner += element(depth + 1) + (rng.next() % 2 == 0 ? " y " : "") } }
            return "<\(name) id=\"e\(id)\">\(inner)</\(name)>"
        }
        func definition(_ element: XMLElement, _ name: String, into found: inout [String]) {
            for child in element.elements {
                if child.name == name { found.append(child.id ?? "") }
                definition(child, name, into: &found)
            }
        }
        var checked = 0
        for _ in 0..<40 {
            let xhtml = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\(element(0))\(element(0))</body></html>"
            let root = try LibXMLReader.parse(Array(xhtml.utf8), entry: "t.xhtml", book: "t").root
            for name in names {
                var expected: [String] = []
                definition(root, name, into: &expected)
                #expect(root.descendants(named: name).map { $0.id ?? "" } == expected)
                checked += expected.count
            }
        }
        #expect(checked > 300)
    }
}
