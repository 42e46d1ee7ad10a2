/// Reads a document's publisher style sheets out of the book: its `<link rel="stylesheet">` and `<style>`
/// elements in document order, each with the sheets it `@import`s first (as the cascade orders them), and the
/// `@font-face` rules of all of them with their sources resolved to entries of the book.
///
/// Every cost is bounded: a linked or imported sheet is read up to ``maximumSheetBytes``, the `<style>`
/// elements of one document together up to the same, imports nest at most ``maximumImportDepth`` deep (a sheet
/// importing itself, directly or not, is read once), and a document's sheets hold at most
/// ``CSSStyleSheet/maximumRules`` rules. Linked sheets are parsed once per book.
struct StyleSheetLoader {
    let archive: LibZipArchive
    /// What was left out, one line each, naming the book and the entry.
    private(set) var warnings: [String] = []
    /// The entries the manifest lists (nil until the package is read): a sheet it does not list is not used.
    var listed: Set<String>?
    /// Linked sheets by entry path, their imports included.
    private var cache: [String: CSSStyleSheet] = [:]
    /// Linked sheets' text, by entry path, for inline `<svg>` drawings.
    private var sourceTexts: [String: String] = [:]
    /// Where the declarations the parser drops are recorded, when asked (``EPUBReader/Options/reportsIgnoredCSS``).
    var ignoredCSS: IgnoredCSSCollector?
    /// The document whose sheets are being read (for ``ignoredCSS``).
    private var document = ""

    /// The most bytes of one style sheet, and of one document's `<style>` elements together.
    static let maximumSheetBytes = 2 << 20
    /// How deep `@import` rules may nest.
    static let maximumImportDepth = 8

    init(archive: LibZipArchive) { self.archive = archive }

    /// The combined publisher sheet of the document whose root element is `root`, at entry `path`: its sheets in
    /// document order, each under its `media` and, for a `<link>`, under the selection of its style set
    /// (``AlternateStyleSheets``).
    mutating func sheet(for root: XMLElement, path: String) -> CSSStyleSheet {
        document = path
        var combined = CSSStyleSheet()
        let ordered = Self.styleElements(of: root)
        let links = ordered.filter { $0.name == "link" && AlternateStyleSheets.relations(of: $0).contains("stylesheet") }
        let sets = AlternateStyleSheets(links: links)
        var inlineBytes = 0
        var truncated = false
        for element in ordered {
            let media = element.attribute("media").map(MediaQueryList.init(parsing:))
            if element.name == "style" {
                let source = element.textContent
                inlineBytes += source.utf8.count
                guard inlineBytes <= StyleSheetLoader.maximumSheetBytes else {
                    warnings.append("\(archive.bookName): \(path): <style> elements hold more than \(StyleSheetLoader.maximumSheetBytes) bytes; the rest are ignored")
                    break
                }
                var visited: Set<String> = []
                let sheet = resolved(CSSStyleSheet(parsing: source, ignored: sink(path)), at: path, depth: 0, visited: &visited)
                truncated = !combined.append(sheet, media: [media].compactMap { $0 }) || truncated
                continue
            }
            guard let link = links.firstIndex(where: { $0 === element }), let href = element.attribute("href"),
                  case .inBook(let sheetPath, _)? = EPUBPath.resolve(href, relativeTo: path) else { continue }
            let conditions = [media, sets.condition(of: link)].compactMap { $0 }
            guard !conditions.contains(where: { $0.constantValue == false }) else { continue }
            var visited: Set<String> = []
            truncated = !combined.append(linked(sheetPath, depth: 0, visited: &visited), media: conditions) || truncated
        }
        if truncated {
            warnings.append("\(archive.bookName): \(path): its style sheets hold more than \(CSSStyleSheet.maximumRules) rules; the rest are ignored")
        }
        return combined
    }

    /// Where the parser records what it drops from the sheet at `sheet`, or nil when that is not asked.
    func sink(_ sheet: String, styleAttribute: Bool = false) -> IgnoredCSSSink? {
        ignoredCSS.map { IgnoredCSSSink(collector: $0, sheet: sheet, document: document, isStyleAttribute: styleAttribute) }
    }

