import Testing
import TypesetCore
import TypesetTestSupport

/// Attachments (images) as objects of the text: one U+FFFC unit each, laid out as a box of the object's size,
/// and one character to every position API.
@Suite struct AttachmentTests {
    static func image(_ width: Double, _ height: Double, _ presentation: TextAttachment.Presentation = .inline,
                      source: String? = "images/a.png", alt: String? = "A picture", cssWidth: TextAttachment.Length? = nil,
                      maxWidth: TextAttachment.Length? = nil) -> TextStyle {
        TextStyle(attachment: TextAttachment(source: source, altText: alt, intrinsicSize: Size(width: width, height: height),
                                             presentation: presentation, width: cssWidth, maxWidth: maxWidth))
    }

    static func layout(_ paragraphs: [[(String, TextStyle)]], width: Double = 390, height: Double = 844) throws -> BookLayout {
        var settings = Fixtures.settings
        settings.pageSize = Size(width: width, height: height)
        return try Typesetter(fonts: try Fixtures.bundledFonts()).layout(try HiddenUnitTests.text(paragraphs), settings: settings)
    }

    /// "ab", an inline image of 60 × 50 pt, "cd": the image is one unit (2..<3) wherever positions are asked.
    @Test func anInlineImageIsOneCharacterInEveryPositionAPI() throws {
        let layout = try Self.layout([[("ab", .body), ("\u{FFFC}", Self.image(60, 50)), ("cd", .body)]])
        let placed = try #require(layout.attachments(onPage: 0).first)
        #expect(layout.attachments(onPage: 0).count == 1)
        #expect(placed.range == 2..<3)
        #expect(placed.rect.width == 60 && placed.rect.height == 50)
        #expect(placed.attachment.source == "images/a.png" && placed.attachment.altText == "A picture")
        let line = try #require(layout.lines(onPage: 0).first)
        // On the baseline, raising its line.
        #expect(abs(placed.rect.maxY - line.baseline) < 0.001)
        #expect(line.rect.height >= 50)
        // Hit testing: the image's unit over all of its box, its offset's halves for the caret.
        let middle = Point(x: (placed.rect.minX + placed.rect.maxX) / 2, y: (placed.rect.minY + placed.rect.maxY) / 2)
        #expect(layout.characterRange(at: middle, onPage: 0) == 2..<3)
        #expect(layout.attachment(at: middle, onPage: 0)?.range == 2..<3)
        #expect(layout.attachment(at: Point(x: placed.rect.minX - 2, y: (placed.rect.minY + placed.rect.maxY) / 2), onPage: 0) == nil)
        #expect(layout.closestPosition(to: Point(x: placed.rect.minX + 5, y: (placed.rect.minY + placed.rect.maxY) / 2), onPage: 0).offset == 2)
        #expect(layout.closestPosition(to: Point(x: placed.rect.maxX - 5, y: (placed.rect.minY + placed.rect.maxY) / 2), onPage: 0).offset == 3)
        // Carets before and after it, a selection over it.
        let before = try #require(layout.caretRect(for: TextPosition(offset: 2)))
        let after = try #require(layout.caretRect(for: TextPosition(offset: 3)))
        // (A caret is centred on its x.)
        #expect(abs((before.rect.minX + before.rect.maxX) / 2 - placed.rect.minX) < 0.01)
        #expect(abs((after.rect.minX + after.rect.maxX) / 2 - placed.rect.maxX) < 0.01)
        let selection = layout.selectionRects(for: 2..<3)
        #expect(selection.count == 1)
        #expect(abs((selection.first?.rect.width ?? 0) - 60) < 0.01)
        // Moving by one character steps over it.
        #expect(layout.position(from: TextPosition(offset: 2), offset: 1)?.offset == 3)
        #expect(layout.position(from: TextPosition(offset: 3), in: .left, offset: 1)?.offset == 2)
    }

    @Test func blockImagesAreScaledDownToTheColumnAndPageButNeverUp() throws {
        let settings = Fixtures.settings
        let column = settings.columnWidth, content = settings.contentRect.height
        let layout = try Self.layout([
            [("\u{FFFC}", Self.image(2000, 1000, .block))],
            [("\u{FFFC}", Self.image(50, 20, .block))],
            [("\u{FFFC}", Self.image(300, 5000, .block))],
        ])
        let placed = (0..<layout.pages.count).flatMap { layout.attachments(onPage: $0) }
        #expect(placed.count == 3)
        #expect(abs(placed[0].rect.width - column) < 0.01 && abs(placed[0].rect.height - column / 2) < 0.01)
        #expect(placed[1].rect.width == 50 && placed[1].rect.height == 20)
        #expect(abs(placed[2].rect.height - content) < 0.01 && abs(placed[2].rect.width - content * 300 / 5000) < 0.01)
        // A block image's line is exactly as tall as the image; the tall one fills a page of its own.
        #expect(layout.lines(onPage: 0).first.map { abs($0.rect.height - column / 2) < 0.01 } == true)
        #expect(layout.pages.count == 2)
    }

    @Test func aPageImageFillsThePagesContentArea() throws {
        let settings = Fixtures.settings
        let layout = try Self.layout([[("\u{FFFC}", Self.image(600, 800, .page))]])
        let placed = try #require(layout.attachments(onPage: 0).first)
        let fill = min(settings.columnWidth / 600, settings.contentRect.height / 800)
        #expect(abs(placed.rect.width - 600 * fill) < 0.01 && abs(placed.rect.height - 800 * fill) < 0.01)
        // Centred on the page's content area.
        let content = settings.contentRect
        #expect(abs((placed.rect.minY - content.minY) - (content.maxY - placed.rect.maxY)) < 0.01)
        #expect(abs((placed.rect.minX - content.minX) - (content.maxX - placed.rect.maxX)) < 0.01)
        #expect(layout.pages.count == 1)
    }

