/// CSS `<angle>` values (CSS Values 4 §7.1).
enum CSSAngle {
    /// The angle `word` (lower case) gives, in degrees: `deg`, `grad`, `rad`, `turn`, or a bare `0`; nil for
    /// anything else.
    static func degrees(_ word: String) -> Double? {
        // `grad` before `rad`, which it ends with.
        let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
        if word == "0" { return 0 }
        for (unit, factor) in units where word.hasSuffix(unit) {
            guard let value = Double(word.dropLast(unit.count)), value.isFinite else { return nil }
            return value * factor
        }
        return nil
    }
}
