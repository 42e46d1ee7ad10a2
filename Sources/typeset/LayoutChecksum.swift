import TypesetCore

/// A checksum of a layout, so that two runs (two builds, two machines, a catalogue and its rerun) can be compared
/// without keeping the layouts: 64-bit FNV-1a over every page (its range, size and section) and, on each, every
/// line (its range, box, baseline and whether it ends with a hyphen) and every object (its unit and box), in
/// order. Lengths in points are hashed as whole 1/64 pt, so that the checksum does not depend on how a float
/// prints; the same build gives the same checksum for the same book, settings and fonts on any machine (the
/// reference profile's fonts are the bundled ones, for that reason).
struct LayoutChecksum {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `fnv1a64:0123456789abcdef`.
    var text: String {
        let hex = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    mutating func add(_ integer: Int) {
        var bits = UInt64(bitPattern: Int64(integer))
        for _ in 0..<8 {
            value = (value ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
            bits >>= 8
        }
    }

    /// A length in points, as whole 1/64 pt (NaN and infinities as one value each).
    mutating func add(points: Double) {
        let scaled = (points * 64).rounded()
        add(scaled.isFinite && abs(scaled) < 1e18 ? Int(scaled) : Int.min)
    }

    mutating func add(_ rect: Rect) {
        add(points: rect.minX); add(points: rect.minY); add(points: rect.width); add(points: rect.height)
    }

    mutating func add(_ range: Range<Int>) {
        add(range.lowerBound); add(range.upperBound)
    }

    /// Page `pageIndex` of `layout`, numbered `number` in the book (a layout of some sections numbers from 0).
    mutating func add(page pageIndex: Int, number: Int, of layout: BookLayout, lines: [Line], attachments: [PlacedAttachment]) {
        let page = layout.pages[pageIndex]
        add(number); add(page.range); add(points: page.size.width); add(points: page.size.height); add(page.section)
        add(lines.count)
        for line in lines {
            add(line.range); add(line.rect); add(points: line.baseline); add(line.isHyphenated ? 1 : 0)
        }
        add(attachments.count)
        for attachment in attachments {
            add(attachment.range); add(attachment.rect)
        }
    }
}
