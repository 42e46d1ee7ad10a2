/// `list-style-type`, `list-style-position`, `list-style-image` and their shorthand `list-style` (CSS Lists 3).
enum ListStyleDeclaration: Equatable, Sendable {
    /// `list-style-type` (nil for `none`).
    case type(ListStyleType?)
    /// `list-style-position`: `inside` (true) or `outside` (false).
    case position(inside: Bool)
    /// `list-style-image`, or nil for `none`.
    case image(ListStyleImage?)

    /// The declarations of `property: value`; empty when the value is invalid (CSS ignores the declaration).
    static func parse(property: String, value: Substring) -> [ListStyleDeclaration] {
        let tokens = CSSValueToken.tokens(value)
        switch property {
        case "list-style-type":
            if isNone(tokens) { return [.type(nil)] }
            return ListStyleType(tokens).map { [.type($0)] } ?? []
        case "list-style-position":
            return tokens.count == 1 ? position(tokens[0]).map { [.position(inside: $0)] } ?? [] : []
        case "list-style-image":
            if isNone(tokens) { return [.image(nil)] }
            guard tokens.count == 1, case .url(let url) = tokens[0] else { return [] }
            return [.image(ListStyleImage(url: url))]
        case "list-style":
            return shorthand(tokens)
        default:
            return []
        }
    }

    private static func isNone(_ tokens: [CSSValueToken]) -> Bool {
        guard tokens.count == 1, case .ident(let word) = tokens[0] else { return false }
        return word.lowercased() == "none"
    }

    private static func position(_ token: CSSValueToken) -> Bool? {
        guard case .ident(let word) = token else { return nil }
        switch word.lowercased() {
        case "inside": return true
        case "outside": return false
        default: return nil
        }
    }

    /// `list-style: [type] [position] [image]` in any order, each at most once. A `none` is the type or the
    /// image, whichever the value does not give otherwise (two `none`s are both). What is left out takes its
    /// initial value (`disc`, `outside`, `none`), as every shorthand resets its longhands.
    private static func shorthand(_ tokens: [CSSValueToken]) -> [ListStyleDeclaration] {
        var type: ListStyleType?, inside: Bool?, image: ListStyleImage?
        var nones = 0
        for token in tokens {
            if case .ident(let word) = token, word.lowercased() == "none" { nones += 1; continue }
            if inside == nil, let value = position(token) { inside = value; continue }
            if image == nil, case .url(let url) = token { image = ListStyleImage(url: url); continue }
            if type == nil, let value = ListStyleType([token]) { type = value; continue }
            return []
        }
        // Each `none` fills a longhand the value left out: the type first, then the image.
        let free = (type == nil ? 1 : 0) + (image == nil ? 1 : 0)
        guard nones <= free else { return [] }
        let typeIsNone = type == nil && nones >= 1
        return [.type(typeIsNone ? nil : (type ?? .named("disc"))), .position(inside: inside ?? false), .image(image)]
    }
}

/// The image of `list-style-image`: its URL as written, until it is resolved to a path in the book (a sheet's
/// against the sheet by ``StyleSheetLoader``, a `style` attribute's against its document by the converter).
struct ListStyleImage: Equatable, Sendable {
    var url: String
    /// Whether ``url`` is a path in the book (or a `data:` URL) already.
    var isResolved = false
}

extension CSSStyleSheet {
    /// Resolves the `list-style-image` URLs of the sheet read from entry `path` against it; a URL outside the
    /// book becomes `none`, as an image that cannot load (the list's type draws the marker).
    mutating func resolveListStyleImages(relativeTo path: String) {
        rewriteDeclarations { declaration in
            guard case .listStyle(.image(let image?)) = declaration, !image.isResolved else { return declaration }
            return .listStyle(.image(image.resolved(relativeTo: path)))
        }
    }
}

extension ListStyleImage {
    /// The image resolved against entry `path`; nil when it is not in the book.
    func resolved(relativeTo path: String) -> ListStyleImage? {
        if isResolved { return self }
        if DataURL.isDataURL(url) { return ListStyleImage(url: url, isResolved: true) }
        guard case .inBook(let entry, _)? = EPUBPath.resolve(url, relativeTo: path) else { return nil }
        return ListStyleImage(url: entry, isResolved: true)
    }
}
