extension StringProtocol {
    /// The text as one line of a message: line breaks, tabs and other control characters (C0, C1, U+2028,
    /// U+2029) written as `\n`, `\r`, `\t` or `\u{…}`, and anything past `limit` characters cut in the middle
    /// (`/very/long…/name.txt`), so that a file name, a font name or a library's message can never spread a
    /// message over several lines or flood a terminal.
    package func oneLine(limit: Int = 300) -> String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        guard out.count > limit, limit >= 3 else { return out }
        let half = (limit - 1) / 2
        return String(out.prefix(half)) + "…" + String(out.suffix(limit - 1 - half))
    }
}
