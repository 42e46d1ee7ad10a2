import TypesetCore

/// A minimal JSON writer with stable key order and numbers in points with at most two decimals (so output is
/// readable and diffable). Strings are escaped per RFC 8259.
struct JSONWriter {
    private(set) var output = ""

    enum Value {
        case number(Double)
        case integer(Int)
        case string(String)
        case bool(Bool)
        case null
        case object([(String, Value)])
        case array([Value])
        /// A value already written as JSON (a Locator, by its own encoder).
        case raw(String)
    }

    static func render(_ value: Value) -> String {
        var writer = JSONWriter()
        writer.write(value)
        return writer.output
    }

    mutating func write(_ value: Value) {
        switch value {
        case .number(let n): output += n.isFinite ? formatPoints(n) : "null"
        case .integer(let i): output += String(i)
        case .string(let s): writeString(s)
        case .bool(let b): output += b ? "true" : "false"
        case .null: output += "null"
        case .raw(let text): output += text
        case .object(let members):
            output += "{"
            for (i, (key, member)) in members.enumerated() {
                if i > 0 { output += ", " }
                writeString(key)
                output += ": "
                write(member)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { output += ", " }
                write(element)
            }
            output += "]"
        }
    }

    private mutating func writeString(_ s: String) {
        output += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONWriter.Value {
    /// `{"location": L, "length": N}`, as `NSRange` has it.
    static func range(_ range: Range<Int>) -> JSONWriter.Value {
        .object([("location", .integer(range.lowerBound)), ("length", .integer(range.count))])
    }

    /// `{"x": X, "y": Y, "width": W, "height": H}`.
    static func rect(_ rect: Rect) -> JSONWriter.Value {
        .object([("x", .number(rect.minX)), ("y", .number(rect.minY)), ("width", .number(rect.width)), ("height", .number(rect.height))])
    }

    /// `{"width": W, "height": H}`.
    static func size(_ size: Size) -> JSONWriter.Value {
        .object([("width", .number(size.width)), ("height", .number(size.height))])
    }

    /// The settings as applied (validated, aliases resolved), under the `--json` schema's names.
    static func settings(_ settings: ReaderSettings) -> JSONWriter.Value {
        let s = settings.typography, theme = settings.appearance.theme
        return .object([
            ("font", .string(s.fontFamily)), ("size", .number(s.fontSize)), ("lineHeight", .number(s.lineHeightMultiple)),
            ("margins", .object([("top", .number(s.margins.top)), ("right", .number(s.margins.right)),
                                 ("bottom", .number(s.margins.bottom)), ("left", .number(s.margins.left))])),
            ("paragraphSpacing", .number(s.paragraphSpacing)), ("indent", .number(s.firstLineIndent)),
            ("align", .string(s.alignment.rawValue)),
            ("theme", .object([("name", .string(theme.name)), ("background", .string(theme.background.description)),
                               ("text", .string(theme.text.description))])),
            ("pageSize", .size(s.pageSize)), ("scale", .number(settings.appearance.pixelScale)),
            ("imageFilter", .string(settings.appearance.imageFilter.rawValue)),
            ("printPageLabels", .bool(settings.appearance.printPageLabels)), ("columns", .integer(s.columns)),
            ("columnGap", .number(s.columnGap)), ("language", s.language.map { .string($0) } ?? .null),
            ("hyphenate", .bool(s.hyphenation)), ("lineBreaking", .string(s.lineBreaking.rawValue)),
            ("orphansWidows", .integer(s.orphansAndWidows)), ("protrusion", .bool(s.protrusion)),
            ("expansion", .number(s.expansion)),
            ("wordSpacing", .number(s.wordSpacing)), ("letterSpacing", .number(s.letterSpacing)),
            ("fontWeight", .integer(s.fontWeight)), ("typeScale", .number(s.typeScale)), ("ligatures", .bool(s.ligatures)),
            ("textNormalization", .bool(s.textNormalization)), ("verticalText", .bool(s.verticalText)),
            ("punctuationSpacing", .bool(s.punctuationSpacing)), ("hangingPunctuation", .bool(s.hangingPunctuation)),
            ("mode", .string(settings.mode.rawValue)), ("publisherStyles", .bool(settings.publisherStyles)),
            // The settings that override the book's own styles (the others give way to them).
            ("userSet", .array(s.userSet.sorted().map { .string($0) })),
        ])
    }

    /// An image on a page: its unit, its box, its source (`href`, null when it has none) and its alt text.
    static func attachment(_ placed: PlacedAttachment) -> JSONWriter.Value {
        .object([("range", .range(placed.range)), ("rect", .rect(placed.rect)),
                 ("href", placed.attachment.source.map(JSONWriter.Value.string) ?? .null),
                 ("alt", placed.attachment.altText.map(JSONWriter.Value.string) ?? .null)])
    }

    /// A line as `--json` and the `lines` query give it; `"hyphenated": true` only on a line that ends with a
    /// drawn hyphen.
    static func line(_ line: Line) -> JSONWriter.Value {
        var fields: [(String, JSONWriter.Value)] = [("range", .range(line.range)), ("rect", .rect(line.rect)),
                                                    ("baseline", .number(line.baseline))]
        if line.isHyphenated { fields.append(("hyphenated", .bool(true))) }
        return .object(fields)
    }
}
