import TypesetCore

/// One `［＃…］` note of an Aozora Bunko line and what it means.
///
/// Notes nest: a gaiji inside a note is itself a note (`［＃「本ト麟太郎※［＃コト、1-2-24］」の注記付き終わり］`), so a
/// note ends at the `］` that balances its `［`. What a note means is read from its words (the Aozora Bunko
/// annotation manual's forms; see ``Meaning``); anything else is unknown, and is shown rather than hidden.
struct AozoraNote {
    /// The whole note, `［＃` to `］`, in document offsets.
    let range: Range<Int>
    /// Its text, between `［＃` and `］`.
    let content: Range<Int>
    /// Whether it follows a `※`: a gaiji description.
    let isGaiji: Bool

    /// What a note asks for.
    enum Meaning {
        /// `「X」に傍点`, `「X」は大見出し`, `「X」に「Y」の注記`…: an action on the text X just before the note (`target`
        /// is X's units in the note).
        case reference(target: Range<Int>, action: Action)
        /// `［＃傍点］`, `［＃太字］`, `［＃注記付き］`…: an action on the text up to the matching end note.
        case open(Action)
        /// `［＃傍点終わり］`…; for `［＃「Y」の注記付き終わり］` the annotation Y's units.
        case close(Action, annotation: Range<Int>?)
        /// `［＃３字下げ］` at a line's start: the line indented.
        case indentLine(Int)
        /// `［＃地付き］`, `［＃地から２字上げ］`: the rest of the line at the end edge (raised from it).
        case alignEnd(raise: Int)
        /// `［＃ここから２字下げ］`, `［＃ここから２字下げ、折り返して３字下げ］`, `［＃ここから改行天付き、折り返して１字下げ］`.
        case indentBlock(first: Int, rest: Int)
        /// `［＃ここで字下げ終わり］`.
        case indentBlockEnd
        /// `［＃ここから地付き］`, `［＃ここから地から１字上げ］`.
        case alignEndBlock(raise: Int)
        /// `［＃ここで地付き終わり］`, `［＃ここで字上げ終わり］`.
        case alignEndBlockEnd
        /// `［＃ここから太字］`… `［＃ここで太字終わり］`: an inline action over whole lines.
        case block(Action, opens: Bool)
        /// `［＃改ページ］`, `［＃改丁］`, `［＃改見開き］`, `［＃改段］`.
        case pageBreak
        /// `［＃本文終わり］`: what follows is back matter.
        case endOfBody
        /// Kaeriten `［＃二］` and okurigana `［＃（ノ）］` of classical Chinese: the units shown small.
        case readingMark(Range<Int>)
        /// Notes that carry nothing to lay out (an image file, `［＃ページの左右中央］`, an editor's remark,
        /// `［＃改行］`): hidden.
        case hidden
        /// Not understood: shown as it is, smaller.
        case unknown
    }

    /// What a note does to a stretch of text.
    enum Action: Equatable {
        case emphasis(TextEmphasis)
        case sideLine(TextSideLine)
        case bold
        case italic
        /// 大 1, 中 2, 小 3; `inline` for 同行 and 窓 headings, which stay in their line.
        case heading(level: Int, inline: Bool)
        case scale(Double)
        /// A ruby-like annotation whose units are in the note (`「X」に「ママ」の注記`), or, for the open/close
        /// pair, given by the closing note.
        case annotation(Range<Int>?, RubyPosition)
        /// Understood, with nothing to lay out (縦中横, 罫囲み, 横組み, 字詰め, an editor's remark on X).
        case none
    }

