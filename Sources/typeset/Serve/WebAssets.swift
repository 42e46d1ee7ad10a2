/// The reader's HTML, CSS and JavaScript (`Serve/Web/`), compiled into the executable by SwiftPM
/// (`.embedInCode`), so an installed `typeset` needs no folder beside it.
enum WebAssets {
    struct File {
        let bytes: [UInt8]
        let contentType: String
    }

    /// `GET /static/NAME`: only these names; anything else is 404 (no path is ever read from the request).
    static func file(named name: String) -> File? {
        switch name {
        case "reader.js": File(bytes: PackageResources.reader_js, contentType: "text/javascript; charset=utf-8")
        case "reader.css": File(bytes: PackageResources.reader_css, contentType: "text/css; charset=utf-8")
        case "library.css": File(bytes: PackageResources.library_css, contentType: "text/css; charset=utf-8")
        default: nil
        }
    }

    /// The reader page, the same for every book (its script reads the book's id from the address).
    static var readerPage: String { String(decoding: PackageResources.reader_html, as: UTF8.self) }
}
