import TypesetCore

/// Reads a book's Media Overlays (EPUB Media Overlays 3.3): for each spine item whose manifest item names one
/// (`media-overlay`), in the text's order, the SMIL document's `par`s in document order, nested `seq`s walked with
/// a stack (no recursion a file could deepen), each `par`'s `text` resolved to a range of the book's text and its
/// `audio` to a clip; then the clips laid end to end on one timeline.
///
/// A clip without `clipEnd` runs to the next clip's `clipBegin` in the same file; the one clip of an overlay left
/// without an end runs to its file's end, which the overlay's `media:duration` gives (the overlay's length less its
/// other clips'); with no such duration it is a clip of no time, and a warning (only an audio decoder knows a file's
/// length).
///
/// What is not read: `epub:type` and `epub:textref` (structure for skippability and escapability, which an app
/// may want later).
struct MediaOverlayReader {
    /// One spine item's text, as the reader assembled it.
    struct ItemText {
        let range: Range<UTF16Offset>
        let anchors: [String: Int]
        let anchorEnds: [String: Int]
    }

    let archive: LibZipArchive
    let book: String
    let package: EPUBPackage
    /// Spine items in the text, by path.
    let items: [String: ItemText]
    let text: StyledText

    /// The narration, nil when no spine item has an overlay.
    func read(spine: [EPUBSpineItem], warnings: inout [String]) -> MediaOverlay? {
        var clips: [MediaOverlay.Clip] = []
        var seen: Set<String> = []
        let durations = overlayDurations()
        let ordered = spine.filter { $0.range != nil }.sorted { ($0.range?.lowerBound ?? 0) < ($1.range?.lowerBound ?? 0) }
        let manifestByPath = Dictionary(package.manifest.values.map { ($0.path, $0) }) { first, _ in first }
        for item in ordered {
            guard let overlayID = manifestByPath[item.href]?.mediaOverlay else { continue }
            guard let overlay = package.manifest[overlayID], seen.insert(overlay.path).inserted else { continue }
            guard overlay.mediaType == "application/smil+xml" || overlay.path.lowercased().hasSuffix(".smil") else {
                warnings.append("\(book): \(item.href)'s media overlay \(overlay.path) is \(overlay.mediaType), not application/smil+xml; not read")
                continue
            }
            var these = parClips(overlay.path, warnings: &warnings)
            closeOpenClip(&these, overlayDuration: durations[overlay.path])
            clips += these
        }
        guard !seen.isEmpty else { return nil }
        placeOnTimeline(&clips, warnings: &warnings)
        let activeClass = package.stated("media:active-class")
        var overlay = MediaOverlay(clips: clips, statedDuration: package.stated("media:duration").flatMap(SMILClock.seconds),
                                   overlayDurations: durations, activeClass: activeClass,
                                   playbackActiveClass: package.stated("media:playback-active-class"))
        let narrated = ordered.filter { manifestByPath[$0.href]?.mediaOverlay != nil }.map(\.href)
        overlay.activeColor = activeClass.flatMap { backgroundColor(ofClass: $0, narrated: narrated) }
        return overlay
    }

    /// The `background-color` the book's style sheets (its manifest's `text/css` items, in path order, then the
    /// `<style>` elements of the narrated documents, in spine order) give an element of class `name` alone (a rule
    /// whose selector's last compound has that class; the last such rule wins); nil when none does. The cascade's
    /// other rules are not consulted: this is the colour of the highlight, not a full style.
    private func backgroundColor(ofClass name: String, narrated: [String]) -> Color? {
        var sources: [String] = []
        let sheets = package.manifest.values.filter { $0.mediaType == "text/css" }.sorted { $0.path < $1.path }
        for item in sheets {
            guard let bytes = try? archive.read(item.path, limit: 1 << 20, countsTowardTotal: false) else { continue }
            sources.append(String(decoding: bytes, as: UTF8.self))
        }
        for path in narrated {
            guard let bytes = try? archive.read(path, limit: 1 << 22, countsTowardTotal: false),
                  let root = try? LibXMLReader.parse(bytes, entry: path, book: book).root,
                  let head = root.firstElement(named: "head") else { continue }
            sources += head.elements(named: "style").map(\.textContent)
        }
        var color: Color?
        for source in sources {
            let sheet = CSSStyleSheet(parsing: source)
            for rule in sheet.rules where rule.selector.pseudoElement == nil && rule.selector.compounds.last?.classes.contains(name) == true {
                for case .backgroundColor(let value?) in rule.declarations { color = value }
            }
        }
        return color
    }

