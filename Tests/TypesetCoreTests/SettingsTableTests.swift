import Testing
@testable import TypesetCore
import TypesetTestSupport

/// The settings table (``ReaderSettings/table``): one declaration per setting, whose kinds and ranges are what
/// validation, text parsing and JSON parsing all apply.
@Suite struct SettingsTableTests {
    @Test func everySettingIsDeclaredOnceAndReadsBackItsDefault() throws {
        let names = ReaderSettings.table.map(\.name)
        #expect(Set(names).count == names.count, "a name declared twice")
        let defaults = ReaderSettings()
        for setting in ReaderSettings.table {
            let value = setting.value(in: defaults)
            try setting.check(value)
            // The default's text form parses back to the default (what --help prints is what the parser reads).
            if case .none = value { continue }
            var parsed = defaults
            try parsed.set(setting.name, parsing: setting.defaultText == "on" ? "true" : setting.defaultText == "off" ? "false" : setting.defaultText)
            // Setting a value, even the default, is the reader's choice: it overrides the book's styles.
            #expect(parsed.typography.userSet.isSubset(of: [setting.name]))
            parsed.typography.userSet = []
            #expect(parsed == defaults, "\(setting.name): \(setting.defaultText) does not read back as the default")
        }
        #expect(try defaults.validated() == defaults)
    }

    /// Every setting that competes with a book's style names a row of the table, and setting that row makes the
    /// reader's value win: the typed names layout and shaping ask about are the table's.
    @Test func bookStyleSettingsNameTableRows() throws {
        for setting in BookStyleSetting.allCases {
            let row = try #require(ReaderSettings.setting(named: setting.rawValue), "\(setting) names no row")
            #expect(row.competesWithBook && row.scope == .typography)
            var settings = ReaderSettings()
            #expect(!settings.typography.readerChose(setting))
            try settings.set(row.name, to: row.value(in: settings))
            #expect(settings.typography.readerChose(setting), "\(setting)")
        }
        #expect(ReaderSettings.table.filter(\.competesWithBook).count == BookStyleSetting.allCases.count)
    }

    /// JSON values are typed: numbers are numbers (0 and 1 too), switches booleans, words strings; a string that
    /// looks like an option is a value like any other, never another option.
    @Test func jsonValuesKeepTheirTypes() throws {
        var settings = ReaderSettings()
        try settings.set("columns", json: .number(1))
        try settings.set("indent", json: .number(0))
        try settings.set("indent", json: .number(0.0))
        try settings.set("hyphenate", json: .bool(true))
        #expect(settings.typography.hyphenation)
        try settings.set("hyphenate", json: .bool(false))
        #expect(!settings.typography.hyphenation)
        try settings.set("scroll", json: .bool(true))
        #expect(settings.mode == .scroll)
        try settings.set("margins", json: .array([.number(10), .number(20)]))
        #expect(settings.typography.margins == EdgeInsets(top: 10, left: 20, bottom: 10, right: 20))
        try settings.set("lang", json: .null)
        #expect(settings.typography.language == nil)
        try settings.set("align", json: .string("justify"))
        #expect(settings.typography.alignment == .justified)

        func refused(_ name: String, _ value: JSONValue, saying words: String) {
            var copy = settings
            do {
                try copy.set(name, json: value)
                Issue.record("\(name) = \(value) was accepted")
            } catch {
                #expect(error.name == name || words == "no such setting", "\(error)")
                #expect(error.description.contains(words), "\(error)")
                #expect(copy == settings, "a refused value changed the settings")
            }
        }
        refused("hyphenate", .number(1), saying: "must be true or false, got a number")
        refused("columns", .bool(true), saying: "must be a whole number, got a boolean")
        refused("columns", .number(0), saying: "must be 1 to 8, got 0")
        refused("columns", .number(1.5), saying: "1.5 is not a whole number")
        refused("size", .string("23"), saying: "must be a number, got a string")
        refused("size", .number(1e300), saying: "must be at most 2000")
        refused("align", .string("--orphans-widows=99"), saying: "is not one of start, center, end, justified")
        refused("justify", .bool(false), saying: "no such setting")
        refused("theme", .string("purple"), saying: "is not light, sepia, dark")
        refused("lang", .string("en\nfr"), saying: "BCP 47")
        refused("margins", .array([.number(1), .number(2), .number(3)]), saying: "is not 1, 2 or 4 numbers")
        // A family name that starts with dashes is a family name (it falls back like any unknown family).
        try settings.set("font", json: .string("--x"))
        #expect(settings.typography.fontFamily == "--x")
    }

    @Test func textValuesAreCheckedAgainstTheSameRanges() throws {
        var settings = ReaderSettings()
        for (name, text) in [("size", "0"), ("size", "nan"), ("size", "1e-300"), ("line-height", "0.05"), ("columns", "9"),
                             ("columns", "99999999999999999999"), ("orphans-widows", "0"), ("scale", "17"), ("margins", "1,2,3"),
                             ("hyphenate", "maybe"), ("align", "left"), ("width", "-1")] {
            #expect(throws: InvalidSetting.self, "\(name) \(text)") { try settings.set(name, parsing: text) }
        }
        try settings.set("margins", parsing: "10, 20, 30, 40")
        #expect(settings.typography.margins == EdgeInsets(top: 10, left: 40, bottom: 30, right: 20))
    }
}