    /// The notes of `units[range]` (one line), outermost only, in order.
    static func notes(in units: [UInt16], _ range: Range<Int>) -> [AozoraNote] {
        var notes: [AozoraNote] = []
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            guard units[i] == 0xFF3B, units[i + 1] == 0xFF03 else { i += 1; continue }  // ［＃
            var depth = 0
            var j = i
            var end: Int?
            while j < range.upperBound {
                if units[j] == 0xFF3B { depth += 1 }
                if units[j] == 0xFF3D {
                    depth -= 1
                    if depth == 0 { end = j; break }
                }
                j += 1
            }
            // An unclosed note is text.
            guard let end else { break }
            notes.append(AozoraNote(range: i..<(end + 1), content: (i + 2)..<end, isGaiji: i > range.lowerBound && units[i - 1] == 0x203B))
            i = end + 1
        }
        return notes
    }

    /// The meaning of this note's text.
    func meaning(in units: [UInt16]) -> Meaning {
        let text = NoteText(units: units, range: content)
        // `［＃「Y」の注記付き終わり］` closes a pair (it starts like a reference but refers forward).
        if text.starts(with: "「"), let quoted = text.quoted(at: content.lowerBound),
           ["の注記付き終わり", "のルビ付き終わり"].contains(NoteText(units: units, range: (quoted.upperBound + 1)..<content.upperBound).string) {
            return .close(.annotation(nil, .over), annotation: quoted)
        }
        let whole = text.string
        // An image (`［＃コンドル博士の図（fig47728_06.png、横320×縦322）入る］`): the picture is not in a text file.
        if whole.hasSuffix("入る") && (whole.contains(".png") || whole.contains(".jpg") || whole.contains(".gif")) { return .hidden }
        // An editor's remark on a reading (`［＃ルビの「ざる」は底本では「さる」］`).
        if text.starts(with: "ルビの「") && (whole.contains("底本では") || whole.hasSuffix("はママ")) { return .hidden }
        if text.starts(with: "「"), let target = text.quoted(at: content.lowerBound) {
            let rest = NoteText(units: units, range: target.upperBound + 1..<content.upperBound)
            return Self.reference(target: target, rest: rest)
        }
        if text.starts(with: "ここから") { return Self.blockOpening(NoteText(units: units, range: (content.lowerBound + 4)..<content.upperBound)) }
        if text.starts(with: "ここで") { return Self.blockClosing(NoteText(units: units, range: (content.lowerBound + 3)..<content.upperBound)) }
        let string = text.string
        switch string {
        case "改ページ", "改丁", "改見開き", "改段": return .pageBreak
        case "本文終わり": return .endOfBody
        case "地付き": return .alignEnd(raise: 0)
        case "ページの左右中央", "改行": return .hidden
        default: break
        }
        if let n = text.number(before: "字下げ"), text.count == n.length + 3 { return .indentLine(n.value) }
        if text.starts(with: "地から"), let n = NoteText(units: units, range: (content.lowerBound + 3)..<content.upperBound).number(before: "字上げ") {
            return .alignEnd(raise: n.value)
        }
        if Self.kaeriten.contains(string) { return .readingMark(content) }
        if string.hasPrefix("（") && string.hasSuffix("）") && string.count >= 3 {
            return .readingMark((content.lowerBound + 1)..<(content.upperBound - 1))
        }
        if string.hasSuffix("終わり") {
            // `［＃左に「Y」のルビ付き終わり］`, `［＃「Y」の注記付き終わり］`, `［＃左に「Y」の注記付き終わり］`.
            let left = text.starts(with: "左に")
            let quoteStart = content.lowerBound + (left ? 2 : 0)
            if let quoted = NoteText(units: units, range: quoteStart..<content.upperBound).quoted(at: quoteStart) {
                let after = NoteText(units: units, range: (quoted.upperBound + 1)..<content.upperBound).string
                if after == "の注記付き終わり" || after == "のルビ付き終わり" {
                    return .close(.annotation(nil, left ? .under : .over), annotation: quoted)
                }
            }
            if let action = Self.inlineAction(String(string.dropLast(3))) { return .close(action, annotation: nil) }
            return .unknown
        }
        if string == "注記付き" || string == "左に注記付き" || string == "左にルビ付き" {
            return .open(.annotation(nil, string.hasPrefix("左に") ? .under : .over))
        }
        if let action = Self.inlineAction(string) { return .open(action) }
        return .unknown
    }

    /// Kaeriten, the order marks of classical Chinese.
    static let kaeriten: Set<String> = ["一", "二", "三", "四", "上", "中", "下", "甲", "乙", "丙", "丁", "天", "地", "人",
                                        "レ", "一レ", "上レ", "甲レ", "天レ"]

    /// The emphasis marks by name (傍点 and its kinds).
    static let emphasisMarks: [String: TextEmphasis.Mark] = [
        "傍点": .filled(.sesame), "白ゴマ傍点": .open(.sesame), "丸傍点": .filled(.circle), "白丸傍点": .open(.circle),
        "黒三角傍点": .filled(.triangle), "白三角傍点": .open(.triangle), "二重丸傍点": .open(.doubleCircle),
        "蛇の目傍点": .filled(.doubleCircle), "ばつ傍点": .character("\u{00D7}"),
    ]
    /// The side lines by name (傍線 and its kinds).
    static let sideLines: [String: TextSideLine.Style] = [
        "傍線": .solid, "二重傍線": .double, "鎖線": .dotted, "破線": .dashed, "波線": .wavy,
    ]

    /// The emphasis or side line called `name`, on `side`.
    static func marking(_ name: String, side: TextEmphasis.Side) -> Action? {
        if let mark = emphasisMarks[name] { return .emphasis(TextEmphasis(mark: mark, side: side)) }
        if let line = sideLines[name] { return .sideLine(TextSideLine(style: line, side: side)) }
        return nil
    }

    /// An action named by `name` alone (the opening note of a pair, or the closing one without its `終わり`).
    static func inlineAction(_ name: String) -> Action? {
        var name = Substring(name)
        var side = TextEmphasis.Side.over
        if name.hasPrefix("左に") { side = .under; name = name.dropFirst(2) }
        if let marking = marking(String(name), side: side) { return marking }
        guard side == .over else { return nil }
        switch name {
        case "太字": return .bold
        case "斜体": return .italic
        case "キャプション": return .scale(0.85)
        case "割り注": return .scale(0.75)
        case "行右小書き", "行左小書き", "上付き小文字", "下付き小文字": return .scale(0.6)
        case "縦中横", "罫囲み", "横組み": return Action.none
        // `［＃大きな文字終わり］` closes any size.
        case "大きな文字", "小さな文字": return .scale(1)
        default: break
        }
        if let level = headingLevel(name) { return .heading(level: level.level, inline: level.inline) }
        if let size = sizeScale(name) { return .scale(size) }
        return nil
    }

    /// `大見出し` 1, `中見出し` 2, `小見出し` 3; `同行…` and `窓…` are inline.
    static func headingLevel(_ name: Substring) -> (level: Int, inline: Bool)? {
        var name = name
        var inline = false
        if name.hasPrefix("同行") { name = name.dropFirst(2); inline = true } else if name.hasPrefix("窓") { name = name.dropFirst(1); inline = true }
        switch name {
        case "大見出し": return (1, inline)
        case "中見出し": return (2, inline)
        case "小見出し": return (3, inline)
        default: return nil
        }
    }

    /// `２段階大きな文字` 1.4, `１段階小さな文字` 0.9.
    static func sizeScale(_ name: Substring) -> Double? {
        let units = Array(name.utf16)
        let text = NoteText(units: units, range: 0..<units.count)
        if let n = text.number(before: "段階大きな文字"), n.length + 7 == units.count { return 1 + 0.2 * Double(min(n.value, 5)) }
        if let n = text.number(before: "段階小さな文字"), n.length + 7 == units.count { return max(0.5, 1 - 0.1 * Double(min(n.value, 5))) }
        return nil
    }

    /// A note about the text X before it: `「X」` then what to do.
    private static func reference(target: Range<Int>, rest: NoteText) -> Meaning {
        let string = rest.string
        var name = Substring(string)
        var side = TextEmphasis.Side.over
        if name.hasPrefix("の左に") { side = .under; name = name.dropFirst(3) } else if name.hasPrefix("に") { name = name.dropFirst() }
        if let marking = marking(String(name), side: side) { return .reference(target: target, action: marking) }
        // `に「Y」の注記`, `の左に「Y」の注記`, `の左に「Y」のルビ`, `に「Y」の傍記`: Y annotates X.
        let quoteStart = rest.range.upperBound - name.utf16.count
        if name.hasPrefix("「"), let annotation = NoteText(units: rest.units, range: quoteStart..<rest.range.upperBound).quoted(at: quoteStart) {
            let after = NoteText(units: rest.units, range: (annotation.upperBound + 1)..<rest.range.upperBound).string
            if after == "の注記" || after == "のルビ" || after == "の傍記" {
                return .reference(target: target, action: .annotation(annotation, side == .under ? .under : .over))
            }
        }
        if string.hasPrefix("は") {
            let what = string.dropFirst()
            switch what {
            case "太字": return .reference(target: target, action: .bold)
            case "斜体": return .reference(target: target, action: .italic)
            case "キャプション": return .reference(target: target, action: .scale(0.85))
            case "上付き小文字", "下付き小文字", "行右小書き", "行左小書き": return .reference(target: target, action: .scale(0.6))
            case "縦中横", "罫囲み", "横組み", "ママ": return .reference(target: target, action: .none)
            default: break
            }
            if what.hasPrefix("底本では") { return .reference(target: target, action: .none) }
            if let level = headingLevel(what) { return .reference(target: target, action: .heading(level: level.level, inline: level.inline)) }
            if let size = sizeScale(what) { return .reference(target: target, action: .scale(size)) }
        }
        return .unknown
    }

    /// `ここから…`.
    private static func blockOpening(_ text: NoteText) -> Meaning {
        let string = text.string
        if string == "地付き" { return .alignEndBlock(raise: 0) }
        if string.hasPrefix("地から"), let n = NoteText(units: text.units, range: (text.range.lowerBound + 3)..<text.range.upperBound).number(before: "字上げ") {
            return .alignEndBlock(raise: n.value)
        }
        // `２字下げ`, `２字下げ、折り返して３字下げ`, `改行天付き、折り返して１字下げ`.
        let parts = string.split(separator: "、", maxSplits: 1).map(String.init)
        func indent(_ part: String) -> Int? {
            let units = Array(part.utf16)
            let t = NoteText(units: units, range: 0..<units.count)
            if let n = t.number(before: "字下げ"), n.length + 3 == units.count { return n.value }
            return part == "改行天付き" ? 0 : nil
        }
        if let first = parts.first.flatMap(indent) {
            if parts.count == 1 { return .indentBlock(first: first, rest: first) }
            if parts[1].hasPrefix("折り返して"), let rest = indent(String(parts[1].dropFirst(5))) {
                return .indentBlock(first: first, rest: rest)
            }
            return .unknown
        }
        if let n = text.number(before: "字詰め"), n.length + 3 == text.count { return .block(Action.none, opens: true) }
        if let action = inlineAction(string) { return .block(action, opens: true) }
        return .unknown
    }

    /// `ここで…終わり`.
    private static func blockClosing(_ text: NoteText) -> Meaning {
        let string = text.string
        switch string {
        case "字下げ終わり": return .indentBlockEnd
        case "地付き終わり", "字上げ終わり": return .alignEndBlockEnd
        case "字詰め終わり": return .block(Action.none, opens: false)
        default: break
        }
        guard string.hasSuffix("終わり"), let action = inlineAction(String(string.dropLast(3))) else { return .unknown }
        return .block(action, opens: false)
    }
}

