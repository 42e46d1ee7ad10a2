import TypesetCore
import TypesetDocuments
import TypesetRender

/// A book's cover as a PNG thumbnail for a catalogue (`--covers DIR`, a job's `"covers"`).
enum CoverThumbnail {
    /// The thumbnail's width in pixels; its height keeps the cover's proportions.
    static let width = 320

    /// `{"href", "thumbnail", "width", "height"}` for a book with a cover (``Publication/cover``, as `typeset
    /// cover` finds it; `thumbnail` null when no folder was given, with `"error"` when it could not be made), null
    /// for one without (a plain-text book, an EPUB without a cover image).
    static func json(_ file: BookFile, folder: String?, name: String) -> JSONWriter.Value {
        guard let href = file.publication.cover else { return .null }
        var members: [(String, JSONWriter.Value)] = [("href", .string(href))]
        guard let folder else { return .object(members + [("thumbnail", .null)]) }
        let path = folder + "/" + fileName(for: name)
        do {
            let (width, height) = try write(href, of: file.publication, to: path)
            members += [("thumbnail", .string(path)), ("width", .integer(width)), ("height", .integer(height))]
        } catch {
            members += [("thumbnail", .null), ("error", .string(error.message))]
        }
        return .object(members)
    }

    /// Decodes the cover, scales it to ``width`` pixels wide (``CoverCommand/thumbnail(of:width:limits:)``) and
    /// writes it as a PNG to `path` (beside and renamed, as every output of the tool).
    static func write(_ href: String, of publication: Publication, to path: String) throws(Problem) -> (Int, Int) {
        guard let loader = publication.resourceLoader else { throw Problem(message: "the book's images cannot be read") }
        let limits = ImageLimits()
        do {
            let bytes = try loader.bytes(of: href, maximumSize: limits.maximumFileSize)
            let thumbnail = try CoverCommand.thumbnail(of: bytes, width: width, limits: limits)
            try PNGEncoder.createFolder(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
            try PNGEncoder.write(thumbnail, to: path)
            return (thumbnail.width, thumbnail.height)
        } catch let error as ResourceError {
            throw Problem(message: "cover \(href): \(error.description)")
        } catch let error as RenderError {
            throw Problem(message: "cover \(href): \(error.message)")
        } catch {
            throw Problem(message: "cover \(href): \(error)")
        }
    }

    /// Why a thumbnail could not be made, in one line.
    struct Problem: Error { let message: String }

    /// A file name for the book named `name` (its catalogue id, else its path): the name with every character
    /// but letters, digits, `.`, `-` and `_` made `_`, and 8 hex digits of its hash, so that two books never share
    /// a thumbnail.
    static func fileName(for name: String) -> String {
        let safe = String(name.unicodeScalars.suffix(80).map { scalar -> Character in
            let c = Character(scalar)
            return scalar.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-" || c == "_") ? c : "_"
        })
        var hash = LayoutChecksum()
        for byte in name.utf8 { hash.add(Int(byte)) }
        return safe + "-" + String(hash.text.suffix(8)) + ".png"
    }
}
