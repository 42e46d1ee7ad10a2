import Foundation
import Testing
import TypesetCore
import TypesetTestSupport

/// The settings table drives the parser, `--help`, `typeset query`'s `setSettings` and the manual's option list:
/// walking it, every setting must be accepted under the same name, type and default by all four.
@Suite struct OptionTableTests {
    static let book = "It is a truth universally acknowledged, that a single man in possession of a good fortune.\nSecond paragraph."

    /// The `--json` settings key of each setting (the schema keeps camelCase keys).
    static let jsonKeys: [String: String] = [
        "font": "font", "size": "size", "line-height": "lineHeight", "paragraph-spacing": "paragraphSpacing",
        "indent": "indent", "align": "align", "lang": "language", "hyphenate": "hyphenate", "line-breaking": "lineBreaking",
        "orphans-widows": "orphansWidows", "protrusion": "protrusion", "expansion": "expansion", "margins": "margins", "width": "pageSize", "height": "pageSize",
        "columns": "columns", "column-gap": "columnGap", "theme": "theme", "scale": "scale", "image-filter": "imageFilter",
        "scroll": "mode",
        "publisher-styles": "publisherStyles", "word-spacing": "wordSpacing", "letter-spacing": "letterSpacing",
        "font-weight": "fontWeight", "type-scale": "typeScale", "ligatures": "ligatures",
        "text-normalization": "textNormalization", "vertical-text": "verticalText", "punctuation-spacing": "punctuationSpacing",
        "hanging-punctuation": "hangingPunctuation", "print-page-labels": "printPageLabels",
    ]

    /// A valid value other than the default, as command-line text and as JSON.
    static func otherValue(_ setting: ReaderSetting) throws -> (text: String, json: String, wrongJSON: String) {
        let current = setting.value(in: ReaderSettings())
        switch (setting.kind, current) {
        case (.number(_, let range, _), .number(let value)):
            let other = try #require([value * 1.5, value + 1, (value + range.lowerBound) / 2].first { range.contains($0) && $0 != value })
            return (formatPoints(other), formatPoints(other), "\"\(formatPoints(other))\"")
        case (.integer(let range), .integer(let value)):
            let other = range.contains(value + 1) ? value + 1 : value - 1
            return (String(other), String(other), "true")
        case (.flag, .flag(let on)):
            return (on ? "off" : "on", on ? "false" : "true", on ? "0" : "1")
        case (.choice(let words, _), .word(let value)):
            let other = try #require(words.first { $0 != value })
            return (other, "\"\(other)\"", "1")
        case (.text, _):
            let other = setting.name == "lang" ? "fr" : "Noto Sans"
            return (other, "\"\(other)\"", "0")
        case (.margins, _):
            return ("30,20", "[30, 20]", "true")
        case (.theme, _):
            return ("dark", "\"dark\"", "1")
        default:
            throw CancellationError()
        }
    }