    /// The document's `<link>` and `<style>` elements, in document order.
    private static func styleElements(of root: XMLElement) -> [XMLElement] {
        var stack: [XMLElement] = [root]
        var ordered: [XMLElement] = []
        while let element = stack.popLast() {
            if element.name == "link" || element.name == "style" { ordered.append(element) }
            if element.name != "style" { element.pushChildElementsReversed(onto: &stack) }
        }
        return ordered
    }

    /// The text of the document's `<style>` elements and linked sheets, in document order (their `@import`s are
    /// not followed), within the same bounds as ``sheet(for:path:)``: what an inline `<svg>` drawing is given
    /// as its own style sheet, since a browser styles it with the document's CSS. Sheets whose media never apply
    /// on a screen, and alternate style sheets, are left out.
    mutating func sourceText(for root: XMLElement, path: String) -> String {
        var text = ""
        for element in Self.styleElements(of: root) where text.utf8.count <= StyleSheetLoader.maximumSheetBytes {
            guard element.attribute("media").map({ MediaQueryList(parsing: $0).constantValue != false }) ?? true else { continue }
            if element.name == "style" {
                text += element.textContent + "\n"
                continue
            }
            let relations = AlternateStyleSheets.relations(of: element)
            guard relations.contains("stylesheet"), !relations.contains("alternate"), let href = element.attribute("href"),
                  case .inBook(let sheetPath, _)? = EPUBPath.resolve(href, relativeTo: path), archive.contains(sheetPath) else { continue }
            if sourceTexts[sheetPath] == nil {
                let bytes = (try? archive.read(sheetPath, limit: StyleSheetLoader.maximumSheetBytes)) ?? []
                sourceTexts[sheetPath] = String(decoding: bytes, as: UTF8.self)
            }
            text += (sourceTexts[sheetPath] ?? "") + "\n"
        }
        return text
    }

    /// The sheet at entry `sheetPath` with its imports, from the cache or read now; empty when it is missing or
    /// unreadable (with a warning).
    private mutating func linked(_ sheetPath: String, depth: Int, visited: inout Set<String>) -> CSSStyleSheet {
        if let cached = cache[sheetPath] { return cached }
        guard visited.insert(sheetPath).inserted else { return CSSStyleSheet() }  // an import cycle
        var sheet = CSSStyleSheet()
        // A missing sheet is no sheet, without a warning; an unlisted one is refused with one.
        if archive.contains(sheetPath), let refusal = archive.refusal(of: sheetPath, listed: listed) {
            warnings.append("\(archive.bookName): style sheet \(sheetPath) \(refusal); ignored")
        } else if archive.contains(sheetPath) {
            do {
                let bytes = try archive.read(sheetPath, limit: StyleSheetLoader.maximumSheetBytes)
                sheet = resolved(CSSStyleSheet(parsing: String(decoding: bytes, as: UTF8.self), ignored: sink(sheetPath)), at: sheetPath,
                                 depth: depth, visited: &visited)
            } catch {
                warnings.append(error.message + " (style sheet ignored)")
            }
        }
        cache[sheetPath] = sheet
        return sheet
    }

    /// `sheet` (read from entry `path`) with its imported sheets before its own rules and its font sources
    /// resolved to entries of the book.
    private mutating func resolved(_ sheet: CSSStyleSheet, at path: String, depth: Int,
                                   visited: inout Set<String>) -> CSSStyleSheet {
        var own = sheet
        own.fontFaces = sheet.fontFaces.compactMap { face in
            var face = face
            face.sources = face.sources.compactMap { source in
                if case .inBook(let fontPath, _)? = EPUBPath.resolve(source, relativeTo: path) { return fontPath }
                return nil
            }
            return face.sources.isEmpty ? nil : face
        }
        own.resolveListStyleImages(relativeTo: path)
        own.resolveBackgroundImages(relativeTo: path)
        guard !sheet.imports.isEmpty else { return own }
        var combined = CSSStyleSheet()
        if depth < StyleSheetLoader.maximumImportDepth {
            for rule in sheet.imports {
                guard case .inBook(let importPath, _)? = EPUBPath.resolve(rule.url, relativeTo: path) else { continue }
                combined.append(linked(importPath, depth: depth + 1, visited: &visited), media: [rule.media].compactMap { $0 })
            }
        } else {
            warnings.append("\(archive.bookName): \(path): @import nests more than \(StyleSheetLoader.maximumImportDepth) deep; the deeper sheets are ignored")
        }
        combined.append(own)
        return combined
    }
}
