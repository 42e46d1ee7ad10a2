/// One reader setting, declared once: its name, kind, range, default and help text, and how to read and write
/// it in a ``ReaderSettings``.
///
/// ``ReaderSettings/table`` lists them all. The command-line tool parses `--NAME VALUE` with
/// ``value(parsing:)``, its `query` protocol's `setSettings` reads JSON with ``value(json:)``, `--help`, the
/// shell completion and the manual's option list are printed from the table, and ``ReaderSettings/validated()``
/// checks each value against the range declared here, so the four can never disagree.
public struct ReaderSetting: Sendable {
    /// The name (`size`, `line-height`); the command line spells it `--size`.
    public let name: String
    /// What values it takes.
    public let kind: Kind
    /// One line of help, without the default (``defaultText`` says it).
    public let help: String
    /// Where the value lives: what changing it costs.
    public let scope: Scope
    let read: @Sendable (ReaderSettings) -> SettingValue
    let write: @Sendable (inout ReaderSettings, SettingValue) -> Void

    /// The kinds of value a setting takes.
    public enum Kind: Sendable {
        /// A finite number in `range` (the lower bound excluded when `positive`), in `unit`.
        case number(unit: Unit, range: ClosedRange<Double>, positive: Bool)
        /// A whole number in `range`.
        case integer(ClosedRange<Int>)
        /// On or off; the command line has `--NAME` and `--no-NAME`.
        case flag
        /// One of a fixed list of words (`aliases` map other spellings to one of them).
        case choice([String], aliases: [String: String])
        /// Free text; `optional` when it may be unset (an empty string or JSON `null`).
        case text(optional: Bool)
        /// Page margins: one number (every edge), two (vertical, horizontal) or four (top, right, bottom, left).
        case margins(range: ClosedRange<Double>)
        /// `light`, `sepia`, `dark`, or `BACKGROUND:TEXT` hex colours.
        case theme
    }

    /// Units of number settings, as help texts name them.
    public enum Unit: String, Sendable {
        /// Points (1/72 inch; a CSS pixel on Apple's screens).
        case points = "PT"
        /// Ems of the body font size.
        case ems = "EM"
        /// A plain multiple.
        case multiple = "X"
        /// Per cent.
        case percent = "%"
    }

    /// What a change of the setting costs.
    public enum Scope: String, Sendable {
        /// The lines: a new layout (shaping again only for a new family or language).
        case typography
        /// The pixels only: nothing is laid out again.
        case appearance
        /// Pages or scroll: a new layout.
        case mode
        /// The book's styles: read when the book is opened.
        case document
    }

    /// The value in the default settings, as the command line would spell it (`19`, `start`, `off`).
    public var defaultText: String { text(of: read(ReaderSettings())) }

    /// The metavariable of the help text: `PT`, `N`, `start|justified|center|end`...
    public var valueSyntax: String {
        switch kind {
        case .number(let unit, _, _): unit.rawValue
        case .integer: "N"
        case .flag: ""
        case .choice(let words, _): words.joined(separator: "|")
        case .text: name == "lang" ? "TAG" : "TEXT"
        case .margins: "T[,H]|T,R,B,L"
        case .theme: "light|sepia|dark|BG:FG"
        }
    }

    /// Whether the setting may be left unset (`lang`): JSON `null` is then a value, not a reset.
    var acceptsNone: Bool {
        if case .text(optional: true) = kind { return true }
        return false
    }

    /// The value of this setting in `settings`.
    public func value(in settings: ReaderSettings) -> SettingValue { read(settings) }

    /// The value as the command line would spell it.
    public func text(of value: SettingValue) -> String {
        switch value {
        case .number(let number): formatPoints(number)
        case .integer(let integer): String(integer)
        case .flag(let on): on ? "on" : "off"
        case .word(let word): word
        case .none: "none"
        case .margins(let m):
            m.top == m.bottom && m.left == m.right
                ? (m.top == m.left ? formatPoints(m.top) : "\(formatPoints(m.top)),\(formatPoints(m.left))")
                : "\(formatPoints(m.top)),\(formatPoints(m.right)),\(formatPoints(m.bottom)),\(formatPoints(m.left))"
        case .theme(let theme):
            if case .custom(let background, let text) = theme { "\(background):\(text)" } else { theme.name }
        }
    }

