import Testing
import TypesetCore
import TypesetTestSupport

/// Inter-character ruby (Zhuyin) as a family: bases of one to four characters, annotations of one to three, in
/// paragraphs that wrap. Every annotation is drawn as a column to the right of its base, inside the room its base
/// takes, never over the next character nor out of its line; and carets, hit tests and selection treat the column
/// as over ruby treats its annotation: part of its base's place, no caret stop of its own.
@Suite struct InterCharacterRubyTests {
    static let han = Array("注音符號國語課本學習")
    static let zhuyin = Array("ㄓㄨㄧㄣㄈㄏㄠㄍㄜ")

    /// A paragraph of twelve rubies of `baseLength` characters each with annotations of `annotationLength`, a
    /// character of plain text between them; with each ruby's base and annotation ranges.
    static func paragraph(baseLength: Int, annotationLength: Int, position: RubyPosition)
        -> (pieces: [(String, TextStyle)], rubies: [(base: Range<Int>, annotation: Range<Int>)]) {
        var pieces: [(String, TextStyle)] = [], rubies: [(base: Range<Int>, annotation: Range<Int>)] = []
        var offset = 0
        for index in 0..<12 {
            let base = String((0..<baseLength).map { han[(index + $0) % han.count] })
            let annotation = String((0..<annotationLength).map { zhuyin[(index * 2 + $0) % zhuyin.count] })
            pieces.append((base, .body))
            let annotationRange = (offset + baseLength)..<(offset + baseLength + annotationLength)
            rubies.append((offset..<(offset + baseLength), annotationRange))
            pieces.append((annotation, TextStyle(ruby: RubyAnnotation(base: offset..<(offset + baseLength), position: position))))
            pieces.append(("，", .body))
            offset = annotationRange.upperBound + 1
        }
        return (pieces, rubies)
    }

    static func layout(_ pieces: [(String, TextStyle)]) throws -> BookLayout {
        // Lines no taller than the text, so that a column longer than the em box must make its line grow.
        try RubyLayoutTests.layout(try HiddenUnitTests.text([pieces]), width: 160, lineHeight: 1.0)
    }

    static let family: [(Int, Int)] = (1...4).flatMap { base in (1...3).map { (base, $0) } }

    @Test(arguments: family)
    func eachColumnStandsInItsOwnRoom(_ baseLength: Int, _ annotationLength: Int) throws {
        let (pieces, rubies) = Self.paragraph(baseLength: baseLength, annotationLength: annotationLength, position: .interCharacter)
        let layout = try Self.layout(pieces)
        #expect(layout.lines(onPage: 0).count > 2, "the paragraph wraps")
        #expect(LayoutInvariants.violations(in: layout).isEmpty)
        let runs = layout.glyphRuns(onPage: 0)
        let columns = runs.filter(\.isRuby)
        #expect(columns.count == rubies.count, "every annotation is drawn")
        let text = runs.filter { !$0.isRuby }
        for column in columns {
            let label = "\(baseLength)×\(annotationLength) at \(column.range)"
            let ruby = try #require(rubies.first { $0.annotation == column.range })
            #expect(column.glyphs.count == annotationLength)
            let base = try #require(RubyLayoutTests.extent(of: ruby.base, in: text))
            // To the right of the base's glyphs, upright one under another a ruby em apart, within its line.
            #expect(column.minX >= base.min + Double(baseLength) * base.size - 0.01, "\(label)")
            for (index, position) in column.positions.enumerated() {
                #expect(abs(position.x + column.advances[index] / 2 - (column.minX + column.maxX) / 2) < 0.01, "\(label)")
                #expect(abs(position.y - column.positions[0].y - Double(index) * column.size) < 0.01, "\(label)")
            }
            let top = column.positions[0].y - 0.88 * column.size
            let bottom = column.positions[annotationLength - 1].y + 0.12 * column.size
            #expect(top >= column.lineTop - 0.01 && bottom <= column.lineBottom + 0.01, "\(label) leaves its line")
            // No glyph of the text (each a full-width em) reaches into the column.
            for run in text where run.lineTop == column.lineTop {
                for position in run.positions {
                    #expect(position.x + run.size <= column.minX + 0.01 || position.x >= column.maxX - 0.01,
                            "\(label): a glyph at \(position.x) meets the column \(column.minX)..<\(column.maxX)")
                }
            }
        }
    }

    /// Carets step over an inter-character annotation as over one (the same stops), a tap on the column lands on
    /// its base, and selecting the base covers the column.
    @Test(arguments: family)
    func positionsTreatTheColumnAsOverRubyTreatsItsAnnotation(_ baseLength: Int, _ annotationLength: Int) throws {
        let (pieces, rubies) = Self.paragraph(baseLength: baseLength, annotationLength: annotationLength, position: .interCharacter)
        let layout = try Self.layout(pieces)
        let over = try Self.layout(Self.paragraph(baseLength: baseLength, annotationLength: annotationLength, position: .over).pieces)
        #expect(Self.caretStops(layout) == Self.caretStops(over))
        let runs = layout.glyphRuns(onPage: 0)
        for column in runs.filter(\.isRuby) {
            let ruby = try #require(rubies.first { $0.annotation == column.range })
            let label = "\(baseLength)×\(annotationLength) at \(column.range)"
            for position in column.positions {
                let point = Point(x: (column.minX + column.maxX) / 2, y: position.y - 0.4 * column.size)
                let offset = layout.closestPosition(to: point, onPage: 0).offset
                #expect((ruby.base.lowerBound...ruby.annotation.upperBound).contains(offset), "\(label): a tap maps to \(offset)")
            }
            let rects = layout.selectionRects(for: ruby.base.lowerBound..<ruby.annotation.upperBound)
            #expect(rects.contains { $0.rect.minX <= column.minX + 0.01 && $0.rect.maxX >= column.maxX - 0.01 }, "\(label)")
        }
    }

    /// The offsets a caret stops at, stepping forward through the book.
    static func caretStops(_ layout: BookLayout) -> [Int] {
        var stops: [Int] = [0]
        var position = layout.beginningOfDocument
        while let next = layout.position(from: position, offset: 1), next.offset > position.offset {
            stops.append(next.offset)
            position = next
        }
        return stops
    }
}
