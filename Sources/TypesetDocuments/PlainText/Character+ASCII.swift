/// The Character properties chapter detection asks of every character of its candidate lines, answered from the
/// byte for ASCII: the same answers as `isLetter`, `isNumber`, `isUppercase`, `isLowercase` and `isWhitespace`,
/// without the Unicode property lookup (some 300 instructions each; 30 M of War and Peace's first page through
/// the CLI, callgrind). Anything outside ASCII asks the standard library.
extension Character {
    var fastIsLetter: Bool {
        guard let byte = asciiValue else { return isLetter }
        return (0x61...0x7A).contains(byte | 0x20)
    }

    var fastIsNumber: Bool {
        guard let byte = asciiValue else { return isNumber }
        return (0x30...0x39).contains(byte)
    }

    var fastIsUppercase: Bool {
        guard let byte = asciiValue else { return isUppercase }
        return (0x41...0x5A).contains(byte)
    }

    var fastIsLowercase: Bool {
        guard let byte = asciiValue else { return isLowercase }
        return (0x61...0x7A).contains(byte)
    }

    /// U+0009 to U+000D and the space in ASCII (`asciiValue` reads CR LF as LF).
    var fastIsWhitespace: Bool {
        guard let byte = asciiValue else { return isWhitespace }
        return byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
