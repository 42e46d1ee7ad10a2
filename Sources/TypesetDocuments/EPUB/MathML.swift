import TypesetCore

/// MathML outside a book: a `<math>` element as a `MathFormula`, to attach to a text
/// (`TextAttachment.init(formula:presentation:)`) as the EPUB reader does.
///
/// ```swift
/// let formula = try MathML.formula(#"<math xmlns="http://www.w3.org/1998/Math/MathML"><mfrac><mn>1</mn><mn>2</mn></mfrac></math>"#)
/// let style = TextStyle(attachment: TextAttachment(formula: formula))
/// ```
public enum MathML {
    /// The formula of a MathML document whose root is a `math` element in the MathML namespace.
    ///
    /// - Parameter fontFamilies: The families to set it in, first that has an OpenType MATH table (the bundled math
    ///   font otherwise), as CSS `font-family` gives them for a book's formula.
    /// - Parameter xml: The MathML document's text.
    /// - Throws: ``DocumentError`` `.malformed` when the text is not well-formed XML or its root is not MathML's
    ///   `math`.
    public static func formula(_ xml: String, fontFamilies: [String] = []) throws(DocumentError) -> MathFormula {
        let root = try LibXMLReader.parse(Array(xml.utf8), entry: "formula", book: "MathML").root
        guard root.namespace == XMLNamespace.mathml, root.lowercasedName == "math" else {
            throw DocumentError(.malformed, "MathML: the root element is <\(root.name)>, not a <math> in the MathML namespace")
        }
        return XHTMLConverter.formula(ElementPath(root: root), isDisplay: root.attribute("display")?.lowercased() == "block",
                                      fontFamilies: fontFamilies)
    }
}
