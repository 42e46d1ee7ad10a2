/// SMIL 3.0 clock values (SMIL 3.0 Timing §5.4.3, the syntax EPUB Media Overlays 3.3 requires of `clipBegin`,
/// `clipEnd` and `media:duration`), in seconds:
///
/// - a full clock value, `hours:minutes:seconds[.fraction]` (`5:34:31.396`; hours of any number of digits);
/// - a partial clock value, `minutes:seconds[.fraction]` (`12:32.5`);
/// - a timecount, `number[.fraction][metric]` with `h`, `min`, `s` or `ms` (`76.2s`, `7.75h`, `12345ms`, `12.3`:
///   seconds when no metric is given).
///
/// Minutes and seconds of the clock forms are two digits below 60. Leading and trailing white space is allowed; nil
/// for anything else (a negative value, an exponent, a unit SMIL does not have).
enum SMILClock {
    static func seconds(_ text: String) -> Double? {
        let value = text.trimmingWhiteSpace()
        guard !value.isEmpty else { return nil }
        if value.contains(":") { return clock(value) }
        return timecount(value)
    }

    private static func clock(_ value: String) -> Double? {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var hours = 0.0
        if parts.count == 3 {
            guard let h = digits(parts[0]) else { return nil }
            hours = h
        }
        let minutesText = parts[parts.count - 2], secondsText = parts[parts.count - 1]
        guard minutesText.count == 2, let minutes = digits(minutesText), minutes < 60 else { return nil }
        let whole = secondsText.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard whole[0].count == 2, let seconds = digits(whole[0]), seconds < 60 else { return nil }
        var fraction = 0.0
        if whole.count == 2 {
            guard let f = fractionValue(whole[1]) else { return nil }
            fraction = f
        }
        return hours * 3600 + minutes * 60 + seconds + fraction
    }

    private static func timecount(_ value: String) -> Double? {
        let metrics: [(String, Double)] = [("min", 60), ("ms", 0.001), ("h", 3600), ("s", 1)]
        var number = Substring(value), scale = 1.0
        for (metric, factor) in metrics where value.hasSuffix(metric) {
            number = value.dropLast(metric.count)
            scale = factor
            break
        }
        let whole = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integer = digits(whole[0]) else { return nil }
        var fraction = 0.0
        if whole.count == 2 {
            guard let f = fractionValue(whole[1]) else { return nil }
            fraction = f
        }
        let result = (integer + fraction) * scale
        return result.isFinite ? result : nil
    }

    /// A run of ASCII digits as a number; nil when empty or anything else.
    private static func digits(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double(text)
    }

    /// The digits after a decimal point as a fraction (`396` → 0.396); nil when empty or not digits.
    private static func fractionValue(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double("0." + text)
    }
}