    /// The clips of one SMIL document, in document order, times not yet placed.
    private func parClips(_ path: String, warnings: inout [String]) -> [MediaOverlay.Clip] {
        let root: XMLElement
        do {
            guard archive.contains(path) else {
                warnings.append("\(book): media overlay \(path) is missing from the archive; its narration is left out")
                return []
            }
            let result = try LibXMLReader.parse(try archive.read(path), entry: path, book: book)
            if let error = result.recoveredError { warnings.append("\(book): \(path) is not well-formed XML; recovered what libxml2 could (\(error))") }
            root = result.root
        } catch {
            warnings.append(error.message + "; its narration is left out")
            return []
        }
        guard let body = root.firstElement(named: "body") else {
            warnings.append("\(book): media overlay \(path) has no <body>; its narration is left out")
            return []
        }
        var clips: [MediaOverlay.Clip] = []
        var stack: [XMLElement] = body.elements.reversed()
        while let element = stack.popLast() {
            switch element.name {
            case "seq": stack.append(contentsOf: element.elements.reversed())
            case "par": if let clip = clip(of: element, overlay: path, warnings: &warnings) { clips.append(clip) }
            default: continue
            }
        }
        return clips
    }

    /// A `par`'s clip: its text's range, its audio's file and clip (placed on the timeline later).
    private func clip(of par: XMLElement, overlay: String, warnings: inout [String]) -> MediaOverlay.Clip? {
        guard let textElement = par.firstElement(named: "text"), let source = textElement.attribute("src"),
              case .inBook(let textPath, let fragment)? = EPUBPath.resolve(source, relativeTo: overlay) else {
            warnings.append("\(book): \(overlay): a <par> (line \(par.line)) has no <text src> in the book; skipped")
            return nil
        }
        let href = fragment.map { textPath + "#" + $0 } ?? textPath
        var clip = MediaOverlay.Clip(overlay: overlay, textHref: href, range: range(of: textPath, fragment: fragment),
                                     audio: nil, clipBegin: 0, clipEnd: nil, start: 0, end: 0)
        if clip.range == nil { warnings.append("\(book): \(overlay): <text src=\"\(source)\"> (line \(textElement.line)) names no element of the book's text; not highlighted") }
        guard let audio = par.firstElement(named: "audio") else { return clip }
        if let src = audio.attribute("src"), case .inBook(let audioPath, _)? = EPUBPath.resolve(src, relativeTo: overlay) {
            clip.audio = audioPath
        }
        if let value = audio.attribute("clipBegin") {
            if let seconds = SMILClock.seconds(value) { clip.clipBegin = seconds }
            else { warnings.append("\(book): \(overlay): clipBegin=\"\(value)\" (line \(audio.line)) is not a SMIL clock value; 0 is used") }
        }
        if let value = audio.attribute("clipEnd") {
            clip.clipEnd = SMILClock.seconds(value)
            if clip.clipEnd == nil { warnings.append("\(book): \(overlay): clipEnd=\"\(value)\" (line \(audio.line)) is not a SMIL clock value") }
        }
        return clip
    }

