import Testing
import TypesetCore
import TypesetTestSupport

/// `DecorationSet.apply`: diffing by id, groups, marks, and what bad input gets.
@Suite struct DecorationSetTests {
    /// "e\u{301}" is a grapheme of two units at 6..<8; the emoji 👍🏽 is two surrogate pairs at 12..<16.
    static let text = StyledText(plain: "Hello e\u{301}and 👍🏽 world.\nSecond paragraph here.\n")

    static func yellow(_ id: String, _ range: Range<Int>) -> Decoration { Decoration(id: id, range: range, style: .highlight()) }

    @Test func applyReportsAddRemoveUpdateAndMove() throws {
        var set = DecorationSet(text: Self.text)
        let first = set.apply([Self.yellow("a", 0..<5), Self.yellow("b", 17..<22), Self.yellow("c", 24..<30)], in: "highlights")
        #expect(first.added.map(\.id) == ["a", "b", "c"])
        #expect(first.removed.isEmpty && first.changed.isEmpty && first.problems.isEmpty)

        // Same list again: nothing to do.
        #expect(set.apply([Self.yellow("a", 0..<5), Self.yellow("b", 17..<22), Self.yellow("c", 24..<30)], in: "highlights").isEmpty)

        // b recoloured (update), c moved, a removed, d added.
        let recoloured = Decoration(id: "b", range: 17..<22, style: .highlight(tint: .green))
        let second = set.apply([recoloured, Self.yellow("c", 31..<40), Self.yellow("d", 1..<3)], in: "highlights")
        #expect(second.added.map(\.id) == ["d"])
        #expect(second.removed.map(\.id) == ["a"])
        #expect(second.changed.map(\.new.id) == ["b", "c"])
        #expect(second.changed.map(\.isMove) == [false, true])
        #expect(second.moved.map(\.old) == [Self.yellow("c", 24..<30)])
        #expect(second.changed.first?.old.style.tint == .yellow && second.changed.first?.new.style.tint == .green)

        let group = try #require(set.group(named: "highlights"))
        #expect(group.decorations.map(\.id) == ["b", "c", "d"], "the group holds the list, in list order")
        #expect(group.range(id: "c") == 31..<40)
        #expect(group.decoration(id: "a") == nil)

        // An empty list clears the group.
        let cleared = set.apply([], in: "highlights")
        #expect(cleared.removed.map(\.id) == ["b", "c", "d"])
        #expect(set.isEmpty)
    }

    /// A stored highlight comes back as a Locator: its exact offset when the text is unchanged, its quote when
    /// text was inserted before it (reported as relocated, so the app can store the new place), and a clear
    /// refusal when it cannot be found or when the set has no publication to resolve it in.
    @Test func locatorTargetsResolveToTheirRange() throws {
        let original = Publication(text: StyledText(plain: "One two three. The highlighted words are here. Four five."), href: "a.txt")
        let locator = try #require(original.locator(for: 19..<36))
        var set = DecorationSet(publication: original)
        let exact = set.apply([Decoration(id: "h", target: .locator(locator), style: .highlight())], in: "highlights")
        #expect(exact.problems.isEmpty)
        #expect(set.group(named: "highlights")?.decorations.count == 1)
        #expect(set.group(named: "highlights")?.range(id: "h") == 19..<36)

        let edited = Publication(text: StyledText(plain: "Inserted first. One two three. The highlighted words are here. Four five."), href: "a.txt")
        var moved = DecorationSet(publication: edited)
        let relocated = moved.apply([Decoration(id: "h", target: .locator(locator), style: .highlight())], in: "highlights")
        #expect(relocated.problems.map(\.reason) == [.locatorRelocated(method: "quote")])
        #expect(relocated.problems.first?.outcome == .adjusted(to: 35..<52))
        #expect(moved.group(named: "highlights")?.range(id: "h") == 35..<52)

        var unknown = locator
        unknown.href = "b.txt"
        let refused = moved.apply([Decoration(id: "x", target: .locator(unknown), style: .highlight())], in: "other")
        #expect(refused.problems.first?.outcome == .rejected)
        #expect(refused.problems.first?.description.contains("no resource \"b.txt\"") == true)

        var plain = DecorationSet(text: edited.text)
        #expect(plain.apply([Decoration(id: "h", target: .locator(locator), style: .highlight())], in: "h").problems.first?.outcome == .rejected)
    }