    @Test func everySettingIsParsedHelpedAndSetAlike() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let help = try CLIRunner.run(["--help"], in: directory)
        #expect(help.status == 0)
        let defaults = try LayoutJSON.settingsObject(try CLIRunner.runBundled(["--json", file], in: directory))
        var requests: [String] = []
        for setting in ReaderSettings.table {
            let key = try #require(Self.jsonKeys[setting.name], "no --json key for \(setting.name)")
            // --help: the option and its default on its line.
            let line = help.stdout.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--\(setting.name) ") || $0.trimmingCharacters(in: .whitespaces).hasPrefix("--\(setting.name),") }
            #expect(line != nil, "--help does not list --\(setting.name)")
            // The option's own entry (indented), not a usage line naming another command's option of that name.
            let entry = help.stdout.components(separatedBy: "\n  --\(setting.name)").dropFirst().first ?? ""
            #expect(entry.prefix(400).contains("[\(setting.defaultText)]"), "--help does not give --\(setting.name)'s default \(setting.defaultText)")
            // The parser: the other value changes exactly what --json reports for the setting.
            let value = try Self.otherValue(setting)
            var arguments = ["--json", "--pages", "1"]
            if case .flag = setting.kind {
                arguments.append(value.text == "on" ? "--\(setting.name)" : "--no-\(setting.name)")
            } else {
                arguments += ["--\(setting.name)", value.text]
            }
            let result = try CLIRunner.runBundled(arguments + [file], in: directory)
            #expect(result.status == 0, "--\(setting.name) \(value.text): \(result.stderr)")
            if result.status == 0 {
                let echoed = try LayoutJSON.settingsObject(result)
                #expect(!Self.same(echoed[key], defaults[key]), "--\(setting.name) \(value.text) left \(key) at its default")
            }
            // setSettings: the same name with a JSON value of the setting's type, then one of the wrong type.
            requests.append(#"{"op": "setSettings", "settings": {"\#(setting.name)": \#(value.json)}}"#)
            requests.append(#"{"op": "settings"}"#)
            requests.append(#"{"op": "setSettings", "settings": {"\#(setting.name)": \#(value.wrongJSON)}}"#)
        }
        let query = try CLIRunner.run(["query", "--fonts", "bundled", file], in: directory, input: requests.joined(separator: "\n") + "\n")
        #expect(query.status == 0, "\(query.stderr)")
        let answers = try query.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(answers.count == requests.count)
        for (index, setting) in ReaderSettings.table.enumerated() {
            let set = answers[3 * index], read = answers[3 * index + 1], wrong = answers[3 * index + 2]
            #expect(set["error"] == nil, "setSettings \(setting.name): \(set["error"] ?? "")")
            let key = Self.jsonKeys[setting.name] ?? ""
            let now = (read["settings"] as? [String: Any])?[key]
            #expect(!Self.same(now, defaults[key]), "setSettings \(setting.name) left \(key) at its default")
            let message = wrong["error"] as? String ?? ""
            #expect(message.contains(setting.name), "a wrong JSON type for \(setting.name) was not refused naming it: \(wrong)")
        }
    }

    /// JSON `0`, `1`, `0.0`, `true`, `false` and `"--x"`, each with the right outcome (Foundation on Linux reads 0 and 1
    /// as booleans; the query protocol must not).
    @Test func jsonNumbersAreNumbersAndBooleansBooleans() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let cases: [(String, Bool)] = [
            (#"{"columns": 1}"#, true), (#"{"indent": 0}"#, true), (#"{"indent": 0.0}"#, true), (#"{"columns": 0}"#, false),
            (#"{"hyphenate": true}"#, true), (#"{"hyphenate": false}"#, true), (#"{"hyphenate": 1}"#, false),
            (#"{"columns": true}"#, false), (#"{"scroll": 0}"#, false), (#"{"align": "--orphans-widows=99"}"#, false),
            (#"{"font": "--x"}"#, true), (#"{"justify": false}"#, false), (#"{"size": 1e300}"#, false),
            (#"{"size": 1e400}"#, false),
        ]
        let requests = cases.flatMap { [#"{"op": "setSettings", "settings": \#($0.0)}"#, #"{"op": "settings"}"#] }
        let query = try CLIRunner.run(["query", "--fonts", "bundled", file], in: directory, input: requests.joined(separator: "\n") + "\n")
        let answers = try query.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(answers.count == requests.count)
        for (index, (settings, accepted)) in cases.enumerated() {
            let answer = answers[2 * index]
            #expect((answer["error"] == nil) == accepted, "\(settings): \(answer)")
            let current = answers[2 * index + 1]["settings"] as? [String: Any] ?? [:]
            #expect(current["orphansWidows"] as? Int == 2, "\(settings) changed orphans-widows")
        }
        let large = answers[2 * (cases.count - 2)]["error"] as? String ?? ""
        #expect(large.contains("at most 2000"), "1e300 is valid JSON, out of range: \(large)")
        let huge = answers[2 * (cases.count - 1)]["error"] as? String ?? ""
        #expect(huge.contains("out of range") && huge.contains("column"), "1e400 is a number no Double holds: \(huge)")
    }

    /// The manual's option list (the command-line tool's DocC article) is the one `typeset help --markdown` prints
    /// from the tables.
    @Test func theManualListsTheOptionsOfTheTables() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["help", "--markdown"], in: directory)
        #expect(result.status == 0)
        let article = "Sources/TypesetCore/TypesetCore.docc/CommandLineTool.md"
        let manual = try String(contentsOfFile: Fixtures.repositoryRoot + "/" + article, encoding: .utf8)
        let begin = "<!-- options: generated by `typeset help --markdown`; OptionTableTests checks it -->\n"
        let end = "<!-- end of options -->"
        let start = try #require(manual.range(of: begin), "\(article) has no option list")
        let stop = try #require(manual.range(of: end, range: start.upperBound..<manual.endIndex))
        #expect(String(manual[start.upperBound..<stop.lowerBound]) == result.stdout,
                "\(article)'s option list differs from `typeset help --markdown`; paste its output between the markers")
    }

    static func same(_ a: Any?, _ b: Any?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return (try? JSONSerialization.data(withJSONObject: [a], options: .sortedKeys)) == (try? JSONSerialization.data(withJSONObject: [b], options: .sortedKeys))
    }
}