    /// The range of the element `fragment` names in the spine item at `path` (its content, without the paragraph
    /// break after a block), or the whole item's for no fragment; nil when the item is not in the text or has no
    /// such id.
    private func range(of path: String, fragment: String?) -> Range<UTF16Offset>? {
        let decodedPath = EPUBPath.percentDecoded(Substring(path))
        guard let item = items[decodedPath] ?? items[path] else { return nil }
        guard let fragment, !fragment.isEmpty else { return item.range }
        let id = EPUBPath.percentDecoded(Substring(fragment))
        guard let local = item.anchors[id] else { return nil }
        let start = min(item.range.lowerBound + local, item.range.upperBound)
        var end = item.anchorEnds[id].map { min(item.range.lowerBound + $0, item.range.upperBound) } ?? start
        if end <= start, let paragraph = text.paragraphIndex(containing: start) {
            // An element whose end was not recorded (read as flattened text): to the end of its paragraph.
            end = text.paragraphs[paragraph].contentDocumentRange.upperBound
        }
        // A block's end is after its paragraph break: the highlight stops at the content.
        if end > start, let paragraph = text.paragraphIndex(containing: end - 1) {
            end = max(start, min(end, text.paragraphs[paragraph].contentDocumentRange.upperBound))
        }
        return start..<max(start, end)
    }

    /// Ends the clips of one overlay that have no `clipEnd` at the next clip's `clipBegin` in the same file, and the
    /// one left open (the last of its file: it plays to the file's end) at what the overlay's stated duration leaves
    /// after its other clips, when it states one and that is more than nothing.
    private func closeOpenClip(_ clips: inout [MediaOverlay.Clip], overlayDuration: Double?) {
        for index in clips.indices.dropLast() where clips[index].audio != nil && clips[index].clipEnd == nil {
            if clips[index + 1].audio == clips[index].audio, clips[index + 1].clipBegin >= clips[index].clipBegin {
                clips[index].clipEnd = clips[index + 1].clipBegin
            }
        }
        let open = clips.indices.filter { clips[$0].audio != nil && clips[$0].clipEnd == nil }
        guard let duration = overlayDuration, open.count == 1, let index = open.first else { return }
        let others = clips.indices.reduce(0.0) { sum, other in
            guard other != index, clips[other].audio != nil, let end = clips[other].clipEnd else { return sum }
            return sum + max(0, end - clips[other].clipBegin)
        }
        if duration - others > 0.001 { clips[index].clipEnd = clips[index].clipBegin + (duration - others) }
    }

    /// Lays the clips end to end: each lasts `clipEnd − clipBegin`; a clip without an end runs to the next clip's
    /// begin in the same file (narration usually reads one file through), else lasts nothing (with a warning).
    private func placeOnTimeline(_ clips: inout [MediaOverlay.Clip], warnings: inout [String]) {
        var time = 0.0
        var unknown = 0
        for index in clips.indices {
            if clips[index].audio != nil, clips[index].clipEnd == nil {
                if index + 1 < clips.count, clips[index + 1].audio == clips[index].audio, clips[index + 1].clipBegin >= clips[index].clipBegin {
                    clips[index].clipEnd = clips[index + 1].clipBegin
                } else {
                    unknown += 1
                }
            }
            let length = clips[index].audio == nil ? 0 : max(0, (clips[index].clipEnd ?? clips[index].clipBegin) - clips[index].clipBegin)
            clips[index].start = time
            time += length
            clips[index].end = time
        }
        if unknown > 0 {
            warnings.append("\(book): \(unknown) narration clip\(unknown == 1 ? " has" : "s have") no clipEnd and no next clip in the same audio file; \(unknown == 1 ? "it is" : "they are") given no time")
        }
    }

    /// The value of the first `<meta property>` of the package with that property and refinement.


    /// `media:duration` refining each overlay's manifest item, by the overlay's path.
    private func overlayDurations() -> [String: Double] {
        var result: [String: Double] = [:]
        for meta in package.propertyMetas where meta.property == "media:duration" {
            guard let id = meta.refines, let item = package.manifest[id], let seconds = SMILClock.seconds(meta.value) else { continue }
            result[item.path] = seconds
        }
        return result
    }
}
