extension BookLayout {
    /// The direction this layout's pages turn in when the book does not say (an EPUB's
    /// `page-progression-direction` says, and wins): right to left for `vertical-rl` lines, and for horizontal text
    /// whose columns run right to left (``StyledText/columnProgression``, else most of its paragraphs right to
    /// left, as its columns are ordered).
    public var inferredPageProgression: PageProgression {
        PageProgression.inferred(writingMode: writingMode, mostlyRightToLeft: shaped.columnsRunRightToLeft)
    }
}