    /// Reads a value from command-line text (`19`, `24,30`, `justified`, `dark`), checked against the range.
    ///
    /// - Throws: ``InvalidSetting`` naming the setting and saying what is wrong, in one line.
    public func value(parsing text: String) throws(InvalidSetting) -> SettingValue {
        let value: SettingValue
        switch kind {
        case .number:
            guard let number = Double(text) else { throw invalid("\"\(text.oneLinePrefix)\" is not a number") }
            value = .number(number)
        case .integer:
            guard let integer = Int(text) else { throw invalid("\"\(text.oneLinePrefix)\" is not a whole number") }
            value = .integer(integer)
        case .flag:
            switch text.lowercased() {
            case "true", "on", "yes", "1": value = .flag(true)
            case "false", "off", "no", "0": value = .flag(false)
            default: throw invalid("\"\(text.oneLinePrefix)\" is not on or off")
            }
        case .choice, .text: value = text.isEmpty ? .none : .word(text)
        case .margins: value = .margins(try margins(parsing: text))
        case .theme: value = .theme(try theme(parsing: text))
        }
        try check(value)
        return value
    }

    /// Reads a value from JSON, where numbers must be numbers, switches booleans and words strings (margins
    /// also take a number or an array of 1, 2 or 4 numbers), checked against the range.
    ///
    /// - Throws: ``InvalidSetting`` naming the setting and the JSON type it got.
    public func value(json: JSONValue) throws(InvalidSetting) -> SettingValue {
        let value: SettingValue
        switch (kind, json) {
        case (.number, .number(let number)): value = .number(number)
        case (.integer, .number(let number)):
            guard number == number.rounded(), abs(number) < 1e15 else {
                throw invalid("\(formatPoints(number)) is not a whole number")
            }
            value = .integer(Int(number))
        case (.flag, .bool(let on)): value = .flag(on)
        case (.choice, .string(let word)), (.text, .string(let word)): value = word.isEmpty ? .none : .word(word)
        case (.text(optional: true), .null): value = .none
        case (.margins, .string(let text)): value = .margins(try margins(parsing: text))
        case (.margins, .number(let number)): value = .margins(EdgeInsets(all: number))
        case (.margins, .array(let items)):
            var numbers: [Double] = []
            for item in items {
                guard case .number(let number) = item else { throw invalid("an array of margins holds numbers only") }
                numbers.append(number)
            }
            value = .margins(try margins(numbers, spelled: "an array of \(numbers.count)"))
        case (.theme, .string(let text)): value = .theme(try theme(parsing: text))
        default: throw invalid("must be \(expectedJSON), got \(json.typeName)")
        }
        try check(value)
        return value
    }

