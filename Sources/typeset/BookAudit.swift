import TypesetCore
import TypesetDocuments
import TypesetRender

/// The findings of a QA report that need the book but not a layout: characters without a font, images that
/// cannot be drawn, links and note references that lead nowhere, text the book's styles hide, CSS Typeset
/// ignores (``LayoutAudit`` makes those a layout shows).
enum BookAudit {
    /// Pixels the image check decodes per book at most (the renderer's budget for a whole book); images past
    /// it are counted in the result's `imagesNotDecoded`.
    static let decodeBudget = ImageLimits().maximumPixelsPerBook

    /// Adds every book-level finding to `findings`; returns how many images were not decoded (past the budget).
    static func audit(_ file: BookFile, coverage: FontCoverageReport, findings: inout FindingList,
                      budget: JobBudget) throws(JobLimitExceeded) -> Int {
        for missing in coverage.missing {
            findings.add(.missingGlyph, at: missing.firstOffset, [
                ("character", .string(String(Character(missing.scalar)))), ("codePoint", .string(missing.label)),
                ("occurrences", .integer(missing.occurrences)),
            ])
        }
        guard let book = file.epub else { return 0 }
        hiddenText(file.publication, findings: &findings)
        for link in book.brokenLinks {
            findings.add(link.isNoteReference ? .brokenNoteReference : .brokenLink, at: link.offset, [
                ("href", .string(link.href)), ("problem", .string(link.problem.rawValue)),
            ])
        }
        for declaration in book.ignoredCSS {
            let offset = file.publication.linkTarget(forHref: declaration.document)?.offset ?? 0
            findings.add(.ignoredCSS, at: offset, [
                ("property", .string(declaration.property)), ("value", .string(declaration.value)),
                ("sheet", .string(declaration.sheet)), ("styleAttribute", .bool(declaration.isStyleAttribute)),
                ("occurrences", .integer(declaration.occurrences)),
            ])
        }
        if book.ignoredCSSOverflow > 0 { findings.count(.ignoredCSS, extra: book.ignoredCSSOverflow) }
        try budget.check(stage: "checking links and styles")
        return try images(book, publication: file.publication, findings: &findings, budget: budget)
    }

    /// Text an EPUB's styles hide (`display: none`, `hidden`) outside its notes (footnotes are hidden from the
    /// flow and read in a popup), ruby annotations (set above their base) and list markers (a list styled
    /// `list-style: none` hides its generated numbers): one finding per hidden stretch that holds something other
    /// than white space. (A plain-text book's hidden units are its own markup, `_italics_`' underscores and
    /// Aozora's notes, and are not text.)
    static func hiddenText(_ publication: Publication, findings: inout FindingList) {
        for paragraph in publication.text.paragraphs where paragraph.hasHiddenUnits {
            let base = paragraph.range.lowerBound
            let markerEnd = paragraph.contentRange.lowerBound + paragraph.style.markerLength
            var stretch: Range<Int>?
            func flush() {
                guard let range = stretch else { return }
                stretch = nil
                guard publication.note(containing: range.lowerBound) == nil,
                      let first = range.first(where: { paragraph.units[$0 - base] > 0x20 }) else { return }
                findings.add(.invisibleText, at: first, [("range", .range(range)), ("reason", .string("hiddenByStyles"))])
            }
            for run in paragraph.runs where run.range.upperBound > markerEnd {
                let range = (base + max(markerEnd, run.range.lowerBound))..<(base + run.range.upperBound)
                if run.style.isHidden && run.style.ruby == nil {
                    if let open = stretch, open.upperBound == range.lowerBound { stretch = open.lowerBound..<range.upperBound } else {
                        flush()
                        stretch = range
                    }
                } else {
                    flush()
                }
            }
            flush()
        }
    }

    /// Images that are missing, unreadable or undecodable, each source decoded once within ``decodeBudget``.
    private static func images(_ book: EPUBBook, publication: Publication, findings: inout FindingList,
                               budget: JobBudget) throws(JobLimitExceeded) -> Int {
        var checked: [String: String?] = [:]
        var spent = 0, notDecoded = 0
        for image in book.images {
            guard let href = image.href else {
                findings.add(.imageUndecodable, at: image.offset, [("href", .null), ("reason", .string("the image is not in the book"))])
                continue
            }
            guard let size = image.pixelSize else {
                findings.add(.imageUndecodable, at: image.offset, [("href", .string(href)), ("reason", .string("no decoder reads its header"))])
                continue
            }
            if checked[href] == nil {
                let pixels = Int(min(size.width * size.height, 1e12))
                guard spent + pixels <= decodeBudget, let loader = publication.resourceLoader else {
                    notDecoded += 1
                    continue
                }
                spent += pixels
                checked[href] = decodeProblem(href, loader: loader, size: size)
                try budget.check(stage: "decoding images")
            }
            if case let problem?? = checked[href] {
                findings.add(.imageUndecodable, at: image.offset, [("href", .string(href)), ("reason", .string(problem))])
            }
        }
        return notDecoded
    }

    /// Why the image at `href` cannot be drawn, or nil when it decodes (an SVG is drawn at its own size).
    private static func decodeProblem(_ href: String, loader: any ResourceLoader, size: Size) -> String? {
        let limits = ImageLimits()
        do {
            let bytes = try loader.bytes(of: href, maximumSize: limits.maximumFileSize)
            let width = max(1, min(4096, Int(size.width.rounded()))), height = max(1, min(4096, Int(size.height.rounded())))
            _ = try ImageDecoder.decode(bytes, svgSize: (width, height), limits: limits)
            return nil
        } catch let error as ResourceError {
            return error.description
        } catch let error as RenderError {
            return error.message
        } catch {
            return "\(error)"
        }
    }
}
