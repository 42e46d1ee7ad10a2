/// What a table's cells need of its columns before the table's width is known: each column's narrowest and widest
/// widths from its content (padding and borders included), and the widths the book gives it: lengths, and
/// percentages of the table's width.
///
/// Percentages are of the table's width, which for a table without one its content decides, as browsers do (CSS
/// Tables 3 §3.9.3's "percent basis", Gecko's and Blink's auto layout): wide enough that each percentage column gets
/// its share of it while holding its widest content, and that the other columns' widest content fits in what the
/// percentages leave; never wider than the room it has. Two 30 % columns of one word each make a table about 3.3
/// times a word wide, each column half of it, where a table of long text in them fills its column.
struct ColumnNeeds {
    var minimum: [Float]
    var maximum: [Float]
    /// The widest length given for each column, in points (0 for none), and the largest percentage (0 to 100).
    var lengths: [Float]
    var percentages: [Float]

    init(columnCount: Int) {
        minimum = Array(repeating: 0, count: columnCount)
        maximum = minimum
        lengths = minimum
        percentages = minimum
    }

    /// Notes the width `width` a cell or `<col>` gives `column` (a length of its content box, `inset` more).
    mutating func give(_ width: TableCell.TableWidth?, column: Int, inset: Float, base: Float) {
        switch width {
        case .percent(let percent)?: percentages[column] = max(percentages[column], Float(percent))
        case .ems(let value)?: lengths[column] = max(lengths[column], Float(value) * base + inset)
        case nil: break
        }
    }

    /// The width an auto-width table's percentages are of, in points (its columns' room, without its gaps): at
    /// least every percentage column's widest content over its percentage, the other columns' widest over what
    /// the percentages leave, and all columns' widest side by side; at most `available`, at least their narrowest.
    /// Nil when no column has a percentage.
    func percentBasis(available: Float) -> Float? {
        let total = percentages.reduce(0, +)
        guard total > 0 else { return nil }
        var sum: Float = 0, byPercentage: Float = 0, others: Float = 0
        for column in percentages.indices {
            let want = max(maximum[column], lengths[column])
            sum += want
            if percentages[column] > 0 {
                byPercentage = max(byPercentage, want * 100 / percentages[column])
            } else {
                others += want
            }
        }
        var widest = max(sum, byPercentage)
        // Columns without a percentage need what the percentages leave; none is left at 100 % or more.
        if others > 0 { widest = total < 100 ? max(widest, others * 100 / (100 - total)) : available }
        let narrowest = minimum.reduce(0, +)
        guard widest.isFinite else { return max(available, narrowest) }
        return max(min(widest, available), narrowest)
    }

    /// The columns that take the room a table wider than its content leaves: those without a percentage, when
    /// some have one (their percentage is their share, as browsers keep it); nil for all.
    var growing: [Bool]? {
        guard percentages.contains(where: { $0 > 0 }), percentages.contains(0) else { return nil }
        return percentages.map { $0 == 0 }
    }

    /// The columns' narrowest and widest widths with the given widths applied, percentages of `basis` points: a
    /// column given a width wants that width (more than its content, or less when its content would be wider),
    /// never below its narrowest; percentages that fit together (at most 100 %) are each column's share at least,
    /// as browsers give such columns their share first (within `room`).
    func resolved(percentsOf basis: Float, room: Float) -> (minimum: [Float], maximum: [Float]) {
        var minimum = self.minimum, maximum = self.maximum
        let fit = percentages.reduce(0, +) <= 100
        for column in minimum.indices {
            let given = max(lengths[column], percentages[column] / 100 * basis)
            if given > 0 { maximum[column] = given }
            if fit && percentages[column] > 0 { minimum[column] = max(minimum[column], min(given, room)) }
            maximum[column] = max(maximum[column], minimum[column])
        }
        return (minimum, maximum)
    }
}