/// A stretch of units read as text, for matching the words of notes without building strings for every test.
struct NoteText {
    let units: [UInt16]
    let range: Range<Int>

    var count: Int { range.count }
    var string: String { units[range].withUnsafeBufferPointer { String(decoding: $0, as: UTF16.self) } }

    func starts(with prefix: String) -> Bool {
        let p = Array(prefix.utf16)
        return range.count >= p.count && units[range.lowerBound..<(range.lowerBound + p.count)].elementsEqual(p)
    }

    /// The units inside the `「…」` that opens at `start` (nested quotes balanced), without the quotes.
    func quoted(at start: Int) -> Range<Int>? {
        guard range.contains(start), units[start] == 0x300C else { return nil }
        var depth = 0
        var i = start
        while i < range.upperBound {
            if units[i] == 0x300C { depth += 1 }
            if units[i] == 0x300D {
                depth -= 1
                if depth == 0 { return (start + 1)..<i }
            }
            i += 1
        }
        return nil
    }

    /// A number in ASCII or fullwidth digits at the start, directly followed by `suffix`: its value and length.
    func number(before suffix: String) -> (value: Int, length: Int)? {
        var i = range.lowerBound
        var value = 0
        while i < range.upperBound, i - range.lowerBound < 4 {
            let unit = units[i]
            if unit >= 0x30 && unit <= 0x39 { value = value * 10 + Int(unit - 0x30) } else if unit >= 0xFF10 && unit <= 0xFF19 {
                value = value * 10 + Int(unit - 0xFF10)
            } else { break }
            i += 1
        }
        guard i > range.lowerBound else { return nil }
        guard NoteText(units: units, range: i..<range.upperBound).starts(with: suffix) else { return nil }
        return (value, i - range.lowerBound)
    }
}
