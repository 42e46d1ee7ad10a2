import TypesetCore

/// Lays a whole book out a few sections at a time, for a job: each group of sections is shaped, laid out, taken
/// in by a ``LayoutAudit`` and dropped, and the job's budget is checked between groups. A section's pages never
/// depend on another section's, so the pages, lines and checksum are those of the whole-book layout; memory
/// stays that of a group, and a job over its time or pages stops at the next group rather than at the end.
enum BookLayoutPass {
    /// UTF-16 units a group of sections holds at most (a longer section is a group of its own): small enough
    /// that checks come every few tens of milliseconds, large enough that the typesetter's threads have work.
    static let groupUnits = 250_000

    /// Lays `text` out with `typesetter` under `settings` into `audit`; `name` names the layout in messages.
    static func run(_ text: StyledText, typesetter: Typesetter, settings: ReaderSettings, audit: inout LayoutAudit,
                    budget: JobBudget, name: String) throws {
        let sections = text.sectionStarts.count
        guard sections > 1 else {
            audit.add(try typesetter.layout(text, settings: settings.typography, mode: settings.mode))
            try budget.check(pages: audit.pages, stage: "after laying out the book (\(name))")
            return
        }
        let shaping = ShapingSettings(settings.typography)
        var first = 0
        while first < sections {
            var end = first + 1, units = text.range(ofSection: first).count
            while end < sections, units + text.range(ofSection: end).count <= groupUnits {
                units += text.range(ofSection: end).count
                end += 1
            }
            let shaped = try typesetter.shape(text, settings: shaping, sections: first..<end)
            audit.add(try typesetter.layout(shaped, settings: settings.typography, mode: settings.mode))
            try budget.check(pages: audit.pages, stage: "after laying out section \(end) of \(sections) (\(name))")
            first = end
        }
    }
}
