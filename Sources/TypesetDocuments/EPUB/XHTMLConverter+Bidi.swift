import TypesetCore

extension XHTMLConverter {
    /// The directional embedding an inline element opens around its text, inside its parent's, or nil for none
    /// (CSS Writing Modes 3 §2.2 `unicode-bidi` and `direction`; HTML §15.3.5's rendering rules `[dir], bdi
    /// { unicode-bidi: isolate }` and `bdo { unicode-bidi: isolate-override }`, applied when no rule sets
    /// `unicode-bidi`). A block's direction is its paragraphs' base direction instead (``enterBlock(_:style:parent:)``).
    ///
    /// The direction is the element's (its `dir` attribute or `direction`), none for `dir="auto"`, a `<bdi>` without
    /// `dir` and `plaintext` (an isolate takes its first strong character's: FSI); an override with `dir="auto"`
    /// takes its text's first strong character's.
    func bidiEmbedding(_ element: XMLElement, style: ComputedStyle, kind: Category, parent: InlineContext) -> BidiEmbedding? {
        guard kind == .inline else { return nil }
        let name = element.lowercasedName
        let dir = element.attribute("dir")?.trimmingWhiteSpace().lowercased()
        let unicodeBidi: CSSDeclaration.UnicodeBidi
        if let declared = style.unicodeBidi {
            unicodeBidi = declared
        } else if name == "bdo" {
            unicodeBidi = .isolateOverride
        } else if name == "bdi" || dir != nil {
            unicodeBidi = .isolate
        } else {
            return nil
        }
        let automatic = dir == "auto" || (name == "bdi" && dir != "ltr" && dir != "rtl")
        let direction = automatic ? nil : style.direction
        let kind: BidiEmbedding.Kind
        switch unicodeBidi {
        case .normal: return nil
        case .embed: kind = .embed
        case .isolate: kind = .isolate
        case .bidiOverride: kind = .override
        case .isolateOverride: kind = .isolateOverride
        case .plaintext: return BidiEmbedding(kind: .plaintext, direction: nil, parent: parent.bidi)
        }
        // An isolate without a direction takes its text's first strong one (FSI); an embedding or override needs
        // one: its text's when `dir="auto"`, else left to right, CSS's initial `direction`.
        let stated = direction ?? (kind == .isolate ? nil
            : automatic ? WritingDirection(firstStrongOf: element.textContent) : .leftToRight)
        return BidiEmbedding(kind: kind, direction: stated, parent: parent.bidi)
    }
}