    /// Checks a value's kind and range.
    ///
    /// - Throws: ``InvalidSetting`` saying which bound it breaks.
    public func check(_ value: SettingValue) throws(InvalidSetting) {
        switch (kind, value) {
        case (.number(_, let range, let positive), .number(let number)):
            try checkNumber(number, range: range, positive: positive)
        case (.integer(let range), .integer(let integer)):
            guard range.contains(integer) else { throw invalid("must be \(range.lowerBound) to \(range.upperBound), got \(integer)") }
        case (.flag, .flag): break
        case (.choice(let words, let aliases), .word(let word)):
            guard words.contains(word) || aliases[word] != nil else {
                throw invalid("\"\(word.oneLinePrefix)\" is not one of \(words.joined(separator: ", "))")
            }
        case (.choice(let words, _), .none): throw invalid("must be one of \(words.joined(separator: ", "))")
        case (.text, .word(let word)):
            if name == "lang" {
                guard word.count <= 35, word.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }) else {
                    throw invalid("\"\(word.oneLinePrefix)\" is not a BCP 47 language tag (en, fr-CA, zh-Hant)")
                }
            } else {
                guard !word.isEmpty else { throw invalid("must not be empty") }
                guard !word.contains(where: \.isNewline) else { throw invalid("must be one line") }
            }
        case (.text(let optional), .none): guard optional else { throw invalid("must not be empty") }
        case (.margins(let range), .margins(let m)):
            for edge in [m.top, m.right, m.bottom, m.left] { try checkNumber(edge, range: range, positive: false) }
        case (.theme, .theme): break
        default: throw invalid("must be \(expectedJSON)")
        }
    }

    /// Sets the value (already checked) in `settings`; choice aliases become their word.
    func apply(_ value: SettingValue, to settings: inout ReaderSettings) {
        if case .choice(_, let aliases) = kind, case .word(let word) = value, let canonical = aliases[word] {
            write(&settings, .word(canonical))
        } else {
            write(&settings, value)
        }
    }

    func invalid(_ reason: String) -> InvalidSetting { InvalidSetting(name: name, reason: reason) }

    private var expectedJSON: String {
        switch kind {
        case .number: "a number"
        case .integer: "a whole number"
        case .flag: "true or false"
        case .choice(let words, _): "one of the strings " + words.map { "\"\($0)\"" }.joined(separator: ", ")
        case .text(let optional): optional ? "a string or null" : "a string"
        case .margins: "a number, an array of 1, 2 or 4 numbers, or a string such as \"24,30\""
        case .theme: "a string (light, sepia, dark or BG:FG hex colours)"
        }
    }

    /// A refused value as a message shows it: in points with two decimals, or in full when that would make it 0
    /// (`1e-300`): "must be at least 1, got 0" for a value that is not 0 says nothing.
    private static func reported(_ value: Double) -> String {
        let points = formatPoints(value)
        return value != 0 && (points == "0" || points == "-0") ? String(describing: value) : points
    }

    private func checkNumber(_ number: Double, range: ClosedRange<Double>, positive: Bool) throws(InvalidSetting) {
        guard number.isFinite else { throw invalid("\(number) is not a finite number") }
        if positive && range.lowerBound == 0 {
            guard number > 0 else { throw invalid("must be positive, got \(Self.reported(number))") }
        } else if range.lowerBound == 0 {
            guard number >= 0 else { throw invalid("must not be negative, got \(Self.reported(number))") }
        } else {
            guard number >= range.lowerBound else {
                throw invalid("must be at least \(formatPoints(range.lowerBound)), got \(Self.reported(number))")
            }
        }
        guard number <= range.upperBound else {
            throw invalid("must be at most \(formatPoints(range.upperBound)), got \(Self.reported(number))")
        }
    }

    private func margins(parsing text: String) throws(InvalidSetting) -> EdgeInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var numbers: [Double] = []
        for part in parts {
            guard let number = Double(part.trimmingWhitespace) else {
                throw invalid("\"\(text.oneLinePrefix)\" is not 1, 2 or 4 comma-separated numbers")
            }
            numbers.append(number)
        }
        return try margins(numbers, spelled: "\"\(text.oneLinePrefix)\"")
    }

    private func margins(_ v: [Double], spelled: String) throws(InvalidSetting) -> EdgeInsets {
        switch v.count {
        case 1: return EdgeInsets(all: v[0])
        case 2: return EdgeInsets(top: v[0], left: v[1], bottom: v[0], right: v[1])
        case 4: return EdgeInsets(top: v[0], left: v[3], bottom: v[2], right: v[1])
        default: throw invalid("\(spelled) is not 1, 2 or 4 numbers")
        }
    }

    private func theme(parsing text: String) throws(InvalidSetting) -> Theme {
        switch text {
        case "light": return .light
        case "sepia": return .sepia
        case "dark": return .dark
        default:
            let parts = text.split(separator: ":")
            guard parts.count == 2, let background = Color(hex: String(parts[0])), let foreground = Color(hex: String(parts[1])) else {
                throw invalid("\"\(text.oneLinePrefix)\" is not light, sepia, dark or BACKGROUND:TEXT hex colours (#fdf6e3:#333333)")
            }
            return .custom(background: background, text: foreground)
        }
    }
}

/// A setting's value, as ``ReaderSetting`` reads and writes it.
public enum SettingValue: Hashable, Sendable {
    /// A number.
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// On or off.
    case flag(Bool)
    /// A word (a choice) or free text.
    case word(String)
    /// No value (an optional text left unset).
    case none
    /// Page margins.
    case margins(EdgeInsets)
    /// A theme.
    case theme(Theme)
}

extension JSONValue {
    /// `a number`, `a string`... for messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs. On the scalars' own indices: the generic chain of
    /// `drop`, `reversed` and `drop` it was made with looked up its types' associated types at run time, 3 M
    /// instructions of a one-page CLI run (callgrind, issue 32).
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
        var lower = scalars.startIndex, upper = scalars.endIndex
        while lower < upper, isBlank(scalars[lower]) { lower = scalars.index(after: lower) }
        while upper > lower, isBlank(scalars[scalars.index(before: upper)]) { upper = scalars.index(before: upper) }
        return Substring(scalars[lower..<upper])
    }
}

extension StringProtocol {
    /// At most the first 60 characters, on one line: a value quoted in a message never spans lines or
    /// floods the terminal.
    package var oneLinePrefix: String {
        var result = ""
        for character in self.prefix(61) {
            result.append(character.isNewline ? " " : character)
        }
        return result.count > 60 ? String(result.prefix(60)) + "…" : result
    }
}
