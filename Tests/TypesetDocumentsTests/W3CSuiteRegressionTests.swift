import CLibZip
import Foundation
import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// Tests of the W3C EPUB 3 suite that guard fixes made while running it, kept in `Tests/Conformance/Regressions`
/// (see its README: W3C licence, photographs downscaled). Each folder is zipped here as the suite's
/// `generateEpubs.sh` does: `mimetype` first and stored, the rest deflated.
@Suite struct W3CSuiteRegressionTests {
    static let folder = Fixtures.repositoryRoot + "/Tests/Conformance/Regressions"

    static func archive(_ id: String, method: Int32? = nil) throws -> EPUBTestArchive {
        let root = folder + "/" + id
        var archive = EPUBTestArchive()
        archive.add("mimetype", bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/mimetype"))), stored: true)
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        var names: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue,
               name != "mimetype" {
                names.append(name)
            }
        }
        for name in names.sorted() {
            var entry = EPUBTestArchive.Entry(name: name, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + name))))
            entry.method = method
            archive.entries.append(entry)
        }
        return archive
    }

    static func read(_ id: String) throws -> EPUBBook {
        try EPUBTestReading.read(try archive(id), name: id + ".epub")
    }

    @Test func titleAndCreatorDirections() throws {
        #expect(try Self.read("pkg-dir_rtl-root-unset").metadata.titleDirection == .rightToLeft)
        #expect(try Self.read("pkg-dir-auto_root-rtl").metadata.titleDirection == .leftToRight)
        #expect(try Self.read("pkg-dir_creator-rtl").metadata.authorDirections == [.rightToLeft])
    }

    @Test func pagesOfARightToLeftBookTurnRightToLeftByDefault() throws {
        let book = try Self.read("pkg-spine-progression-default")
        #expect(book.pageProgression == .default && book.readingProgression == .rightToLeft)
    }

    @Test func navigationLabelsAndNavigationInTheSpine() throws {
        #expect(try Self.read("nav-non-text_img").tableOfContents.map(\.title) == ["Start page", "Description of the Abbey of Sénanque"])
        for id in ["nav-spine_in-spine-no-list-style", "nav-spine_in-spine-hidden-toc-html"] {
            let book = try Self.read(id)
            let markers = book.text.paragraphs.filter { $0.style.role == .listItem }.compactMap(\.runs.first)
            #expect(!markers.isEmpty && markers.allSatisfy(\.style.isHidden), "\(id)")
            #expect(book.tableOfContents.count == 2, "\(id)")
        }
        #expect(!EPUBTestReading.paragraphs(try Self.read("nav-spine_in-spine-hidden-toc-html")).contains { $0.contains("The second link") })
    }

    @Test func foreignXMLShowsItsFallback() throws {
        let text = EPUBTestReading.paragraphs(try Self.read("pub-foreign_xml-spine")).joined(separator: "\n")
        #expect(text.contains("Test passes if you see this text.") && !text.contains("Test fails"))
    }

    @Test func namespaceErrorsAreReported() throws {
        #expect(try Self.read("pub-xml-names").warnings.contains { $0.contains("EPUB/content_001.xhtml is not well-formed XML") })
    }

    /// The image's href climbs above the root (`../../../../media/...`) or starts at it (`/media/...`): both name
    /// the photograph at the root, whose size is then read.
    @Test(arguments: ["ocf-url_link-leaking-relative", "ocf-url_link-path-absolute"])
    func imageURLsResolveAgainstTheContainerRoot(_ id: String) throws {
        let image = try #require(try Self.read(id).images.first)
        #expect(image.href == "media/imgs/monastery.jpg")
        #expect(image.pixelSize == Size(width: 96, height: 54))
    }

    /// A link to a `linear="no"` item leads to it: the item follows the reading order, a section of its own.
    @Test func aNonLinearItemIsReachedByItsLink() throws {
        let book = try Self.read("pkg-spine-nonlinear-activation")
        let item = try #require(book.spine.first { !$0.isLinear })
        let range = try #require(item.range)
        let linear = try #require(book.spine.first(where: \.isLinear)?.range)
        #expect(range.lowerBound >= linear.upperBound)
        let publication = book.publication
        let source = book.text.string(in: 0..<book.text.length)
        let linkOffset = try #require(source.range(of: "this link")).lowerBound.utf16Offset(in: source)
        let link = try #require(publication.link(atOffset: linkOffset))
        #expect(link.target?.offset == range.lowerBound)
        #expect(book.text.string(in: range).contains("following the link opens this page"))
    }

    /// An image the manifest does not list is not used (EPUB 3.3 §3.7): no size is read, the resource loader
    /// refuses it, and the reader says so once.
    @Test func aResourceMissingFromTheManifestIsNotUsed() throws {
        let book = try EPUBTestReading.read(try Self.archive("pkg-manifest-unlisted-resource"), name: "unlisted.epub")
        let image = try #require(book.images.first)
        #expect(image.href == "EPUB/red.png" && image.pixelSize == nil)
        #expect(book.warnings.filter { $0.contains("EPUB/red.png is not in the manifest") }.count == 1)
        let loader = try #require(book.publication.resourceLoader)
        #expect(throws: ResourceError.self) { try loader.bytes(of: "EPUB/red.png", maximumSize: 1 << 20) }
    }

    /// Images the suite's tests drew nothing for: a PSD with a manifest fallback to a PNG, a JPEG in a `data:`
    /// URL, an AVIF and a JPEG XL; each has its source and its size from its header, with no warning.
    @Test(arguments: [("pub-foreign_image", "EPUB/Snowflake.png", Size(width: 96, height: 96)),
                      ("pub-data-urls_browsing-context", "EPUB/content_001.xhtml#data-1", Size(width: 200, height: 34)),
                      ("pub-cmt-avif", "EPUB/img/001.avif", Size(width: 600, height: 400)),
                      ("pub-cmt-jxl", "EPUB/img/001.jxl", Size(width: 600, height: 400))])
    func imagesTheSuiteDrewNothingForHaveTheirSources(_ id: String, href: String, size: Size) throws {
        let book = try Self.read(id)
        let image = try #require(book.images.first)
        #expect(image.href == href && image.pixelSize == size, "\(id): \(image)")
        #expect(!book.warnings.contains { $0.contains("image") }, "\(id): \(book.warnings)")
        let bytes = try #require(book.publication.resourceLoader).bytes(of: href, maximumSize: 1 << 20)
        #expect(bytes.count > 100)
    }

    @Test func renditionFlowIsRead() throws {
        #expect(try Self.read("lay-pkg-flow-scrolled-doc").flow == .scrolledDoc)
    }

    /// `rendition:flow` `scrolled-doc`: "each Content Document ... a separate scrollable entity" (EPUB 3.3
    /// §8.2.3.3; IDPF's flow-015: "swiping horizontally moves from one to the next"), so a scroll layout is one
    /// scroll page per spine item with text, each starting where its document starts. The same book marked
    /// `scrolled-continuous` is one scroll; paged, both lay out the same pages.
    @Test func scrolledDocIsAScrollPerDocument() throws {
        let book = try Self.read("lay-pkg-flow-scrolled-doc")
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let scroll = try typesetter.layout(book.text, settings: Fixtures.settings, mode: .scroll)
        let starts = book.spine.compactMap { $0.range.flatMap { $0.isEmpty ? nil : $0.lowerBound } }
        #expect(starts.count >= 3)
        #expect(scroll.pages.map(\.range.lowerBound) == starts)
        var continuous = book.text
        continuous.layoutBreaks = []
        #expect(try typesetter.layout(continuous, settings: Fixtures.settings, mode: .scroll).pages.count == 1)
        #expect(try typesetter.layout(book.text, settings: Fixtures.settings).pages.map(\.range)
                == typesetter.layout(continuous, settings: Fixtures.settings).pages.map(\.range))
    }

    @Test func entriesCompressedWithBzip2AreRefused() throws {
        try EPUBTestReading.expectFailure(try Self.archive("ocf-zip-comp", method: ZIP_CM_BZIP2), code: .unsupported,
                                          mentions: ["ZIP method 12"])
    }
}