    @Test func groupsAreIndependent() {
        var set = DecorationSet(text: Self.text)
        set.apply([Self.yellow("x", 0..<5)], in: "highlights")
        let search = set.apply([Self.yellow("x", 17..<22)], in: "search")
        #expect(search.added.map(\.id) == ["x"], "the same id in another group is another decoration")
        #expect(set.apply([], in: "search").removed.map(\.id) == ["x"])
        #expect(set.group(named: "highlights")?.decorations == [Self.yellow("x", 0..<5)])
        #expect(set.groups.map(\.name) == ["highlights", "search"], "groups stay in the order of their first apply")
    }

    @Test func badDecorationsAreReportedWithTheirReasonNeverDropped() throws {
        var set = DecorationSet(text: Self.text)
        let length = Self.text.length
        set.apply([Self.yellow("kept-then-refused", 0..<5)], in: "g")
        let changes = set.apply([
            Self.yellow("past-end", 40..<(length + 1)),
            Self.yellow("empty", 3..<3),
            Self.yellow("half-pair", 13..<20),           // 13 is between the halves of 👍
            Self.yellow("mark", 0..<7),                    // 7 is between e and U+0301
            Self.yellow("ok", 0..<2),
            Self.yellow("ok", 2..<4),                      // duplicate id
            Self.yellow("kept-then-refused", -1..<5),
        ], in: "g")
        let reasons = Dictionary(changes.problems.map { ($0.index ?? -1, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons[0]?.reason == .rangeOutOfBounds(40..<(length + 1), textLength: length) && reasons[0]?.outcome == .rejected)
        #expect(reasons[1]?.reason == .emptyRange(at: 3) && reasons[1]?.outcome == .rejected)
        #expect(reasons[2]?.reason == .splitsSurrogatePair(at: 13) && reasons[2]?.outcome == .rejected)
        #expect(reasons[3]?.reason == .splitsGrapheme(at: 7) && reasons[3]?.outcome == .adjusted(to: 0..<8))
        #expect(reasons[5]?.reason == .duplicateID("ok") && reasons[5]?.outcome == .rejected)
        #expect(reasons[6]?.reason == .rangeOutOfBounds(-1..<5, textLength: length))
        #expect(changes.problems.count == 6)
        // The widened one and the first "ok" are applied; the refused one that existed before is removed.
        let group = try #require(set.group(named: "g"))
        #expect(group.decorations.map(\.id) == ["mark", "ok"])
        #expect(group.range(id: "mark") == 0..<8)
        #expect(group.range(id: "ok") == 0..<2)
        #expect(changes.removed.map(\.id) == ["kept-then-refused"])
        // Every problem says what and why in one line.
        #expect(reasons[2]?.description.contains("surrogate pair") == true)
        #expect(reasons[3]?.description.contains("widened to 0..<8") == true)
    }

    @Test func aGraphemeSplitAtTheEndWidensForward() {
        var set = DecorationSet(text: Self.text)
        // 14 is between 👍 and its skin-tone modifier 🏽: no surrogate pair is split, but the emoji grapheme is.
        let changes = set.apply([Self.yellow("thumb", 12..<14)], in: "g")
        #expect(changes.problems.first?.outcome == .adjusted(to: 12..<16))
        #expect(set.group(named: "g")?.range(id: "thumb") == 12..<16)
    }

    @Test func unknownColoursAreRefusedByName() {
        #expect(throws: DecorationProblem.self) { try DecorationTint(parsing: "mauve") }
        do {
            _ = try DecorationTint(parsing: "mauve")
        } catch {
            #expect(error.reason == .unknownColour("mauve"))
            #expect(error.description.contains("mauve") && error.description.contains("yellow"))
        }
        #expect((try? DecorationTint(parsing: "Green")) == .green)
        #expect((try? DecorationTint(parsing: "#ff0000")) == .custom(Color(red: 255, green: 0, blue: 0)))
        #expect((try? DecorationTint(parsing: "ff0000")) == nil, "a hex colour needs its #")
    }

    @Test func marksFromOneSelectionOrSeveralRanges() throws {
        var set = DecorationSet(text: Self.text)
        let single = Mark.highlight(id: "h1", selection: 17..<22, tint: .pink, note: "who?")
        let multi = Mark.highlights(ranges: [0..<5, 24..<30, 31..<40], tint: .blue) { "m\($0)" }
        let bookmark = Mark.bookmark(id: "b1", at: 24)
        let badBookmark = Mark.bookmark(id: "b2", at: 13)
        let changes = set.apply(marks: [single, bookmark] + multi + [badBookmark], in: "marks")
        #expect(single.range == 17..<22 && single.note == "who?")
        #expect(changes.added.map(\.id) == ["h1", "m0", "m1", "m2"], "bookmarks draw nothing")
        #expect(changes.added.map(\.style.tint) == [.pink, .blue, .blue, .blue])
        #expect(changes.problems.map(\.id) == ["b2"])
        #expect(changes.problems.first?.index == 5 && changes.problems.first?.reason == .splitsSurrogatePair(at: 13))
        #expect(bookmark.decoration == nil)
    }

    @Test func runsMergeTheTextsAttributesWithDecorationStacks() throws {
        let paragraph = Paragraph(start: 0, units: Array("plain bold plain".utf16), contentRange: 0..<16,
                                  runs: [AttributeRun(range: 6..<10, style: TextStyle(weight: 700))])
        let text = try StyledText(paragraphs: [paragraph])
        var set = DecorationSet(text: text)
        set.apply([Decoration(id: "low", range: 2..<12, style: .highlight(tint: .yellow))], in: "a")
        set.apply([Decoration(id: "high", range: 8..<14, style: .underline(tint: .blue))], in: "b")
        let runs = set.runs(in: 0..<16)
        #expect(runs.map(\.range) == [0..<2, 2..<6, 6..<8, 8..<10, 10..<12, 12..<14, 14..<16])
        #expect(runs.map(\.textStyle.weight) == [400, 400, 700, 700, 400, 400, 400])
        #expect(runs.map { $0.layers.map(\.id) } == [[], ["low"], ["low"], ["low", "high"], ["low", "high"], ["high"], []],
                "layers bottom first: groups in the order of their first apply")
        #expect(set.runs(in: 9..<11).map(\.range) == [9..<10, 10..<11], "runs are clamped to the span asked")
    }

    @Test func theIntervalLookupFindsExactlyTheOverlappingDecorations() {
        // Against a linear scan, with long and short ranges mixed (one long range early must not hide later ones).
        let text = StyledText(plain: String(repeating: "abcdefghij", count: 500))
        var rng = SplitMix64(seed: 7)
        var decorations: [Decoration] = [Self.yellow("long", 0..<4000)]
        for i in 0..<400 {
            let start = Int(rng.unit() * 4900), length = 1 + Int(rng.unit() * 60)
            decorations.append(Self.yellow("d\(i)", start..<min(5000, start + length)))
        }
        var set = DecorationSet(text: text)
        #expect(set.apply(decorations, in: "g").problems.isEmpty)
        for _ in 0..<100 {
            let start = Int(rng.unit() * 4990), span = start..<(start + 1 + Int(rng.unit() * 200))
            let expected = decorations.filter { $0.target.range.overlaps(span) }.map(\.id)
            let runs = set.runs(in: span)
            let found = Set(runs.flatMap { $0.layers.map(\.id) })
            #expect(found == Set(expected), "span \(span)")
        }
    }
}

extension DecorationTarget {
    /// The range of a range target (tests only; a Locator target has none until resolved).
    var range: Range<UTF16Offset> {
        switch self {
        case .range(let range): range
        case .locator: 0..<0
        }
    }
}
