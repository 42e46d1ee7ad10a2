extension XHTMLConverter {
    /// The label of a page-break marker (EPUB's `epub:type="pagebreak"`, DPUB-ARIA's `role="doc-pagebreak"`, on
    /// any element: an empty `<span/>`, an `<a id>`, a `<div>`, visible or hidden): its `title`, else its
    /// `aria-label`, else its text. Nil for any other element, and for a marker without a label (nothing to cite).
    static func pageBreakLabel(_ element: XMLElement) -> String? {
        // Asked of every element: most have neither attribute, and then nothing is split.
        let type = element.attribute("type", namespace: XMLNamespace.ops), role = element.attribute("role")
        guard type != nil || role != nil else { return nil }
        let types = (type ?? "").split(whereSeparator: \.isWhitespace)
        let roles = (role ?? "").split(whereSeparator: \.isWhitespace)
        guard types.contains("pagebreak") || roles.contains("doc-pagebreak") else { return nil }
        for candidate in [element.attribute("title"), element.attribute("aria-label"), element.textContent] {
            if let candidate {
                let label = XMLElement.collapseWhiteSpace(candidate)
                if !label.isEmpty { return label }
            }
        }
        return nil
    }
}
