import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetTestSupport

/// CSS Fonts 4's generic families as a book's `font-family` lists end with them: `sans-serif` and `system-ui` draw
/// fontconfig's sans-serif face (the bundled Noto Sans here), `monospace` its monospace face, `serif`, `cursive`
/// and `fantasy` the reader's family; a family the book neither embeds nor names generically is passed over. Each
/// test renders as a reference that embeds the same face under a name of its own, and differs from the body face.
@Suite struct GenericFamilyReftests {
    /// The reftest settings with the reader's family left to the book (a family the reader chose replaces the
    /// book's, generic ones too).
    static var settings: ReaderSettings {
        var settings = Reftest.settings
        settings.typography.userSet.remove("font")
        return settings
    }

    static let text = "<p>The quick brown fox jumps over the lazy dog, 1234.</p><p>Hamburgefonstiv.</p>"

    static func fontFile(_ name: String) throws -> (name: String, bytes: [UInt8]) {
        (name, [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontsDirectory + "/" + name))))
    }

    /// A reference drawing the text in the bundled file `file`, embedded as "Reference Face".
    static func reference(_ file: String) throws -> Reftest.Book {
        Reftest.Book(body: text, css: "@font-face { font-family: 'Reference Face'; src: url(\(file)) }\nbody { font-family: 'Reference Face' }",
                     files: [try fontFile(file)])
    }

    static func render(_ book: Reftest.Book) throws -> Reftest.Rendering { try Reftest.render(book, settings: settings) }

    @Test(arguments: ["sans-serif", "Helvetica, Arial, sans-serif", "'Gill Sans', system-ui", "system-ui, serif",
                      "\"Not Installed\", sans-serif, serif"])
    func sansSerifListsDrawTheSansFace(_ list: String) throws {
        let test = try Self.render(Reftest.Book(body: Self.text, css: "body { font-family: \(list) }"))
        let mismatch = Reftest.mismatch(test, try Self.render(try Self.reference("NotoSans-Regular.ttf")))
        #expect(mismatch == nil, "\(list): \(mismatch ?? "")")
        // Not the body face: the test can fail.
        #expect(Reftest.mismatch(test, try Self.render(Reftest.Book(body: Self.text))) != nil, "\(list) drew the body face")
    }

    @Test(arguments: ["serif", "Georgia, serif", "cursive", "'Zapfino', fantasy", "serif, sans-serif"])
    func serifCursiveAndFantasyDrawTheReadersFamily(_ list: String) throws {
        let test = try Self.render(Reftest.Book(body: Self.text, css: "body { font-family: \(list) }"))
        let mismatch = Reftest.mismatch(test, try Self.render(try Self.reference("CharisSIL-Regular.ttf")))
        #expect(mismatch == nil, "\(list): \(mismatch ?? "")")
    }

    /// A family the reader chose replaces generic families too.
    @Test func theReadersChoiceReplacesAGenericFamily() throws {
        let test = try Reftest.render(Reftest.Book(body: Self.text, css: "body { font-family: sans-serif }"))
        let reference = try Reftest.render(Reftest.Book(body: Self.text))
        #expect(Reftest.mismatch(test, reference) == nil)
    }
}