    @Test func cssLengthsSizeImages() throws {
        let column = Fixtures.settings.columnWidth
        let layout = try Self.layout([
            [("\u{FFFC}", Self.image(400, 200, .block, cssWidth: .percent(50)))],
            [("\u{FFFC}", Self.image(400, 200, .block, cssWidth: .ems(2)))],
            [("\u{FFFC}", Self.image(400, 200, .block, maxWidth: .points(100)))],
        ])
        let placed = layout.attachments(onPage: 0)
        #expect(placed.count == 3)
        #expect(abs(placed[0].rect.width - column / 2) < 0.01 && abs(placed[0].rect.height - column / 4) < 0.01)
        #expect(abs(placed[1].rect.width - 2 * Fixtures.settings.fontSize) < 0.01)
        #expect(placed[2].rect.width == 100 && placed[2].rect.height == 50)
    }

    /// An attachment only stands for a U+FFFC: on other text, and on hidden units, it is dropped and the units are
    /// laid out as the text they are.
    @Test func anAttachmentOnOtherUnitsIsDropped() throws {
        let layout = try Self.layout([[("ab", Self.image(60, 50)), ("\u{FFFC}", TextStyle(isHidden: true, attachment: TextAttachment(source: "x.png", intrinsicSize: Size(width: 9, height: 9)))), ("cd", .body)]])
        #expect(layout.attachments(onPage: 0).isEmpty)
        #expect(layout.text.paragraphs[0].runs.allSatisfy { $0.style.attachment == nil })
    }

    /// Hostile sizes: zero, negative, infinite and enormous sizes and lengths give a finite box inside the page.
    @Test func hostileSizesStayInsideThePage() throws {
        let settings = Fixtures.settings
        for (w, h) in [(0.0, 0.0), (-5.0, 10.0), (Double.infinity, 10.0), (1e300, 1e300), (Double.nan, 3.0), (1e-300, 1e300)] {
            let layout = try Self.layout([[("x", .body), ("\u{FFFC}", Self.image(w, h, cssWidth: .points(w)))]])
            for placed in layout.attachments(onPage: 0) {
                #expect(placed.rect.width.isFinite && placed.rect.height.isFinite)
                #expect(placed.rect.width >= 0 && placed.rect.width <= settings.columnWidth + 0.01)
                #expect(placed.rect.height >= 0 && placed.rect.height <= settings.contentRect.height + 0.01)
            }
        }
    }

    /// Random paragraphs of words (Latin and Arabic) and inline and block images of random sizes, at random widths:
    /// the layout keeps its invariants, every image is one unit whose box is where its carets are, and a point in
    /// its box answers its unit.
    @Test func randomTextWithImagesKeepsEveryPositionPromise() throws {
        var rng = SplitMix64(seed: 0x17)
        let words = ["word", "another", "كلمة", "نص", "x", "images,"]
        for round in 0..<12 {
            var paragraphs: [[(String, TextStyle)]] = []
            for _ in 0..<4 {
                var pieces: [(String, TextStyle)] = []
                for _ in 0..<(3 + Int(rng.unit() * 20)) {
                    if rng.unit() < 0.2 {
                        let presentation: TextAttachment.Presentation = rng.unit() < 0.8 ? .inline : .block
                        pieces.append(("\u{FFFC}", Self.image(1 + rng.unit() * 400, 1 + rng.unit() * 900, presentation)))
                    } else {
                        pieces.append((words[Int(rng.unit() * Double(words.count)) % words.count] + " ", .body))
                    }
                }
                paragraphs.append(pieces)
            }
            let width = 120 + rng.unit() * 400
            let layout = try Self.layout(paragraphs, width: width, height: 300 + rng.unit() * 600)
            #expect(LayoutInvariants.violations(in: layout).isEmpty, "round \(round): \(LayoutInvariants.violations(in: layout))")
            let units = Array(layout.text.string(in: 0..<layout.text.length).utf16)
            var found = 0
            for page in layout.pages.indices {
                for placed in layout.attachments(onPage: page) {
                    found += 1
                    #expect(units[placed.range.lowerBound] == 0xFFFC)
                    let centre = Point(x: (placed.rect.minX + placed.rect.maxX) / 2, y: (placed.rect.minY + placed.rect.maxY) / 2)
                    if placed.rect.width >= 1 && placed.rect.height >= 1 {
                        #expect(layout.characterRange(at: centre, onPage: page) == placed.range, "round \(round)")
                        #expect(layout.attachment(at: centre, onPage: page)?.range == placed.range)
                    }
                    let carets = [placed.range.lowerBound, placed.range.upperBound].compactMap {
                        layout.caretRect(for: TextPosition(offset: $0, affinity: $0 == placed.range.upperBound ? .backward : .forward))
                    }
                    let xs = carets.map { ($0.rect.minX + $0.rect.maxX) / 2 }.sorted()
                    if xs.count == 2 {
                        // (A caret at a column's edge is moved inside it by half its 2 pt width.)
                        #expect(abs(xs[0] - placed.rect.minX) < 1.05 && abs(xs[1] - placed.rect.maxX) < 1.05,
                                "round \(round): carets \(xs) around \(placed.rect)")
                    }
                }
            }
            #expect(found == units.filter { $0 == 0xFFFC }.count)
        }
    }
}
